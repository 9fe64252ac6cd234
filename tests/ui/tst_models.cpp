// Models under QAbstractItemModelTester, on the bundled example and a real msprobe case.
#include "models/graphtreemodel.h"
#include "models/hitlistmodel.h"
#include "models/labels.h"
#include "models/nodedetailsmodel.h"
#include "models/nodefilterproxy.h"
#include "models/nodesearch.h"
#include "models/roles.h"
#include "models/stackframes.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace psui;

class TestModels : public QObject {
    Q_OBJECT
private:
    std::shared_ptr<const Snapshot> m_example;

    // The first rows of a tree as indented names (golden-style comparison).
    static QStringList dump(const QAbstractItemModel& m, const QModelIndex& parent, int depth, int maxDepth)
    {
        QStringList out;
        for (int r = 0; r < m.rowCount(parent); ++r) {
            const QModelIndex i = m.index(r, 0, parent);
            out << QString(depth * 2, QLatin1Char(' ')) + i.data().toString();
            if (depth < maxDepth)
                out << dump(m, i, depth + 1, maxDepth);
        }
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_example = test::loadSnapshot(test::exampleDir() + QStringLiteral("/compare.json"));
        QVERIFY(m_example && m_example->comparison && m_example->comparison->isCompare);
    }

    void shortLabel_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("type");
        QTest::addColumn<int>("depth");
        QTest::addColumn<QString>("label");
        QTest::newRow("module keeps four parts")
            << "Module.layer1.0.conv1.Conv2d.forward.0" << 0 << 3 << "conv1.Conv2d.forward.0";
        QTest::newRow("module after a layer number keeps five")
            << "Module.layer1.1.BasicBlock.forward.0" << 0 << 2 << "layer1.1.BasicBlock.forward.0";
        QTest::newRow("api after a number keeps three") << "Torch.matmul.0.forward" << 1 << 2 << "matmul.0.forward";
        QTest::newRow("api keeps two") << "Tensor.x.add.forward" << 1 << 2 << "add.forward";
        QTest::newRow("first level keeps the full name")
            << "Module.layer1.0.conv1.Conv2d.forward.0" << 0 << 1 << "Module.layer1.0.conv1.Conv2d.forward.0";
        QTest::newRow("short names stay") << "Module.fc" << 0 << 4 << "Module.fc";
    }
    void shortLabel()
    {
        QFETCH(QString, name);
        QFETCH(int, type);
        QFETCH(int, depth);
        QFETCH(QString, label);
        const QByteArray utf8 = name.toUtf8();
        QCOMPARE(QString::fromUtf8(psui::shortLabel(
                     std::string_view(utf8.constData(), size_t(utf8.size())), ps::NodeType(type), depth)),
            label);
    }

    void treeModelPassesTester()
    {
        for (Side s : { Side::Npu, Side::Bench }) {
            GraphTreeModel model(s);
            QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
            model.setSnapshot(m_example);
            QCOMPARE(model.rowCount(), 1);
            QVERIFY(model.rowCount(model.index(0, 0)) > 5);
            // index <-> node id round trip for every node
            const ps::Graph& g = m_example->graph(s);
            for (NodeId n = 0; n < g.size(); ++n) {
                const QModelIndex i = model.indexOfNode(n);
                QCOMPARE(GraphTreeModel::nodeOf(i), n);
                QCOMPARE(model.parent(i), model.indexOfNode(g.parent[n]));
            }
            model.setSnapshot(nullptr);
            QCOMPARE(model.rowCount(), 0);
        }
    }

    void treeShowsShortLabelsAndRoles()
    {
        GraphTreeModel model(Side::Npu);
        model.setSnapshot(m_example);
        const QStringList top = dump(model, {}, 0, 1);
        QCOMPARE(top.value(0), QStringLiteral("DefaultModel"));
        QCOMPARE(top.value(1), QStringLiteral("  Module.fc1.Linear.forward.0"));
        const QModelIndex root = model.index(0, 0);
        QCOMPARE(root.data(WorstBinRole).toInt(), m_example->worstValueBin());
        QVERIFY(root.data(Qt::ToolTipRole).toString() == root.data(FullNameRole).toString());
        QCOMPARE(model.headerData(NameColumn, Qt::Horizontal).toString(), QStringLiteral("NPU node"));
    }

    void rollupsAreMonotonic()
    {
        for (Side s : { Side::Npu, Side::Bench }) {
            const ps::Graph& g = m_example->graph(s);
            const SideRollup& r = m_example->rollup(s);
            for (NodeId n = 0; n < g.size(); ++n) {
                if (g.parent[n] != ps::kNoNode)
                    QVERIFY(r.worst[g.parent[n]] >= r.worst[n]);
                QVERIFY(r.worst[n] >= (m_example->isValueBin(r.bin[n]) ? r.bin[n] : -1));
            }
        }
        uint32_t total = 0;
        for (uint32_t c : m_example->rollup(Side::Npu).binTotals)
            total += c;
        QVERIFY(size_t(total) <= m_example->graph(Side::Npu).size());
        QVERIFY(total > 0);
    }

    void snapshotCarriesTheChartData()
    {
        // Built with the snapshot (on the worker), equal to what the core computes; a new legend shares it.
        const ps::PrecisionSeries expected = ps::precisionSeries(*m_example->comparison);
        QVERIFY(m_example->charts);
        QCOMPARE(m_example->charts->series.forward.size(), expected.forward.size());
        QVERIFY(!expected.forward.empty());
        for (size_t i = 0; i < expected.forward.size(); ++i)
            QCOMPARE(m_example->charts->series.forward[i].node, expected.forward[i].node);
        QCOMPARE(m_example->charts->layers.layers, ps::layerTable(expected).layers);
        const auto recoloured
            = recolourSnapshot(*m_example, m_example->comparison, defaultLegend(ps::CompareMode::Summary));
        QCOMPARE(recoloured->charts, m_example->charts);
    }

    void comparisonWithItselfIsClean()
    {
        const QString npu = test::exampleDir() + QStringLiteral("/npu/step0/rank");
        std::vector<std::string> warnings;
        auto snap = makeSnapshot(ps::runPair(npu.toStdString(), npu.toStdString(), {}, warnings));
        QCOMPARE(snap->rollup(Side::Npu).unmatched, 0u);
        QCOMPARE(snap->rollup(Side::Bench).unmatched, 0u);
        QCOMPARE(int(snap->rollup(Side::Npu).worst[snap->graph(Side::Npu).root]), 0);
    }

    void searchSubstringAndRegex()
    {
        SearchQuery q;
        q.text = QStringLiteral("NORM1");
        NodeSet set = searchNodes(*m_example, Side::Npu, q);
        QVERIFY(!set.hits.empty());
        const ps::Graph& g = m_example->graph(Side::Npu);
        for (NodeId n : set.hits) {
            QVERIFY(QString::fromUtf8(g.nameOf(n)).contains(QStringLiteral("norm1"), Qt::CaseInsensitive));
            for (NodeId a : g.ancestors(n))
                QVERIFY(set.visible[a]);
        }
        q.text = QStringLiteral("^Functional\\.linear\\.\\d\\.forward$");
        q.regex = true;
        set = searchNodes(*m_example, Side::Npu, q);
        QCOMPARE(set.hits.size(), size_t(3));
        q.text = QStringLiteral("(");
        set = searchNodes(*m_example, Side::Npu, q);
        QVERIFY(!set.error.isEmpty());
    }

    // A catastrophic regular expression over 10^6 names ends with an error (the search's budget), not after hours;
    // a newer search stops an older one at once.
    void catastrophicRegexStopsWithAnError()
    {
        auto g = std::make_shared<ps::Graph>();
        const size_t count = 1000000;
        const ps::StrId name = g->strings.intern(std::string(28, 'a') + "b");
        g->name.assign(count, name);
        g->type.assign(count, ps::NodeType::Api);
        g->type[0] = ps::NodeType::Module;
        g->parent.assign(count, 0);
        g->parent[0] = ps::kNoNode;
        g->childBegin.assign(count + 1, uint32_t(count - 1));
        g->childBegin[0] = 0;
        for (ps::NodeId n = 1; n < count; ++n)
            g->childIds.push_back(n);
        g->rowInParent.resize(count);
        for (ps::NodeId n = 1; n < count; ++n)
            g->rowInParent[n] = n - 1;
        g->record.assign(count, -1);
        g->stack.assign(count, 0);
        g->stacks.resize(1);
        g->items.assign(count, {});
        g->microStep.assign(count, -1);
        auto c = std::make_shared<ps::Comparison>();
        c->graphs = { g, nullptr };
        c->counterpart[0].assign(count, ps::kNoNode);
        c->precision.assign(count, {});
        auto snap = makeSnapshot(c);
        SearchQuery q;
        q.text = QStringLiteral("^(a+)+$"); // 2^28 ways to fail on each name
        q.regex = true;
        NodeSet set = searchNodes(*snap, Side::Npu, q);
        QVERIFY2(set.error.contains(QLatin1String("too slow")), qPrintable(set.error));
        QVERIFY(set.hits.empty());
        set = searchNodes(*snap, Side::Npu, q, [] { return true; });
        QVERIFY(set.error.isEmpty() && set.hits.empty() && set.isHit.empty());
        q.text = QStringLiteral("^a+b$"); // a harmless expression still finds every name
        set = searchNodes(*snap, Side::Npu, q);
        QCOMPARE(set.hits.size(), count);
    }

    // A graph file's parallel_merge_info may hold any number of lines of any length: the details panel gets a
    // readable part (500 lines of at most 2,000 characters and the count of the rest).
    void mergeInfoShownWithinBounds()
    {
        ps::Graph g;
        g.mergeInfo[0] = std::vector<std::string>(1000, std::string(10000, 'x'));
        g.mergeInfo[1] = { "short line" };
        const QStringList lines = mergeInfoOf(g, 0);
        QCOMPARE(lines.size(), 501);
        QCOMPARE(lines.first(), QString(2000, QLatin1Char('x')) + QStringLiteral(" …"));
        QCOMPARE(lines.last(), QStringLiteral("… +500"));
        QCOMPARE(mergeInfoOf(g, 1), QStringList { QStringLiteral("short line") });
        QVERIFY(mergeInfoOf(g, 2).isEmpty());
    }

    void filterProxyIsABitTest()
    {
        GraphTreeModel model(Side::Npu);
        model.setSnapshot(m_example);
        NodeFilterProxy proxy;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        NodeFilter f;
        f.bins.assign(m_example->bins.size(), false);
        f.bins[size_t(m_example->worstValueBin())] = true;
        auto set = std::make_shared<NodeSet>(filterNodes(*m_example, Side::Npu, f));
        QCOMPARE(set->hits.size(), size_t(m_example->rollup(Side::Npu).binTotals[size_t(m_example->worstValueBin())]));
        proxy.setVisibleNodes(std::shared_ptr<const std::vector<bool>>(set, &set->visible));
        proxy.setHitNodes(std::shared_ptr<const std::vector<bool>>(set, &set->isHit));
        const QModelIndex root = proxy.index(0, 0);
        QVERIFY(proxy.rowCount(root) < model.rowCount(model.index(0, 0)));
        for (int r = 0; r < proxy.rowCount(root); ++r) {
            const QModelIndex i = proxy.index(r, 0, root);
            QVERIFY(i.data(HitRole).toBool() || proxy.rowCount(i) > 0);
        }
        QVERIFY(proxy.indexOfNode(set->hits.front()).isValid());
        proxy.setVisibleNodes(nullptr);
        QCOMPARE(proxy.rowCount(root), model.rowCount(model.index(0, 0)));
    }

    void nextSuspiciousWraps()
    {
        const int worst = m_example->worstValueBin();
        const NodeId first = nextNodeWithBin(*m_example, Side::Npu, ps::kNoNode, worst, 1);
        QVERIFY(first != ps::kNoNode);
        QCOMPARE(int(m_example->rollup(Side::Npu).bin[first]), worst);
        NodeId n = first;
        size_t steps = 0;
        do {
            n = nextNodeWithBin(*m_example, Side::Npu, n, worst, 1);
            ++steps;
        } while (n != first && steps < 1000);
        QCOMPARE(steps, size_t(m_example->rollup(Side::Npu).binTotals[size_t(worst)]));
        QCOMPARE(
            nextNodeWithBin(*m_example, Side::Npu, nextNodeWithBin(*m_example, Side::Npu, first, worst, 1), worst, -1),
            first);
    }

    void detailsPairRowsAndFlagSuspiciousCells()
    {
        NodeDetailsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const ps::Graph& g = m_example->graph(Side::Npu);
        const NodeId red = g.find("Module.norm1.LayerNorm.forward.0");
        QVERIFY(red != ps::kNoNode);
        model.setNodes(m_example, red, m_example->counterpart(Side::Npu, red));
        QCOMPARE(model.rowCount(), 8); // input, weight, bias, output on both sides
        QCOMPARE(model.data(model.index(0, 0)).toString(), QStringLiteral("NPU"));
        QCOMPARE(model.data(model.index(1, 0)).toString(), QStringLiteral("Bench"));
        QCOMPARE(model.data(model.index(0, 1)).toString(), QStringLiteral("input.0"));
        QVERIFY(model.suspiciousCellCount() >= 1);
        int maxCol = -1;
        for (int c = 0; c < model.columnCount(); ++c)
            if (model.headerData(c, Qt::Horizontal).toString() == QStringLiteral("Max diff"))
                maxCol = c;
        QVERIFY(maxCol > 0);
        QVERIFY(!model.headerData(maxCol, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
        QVERIFY(model.toText().count(QLatin1Char('\n')) == 8);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void hitListModel()
    {
        HitListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        SearchQuery q;
        q.text = QStringLiteral("linear");
        auto npu = std::make_shared<NodeSet>(searchNodes(*m_example, Side::Npu, q));
        auto bench = std::make_shared<NodeSet>(searchNodes(*m_example, Side::Bench, q));
        model.setHits(m_example, npu, bench);
        QCOMPARE(size_t(model.rowCount()), npu->hits.size() + bench->hits.size());
        QCOMPARE(model.columnCount(), int(HitListModel::ColumnCount));
        QCOMPARE(model.data(model.index(0, HitListModel::NameColumn)).toString(),
            QString::fromUtf8(m_example->graph(Side::Npu).nameOf(npu->hits.front())));
        QCOMPARE(model.data(model.index(0, HitListModel::SideColumn)).toString(), QStringLiteral("NPU"));
        QVERIFY(model.data(model.index(0, 0), Qt::ToolTipRole).toString().startsWith(QStringLiteral("NPU: ")));
        QCOMPARE(model.rowOfNode(Side::Bench, bench->hits.front()), int(npu->hits.size()));
    }

    void stackFramesFoldAndGroup()
    {
        const StackFrame f = parseFrame(QStringLiteral(
            "File /home/user/train/models.py, line 38, in forward, \n x = self.act1(self.norm1(self.fc1(x)))"));
        QCOMPARE(f.file, QStringLiteral("/home/user/train/models.py"));
        QCOMPARE(f.line, 38);
        QCOMPARE(f.function, QStringLiteral("forward"));
        QCOMPARE(f.code, QStringLiteral("x = self.act1(self.norm1(self.fc1(x)))"));
        QVERIFY(!f.framework);
        QVERIFY(isFrameworkFile(QStringLiteral("/usr/lib/python3/dist-packages/torch/nn/modules/module.py")));

        ps::EngineOptions complete;
        complete.completeStack = true;
        auto full = test::loadSnapshot(test::exampleDir() + QStringLiteral("/compare.json"), complete);
        const ps::Graph& g = full->graph(Side::Npu);
        const auto frames = framesOf(g, g.find("Functional.linear.0.forward"));
        QCOMPARE(frames.size(), size_t(7));
        const auto folded = foldFrames(frames);
        QCOMPARE(folded.size(), size_t(5)); // [wrap_functional, linear, module] models.py [module] dump_case x2
        QCOMPARE(folded[0].folded, 3);
        QCOMPARE(callerFrame(frames).location(), QStringLiteral("/home/user/train/models.py:38"));

        const auto groups = groupByCaller(*m_example, m_example->worstValueBin());
        QVERIFY(!groups.empty());
        QVERIFY(groups.front().caller.file.endsWith(QStringLiteral(".py")));
        QVERIFY(!groups.front().caller.framework);
        size_t grouped = 0;
        for (const auto& group : groups)
            grouped += group.nodes.size();
        QVERIFY(grouped <= m_example->rollup(Side::Npu).binTotals[size_t(m_example->worstValueBin())]);
    }

    void realCaseUnderTester()
    {
        const QString path = test::caseDir("resnet18_mix_statistics") + QStringLiteral("/compare.json");
        QVERIFY2(QFileInfo::exists(path), qPrintable(path));
        auto snap = test::loadSnapshot(path);
        for (Side s : { Side::Npu, Side::Bench }) {
            GraphTreeModel model(s);
            QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
            model.setSnapshot(snap);
            QVERIFY(model.rowCount(model.index(0, 0)) > 0);
        }
    }
};

QTEST_GUILESS_MAIN(TestModels)
#include "tst_models.moc"
