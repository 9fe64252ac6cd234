// A .vis.db opens lazily: first the part tb_graph_ascend shows (each side's root and its
// children), nodes loaded as they are expanded; then its whole structure replaces the part, keeping what was
// expanded and selected; the node data stays in the file, read per node for the details and whole only when a
// feature needs it (export, the first-divergence finder).
#include "models/graphtreemodel.h"
#include "models/nodedetailsmodel.h"
#include "models/nodefilterproxy.h"
#include "testutil.h"

#include "session/analysiscontroller.h"
#include "vis/vis_db_reader.h"
#include "vis/vis_db_sqlite.h"
#include "widgets/detailspanel.h"
#include "widgets/divergencepanel.h"
#include "widgets/sidebysidetreeview.h"

#include <QTreeView>
#include <QtTest>

using namespace psui;

namespace {

// msprobe 26.0.0's own database of gpt_mix_statistics: 235 nodes per side, four levels deep.
const char* const kCase = "gpt_mix_statistics";

// The details a panel shows of a node pair of a fully read graph, as text.
QString detailsOf(const std::shared_ptr<const Snapshot>& whole, const std::string& npu)
{
    const NodeId n = whole->graph(Side::Npu).find(npu);
    NodeDetailsModel model;
    model.setNodes(whole, n, whole->counterpart(Side::Npu, n));
    return model.toText();
}

} // namespace

class TestLazyVisDb : public QObject {
    Q_OBJECT

    test::WindowFixture m_ui;
    QString m_db;
    std::shared_ptr<const Snapshot> m_whole; // the database read whole, as the reference

    SideBySideTreeView* trees() const { return test::part<SideBySideTreeView>(m_ui.window.get()); }
    const NodeDetailsModel& details() const { return *test::part<DetailsPanel>(m_ui.window.get())->model(); }

    // Opens the database and waits for its first, partial session.
    bool openPart()
    {
        return m_ui.session->openPaths({ m_db }, ps::EngineOptions {})
            && test::waitForSession(m_ui.session.get(), 60000, true) && m_ui.session->isPartial();
    }

    // Opens the database and reads its whole structure.
    bool openWhole()
    {
        QSignalSpy completed(m_ui.session.get(), &SessionController::graphCompleted);
        if (!openPart())
            return false;
        m_ui.session->readStructure();
        return test::waitForSignal(completed) && test::waitUntilIdle();
    }

    // A first-level NPU node whose children are not loaded yet.
    NodeId unloadedChild(const Snapshot& snap) const
    {
        const ps::Graph& g = snap.graph(Side::Npu);
        for (NodeId k : g.children(g.root))
            if (snap.hasUnloadedChildren(Side::Npu, k))
                return k;
        return ps::kNoNode;
    }

