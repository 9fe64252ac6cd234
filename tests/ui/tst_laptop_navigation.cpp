// Finding one's way on a laptop: F3 under msprobe 1.2.1's rules visits NaN / inf nodes and passes over API lists
// without data; F3, search and legend bring the node details to the front; the search counts "3 of 16"; the graph
// canvases show a selected box's left edge, clear the bench highlight for an unmatched node and keep the minimap off
// the labels; the Open dialog starts from the comparison on screen; a folder without dump.json is named as such.
#include "models/graphtreemodel.h"
#include "models/hitlistmodel.h"
#include "models/roles.h"
#include "testutil.h"
#include "widgets/centralview.h"
#include "widgets/detailspanel.h"
#include "widgets/graphcanvas.h"
#include "widgets/graphminimap.h"
#include "widgets/hitnavigator.h"
#include "widgets/legendpanel.h"
#include "widgets/opendialog.h"
#include "widgets/searchbar.h"
#include "widgets/sidebysidetreeview.h"

#include "box_layout/hierarchy_layout.h"

#include <QAction>
#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QTabWidget>
#include <QtTest>

#include <set>

using namespace psui;

class TestLaptopNavigation : public QObject {
    Q_OBJECT
private:
    static QString compareJson(const char* name) { return test::caseDir(name) + QStringLiteral("/compare.json"); }

    static bool openWith(test::WindowFixture& ui, const QString& json, ps::RulesProfile profile)
    {
        ps::EngineOptions options;
        options.profile = profile;
        return ui.session->openPaths({ json }, options) && test::waitForSession(ui.session.get());
    }

    static QAction* actionWithKey(const test::WindowFixture& ui, const QKeySequence& key)
    {
        for (QAction* a : ui.window->findChildren<QAction*>())
            if (a->shortcut() == key)
                return a;
        return nullptr;
    }

    static NodeId currentNpu(const test::WindowFixture& ui)
    {
        return test::part<SideBySideTreeView>(ui.window.get())->currentNode(Side::Npu);
    }

    // The tab widget holding the node details (Comparison details, Call stacks, Suspicious nodes by caller).
    static QTabWidget* detailsTabs(const test::WindowFixture& ui)
    {
        auto* details = test::part<DetailsPanel>(ui.window.get());
        for (QWidget* w = details; w; w = w->parentWidget())
            if (auto* tabs = qobject_cast<QTabWidget*>(w))
                return tabs;
        return nullptr;
    }

    static bool detailsInFront(const test::WindowFixture& ui)
    {
        return detailsTabs(ui)->currentWidget() == test::part<DetailsPanel>(ui.window.get());
    }

    static GraphCanvas* canvas(const test::WindowFixture& ui, Side side)
    {
        return test::part<GraphCanvas>(
            ui.window.get(), side == Side::Npu ? QStringLiteral("graphCanvasNpu") : QStringLiteral("graphCanvasBench"));
    }

private Q_SLOTS:
    // msprobe 1.2.1 rates NaN nodes 0 (the best bin): F3 used to say "No node in the worst precision bin". It now
    // steps through the nodes with NaN / inf, each once per round, and brings the details to the front.
    void f3VisitsNanNodes()
    {
        test::WindowFixture ui;
        QVERIFY(ui.start(1024, 700));
        QVERIFY(openWith(ui, compareJson("mlp_nan_mix_statistics"), ps::RulesProfile::Msprobe121));
        const auto snap = ui.session->snapshot();
        const ps::Graph& g = snap->graph(Side::Npu);
        std::set<NodeId> expected;
        for (NodeId n = 0; n < g.size(); ++n)
            if (snap->nonFinite(Side::Npu, n) || snap->rollup(Side::Npu).bin[n] == snap->worstValueBin())
                if (g.type[n] != ps::NodeType::ApiCollection || !g.inputItems(n).empty() || !g.outputItems(n).empty())
                    expected.insert(n);
        QVERIFY(!expected.empty());
        QAction* f3 = actionWithKey(ui, QKeySequence(Qt::Key_F3));
        QVERIFY(f3);
        detailsTabs(ui)->setCurrentIndex(1); // Call stacks
        std::set<NodeId> visited;
        for (size_t i = 0; i < expected.size(); ++i) {
            f3->trigger();
            visited.insert(currentNpu(ui));
        }
        QCOMPARE(visited, expected);
        QVERIFY(detailsInFront(ui));
        qInfo("F3 visits %zu nodes of %zu", visited.size(), g.size());
    }

