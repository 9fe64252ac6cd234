// Graph construction rules.
#include "compare/comparator.h"
#include "graph/builder.h"
#include "graph/naming.h"
#include "graph/stack_simplify.h"
#include "graph/tree_check.h"
#include "io/construct_stack.h"
#include "util/error.h"

#include <QtTest>
#include <random>

namespace {

// Builds a graph from construct.json text with an empty dump and stack; returns it with the warnings.
std::unique_ptr<ps::Graph> buildFromConstruct(const std::string& constructJson,
    std::vector<std::string>* warnings = nullptr, const std::string& stackJson = "{}", bool completeStack = false,
    ps::RulesProfile profile = ps::RulesProfile::Msprobe121)
{
    auto g = std::make_unique<ps::Graph>();
    g->dump = ps::parseDumpJson("{\"task\": \"statistics\", \"data\": {}}", "dump.json");
    ps::ConstructData c = ps::parseConstructJson(constructJson, "construct.json", g->strings);
    ps::StackData s = ps::parseStackJson(stackJson, "stack.json", g->strings);
    std::vector<std::string> w;
    ps::BuildOptions o;
    o.completeStack = completeStack;
    o.profile = profile;
    ps::buildGraph(*g, c, s, o, warnings ? *warnings : w);
    return g;
}

QStringList childNames(const ps::Graph& g, ps::NodeId n)
{
    QStringList out;
    for (ps::NodeId c : g.children(n))
        out << QString::fromUtf8(g.nameOf(c).data(), int(g.nameOf(c).size()));
    return out;
}

QString parentName(const ps::Graph& g, const char* node)
{
    ps::NodeId n = g.find(node);
    if (n == ps::kNoNode || g.parent[n] == ps::kNoNode)
        return QStringLiteral("None");
    auto p = g.nameOf(g.parent[n]);
    return QString::fromUtf8(p.data(), int(p.size()));
}

} // namespace

