// The parallel merge as msprobe 26.0.0 does it: hand-made TP, PP, VPP, TP+PP and TP+PP+DP runs merged
// exactly as msprobe's own merger merges them (expected.txt of each case in tests/data/merge, made by running
// msprobe's graph_merger.py on the same dumps), and each rule on its own.
#include "batch/engine.h"
#include "io/item_fields.h"
#include "merge/materialize.h"
#include "merge/mergers.h"
#include "merge/param_merge.h"
#include "util/error.h"
#include "util/pyformat.h"
#include "vis/json_emit.h"

#include <QFile>
#include <QtTest>

using namespace ps;

namespace {

QString casesDir()
{
    return QStringLiteral(PROBESCOPE_MERGE_CASES);
}

ParallelLayout readLayout(const QString& caseDir)
{
    QFile f(caseDir + QStringLiteral("/layout.txt"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("no layout.txt in %s", qPrintable(caseDir));
    QStringList parts = QString::fromUtf8(f.readAll()).trimmed().split(QLatin1Char(' '));
    ParallelLayout l;
    l.rankSize = parts.value(0).toInt();
    l.tp = parts.value(1).toInt();
    l.pp = parts.value(2).toInt();
    l.vpp = parts.value(3).toInt();
    l.order = parts.value(4).toStdString();
    return l;
}

// The rank folders of a case, built with msprobe 26.0.0's rules, in a forest.
void loadRanks(merge::Forest& forest, const QString& caseDir, int ranks)
{
    EngineOptions options;
    options.profile = RulesProfile::Msprobe26;
    std::vector<std::string> warnings;
    for (int r = 0; r < ranks; ++r) {
        std::string dir = (caseDir + QStringLiteral("/rank%1").arg(r)).toStdString();
        forest.addPart(r, dir, buildSideGraph(dir, options, warnings, {}));
    }
}

void appendField(std::string& out, const DumpData& d, const FieldValue* f)
{
    if (!f)
        out += "null";
    else if (f->isText)
        py::appendJsonString(out, f->text);
    else
        appendCompactJson(out, d.arena, f->json);
}

// A merged graph as merge_reference.py prints msprobe's: nodes in get_sorted_nodes order with parent and type,
// every item with its statistics and shape, the parallel_merge_info lines.
QStringList printed(const Graph& g)
{
    QStringList lines { QStringLiteral("graph %1").arg(g.mainRank) };
    ItemFields fields;
    for (NodeId n : postOrderFromRoot(g)) {
        std::string parent = g.parent[n] == kNoNode ? std::string() : std::string(g.nameOf(g.parent[n]));
        lines << QStringLiteral("N %1 < %2 type %3")
                     .arg(QString::fromStdString(std::string(g.nameOf(n))), QString::fromStdString(parent))
                     .arg(int(g.type[n]));
        for (auto items : { g.inputItems(n), g.outputItems(n) })
            for (uint32_t i : items) {
                const DumpItem& item = g.dump->items[i];
                collectItemFields(*g.dump, item, fields, RulesProfile::Msprobe26);
                std::string line = " I " + g.dump->itemKey(item) + " [";
                const char* stats[] = { "Max", "Min", "Mean", "Norm" };
                for (int k = 0; k < 4; ++k) {
                    line += k ? ", " : "";
                    appendField(line, *g.dump, findField(fields, stats[k]));
                }
                line += "] ";
                appendField(line, *g.dump, findField(fields, "shape"));
                lines << QString::fromStdString(line);
            }
        if (auto it = g.mergeInfo.find(n); it != g.mergeInfo.end())
            for (const std::string& info : it->second)
                lines << QString::fromStdString(" P " + info);
    }
    return lines;
}

std::string names(const Graph& g, NodeId n)
{
    std::string s;
    for (NodeId c : g.children(n))
        s += (s.empty() ? "" : " ") + std::string(g.nameOf(c));
    return s;
}

} // namespace

class TestParallelMerge : public QObject {
    Q_OBJECT
private slots:
    void mergesAsMsprobe_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("tp=2: statistics merged, RowParallel matmul from all_reduce, root API collections")
            << QStringLiteral("tp");
        QTest::newRow("pp=2: layers appended and renumbered, _rank1 APIs, last-stage nodes, wrapper output")
            << QStringLiteral("pp");
        QTest::newRow("pp=2 vpp=2: model chunks folded into chunk 0") << QStringLiteral("vpp");
        QTest::newRow("tp=2 pp=2: stages first, then tp pairs mapped through _rank<r>") << QStringLiteral("tp_pp");
        QTest::newRow("tp=2 pp=2 dp=2: one merged graph per replica") << QStringLiteral("full");
    }

    void mergesAsMsprobe()
    {
        QFETCH(QString, name);
        const QString dir = casesDir() + QLatin1Char('/') + name;
        const ParallelLayout layout = readLayout(dir);
        merge::Forest forest;
        loadRanks(forest, dir, layout.rankSize);
        std::vector<std::string> log;
        merge::GraphGroup merged = merge::mergeSide(forest, layout, log);
        QStringList ours;
        for (uint16_t g : merged)
            ours << printed(*merge::materialize(forest, g));
        QFile f(dir + QStringLiteral("/expected.txt"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QStringList expected = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        for (int i = 0; i < std::min(ours.size(), expected.size()); ++i)
            QCOMPARE(ours[i], expected[i]);
        QCOMPARE(ours.size(), expected.size());
    }

    // msprobe's GraphMerger._select_strategy.
    void strategyByLayout_data()
    {
        QTest::addColumn<int>("rankSize");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("vpp");
        QTest::addColumn<QString>("strategy");
        QTest::newRow("one rank") << 1 << 1 << 1 << 1 << "NoParallelMerger";
        QTest::newRow("tp covers all") << 4 << 4 << 1 << 1 << "TPMerger";
        QTest::newRow("pp covers all") << 4 << 1 << 4 << 1 << "PPMerger";
        QTest::newRow("pp covers all, vpp") << 4 << 1 << 4 << 2 << "VPPMerger";
        QTest::newRow("tp with dp") << 8 << 2 << 1 << 1 << "TPMerger";
        QTest::newRow("dp only") << 4 << 1 << 1 << 1 << "TPMerger";
        QTest::newRow("pp with dp") << 8 << 1 << 2 << 1 << "PPMerger";
        QTest::newRow("tp x pp covers all") << 4 << 2 << 2 << 1 << "TPPPMerger";
        QTest::newRow("tp x pp x dp") << 8 << 2 << 2 << 1 << "FullMerger";
    }

    void strategyByLayout()
    {
        QFETCH(int, rankSize);
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(int, vpp);
        QFETCH(QString, strategy);
        ParallelLayout l { rankSize, tp, pp, vpp };
        QCOMPARE(QString::fromLatin1(mergeStrategyName(mergeStrategyOf(l))), strategy);
    }

    // Megatron's rank order, as msprobe's get_tp_pp_default_groups computes it (values printed by msprobe).
    void defaultGroups_data()
    {
        QTest::addColumn<int>("rankSize");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<QString>("order");
        QTest::addColumn<QString>("tpGroups");
        QTest::addColumn<QString>("ppGroups");
        QTest::newRow("8 ranks tp2 pp2") << 8 << 2 << 2 << "tp-cp-ep-dp-pp"
                                         << "[[0, 1], [2, 3], [4, 5], [6, 7]]"
                                         << "[[0, 4], [1, 5], [2, 6], [3, 7]]";
        QTest::newRow("8 ranks tp2 pp4") << 8 << 2 << 4 << "tp-cp-ep-dp-pp"
                                         << "[[0, 1], [2, 3], [4, 5], [6, 7]]"
                                         << "[[0, 2, 4, 6], [1, 3, 5, 7]]";
        QTest::newRow("tp-pp-dp") << 8 << 4 << 2 << "tp-pp-dp"
                                  << "[[0, 1, 2, 3], [4, 5, 6, 7]]"
                                  << "[[0, 4], [1, 5], [2, 6], [3, 7]]";
        QTest::newRow("16 ranks tp-dp-pp") << 16 << 2 << 4 << "tp-dp-pp"
                                           << "[[0, 1], [2, 3], [4, 5], [6, 7], [8, 9], [10, 11], [12, 13], [14, 15]]"
                                           << "[[0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15]]";
        QTest::newRow("pp only") << 4 << 1 << 4 << "tp-cp-ep-dp-pp"
                                 << "[[0], [1], [2], [3]]"
                                 << "[[0, 1, 2, 3]]";
        QTest::newRow("tp3 dp2") << 6 << 3 << 1 << "tp-cp-ep-dp-pp"
                                 << "[[0, 1, 2], [3, 4, 5]]"
                                 << "[[0], [1], [2], [3], [4], [5]]";
        QTest::newRow("pp fastest") << 8 << 2 << 2 << "pp-dp-tp"
                                    << "[[0, 4], [1, 5], [2, 6], [3, 7]]"
                                    << "[[0, 1], [2, 3], [4, 5], [6, 7]]";
        QTest::newRow("order without pp") << 4 << 2 << 1 << "dp-tp"
                                          << "[[0, 2], [1, 3]]"
                                          << "[[0], [1], [2], [3]]";
    }

    void defaultGroups()
    {
        QFETCH(int, rankSize);
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(QString, order);
        QFETCH(QString, tpGroups);
        QFETCH(QString, ppGroups);
        ParallelLayout l { rankSize, tp, pp, 1, order.toStdString() };
        QCOMPARE(QString::fromStdString(rankGroupsText(defaultTpGroups(l))), tpGroups);
        QCOMPARE(QString::fromStdString(rankGroupsText(defaultPpGroups(l))), ppGroups);
    }

    void badLayouts_data()
    {
        QTest::addColumn<int>("rankSize");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("vpp");
        QTest::addColumn<QString>("order");
        QTest::addColumn<QString>("problem");
        QTest::newRow("tp x pp does not divide rank_size") << 12 << 2 << 4 << 1 << "tp-cp-ep-dp-pp"
                                                           << "tp x pp = 8 does not divide it";
        QTest::newRow("tp does not divide rank_size") << 4 << 3 << 1 << 1 << "tp-cp-ep-dp-pp"
                                                      << "multiple of tp (3)";
        QTest::newRow("pp larger than rank_size") << 2 << 1 << 4 << 1 << "tp-cp-ep-dp-pp"
                                                  << "multiple of pp (4)";
        QTest::newRow("zero") << 0 << 1 << 1 << 1 << "tp-cp-ep-dp-pp"
                              << "greater than 0";
        QTest::newRow("vpp without pipeline") << 2 << 2 << 1 << 2 << "tp-cp-ep-dp-pp"
                                              << "pp must be greater than 1";
        QTest::newRow("order with capitals") << 2 << 2 << 1 << 1 << "TP-DP"
                                             << "lowercase letters";
        QTest::newRow("order naming an unknown dimension") << 2 << 2 << 1 << 1 << "tp-xx-dp"
                                                           << "names \"xx\"";
        QTest::newRow("ep apart from dp") << 2 << 2 << 1 << 1 << "tp-ep-pp-dp"
                                          << "ep and dp must be adjacent";
        QTest::newRow("order missing a dimension of size 2") << 4 << 2 << 2 << 1 << "tp-dp"
                                                             << "does not name pp";
        QTest::newRow("too many ranks") << 100000 << 1 << 1 << 1 << "tp-cp-ep-dp-pp"
                                        << "more than 65535";
    }

    void badLayouts()
    {
        QFETCH(int, rankSize);
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(int, vpp);
        QFETCH(QString, order);
        QFETCH(QString, problem);
        try {
            checkLayout({ rankSize, tp, pp, vpp, order.toStdString() });
            QFAIL("no error");
        } catch (const Error& e) {
            QCOMPARE(e.code(), ErrorCode::BadArgument);
            QVERIFY2(QString::fromStdString(e.detail()).contains(problem), e.what());
        }
    }

    // Python's max/min (NaN never replaces, int stays int), mean always a float, norm the root of the squares;
    // a statistic some rank has no number for is skipped.
    void statisticsMergeAsPython_data()
    {
        QTest::addColumn<QByteArray>("rank0");
        QTest::addColumn<QByteArray>("rank1");
        QTest::addColumn<QStringList>("lines");
        QTest::newRow("floats") << QByteArray("1.5, -0.25, 0.1, 2.0") << QByteArray("2.5, -1.0, 0.2, 3.0")
                                << QStringList { "max(1.5, 2.5) = 2.5", "min(-0.25, -1.0) = -1.0",
                                       "(0.1 + 0.2) / 2 = 0.15000000000000002",
                                       "(2.0 ** 2 + 3.0 ** 2) ** 0.5 = 3.605551275463989" };
        QTest::newRow("ints stay ints, their mean is a float")
            << QByteArray("3, -4, 2, 5") << QByteArray("7, -1, 3, 12")
            << QStringList { "max(3, 7) = 7", "min(-4, -1) = -4", "(2 + 3) / 2 = 2.5",
                   "(5 ** 2 + 12 ** 2) ** 0.5 = 13.0" };
        QTest::newRow("NaN") << QByteArray("NaN, 1.0, 0.5, 1.0") << QByteArray("2.0, NaN, 0.5, 2.0")
                             << QStringList { "max(nan, 2.0) = nan", "min(1.0, nan) = 1.0", "(0.5 + 0.5) / 2 = 0.5",
                                    "(1.0 ** 2 + 2.0 ** 2) ** 0.5 = 2.23606797749979" };
        QTest::newRow("no number: skipped") << QByteArray("1.0, 0.0, null, 1.0") << QByteArray("2.0, 0.0, 0.5, 1.0")
                                            << QStringList { "max(1.0, 2.0) = 2.0", "min(0.0, 0.0) = 0.0",
                                                   "(1.0 ** 2 + 1.0 ** 2) ** 0.5 = 1.4142135623730951" };
    }

    void statisticsMergeAsPython()
    {
        QFETCH(QByteArray, rank0);
        QFETCH(QByteArray, rank1);
        QFETCH(QStringList, lines);
        QTemporaryDir tmp;
        merge::Forest forest;
        for (int r = 0; r < 2; ++r) {
            QList<QByteArray> v = (r ? rank1 : rank0).split(',');
            QByteArray leaf = "{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": [2], \"Max\": "
                + v[0] + ", \"Min\":" + v[1] + ", \"Mean\":" + v[2] + ", \"Norm\":" + v[3] + "}";
            QString dir = tmp.filePath(QStringLiteral("rank%1").arg(r));
            QDir().mkpath(dir);
            for (auto [file, text] : { std::pair { "construct.json", QByteArray(R"({"Torch.f.0.forward": null})") },
                     std::pair { "dump.json",
                         "{\"task\": \"statistics\", \"level\": \"mix\", \"data\": {\"Torch.f.0.forward\": "
                         "{\"input_args\": ["
                             + leaf + "]}}}" },
                     std::pair { "stack.json", QByteArray("{}") } }) {
                QFile f(dir + QLatin1Char('/') + QLatin1String(file));
                QVERIFY(f.open(QIODevice::WriteOnly));
                f.write(text);
            }
        }
        loadRanks(forest, tmp.path(), 2);
        merge::MNodeId a = forest.graphs[0].find(forest.names.find("Torch.f.0.forward"));
        merge::MNodeId b = forest.graphs[1].find(forest.names.find("Torch.f.0.forward"));
        merge::ParamDiff in, out;
        merge::diffParams(forest, a, { b }, true, in, out);
        QCOMPARE(int(in.size()), 1);
        QCOMPARE(QString::fromStdString(in[0].key), QStringLiteral("input.0"));
        QStringList got;
        for (const std::string& line : merge::mergeParams(forest, in)) {
            QString text = QString::fromStdString(line);
            QVERIFY2(text.startsWith(QLatin1String("The "))
                    && text.contains(QLatin1String(" value merging method for input.0 is: ")),
                qPrintable(text));
            got << text.section(QStringLiteral(" is: "), 1);
        }
        QCOMPARE(got, lines);
    }

    // Mean and Norm within a relative 1e-6 are equal (no deterministic computing on the ranks), Max and Min only
    // when equal; statistics that are no number never differ. Python's arithmetic decides the infinite cases.
    void sameWithinUncertainty_data()
    {
        QTest::addColumn<double>("a");
        QTest::addColumn<double>("b");
        QTest::addColumn<bool>("uncertain");
        QTest::addColumn<bool>("same");
        QTest::newRow("relative 1e-7") << 1.0 << 1.0000001 << true << true;
        QTest::newRow("relative 1e-5") << 1.0 << 1.00001 << true << false;
        QTest::newRow("exact compare") << 1.0 << 1.0000001 << false << false;
        QTest::newRow("zero: absolute") << 0.0 << 5e-7 << true << true;
        QTest::newRow("nan equals nan") << qQNaN() << qQNaN() << true << true;
        // msprobe subtracts first: inf - inf is NaN (not equal), inf - (-inf) is inf (both infinite: equal)
        QTest::newRow("inf against inf") << qInf() << qInf() << true << false;
        QTest::newRow("inf against -inf") << qInf() << -qInf() << true << true;
        QTest::newRow("inf against number") << qInf() << 1.0 << true << false;
    }

    void sameWithinUncertainty()
    {
        QFETCH(double, a);
        QFETCH(double, b);
        QFETCH(bool, uncertain);
        QFETCH(bool, same);
        QCOMPARE(merge::sameStat(merge::Stat::real(a), merge::Stat::real(b), uncertain), same);
        QVERIFY(merge::sameStat(merge::Stat::str("True"), merge::Stat::real(b), uncertain));
        QVERIFY(merge::sameStat(merge::Stat::none(), merge::Stat::real(b), uncertain));
    }

    // The groups the dump shows: group_ranks of each rank's first all_reduce, chains of isend destinations; a
    // group of another size than the layout's falls back to the computed groups.
    void groupsFromTheDump()
    {
        const QString dir = casesDir() + QStringLiteral("/tp_pp");
        merge::Forest forest;
        loadRanks(forest, dir, 4);
        std::vector<std::string> log;
        ParallelLayout layout = readLayout(dir);
        QCOMPARE(QString::fromStdString(rankGroupsText(merge::tpGroupsOf(forest, layout, log))),
            QStringLiteral("[[0, 1], [2, 3]]"));
        QCOMPARE(QString::fromStdString(rankGroupsText(merge::ppGroupsOf(forest, layout, log))),
            QStringLiteral("[[0, 2], [1, 3]]"));
        QCOMPARE(QString::fromStdString(log[0]), QStringLiteral("All tp groups is [[0, 1], [2, 3]]."));
        // a layout whose tp differs from the dump's groups: computed from rank_size, tp and pp
        ParallelLayout other { 4, 4, 1, 1 };
        QCOMPARE(QString::fromStdString(rankGroupsText(merge::tpGroupsOf(forest, other, log))),
            QStringLiteral("[[0, 1, 2, 3]]"));
    }

    // A group naming a rank without a folder is an error naming the rank, not a crash.
    void missingRankIsAnError()
    {
        merge::Forest forest;
        loadRanks(forest, casesDir() + QStringLiteral("/tp"), 2);
        ParallelLayout layout { 4, 4, 1, 1 }; // claims four ranks; the default group [0, 1, 2, 3] lacks 2 and 3
        std::vector<std::string> log;
        try {
            merge::mergeSide(forest, layout, log);
            QFAIL("no error");
        } catch (const Error& e) {
            QCOMPARE(e.code(), ErrorCode::BadArgument);
            QVERIFY2(QString::fromStdString(e.detail())
                         .contains(QLatin1String("names rank 2, but there is no rank2 folder")),
                e.what());
        }
    }

    // The merged graph is an ordinary graph: consistent links, every node reached once, renamed item keys, the
    // rank each node came from, merge information where data was merged.
    void materializedGraphIsConsistent()
    {
        merge::Forest forest;
        loadRanks(forest, casesDir() + QStringLiteral("/tp"), 2);
        std::vector<std::string> log;
        merge::GraphGroup merged = merge::mergeSide(forest, readLayout(casesDir() + QStringLiteral("/tp")), log);
        QCOMPARE(int(merged.size()), 1);
        std::shared_ptr<Graph> g = merge::materialize(forest, merged[0]);
        QVERIFY(g->isMerged());
        QCOMPARE(postOrderFromRoot(*g).size(), g->size());
        for (NodeId n = 0; n < g->size(); ++n) {
            for (NodeId c : g->children(n)) {
                QCOMPARE(g->parent[c], n);
                QCOMPARE(g->children(n)[g->rowOf(c)], c);
            }
            QCOMPARE(g->find(g->nameOf(n)), n);
        }
        NodeId all = g->find("Apis_Between_Modules_All_Ranks.0");
        QVERIFY(all != kNoNode);
        QCOMPARE(QString::fromStdString(names(*g, all)),
            QStringLiteral("Apis_Between_Modules_Rank0.0 Apis_Between_Modules_Rank1.0"));
        NodeId renamed = g->find("Torch.split_rank1.0.forward");
        QVERIFY(renamed != kNoNode);
        QCOMPARE(g->sourceRank[renamed], 1);
        QCOMPARE(QString::fromStdString(g->dump->itemKey(g->dump->items[g->inputItems(renamed)[0]])),
            QStringLiteral("Torch.split_rank1.0.forward.input.0"));
        QVERIFY2(g->find("Torch.empty.0.forward") == kNoNode, "a root API rank 0 lacks is dropped");
        NodeId row = g->find("Module.model.layer.row.RowParallelLinear.forward.0");
        QVERIFY(g->mergeInfo.count(row));
        QVERIFY(!g->mergeInfo.count(g->find("Module.model.norm.LayerNorm.forward.0"))); // equal on both ranks
    }

    // Walks survive cycles: a rank whose construct.json loops (nodes the root never reaches) merges.
    void cyclesAreSurvived()
    {
        QTemporaryDir tmp;
        for (int r = 0; r < 2; ++r) {
            QString dir = tmp.filePath(QStringLiteral("rank%1").arg(r));
            QDir().mkpath(dir);
            // The builder refuses a construct.json cycle: the cycle is made in the forest below, as a
            // merge step could leave one.
            const QByteArray construct = R"({"Module.a.A.forward.0": "Module.b.B.forward.0",
                "Module.b.B.forward.0": null, "Module.c.layers.0.C.forward.0": null})";
            const QByteArray leaf = "{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": [2], "
                                    "\"Max\": "
                + QByteArray::number(r + 1) + ".0, \"Min\": 0.0, \"Mean\": 0.5, \"Norm\": 1.0}";
            const QByteArray dump = "{\"task\": \"statistics\", \"level\": \"mix\", \"data\": {"
                                    "\"Module.a.A.forward.0\": {\"input_args\": ["
                + leaf + "], \"output\": [" + leaf + "]}, \"Module.c.layers.0.C.forward.0\": {\"input_args\": [" + leaf
                + "], \"output\": [" + leaf + "]}}}";
            for (auto [file, text] : { std::pair { "construct.json", construct }, std::pair { "dump.json", dump },
                     std::pair { "stack.json", QByteArray("{}") } }) {
                QFile f(dir + QLatin1Char('/') + QLatin1String(file));
                QVERIFY(f.open(QIODevice::WriteOnly));
                f.write(text);
            }
        }
        for (ParallelLayout layout : { ParallelLayout { 2, 2, 1, 1 }, ParallelLayout { 2, 1, 2, 1 } }) {
            merge::Forest forest;
            loadRanks(forest, tmp.path(), 2);
            for (merge::MGraph& g : forest.graphs) { // B leaves the root and goes under A: A <-> B
                merge::MNodeId a = g.find(forest.names.find("Module.a.A.forward.0"));
                merge::MNodeId b = g.find(forest.names.find("Module.b.B.forward.0"));
                std::erase(forest.nodes[g.root].children, b);
                forest.attach(b, a);
            }
            std::vector<std::string> log;
            merge::GraphGroup merged = merge::mergeSide(forest, layout, log);
            std::shared_ptr<Graph> g = merge::materialize(forest, merged[0]);
            QVERIFY(g->find("Module.c.layers.0.C.forward.0") != kNoNode);
        }
    }
};

QTEST_GUILESS_MAIN(TestParallelMerge)
#include "tst_parallel_merge.moc"