    // The example has API lists in the worst bin, whose own table is empty: F3 stops on their members instead.
    void f3PassesOverEmptyApiLists()
    {
        test::WindowFixture ui;
        QVERIFY(ui.start(1024, 700));
        QVERIFY(openWith(ui, compareJson("gpt_mix_statistics"), ps::RulesProfile::Msprobe121));
        const auto snap = ui.session->snapshot();
        const ps::Graph& g = snap->graph(Side::Npu);
        const SideRollup& r = snap->rollup(Side::Npu);
        const auto emptyList = [&g](NodeId n) {
            return g.type[n] == ps::NodeType::ApiCollection && g.inputItems(n).empty() && g.outputItems(n).empty();
        };
        int listsInWorst = 0, suspicious = 0;
        for (NodeId n = 0; n < g.size(); ++n)
            if (r.bin[n] == snap->worstValueBin() || snap->nonFinite(Side::Npu, n)) {
                ++suspicious;
                listsInWorst += emptyList(n);
            }
        qInfo("%d suspicious NPU nodes, %d of them API lists without data", suspicious, listsInWorst);
        QVERIFY(listsInWorst > 0); // else this test would show nothing
        QAction* f3 = actionWithKey(ui, QKeySequence(Qt::Key_F3));
        for (int i = 0; i < suspicious; ++i) {
            f3->trigger();
            const NodeId n = currentNpu(ui);
            QVERIFY(n != ps::kNoNode);
            QVERIFY2(!emptyList(n), g.nameOf(n).data());
        }
    }

    // A search counts where it is ("2 of 5"); a search hit and a legend tick bring the details to the front.
    void searchCountsAndDetailsComeForward()
    {
        test::WindowFixture ui;
        QVERIFY(ui.start(1024, 700));
        QVERIFY(ui.open(test::exampleDir() + QStringLiteral("/compare.json")));
        auto* search = test::part<SearchBar>(ui.window.get());
        auto* count = search->findChild<QLabel*>(QStringLiteral("hitCount"));
        detailsTabs(ui)->setCurrentIndex(1);
        search->lineEdit()->setText(QStringLiteral("Linear"));
        QTest::keyClick(search->lineEdit(), Qt::Key_Return);
        QVERIFY(test::waitUntilIdle());
        const int hits = search->navigator()->model()->rowCount();
        QVERIFY(hits >= 2);
        search->navigator()->jumpTo(1);
        QCOMPARE(count->text(), QStringLiteral("2 of %1").arg(hits));
        QVERIFY(detailsInFront(ui));
        search->navigator()->previous();
        QCOMPARE(count->text(), QStringLiteral("1 of %1").arg(hits));
        search->lineEdit()->clear();
        QTest::keyClick(search->lineEdit(), Qt::Key_Return);
        QVERIFY(test::waitUntilIdle());

        detailsTabs(ui)->setCurrentIndex(2);
        auto* legend = test::part<LegendPanel>(ui.window.get());
        legend->setBinChecked(ui.session->snapshot()->worstValueBin(), true);
        QVERIFY(test::waitUntilIdle());
        QTRY_VERIFY(detailsInFront(ui));
    }