    // Selects `node` and waits until the details show it read from the file.
    bool selectAndWaitForDetails(NodeId node)
    {
        QSignalSpy ready(m_ui.session.get(), &SessionController::nodeDataReady);
        trees()->selectNode(Side::Npu, node);
        return test::waitForSignal(ready) && test::waitUntilIdle();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_ui.start(1280, 800));
        m_ui.session->setReadsStructureInBackground(false); // each test reads the whole structure when it wants
        m_db = m_ui.tmp.filePath(QStringLiteral("ref26/compare.vis.db"));
        QVERIFY2(test::unpackXz(test::caseDir(kCase) + QStringLiteral("/ref_26.0.0/compare/compare.vis.db.xz"), m_db),
            "python3 (the golden tests need it too)");
        ps::VisDocument doc = ps::readVisDbGraph(m_db.toStdString(), 0, 0);
        m_whole = makeSnapshot(doc.comparison, &doc.meta);
    }

    // The first session holds each side's root and its children, without node data; a first-level node with
    // children shows its expand arrow and loads them when expanded, in the whole graph's order, and the bench
    // side gets the counterparts.
    void partOpensFirstAndGrowsOnExpand()
    {
        QVERIFY(openPart());
        const auto part = m_ui.session->snapshot();
        QVERIFY(!part->hasNodeData());
        const ps::Graph& pg = part->graph(Side::Npu);
        const ps::Graph& wg = m_whole->graph(Side::Npu);
        QCOMPARE(pg.nameOf(pg.root), wg.nameOf(wg.root));
        QCOMPARE(pg.children(pg.root).size(), wg.children(wg.root).size());
        QVERIFY(pg.size() < wg.size());
        const NodeId module = unloadedChild(*part);
        QVERIFY(module != ps::kNoNode);
        const std::string moduleName(pg.nameOf(module));
        GraphTreeModel* model = m_ui.session->model(Side::Npu);
        QVERIFY(model->hasChildren(model->indexOfNode(module)));
        QCOMPARE(model->rowCount(model->indexOfNode(module)), 0);

        QSignalSpy grew(m_ui.session.get(), &SessionController::snapshotGrew);
        QTreeView* npu = trees()->view(Side::Npu);
        npu->expand(trees()->proxy(Side::Npu)->indexOfNode(module));
        QVERIFY(!grew.isEmpty() || test::waitForSignal(grew));
        const auto grown = m_ui.session->snapshot();
        QVERIFY(grown->isPartial());
        QCOMPARE(grown->graph(Side::Npu).nameOf(module), std::string_view(moduleName)); // ids stay
        std::vector<std::string> loaded, expected;
        for (NodeId k : grown->graph(Side::Npu).children(module))
            loaded.emplace_back(grown->graph(Side::Npu).nameOf(k));
        const NodeId wholeModule = wg.find(moduleName);
        for (NodeId k : wg.children(wholeModule))
            expected.emplace_back(wg.nameOf(k));
        QVERIFY(!expected.empty());
        QVERIFY(loaded == expected);
        QCOMPARE(model->rowCount(model->indexOfNode(module)), int(expected.size()));
        QVERIFY(npu->isExpanded(trees()->proxy(Side::Npu)->indexOfNode(module)));
        // The counterpart's children came with them: the bench tree can mirror the expansion.
        const NodeId benchModule = grown->counterpart(Side::Npu, module);
        QVERIFY(benchModule != ps::kNoNode);
        QVERIFY(
            m_ui.session->model(Side::Bench)->rowCount(m_ui.session->model(Side::Bench)->indexOfNode(benchModule)) > 0);
        // Every new node that the whole graph matches is matched in the part too, to the same bench node.
        for (NodeId k : grown->graph(Side::Npu).children(module)) {
            const NodeId wk = wg.find(grown->graph(Side::Npu).nameOf(k));
            const NodeId wb = m_whole->counterpart(Side::Npu, wk);
            const NodeId b = grown->counterpart(Side::Npu, k);
            QCOMPARE(b == ps::kNoNode, wb == ps::kNoNode);
            if (b != ps::kNoNode)
                QCOMPARE(grown->graph(Side::Bench).nameOf(b), m_whole->graph(Side::Bench).nameOf(wb));
        }
    }

    // The whole structure replaces the part: every node, the node expanded before still expanded and the node
    // selected still selected, by name; the details of a node come from the file, equal to the whole read's.
    void wholeStructureKeepsTheView()
    {
        QVERIFY(openPart());
        const auto part = m_ui.session->snapshot();
        const NodeId module = unloadedChild(*part);
        QVERIFY(module != ps::kNoNode);
        const std::string moduleName(part->graph(Side::Npu).nameOf(module));
        QSignalSpy completed(m_ui.session.get(), &SessionController::graphCompleted);
        trees()->view(Side::Npu)->expand(trees()->proxy(Side::Npu)->indexOfNode(module));
        const NodeId child = m_ui.session->snapshot()->graph(Side::Npu).children(module)[0];
        const std::string childName(m_ui.session->snapshot()->graph(Side::Npu).nameOf(child));
        // Details of the part, read from the file.
        QVERIFY(selectAndWaitForDetails(child));
        QCOMPARE(details().toText(), detailsOf(m_whole, childName));

        m_ui.session->readStructure();
        QVERIFY(test::waitForSignal(completed));
        QVERIFY(test::waitUntilIdle());
        const auto whole = m_ui.session->snapshot();
        QVERIFY(!whole->isPartial() && !whole->hasNodeData());
        QCOMPARE(whole->graph(Side::Npu).size(), m_whole->graph(Side::Npu).size());
        QCOMPARE(whole->graph(Side::Bench).size(), m_whole->graph(Side::Bench).size());
        const NodeId moduleNow = whole->graph(Side::Npu).find(moduleName);
        QVERIFY(trees()->view(Side::Npu)->isExpanded(trees()->proxy(Side::Npu)->indexOfNode(moduleNow)));
        QCOMPARE(trees()->currentNode(Side::Npu), whole->graph(Side::Npu).find(childName));

        // A node of the whole structure: its data comes from the file too.
        const ps::Graph& g = whole->graph(Side::Npu);
        NodeId deep = ps::kNoNode;
        for (NodeId n = 0; n < g.size() && deep == ps::kNoNode; ++n)
            if (g.children(n).empty() && whole->counterpart(Side::Npu, n) != ps::kNoNode
                && n != trees()->currentNode(Side::Npu))
                deep = n;
        QVERIFY(deep != ps::kNoNode);
        QVERIFY(selectAndWaitForDetails(deep));
        QCOMPARE(details().toText(), detailsOf(m_whole, std::string(g.nameOf(deep))));
        QVERIFY(details().rowCount() > 0);
    }

    // An export writes every item: the graph is read whole first, and the database written has the rows of the
    // one opened.
    void exportReadsTheNodeDataFirst()
    {
        QVERIFY(openWhole());
        QVERIFY(!m_ui.session->hasNodeData());
        const QString out = m_ui.tmp.filePath(QStringLiteral("export/again.vis.db"));
        QVERIFY(QDir().mkpath(QFileInfo(out).absolutePath()));
        QSignalSpy exported(m_ui.session->analysis(), &AnalysisController::exportFinished);
        m_ui.session->analysis()->exportVis(out);
        QVERIFY(test::waitForSignal(exported));
        QCOMPARE(exported[0][1].toString(), QString());
        QVERIFY(m_ui.session->hasNodeData());
        ps::SqliteDb a(m_db.toStdString(), ps::SqliteDb::Mode::ReadOnly);
        ps::SqliteDb b(out.toStdString(), ps::SqliteDb::Mode::ReadOnly);
        const char* sql
            = "SELECT node_name, data_source, up_node, sub_nodes, precision_index, input_data, output_data, "
              "matched_node_link FROM tb_nodes ORDER BY id";
        ps::SqliteStmt qa(a, sql), qb(b, sql);
        int rows = 0;
        while (qa.step()) {
            QVERIFY(qb.step());
            for (int col = 0; col < 8; ++col)
                QCOMPARE(qb.text(col), qa.text(col));
            ++rows;
        }
        QVERIFY(!qb.step());
        QCOMPARE(rows, int(m_whole->graph(Side::Npu).size() + m_whole->graph(Side::Bench).size()));
    }

    // The first-divergence finder does not read a whole database on its own: it says so, and Find does it.
    void finderWaitsForFind()
    {
        QSignalSpy found(m_ui.session->analysis(), &AnalysisController::diagnoseFinished);
        QVERIFY(openWhole());
        QVERIFY(!m_ui.session->hasNodeData());
        QVERIFY(found.isEmpty()); // neither the part nor the structure ran it
        auto* panel = test::part<DivergencePanel>(m_ui.window.get());
        QVERIFY(panel);
        panel->refresh(); // what Find does
        QVERIFY(test::waitForSignal(found));
        QVERIFY(m_ui.session->hasNodeData());
        QVERIFY(found[0][0].value<DiagnoseOutcome>().error.isEmpty());
    }
};

QTEST_MAIN(TestLazyVisDb)
#include "tst_lazy_visdb.moc"
