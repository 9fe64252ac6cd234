// Issue 17's catalogue, part 1: hostile graph structure and the algorithms behind it. Classes 1 (no regular
// expression built from data), 2 (cycles and depth), 3 (no quadratic path: inputs of 10^5-10^6 entries generated
// here, which the old quadratic code could not finish), 6 (no escaped exception, no recursion per tree level) and
// 7 (names that collide with generated ones). Every case runs through bad_inputs.h's rules; a hang ends in ctest's
// TIMEOUT (tests/CMakeLists.txt), never in a wall-clock assertion.
#include "bad_inputs.h"

#include "compare/manual_match.h"
#include "graph/builder.h"
#include "io/construct_stack.h"
#include "match/layer_mapping.h"
#include "match/layer_scope.h"
#include "util/limits.h"
#include "vis/vis_reader.h"
#include "vis/vis_writer.h"

using namespace badinputs;

namespace {

QByteArray number(qint64 n)
{
    return QByteArray::number(n);
}

// dump.json records (one input, one output of `shape`) and construct.json entries for `names` under `parent`.
void writeSide(const QString& dir, const QList<QByteArray>& names, const QByteArray& parent = "null",
    const QByteArray& shape = "[2]", const QByteArray& stack = "{}")
{
    QByteArray data = "{", construct = "{";
    for (int i = 0; i < names.size(); ++i) {
        data += (i ? ", \"" : "\"") + names[i] + "\": {\"input_args\": [" + rec(shape) + "], \"output\": [" + rec(shape)
            + "]}";
        construct += (i ? ", \"" : "\"") + names[i] + "\": " + parent;
    }
    writeDumpFolder(dir, data + "}", construct + "}", stack);
}

// Both sides hold `modules` (the first with a one-line stack: layer mapping needs one) and run with `yaml` as -lm.
void layerMappingPair(Ctx& c, const QList<QByteArray>& modules, const QByteArray& stackLine, const QByteArray& yaml)
{
    const QByteArray stack = "{\"" + modules.first() + "\": [\"" + stackLine + "\"]}";
    writeSide(c.npu(), modules, "null", "[2]", stack);
    writeSide(c.bench(), modules, "null", "[2]", stack);
    writeFile(c.in + QStringLiteral("/map.yaml"), yaml);
    c.options.layerMapping = ps::readLayerMapping(str(c.in + QStringLiteral("/map.yaml")), true);
}

// The lines of the stack the built NPU graph keeps for `node`.
QString keptStack(Ctx& c, const char* node)
{
    auto comparison = ps::runPair(str(c.npu()), std::string(), c.options, c.warnings);
    const ps::Graph& g = comparison->graph(ps::Side::Npu);
    QStringList lines;
    for (ps::StrId line : g.exportStackOf(g.find(node))) // what an export writes
        lines << QString::fromStdString(std::string(g.strings.view(line)));
    return QStringLiteral("kept: ") + lines.join(QStringLiteral(" | "));
}

// A chain Module.m0 <- Module.m1 <- ... of `depth` modules in construct.json.
QByteArray chain(int depth)
{
    QByteArray out = "{";
    for (int k = 0; k < depth; ++k)
        out += (k ? ", \"Module.m" : "\"Module.m") + number(k)
            + ".M.forward.0\": " + (k ? "\"Module.m" + number(k - 1) + ".M.forward.0\"" : QByteArray("null"));
    return out + "}";
}

// A .vis build graph: a chain of `depth` nodes below the root, or any node list.
QByteArray visChain(int depth)
{
    QByteArray nodes;
    for (int k = 0; k <= depth; ++k)
        nodes += (k ? ", \"n" : "\"n") + number(k) + "\": {\"node_type\": 0, \"subnodes\": ["
            + (k < depth ? "\"n" + number(k + 1) + "\"" : QByteArray()) + "]}";
    return "{\"root\": \"n0\", \"node\": {" + nodes + "}}";
}

std::function<void(Ctx&)> visFile(const QByteArray& text)
{
    return [text](Ctx& c) { writeFile(c.in + QStringLiteral("/g.vis"), text); };
}

QString readVis(Ctx& c)
{
    return treeCheck(ps::readVisFile(str(c.in + QStringLiteral("/g.vis"))));
}

QByteArray oneNodeVis(const QByteArray& nodeFields, const QByteArray& top = "")
{
    return "{\"root\": \"M\", \"node\": {\"M\": {" + nodeFields + "}}" + top + "}";
}

// `count` API records under one module, on both sides; the bench shapes differ, so nothing matches by default.
void siblingsPair(Ctx& c, int count)
{
    for (const QString& side : { c.npu(), c.bench() }) {
        QByteArray shape = side == c.npu() ? "[2]" : "[3]";
        QList<QByteArray> apis;
        for (int i = 0; i < count; ++i)
            apis << "Tensor.add." + number(i) + ".forward";
        writeSide(side, apis, "\"Module.m.M.forward.0\"", shape);
        // the module itself, with data, first in construct.json
        QFile construct(side + QStringLiteral("/construct.json"));
        construct.open(QIODevice::ReadOnly);
        QByteArray text = construct.readAll();
        construct.close();
        writeFile(side + QStringLiteral("/construct.json"), "{\"Module.m.M.forward.0\": null, " + text.mid(1));
        QFile dump(side + QStringLiteral("/dump.json"));
        dump.open(QIODevice::ReadOnly);
        text = dump.readAll();
        dump.close();
        int data = text.indexOf("\"data\": {") + 9;
        text.insert(data,
            "\"Module.m.M.forward.0\": {\"input_args\": [" + rec(shape) + "], \"output\": [" + rec(shape) + "]}, ");
        writeFile(side + QStringLiteral("/dump.json"), text);
    }
}

QString manualMatchAll(Ctx& c, const char* npuNode, const char* benchNode)
{
    auto comparison = ps::runPair(str(c.npu()), str(c.bench()), c.options, c.warnings);
    ps::ManualMatchReport report;
    auto matched = ps::matchManually(*comparison, comparison->graph(ps::Side::Npu).find(npuNode),
        comparison->graph(ps::Side::Bench).find(benchNode), true, report);
    ps::ManualMatchReport undo;
    auto unmatched = ps::unmatchManually(*matched, matched->graph(ps::Side::Npu).find(npuNode),
        matched->graph(ps::Side::Bench).find(benchNode), true, undo);
    return QStringLiteral("matched %1, unmatched %2, failures %3")
        .arg(report.pairs.size())
        .arg(undo.pairs.size())
        .arg(report.failures.size() + undo.failures.size());
}

std::vector<Case> cases()
{
    std::vector<Case> v;
    auto add = [&](const char* name, const char* file, const char* expect, std::function<void(Ctx&)> setup,
                   std::function<QString(Ctx&)> run = {}) {
        v.push_back({ name, file, expect, setup, run });
    };

    // 1. Data is never a pattern.
    const QByteArray literalStack = R"js({"Module.[a]+.M.forward.0": ["File x.py, line 1, in f, \n y = self.aa(x)", )js"
                                    R"js("File m.py, line 2, in forward, \n return self.[a]+(x)"]})js";
    add(
        "module name with pattern characters matches its call site literally", "", "ok:kept: File m.py, line 2",
        [=](Ctx& c) { writeSide(c.npu(), { "Module.[a]+.M.forward.0" }, "null", "[2]", literalStack); },
        [](Ctx& c) { return keptStack(c, "Module.[a]+.M.forward.0"); });
    add(
        "catastrophic pattern in a module name is plain text", "",
        "ok:kept: File a.py, line 1, in f, \n "
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa! | File b.py",
        [](Ctx& c) {
            writeSide(c.npu(), { "Module.(a|a)*c.M.forward.0" }, "null", "[2]",
                "{\"Module.(a|a)*c.M.forward.0\": [\"File a.py, line 1, in f, \\n " + QByteArray(40, 'a')
                    + "!\", \"File b.py, line 2, in g, \\n x()\"]}");
        },
        [](Ctx& c) { return keptStack(c, "Module.(a|a)*c.M.forward.0"); });
    add("huge call index under fuzzy matching", "", "ok:Torch.matmul.123456789012345678901234567890.forward",
        [](Ctx& c) {
            for (const QString& side : { c.npu(), c.bench() })
                writeSide(side, { "Torch.matmul.123456789012345678901234567890.forward", "Torch.matmul.7.forward" });
            c.options.fuzzy = true;
        });

    // 2. Every graph is a tree of bounded depth, or the input is refused with the node named.
    add("DefaultModel given a parent", "construct.json", "error:\"DefaultModel\" is its own ancestor", [](Ctx& c) {
        goodPair(c);
        writeFile(c.npu() + QStringLiteral("/construct.json"),
            R"({"Tensor.x.0.forward": null, "DefaultModel": "Tensor.x.0.forward"})");
    });
    add("DefaultModel given a parent before the parent", "construct.json", "error:is its own ancestor", [](Ctx& c) {
        goodPair(c);
        writeFile(c.bench() + QStringLiteral("/construct.json"),
            R"({"DefaultModel": "Module.a.A.forward.0", "Module.a.A.forward.0": "Tensor.x.0.forward", "Tensor.x.0.forward": null})");
    });
    add("40,000-deep construct.json chain compared with itself", "construct.json",
        "error:lies 501 levels below the root (above the limit max_depth=500", [](Ctx& c) {
            for (const QString& side : { c.npu(), c.bench() })
                writeDumpFolder(side, "{}", chain(40000));
        });
    add("40,000-deep .vis chain", "g.vis", "error:lies 501 levels below the root", visFile(visChain(40000)), readVis);
    add(".vis chain at the depth limit", "", "ok:tree", visFile(visChain(500)), readVis);
    add(".vis whose root is listed as a child", "", "ok:tree",
        visFile(
            R"({"root": "M", "node": {"M": {"node_type": 0, "subnodes": ["A"]}, "A": {"node_type": 0, "subnodes": ["M"]}}})"),
        readVis);

    // 3. Linear or n log n on inputs within the limits.
    add("2,000,000 stack.json members with one repeated key", "", "ok:Tensor.x.0.forward", [](Ctx& c) {
        goodPair(c);
        QByteArray stack;
        stack.reserve(80 << 20);
        stack += "{\"Tensor.x.0.forward\": [\"File a.py, line 1, in f\"]";
        for (int i = 1; i < 2000000; ++i)
            stack += ", \"Tensor.y." + number(i) + ".forward\": []";
        stack += ", \"Tensor.x.0.forward\": [\"File b.py, line 2, in g\"]}";
        writeFile(c.npu() + QStringLiteral("/stack.json"), stack);
    });
    add("layer mapping with 10^6 rules of one first segment", "", "ok:Module.a.A1999.forward.0", [](Ctx& c) {
        QList<QByteArray> modules;
        for (int i = 0; i < 2000; ++i)
            modules << "Module.a.A" + number(i) + ".forward.0";
        QByteArray yaml = "TopLayer:\n";
        yaml.reserve(16 << 20);
        for (int i = 0; i < 1000000; ++i)
            yaml += "  a.x" + number(i) + ": y" + number(i) + "\n";
        layerMappingPair(c, modules, "File m.py, line 1, in forward, \\n return self.a(x)", yaml);
    });
    // 50,000 ParallelTransformer prefixes, each over one layer numbered from 7 on: every layer becomes layer 0.
    add(
        "layer renumbering of 50,000 ParallelTransformer scopes", "", "ok:scope Module.m49999.layers.0",
        [](Ctx& c) {
            QList<QByteArray> modules;
            for (int i = 0; i < 50000; ++i)
                modules << "Module.m" + number(i) + ".ParallelTransformer.forward.0"
                        << "Module.m" + number(i) + ".layers." + number(i + 7) + ".Layer.forward.0";
            layerMappingPair(c, modules, "File m.py, line 1, in forward", "TopLayer:\n  m0: m0\n");
        },
        [](Ctx& c) {
            for (const ps::LayerScopeItem& item : ps::readLayerScopeItems(str(c.npu())))
                if (item.name == "Module.m49999.layers.50006.Layer.forward.0")
                    return QStringLiteral("scope ") + QString::fromStdString(item.fullScope);
            return QStringLiteral("no such item");
        });
    add(
        "manual matching of 50,000 siblings with one key", "", "ok:matched 50001, unmatched 50001, failures 0",
        [](Ctx& c) { siblingsPair(c, 50000); },
        [](Ctx& c) { return manualMatchAll(c, "Module.m.M.forward.0", "Module.m.M.forward.0"); });

    add("shape objects of 100,000 members compared", "", "ok:Tensor.x.0.forward", [](Ctx& c) {
        QByteArray shape = "{";
        for (int i = 0; i < 100000; ++i)
            shape += (i ? ", \"k" : "\"k") + number(i) + "\": " + number(i);
        shape += "}";
        for (const QString& side : { c.npu(), c.bench() })
            writeSide(side, { "Tensor.x.0.forward" }, "null", shape);
    });
    add("communication groups of 200,000 ranks", "", "ok:more distributed-matching warnings are not shown", [](Ctx& c) {
        QByteArray ranks = "[";
        for (int r = 0; r < 200000; ++r)
            ranks += (r ? ", " : "") + number(r);
        QByteArray group = "{\"type\": \"torch.ProcessGroup\", \"group_ranks\": " + ranks + "], \"group_id\": \"g\"}";
        QByteArray data = "{\"Distributed.all_reduce.0.forward\": {\"input_args\": [" + rec()
            + "], \"input_kwargs\": {\"group\": " + group + "}, \"output\": [" + rec() + "]}}";
        for (const QString& side : { c.npu(), c.bench() })
            for (const char* rank : { "/rank0", "/rank1" })
                writeDumpFolder(side + QLatin1String(rank), data, R"({"Distributed.all_reduce.0.forward": null})");
    });
    add(
        "a leaf nested 100,000 deep (max_json_depth raised)", "", "ok:Tensor.x.0.forward",
        [](Ctx& c) {
            QByteArray deep = nested(100000, "[", "]");
            for (const QString& side : { c.npu(), c.bench() })
                writeSide(side, { "Tensor.x.0.forward" }, "null", deep);
            writeCompareJson(c);
        },
        [](Ctx& c) {
            ps::Limits deep = ps::limits();
            deep.maxJsonDepth = 200000; // the default refuses it; nothing may recurse as deep as the file nests
            ps::ScopedLimits scope(deep);
            return runCommand(c);
        });

    // 6. Every failure a ps::Error naming the file and the place; no recursion depth that follows the input.
    add(".vis node_type of 11 digits", "g.vis", "error:\"node_type\" of \"M\" must be an integer from 0 to 255",
        visFile(oneNodeVis(R"("node_type": "12345678901")")), readVis);
    add(".vis node_type beyond int32", "g.vis", "error:\"node_type\" of \"M\" must be an integer",
        visFile(oneNodeVis(R"("node_type": 4294967296)")), readVis);
    add(".vis micro_step_id beyond int32", "g.vis", "error:\"micro_step_id\" of \"M\"",
        visFile(oneNodeVis(R"("node_type": 0, "micro_step_id": 1000000000000)")), readVis);
    add(".vis MicroSteps of 10^9", "g.vis", "error:MicroSteps is 1000000000, more than the 1 nodes",
        visFile(oneNodeVis(R"("node_type": 0)", R"(, "MicroSteps": 1000000000)")), readVis);
    add(
        "manual matching down a 20,000-deep chain", "", "ok:matched 20000, unmatched 20000, failures 0",
        [](Ctx& c) {
            for (const QString& side : { c.npu(), c.bench() }) {
                QByteArray shape = side == c.npu() ? "[2]" : "[3]", data = "{";
                for (int k = 0; k < 20000; ++k)
                    data += (k ? ", \"Module.m" : "\"Module.m") + number(k) + ".M.forward.0\": {\"input_args\": ["
                        + rec(shape) + "], \"output\": [" + rec(shape) + "]}";
                writeDumpFolder(side, data + "}", chain(20000));
            }
        },
        [](Ctx& c) {
            ps::Limits deep = ps::limits();
            deep.maxDepth = 100000; // the default refuses such a chain; the matching itself must not recurse
            ps::ScopedLimits scope(deep);
            return manualMatchAll(c, "Module.m0.M.forward.0", "Module.m0.M.forward.0");
        });

    // 7. Names that collide with generated ones; ProbeScope reads back what it writes.
    add("construct node named like a generated group", "construct.json",
        "error:the node \"Apis_Between_Modules.0\" has the name of the group", [](Ctx& c) {
            for (const QString& side : { c.npu(), c.bench() })
                writeSide(side, { "Apis_Between_Modules.0", "Tensor.a.0.forward", "Tensor.b.0.forward" });
        });
    add(
        "odd node names read back from ProbeScope's own .vis", "", "ok:tree",
        [](Ctx& c) {
            for (const QString& side : { c.npu(), c.bench() })
                writeDumpFolder(side, kDumpData,
                    "{\"Tensor.x.0.forward\": \"None\", \"None\": \"\", \"\": null, \"Module.\\\"q\\\".Q.forward.0\": "
                    "\"\", "
                    "\"DefaultModel.x\": null, \"Tensor.\\u00e9.0.forward\": \"DefaultModel.x\"}");
        },
        [](Ctx& c) {
            auto comparison = ps::runPair(str(c.npu()), str(c.bench()), c.options, c.warnings);
            QDir().mkpath(c.out);
            ps::writeVisFile(*comparison, str(c.out + QStringLiteral("/g.vis")));
            return treeCheck(ps::readVisFile(str(c.out + QStringLiteral("/g.vis"))));
        });
    return v;
}

} // namespace

class TestHostileGraphs : public QObject {
    Q_OBJECT
private slots:
    void catalogue_data() { addCatalogueRows(cases()); }
    void catalogue() { runCatalogueRow(cases()); }
};

QTEST_GUILESS_MAIN(TestHostileGraphs)
#include "tst_hostile_graphs.moc"