class TestGraphBuilder : public QObject {
    Q_OBJECT
private slots:
    void nodeTypes_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("type"); // -1: unknown prefix
        QTest::newRow("ModuleTest is a module") << "ModuleTest" << 0;
        QTest::newRow("Cell prefix is a module") << "Cell.x.Dense.forward.0" << 0;
        for (const char* api : { "TensorTest", "TorchTest", "FunctionalTest", "NPUTest", "VFTest", "DistributedTest",
                 "AtenTest", "Mint.add.0.forward", "Primitive.x.0.forward", "Jit.x.0.forward" })
            QTest::newRow(api) << api << 1;
        QTest::newRow("Module alone is unknown") << "Module" << -1;
        QTest::newRow("optimizer is unknown") << "optimizer" << -1;
        QTest::newRow("InvalidNodeName") << "InvalidNodeName" << -1;
    }
    void nodeTypes()
    {
        QFETCH(QString, name);
        QFETCH(int, type);
        auto t = ps::nodeTypeOfName(name.toStdString());
        QCOMPARE(t ? int(*t) : -1, type);
    }

    void threeNodesFromConstruct()
    {
        auto g = buildFromConstruct(R"({"Tensor1": "Module1", "Module1": null})");
        QCOMPARE(g->size(), size_t(3));
        QCOMPARE(childNames(*g, g->root), QStringList { QStringLiteral("Module1") });
        QCOMPARE(int(g->type[g->find("Tensor1")]), 1);
    }

    void apiGrouping_data()
    {
        QTest::addColumn<QString>("construct");
        QTest::addColumn<QStringList>("rootChildren");
        QTest::newRow("api module module api api module")
            << R"({"Tensor.a.0.forward": null, "Module.m1.M.forward.0": null, "Module.m2.M.forward.0": null,
                  "Tensor.b.0.forward": null, "Tensor.c.0.forward": null, "Module.m3.M.forward.0": null})"
            << QStringList { "Tensor.a.0.forward", "Module.m1.M.forward.0", "Module.m2.M.forward.0",
                   "Apis_Between_Modules.0", "Module.m3.M.forward.0" };
        QTest::newRow("two apis") << R"({"Tensor.a.0.forward": null, "Torch.b.0.forward": null})"
                                  << QStringList { "Apis_Between_Modules.0" };
        QTest::newRow("modules only")
            << R"({"Module.a.M.forward.0": null, "Module.b.M.forward.0": null, "Module.c.M.forward.0": null})"
            << QStringList { "Module.a.M.forward.0", "Module.b.M.forward.0", "Module.c.M.forward.0" };
    }
    void apiGrouping()
    {
        QFETCH(QString, construct);
        QFETCH(QStringList, rootChildren);
        auto g = buildFromConstruct(construct.toStdString());
        QCOMPARE(childNames(*g, g->root), rootChildren);
        ps::NodeId group = g->find("Apis_Between_Modules.0");
        if (group != ps::kNoNode) {
            QCOMPARE(int(g->type[group]), 9);
            QCOMPARE(g->children(group).size(), size_t(2));
            QCOMPARE(group, ps::NodeId(g->size() - 1)); // groups come after the construct nodes
        }
    }

    void backwardParentRepair()
    {
        auto g = buildFromConstruct(R"({"Module.a.A.forward.0": "Module.root.R.forward.0",
            "Module.a.A.backward.0": null, "Module.root.R.forward.0": null, "Module.root.R.backward.0": null,
            "Module.b.B.forward.0": "Module.root.R.forward.0", "Module.b.B.backward.0": "Module.root.R.backward.0",
            "Module.c.C.backward.0": null})");
        QCOMPARE(parentName(*g, "Module.a.A.backward.0"), QStringLiteral("Module.root.R.backward.0"));
        QCOMPARE(parentName(*g, "Module.b.B.backward.0"), QStringLiteral("Module.root.R.backward.0"));
        QCOMPARE(parentName(*g, "Module.c.C.backward.0"), QStringLiteral("DefaultModel"));
    }

    void firstParentWinsAndOrphans()
    {
        auto g = buildFromConstruct(R"({"Tensor.x.0.forward": "Module.p.P.forward.0",
            "Module.q.Q.forward.0": null, "Tensor.x.0.forward": "Module.q.Q.forward.0"})");
        // Duplicate keys: the last value wins, so x hangs under q; p is referenced nowhere else now.
        QCOMPARE(parentName(*g, "Tensor.x.0.forward"), QStringLiteral("Module.q.Q.forward.0"));
        auto orphan = buildFromConstruct(R"({"Tensor.x.0.forward": "Module.p.P.forward.0"})");
        QCOMPARE(parentName(*orphan, "Module.p.P.forward.0"), QStringLiteral("None")); // referenced, never a key
        QCOMPARE(childNames(*orphan, orphan->root).size(), 0);
    }

    // construct.json must describe a tree: a cycle (also one through DefaultModel, the root) is refused with a node
    // of the cycle named, as is a hierarchy deeper than max_depth; the walks after the build rely on both.
    void hierarchyProblemsAreRefused_data()
    {
        QTest::addColumn<QString>("construct");
        QTest::addColumn<QString>("message");
        QTest::newRow("two modules parent each other")
            << R"({"Module.a.A.forward.0": "Module.b.B.forward.0", "Module.b.B.forward.0": "Module.a.A.forward.0"})"
            << R"(construct.json: the node "Module.b.B.forward.0" is its own ancestor ("Module.b.B.forward.0" -> "Module.a.A.forward.0" -> "Module.b.B.forward.0"))";
        QTest::newRow("DefaultModel given a parent, listed after it")
            << R"({"Module.a.A.forward.0": null, "DefaultModel": "Module.a.A.forward.0"})"
            << R"(the node "DefaultModel" is its own ancestor ("DefaultModel" -> "Module.a.A.forward.0" -> "DefaultModel"))";
        QTest::newRow("DefaultModel given a parent, listed before it")
            << R"({"DefaultModel": "Module.a.A.forward.0", "Module.a.A.forward.0": null})"
            << R"(is its own ancestor)";
        QTest::newRow("a node named like a generated group")
            << R"({"Apis_Between_Modules.0": null, "Tensor.a.0.forward": null, "Tensor.b.0.forward": null})"
            << R"(construct.json: the node "Apis_Between_Modules.0" has the name of the group that holds a run of top-level APIs)";
        QString chain = QStringLiteral("{");
        for (int k = 0; k <= 500; ++k)
            chain += QStringLiteral("\"Module.m%1.M.forward.0\": %2, ")
                         .arg(k)
                         .arg(k ? QStringLiteral("\"Module.m%1.M.forward.0\"").arg(k - 1) : QStringLiteral("null"));
        chain.chop(2);
        QTest::newRow("501 levels")
            << chain + QLatin1Char('}')
            << R"(the node "Module.m500.M.forward.0" lies 501 levels below the root (above the limit max_depth=500)";
    }
    void hierarchyProblemsAreRefused()
    {
        QFETCH(QString, construct);
        QFETCH(QString, message);
        try {
            buildFromConstruct(construct.toStdString());
            QFAIL("no error");
        } catch (const ps::Error& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(message), e.what());
        }
    }

    // msprobe 26.0.0 builds a construct node named like an API group: the group takes the name (lookups find it,
    // as its node_map does), both stay in the tree, and the database walk writes the one it finishes first, with
    // the other's subtree left out. (1.2.1's rules refuse the input above, as msprobe 1.2.1 fails on it.)
    void nodeNamedLikeAGroupUnderMsprobe26_data()
    {
        QTest::addColumn<QString>("construct");
        QTest::addColumn<bool>("nodeFirst"); // the construct node comes before the group in the walk
        QTest::newRow("node before the group") << R"({"Apis_Between_Modules.0": null, "Tensor.c.0.forward":
            "Apis_Between_Modules.0", "Tensor.a.0.forward": null, "Tensor.b.0.forward": null})"
                                               << true;
        QTest::newRow("node after the group") << R"({"Tensor.a.0.forward": null, "Tensor.b.0.forward": null,
            "Apis_Between_Modules.0": null, "Tensor.c.0.forward": "Apis_Between_Modules.0"})"
                                              << false;
    }
    void nodeNamedLikeAGroupUnderMsprobe26()
    {
        QFETCH(QString, construct);
        QFETCH(bool, nodeFirst);
        std::vector<std::string> warnings;
        auto g = buildFromConstruct(construct.toStdString(), &warnings, "{}", false, ps::RulesProfile::Msprobe26);
        const QString name = QStringLiteral("Apis_Between_Modules.0");
        const ps::NodeId group = g->find(name.toStdString());
        QCOMPARE(g->type[group], ps::NodeType::ApiCollection);
        QCOMPARE(childNames(*g, group), (QStringList { "Tensor.a.0.forward", "Tensor.b.0.forward" }));
        QCOMPARE(childNames(*g, g->root), (QStringList { name, name })); // the node and the group
        const ps::NodeId node = g->children(g->root)[nodeFirst ? 0 : 1];
        QVERIFY(node != group);
        QCOMPARE(g->type[node], ps::NodeType::Module); // no known prefix: a module, as msprobe parses it
        QCOMPARE(childNames(*g, node), QStringList { "Tensor.c.0.forward" });
        QCOMPARE(warnings.size(), size_t(2)); // the unknown prefix, and the shared name
        QVERIFY2(
            QString::fromStdString(warnings[1]).contains(QLatin1String("as msprobe 26.0.0 does")), warnings[1].c_str());
        QStringList written;
        for (ps::NodeId n : ps::postOrderFromRoot(*g))
            written << QString::fromUtf8(g->nameOf(n));
        const QStringList expected = nodeFirst
            ? QStringList { "Tensor.c.0.forward", name, "DefaultModel" }
            : QStringList { "Tensor.a.0.forward", "Tensor.b.0.forward", name, "DefaultModel" };
        QCOMPARE(written, expected);
    }

    void depthUpToTheLimitIsBuilt()
    {
        QString chain = QStringLiteral("{");
        for (int k = 0; k < 500; ++k)
            chain += QStringLiteral("\"Module.m%1.M.forward.0\": %2, ")
                         .arg(k)
                         .arg(k ? QStringLiteral("\"Module.m%1.M.forward.0\"").arg(k - 1) : QStringLiteral("null"));
        chain.chop(2);
        auto g = buildFromConstruct((chain + QLatin1Char('}')).toStdString());
        QCOMPARE(g->ancestors(g->find("Module.m499.M.forward.0")).size(), size_t(500));
    }

    void unknownNamesBecomeModulesWithAWarning()
    {
        std::vector<std::string> warnings;
        auto g = buildFromConstruct(R"({"Tensor.x.0.forward": "optimizer"})", &warnings);
        QCOMPARE(int(g->type[g->find("optimizer")]), 0);
        QCOMPARE(warnings.size(), size_t(1));
        QVERIFY(QString::fromStdString(warnings[0]).contains(QStringLiteral("optimizer")));
    }

    void microSteps()
    {
        auto g = buildFromConstruct(R"({"Module.a.A.forward.0": null, "Module.a.A.backward.0": null,
            "Module.a.A.forward.1": null, "Module.b.B.forward.0": null, "Module.b.B.backward.0": null,
            "Module.a.A.backward.1": null})");
        QCOMPARE(ps::pageMicroSteps(*g, nullptr, nullptr), 2u);
        QCOMPARE(g->microStep[g->find("Module.a.A.backward.0")], 0);
        QCOMPARE(g->microStep[g->find("Module.a.A.forward.1")], 1);
        QCOMPARE(g->microStep[g->root], -1); // only root children carry an id
    }

    void stackSimplification_data()
    {
        QTest::addColumn<QString>("node");
        QTest::addColumn<QStringList>("lines");
        QTest::addColumn<int>("kept");
        QStringList moduleStack { "File a.py, line 1, in f, \n y = self.other(x)",
            "File m.py, line 9, in forward, \n return self.fc(x)" };
        QTest::newRow("module keeps the line calling its attribute")
            << "Module.fc.Linear.forward.0" << moduleStack << 1;
        QTest::newRow("module without a matching line keeps all") << "Module.zz.Linear.forward.0" << moduleStack << -1;
        QStringList apiStack { "File t.py, line 58, in op, \n return FunctionalOPTemplate(op_name, hook)(*args)",
            "File torch/linear.py, line 114, in forward, \n return F.linear(input, self.weight)" };
        QTest::newRow("api keeps the line after the template") << "Functional.linear.0.forward" << apiStack << 1;
        QTest::newRow("template on the last line keeps all")
            << "Torch.x.0.forward" << QStringList { apiStack[0] } << -1;
    }
    void stackSimplification()
    {
        QFETCH(QString, node);
        QFETCH(QStringList, lines);
        QFETCH(int, kept);
        std::vector<std::string> storage;
        for (const QString& l : lines)
            storage.push_back(l.toStdString());
        std::vector<std::string_view> views(storage.begin(), storage.end());
        QCOMPARE(ps::simplifiedStackLine(node.toStdString(), views), kept);
    }

    // The one-pass search for many call sites finds, for each, the first line a plain search finds (random needles
    // over a tiny alphabet, so that they overlap, repeat and are suffixes of each other).
    void callSitesAgreeWithAPlainSearch()
    {
        std::mt19937 rng(4);
        auto text = [&](size_t maxLength) {
            std::string t(rng() % (maxLength + 1), 'a');
            for (char& ch : t)
                ch = "ab("[rng() % 3];
            return t;
        };
        for (int round = 0; round < 5000; ++round) {
            std::vector<std::string> needles(1 + rng() % 8), lines(rng() % 6);
            for (std::string& n : needles)
                n = text(4) + "(";
            for (std::string& l : lines)
                l = text(12);
            std::vector<std::string_view> views(lines.begin(), lines.end());
            std::vector<int> got = ps::firstLinesContaining(needles, views);
            for (size_t k = 0; k < needles.size(); ++k) {
                int expected = -1;
                for (size_t i = 0; i < lines.size() && expected < 0; ++i)
                    if (lines[i].find(needles[k]) != std::string::npos)
                        expected = int(i);
                QCOMPARE(got[k], expected);
            }
        }
    }

    void backwardBorrowsForwardStack()
    {
        auto g = buildFromConstruct(R"({"Module.fc.Linear.forward.0": null, "Module.fc.Linear.backward.0": null,
            "Module.zz.Linear.backward.0": null})",
            nullptr, R"js({"Module.fc.Linear.forward.0": ["File m.py, line 9, in forward, \n return self.fc(x)"]})js");
        QCOMPARE(g->stackOf(g->find("Module.fc.Linear.backward.0")).size(), size_t(1));
        auto orphan = g->stackOf(g->find("Module.zz.Linear.backward.0"));
        QCOMPARE(orphan.size(), size_t(1));
        QVERIFY(g->strings.view(orphan[0]).find("cannot find the forward node") != std::string_view::npos);
    }

    void groupedStackFormat()
    {
        auto g = buildFromConstruct(R"({"Torch.a.0.forward": null, "Torch.b.0.forward": null})", nullptr,
            R"js({"0": [["Torch.a.0.forward", "Torch.b.0.forward"], ["File x.py, line 1, in f, \n a()", "File y.py, line 2, in g, \n b()"]]})js",
            true);
        QCOMPARE(g->stackOf(g->find("Torch.b.0.forward")).size(), size_t(2));
    }

    // The invariant the builders assert: a built graph has it, and each way of breaking the CSR tree is caught.
    void treeShapeInvariant()
    {
        auto g = buildFromConstruct(R"({"Module.a.A.forward.0": null, "Module.a.b.B.forward.0": "Module.a.A.forward.0",
            "Module.a.c.C.forward.0": "Module.a.A.forward.0", "Torch.x.0.forward": "Module.a.b.B.forward.0"})");
        QVERIFY(ps::hasTreeShape(*g));
        QVERIFY(ps::hasTreeShape(ps::Graph {}));
        const ps::NodeId a = g->find("Module.a.A.forward.0"), b = g->find("Module.a.b.B.forward.0"),
                         c = g->find("Module.a.c.C.forward.0");
        QCOMPARE(g->children(a).size(), size_t(2));

        ps::Graph wrongParent = *g;
        wrongParent.parent[c] = b;
        QVERIFY(!ps::hasTreeShape(wrongParent));
        ps::Graph wrongRow = *g;
        std::swap(wrongRow.rowInParent[b], wrongRow.rowInParent[c]);
        QVERIFY(!ps::hasTreeShape(wrongRow));
        ps::Graph twice = *g;
        twice.childIds[g->childBegin[a] + 1] = twice.childIds[g->childBegin[a]];
        QVERIFY(!ps::hasTreeShape(twice));
        ps::Graph outOfRange = *g;
        outOfRange.childIds[g->childBegin[a]] = ps::NodeId(g->size());
        QVERIFY(!ps::hasTreeShape(outOfRange));
        ps::Graph orphanedParent = *g;
        orphanedParent.parent[g->root] = b;
        QVERIFY(!ps::hasTreeShape(orphanedParent));
        ps::Graph shortArray = *g;
        shortArray.rowInParent.pop_back();
        QVERIFY(!ps::hasTreeShape(shortArray));
        ps::Graph badStack = *g;
        badStack.stack[b] = uint32_t(g->stacks.size());
        QVERIFY(!ps::hasTreeShape(badStack));
    }
};

QTEST_GUILESS_MAIN(TestGraphBuilder)
#include "tst_graph_builder.moc"