    // The graph view: a selected node wider than the view shows its left edge; an unmatched NPU node leaves the bench
    // canvas without a highlight; the minimap hides when the whole graph fits (Fit) and otherwise never keeps the
    // bottom right of the graph under it.
    void canvasesShowWhatIsSelected()
    {
        test::WindowFixture ui;
        QVERIFY(ui.start(1366, 768));
        QVERIFY(openWith(ui, compareJson("gpt_mix_statistics"), ps::RulesProfile::Msprobe26));
        test::part<CentralView>(ui.window.get())->setMode(CentralView::Mode::Graph);
        QVERIFY(test::waitUntilIdle());
        const auto snap = ui.session->snapshot();
        const ps::Graph& g = snap->graph(Side::Npu);
        GraphCanvas* npu = canvas(ui, Side::Npu);
        GraphCanvas* bench = canvas(ui, Side::Bench);
        QVERIFY(npu && bench && npu->isVisible());

        // A node deep down, then the widest of its (now expanded) ancestors: its box is wider than the view.
        NodeId deepest = ps::kNoNode;
        for (NodeId n = 0; n < g.size(); ++n)
            if (snap->rollup(Side::Npu).depth[n] >= 3 && snap->counterpart(Side::Npu, n) != ps::kNoNode)
                deepest = n;
        QVERIFY(deepest != ps::kNoNode);
        ui.window->jumpTo(Side::Npu, deepest);
        QVERIFY(test::waitUntilIdle());
        for (GraphCanvas* c : { npu, bench })
            c->setScale(c->scale() * 3); // zoomed in to read: modules are wider than the view
        NodeId wide = ps::kNoNode;
        for (NodeId a : g.ancestors(deepest))
            if (a != g.root && npu->boxRectInViewport(npu->layout()->boxOf(a)).width() > npu->viewport()->width())
                wide = a;
        QVERIFY(wide != ps::kNoNode);
        ui.window->jumpTo(Side::Npu, wide);
        QVERIFY(test::waitUntilIdle());
        for (GraphCanvas* c : { npu, bench }) {
            const NodeId node = c->selectedNode();
            QVERIFY(node != ps::kNoNode);
            const QRectF box = c->boxRectInViewport(c->layout()->boxOf(node));
            qInfo("%s: selected box from x=%.0f, %.0f wide, viewport %d", qPrintable(c->objectName()), box.left(),
                box.width(), c->viewport()->width());
            QVERIFY2(box.left() >= 0 && box.left() < c->viewport()->width(), qPrintable(QString::number(box.left())));
        }

        // A comparison with unmatched nodes (the layer-mapping case without its mapping).
        QVERIFY(openWith(ui, compareJson("gpt_layermap_mix_statistics"), ps::RulesProfile::Msprobe26));
        QVERIFY(test::waitUntilIdle());
        const auto mapped = ui.session->snapshot();
        const ps::Graph& m = mapped->graph(Side::Npu);
        ui.window->jumpTo(Side::Npu, m.children(m.root).front());
        QVERIFY(test::waitUntilIdle());
        QVERIFY(bench->selectedNode() != ps::kNoNode);
        NodeId unmatched = ps::kNoNode;
        for (NodeId n = 0; n < m.size() && unmatched == ps::kNoNode; ++n)
            if (mapped->counterpart(Side::Npu, n) == ps::kNoNode)
                unmatched = n;
        QVERIFY(unmatched != ps::kNoNode);
        ui.window->jumpTo(Side::Npu, unmatched);
        QVERIFY(test::waitUntilIdle());
        QCOMPARE(npu->selectedNode(), unmatched);
        QCOMPARE(bench->selectedNode(), ps::kNoNode);

        auto* minimap = npu->viewport()->findChild<QWidget*>(QStringLiteral("graphMinimap"));
        QVERIFY(minimap);
        npu->fitToView();
        QVERIFY(!minimap->isVisible());
        for (int i = 0; i < 6; ++i)
            npu->zoomIn();
        QVERIFY(minimap->isVisible());
        // Scrolled to the bottom right, the graph's last labels can come out from under the minimap.
        npu->horizontalScrollBar()->setValue(npu->horizontalScrollBar()->maximum());
        npu->verticalScrollBar()->setValue(npu->verticalScrollBar()->maximum());
        const QRectF root = npu->boxRectInViewport(0);
        qInfo("graph bottom at %.0f, viewport %d high, minimap %d high", root.bottom(), npu->viewport()->height(),
            minimap->height());
        QVERIFY(root.bottom() <= npu->viewport()->height() - minimap->height());
    }

    // The first suspicious node of the gpt case in the graph view on a laptop: the minimap sat on
    // c_proj.Linear.forward.0's label; it takes the corner where it hides the fewest and is faint there.
    void minimapLeavesTheLabels()
    {
        test::WindowFixture ui;
        QVERIFY(ui.start(1366, 768));
        QVERIFY(openWith(ui, compareJson("gpt_mix_statistics"), ps::RulesProfile::Msprobe121));
        test::part<CentralView>(ui.window.get())->setMode(CentralView::Mode::Graph);
        QVERIFY(test::waitUntilIdle());
        ui.window->nextSuspicious(1);
        QVERIFY(test::waitUntilIdle());
        for (Side side : { Side::Npu, Side::Bench }) {
            GraphCanvas* c = canvas(ui, side);
            auto* minimap = c->viewport()->findChild<QWidget*>(QStringLiteral("graphMinimap"));
            QTRY_VERIFY(minimap->isVisible());
            // No corner is free on a 508x333 canvas: it takes the one hiding the fewest and lets them show through.
            const QSize size = minimap->size(), view = c->viewport()->size();
            int fewest = c->labelsUnder(minimap->geometry());
            for (const QPoint corner :
                { QPoint(0, 0), QPoint(view.width() - size.width(), 0), QPoint(0, view.height() - size.height()),
                    QPoint(view.width() - size.width(), view.height() - size.height()) })
                fewest = std::min(fewest, c->labelsUnder(QRect(corner, size)));
            qInfo("%s: the minimap overlaps %d labels, the best corner %d", qPrintable(c->objectName()),
                c->labelsUnder(minimap->geometry()), fewest);
            QCOMPARE(c->labelsUnder(minimap->geometry()), fewest);
            QVERIFY(c->labelsUnder(QRect(QPoint(0, 0), c->viewport()->size())) > 0);
            auto* overview = qobject_cast<GraphMinimap*>(minimap);
            QVERIFY(overview && overview->opacity() < 0.5);
        }
    }

    // File ▸ Open comparison… starts from what is on screen: the folders compare.json named, its options.
    void openDialogStartsFromTheComparisonShown()
    {
        test::WindowFixture ui;
        QVERIFY(ui.start(1024, 700));
        QVERIFY(openWith(ui, compareJson("mlp_nan_mix_statistics"), ps::RulesProfile::Msprobe121));
        QAction* open = actionWithKey(ui, QKeySequence(QKeySequence::Open));
        QVERIFY(open);
        open->trigger();
        OpenDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = ui.window->findChild<OpenDialog*>()) != nullptr);
        const QString dir = test::caseDir("mlp_nan_mix_statistics");
        const OpenRequest shown = dialog->request();
        QCOMPARE(QFileInfo(shown.npuPath).canonicalFilePath(),
            QFileInfo(dir + QStringLiteral("/npu/step0/rank")).canonicalFilePath());
        QCOMPARE(QFileInfo(shown.benchPath).canonicalFilePath(),
            QFileInfo(dir + QStringLiteral("/bench/step0/rank")).canonicalFilePath());
        QCOMPARE(shown.options.profile, ps::RulesProfile::Msprobe121);
        QVERIFY(dialog->problem().isEmpty());
        dialog->reject();
    }

    // A folder that is not a dump says so, with the file it looked for.
    void folderWithoutDumpJson()
    {
        test::WindowFixture ui;
        QVERIFY(ui.start(1024, 700));
        QDir dir(ui.tmp.path());
        for (const char* side : { "npu", "bench" }) {
            QVERIFY(dir.mkpath(QString::fromLatin1(side)));
            QFile construct(dir.filePath(QString::fromLatin1(side) + QStringLiteral("/construct.json")));
            QVERIFY(construct.open(QIODevice::WriteOnly));
            construct.write("{}");
        }
        QSignalSpy failed(ui.session.get(), &SessionController::loadFailed);
        OpenRequest request;
        request.npuPath = dir.filePath(QStringLiteral("npu"));
        request.benchPath = dir.filePath(QStringLiteral("bench"));
        ui.session->open(request);
        QVERIFY(test::waitForSignal(failed));
        const QString message = failed.first().first().toString();
        QVERIFY2(message.contains(QStringLiteral("not an msprobe dump (no dump.json)")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("npu/dump.json")), qPrintable(message));
    }
};

QTEST_MAIN(TestLaptopNavigation)
#include "tst_laptop_navigation.moc"
