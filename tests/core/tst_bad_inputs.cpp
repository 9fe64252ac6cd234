// The bad-input catalogue (bad_inputs.h has the rules every case is held to).
#include "batch/engine.h"
#include "io/construct_stack.h"
#include "io/dump_data.h"
#include "match/layer_mapping_rules.h"
#include "tensor/tensor.h"
#include "test_dumps.h"
#include "util/error.h"
#include "vis/vis_db_reader.h"
#include "vis/vis_db_sqlite.h"
#include "vis/vis_reader.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QtTest>
#include <functional>
#include <sys/stat.h>
#include <unistd.h>

#include "bad_inputs.h"

using namespace badinputs;

namespace {

std::vector<Case> cases()
{
    std::vector<Case> v;
    auto add = [&](const char* name, const char* file, const char* expect, std::function<void(Ctx&)> setup,
                   std::function<QString(Ctx&)> run = {}) {
        v.push_back({ name, file, expect, setup, run });
    };

    // Empty and truncated files.
    add("empty dump.json", "dump.json", "error:the file is empty", npuDump(""));
    add("empty construct.json", "construct.json", "error:the file is empty", npuFile("construct.json", ""));
    add("empty stack.json", "stack.json", "error:the file is empty", npuFile("stack.json", ""));
    add("whitespace-only dump.json", "dump.json", "error:the file is empty", npuDump(" \n\t "));
    add("truncated dump.json", "dump.json", "error:invalid JSON", npuDump(kDumpFile.left(kDumpFile.size() / 2)));
    add("truncated construct.json", "construct.json", "error:construct.json",
        npuFile("construct.json", "{\"Tensor.x.0.forward\": nu"));
    add("truncated stack.json", "stack.json", "error:stack.json",
        npuFile("stack.json", "{\"Tensor.x.0.forward\": [\"File"));
    add("dump.json with a NUL byte", "dump.json", "error:dump.json", npuDump(QByteArray("{\"task\": \0\"x\"}", 15)));

    // Wrong JSON types at every level.
    add("dump.json top level is an array", "dump.json", "error:must be a JSON object", npuDump("[1, 2]"));
    add("dump.json data is an array", "dump.json", "error:\"data\" must be an object", npuRecords("[]"));
    // Records and arguments of the wrong type carry no data items: the node is shown without data.
    add("dump.json record is a string", "", "ok:Tensor.x.0.forward", npuRecords(R"({"Tensor.x.0.forward": "oops"})"));
    add("dump.json input_args is a number", "", "ok:Tensor.x.0.forward",
        npuRecords(R"({"Tensor.x.0.forward": {"input_args": 5}})"));
    add("dump.json tensor entry is a string", "", "ok:Tensor.x.0.forward",
        npuRecords(R"({"Tensor.x.0.forward": {"input_args": ["tensor"]}})"));
    add("dump.json task is a number", "dump.json", "error:dump.json",
        npuDump("{\"task\": 7, \"level\": \"mix\", \"data\": " + kDumpData + "}"));
    add("dump.json task is NaN", "dump.json", "error:dump.json",
        npuDump("{\"task\": NaN, \"level\": \"mix\", \"data\": " + kDumpData + "}"));
    add("construct.json top level is an array", "construct.json", "error:must be a JSON object",
        npuFile("construct.json", "[]"));
    add("construct.json parent is a number", "construct.json", "error:must be a string or null",
        npuFile("construct.json", R"({"Tensor.x.0.forward": 3})"));
    add("construct.json parent is NaN", "construct.json", "error:must be a string or null",
        npuFile("construct.json", R"({"Tensor.x.0.forward": NaN})"));
    add("stack.json top level is a string", "stack.json", "error:must be a JSON object",
        npuFile("stack.json", "\"x\""));
    add("stack.json lines are numbers", "", "ok:", npuFile("stack.json", R"({"Tensor.x.0.forward": [1, 2]})"));
    add("compare.json is an array", "compare.json", "error:must be a JSON object", [](Ctx& c) {
        goodPair(c);
        writeFile(c.in + QStringLiteral("/compare.json"), "[]");
    });
    add("compare.json without npu_path", "compare.json", "error:\"npu_path\" is missing", [](Ctx& c) {
        goodPair(c);
        writeFile(c.in + QStringLiteral("/compare.json"), "{\"bench_path\": \"bench\"}");
    });
    add("compare.json npu_path is a number", "compare.json", "error:\"npu_path\" must be a string", [](Ctx& c) {
        goodPair(c);
        writeFile(c.in + QStringLiteral("/compare.json"), "{\"npu_path\": 12}");
    });
    add("compare.json npu_path is NaN", "compare.json", "error:\"npu_path\" must be a string", [](Ctx& c) {
        goodPair(c);
        writeFile(c.in + QStringLiteral("/compare.json"), "{\"npu_path\": NaN}");
    });
    add("compare.json names a missing folder", "nowhere", "error:does not exist", [](Ctx& c) {
        goodPair(c);
        writeFile(c.in + QStringLiteral("/compare.json"), "{\"npu_path\": \"nowhere\"}");
    });
    add("compare.json with a 100 MB string", "compare.json", "error:above the limit", [](Ctx& c) {
        goodPair(c);
        writeFile(c.in + QStringLiteral("/compare.json"), "{\"x\": \"" + QByteArray(100 << 20, 'a') + "\"}");
    });

    // Missing keys and files.
    add("dump.json without data", "", "ok:", npuDump(R"({"task": "statistics", "level": "mix"})"));
    add("tensor entry without Max", "", "ok:",
        npuRecords(R"({"Tensor.x.0.forward": {"input_args": [{"type": "torch.Tensor", "dtype": "torch.float32"}]}})"));
    add("missing dump.json", "dump.json", "error:dump.json: this folder is not an msprobe dump (no dump.json)",
        [](Ctx& c) {
            goodPair(c);
            QFile::remove(c.npu() + QStringLiteral("/dump.json"));
        });
    add("missing stack.json", "stack.json", "error:does not exist", [](Ctx& c) {
        goodPair(c);
        QFile::remove(c.npu() + QStringLiteral("/stack.json"));
    });

    // Duplicate keys: the last value wins, as in Python.
    add("duplicate construct.json keys", "", "ok:\"upnode\": \"DefaultModel\"",
        npuFile("construct.json", R"({"Tensor.x.0.forward": "Nope", "Tensor.x.0.forward": null})"));
    add("duplicate dump.json records", "", "ok:Tensor.x.0.forward",
        npuRecords("{\"Tensor.x.0.forward\": {\"output\": [" + rec() + "]}, \"Tensor.x.0.forward\": {\"output\": ["
            + rec() + "]}}"));

    // Numbers and strings at the edges.
    add("huge float becomes inf", "", "ok:\"Max\": \"inf\"",
        npuRecords("{\"Tensor.x.0.forward\": {\"output\": [" + rec("[2]", "1e999") + "]}}"));
    add("huge integer", "", "ok:",
        npuRecords(
            "{\"Tensor.x.0.forward\": {\"output\": [" + rec("[2]", "123456789012345678901234567890123") + "]}}"));
    add("number with 10^6 digits", "", "ok:",
        npuRecords("{\"Tensor.x.0.forward\": {\"output\": [" + rec("[2]", "0." + QByteArray(1000000, '7')) + "]}}"));
    add("dump.json nested 10^5 deep", "dump.json", "error:nesting deeper",
        npuRecords("{\"Tensor.x.0.forward\": {\"input_args\": " + nested(100000, "[", "]") + "}}"));
    add("construct.json nested 10^5 deep", "construct.json",
        "error:", npuFile("construct.json", nested(100000, "{\"a\": ", "}", "null")));
    add("stack.json nested 10^5 deep", "stack.json", "error:", npuFile("stack.json", nested(100000, "[", "]")));
    add("dump.json with a 100 MB string", "", "ok:", [](Ctx& c) {
        goodPair(c);
        writeFile(c.npu() + QStringLiteral("/dump.json"),
            "{\"task\": \"statistics\", \"level\": \"mix\", \"junk\": \"" + QByteArray(100 << 20, 'x')
                + "\", \"data\": " + kDumpData + "}");
    });
    add("invalid UTF-8 in a node name", "", "ok:", [](Ctx& c) {
        goodPair(c);
        QByteArray name = "Tensor.x\xff\xfe.0.forward";
        writeFile(c.npu() + QStringLiteral("/construct.json"), "{\"" + name + "\": null}");
        writeFile(c.npu() + QStringLiteral("/dump.json"),
            "{\"task\": \"statistics\", \"level\": \"mix\", \"data\": {\"" + name + "\": {\"output\": [" + rec()
                + "]}}}");
    });
    add("UTF-8 BOM on dump.json", "dump.json", "error:byte order mark", npuDump("\xEF\xBB\xBF" + kDumpFile));
    add("lone surrogate escape", "",
        "ok:", npuFile("construct.json", R"({"Tensor.x.0.forward": null, "\ud800": null})"));

    // Fuzz findings.
    // fuzz_dump_json: an item with "value" and no "dtype" read a field through a pointer into a vector that grew
    // meanwhile (heap-use-after-free under ASan; fixed in item_fields.cpp).
    add("scalar items without dtype", "", "ok:\"value\": \"3\"",
        npuRecords(
            R"({"Tensor.x.0.forward": {"input_args": [{"type": "int", "value": 3}, {"type": "slice", "value": [1, null, 2]}, )"
            R"({"type": "torch.Size", "value": [2, 3]}], "input_kwargs": {"k": {"type": "float", "value": 0.5}}}})"));

    // fuzz_layer_mapping: names with invalid UTF-8 (or a NUL) loaded, but saving rewrote them, so saved rules did
    // not load back unchanged. Now refused like PyYAML does (so -lm warns and runs without mapping).
    add(
        "layer mapping YAML with invalid UTF-8", "map.yaml", "error:line 3: not valid YAML: not UTF-8",
        [](Ctx& c) {
            writeFile(c.in + QStringLiteral("/map.yaml"),
                "# rules\nTopLayer:\n  a: c_\xff\xff"
                "2\n");
        },
        [](Ctx& c) {
            (void)ps::LayerMappingRules::load(str(c.in + QStringLiteral("/map.yaml")));
            return QStringLiteral("read");
        });
    add("layer mapping YAML with a NUL byte, through -lm", "", "ok:layer mapping file parsing failed", [](Ctx& c) {
        goodPair(c);
        writeFile(c.in + QStringLiteral("/map.yaml"), QByteArray("TopLayer:\n  a: b\0c\n", 19));
        c.layerMappingFile = str(c.in + QStringLiteral("/map.yaml"));
    });

    // Graph structure.
    add("construct.json cycle", "construct.json", "error:\"Module.b.B.forward.0\" is its own ancestor",
        npuFile("construct.json",
            R"({"Module.a.A.forward.0": "Module.b.B.forward.0", "Module.b.B.forward.0": "Module.a.A.forward.0", "Tensor.x.0.forward": "Module.a.A.forward.0"})"));
    add("construct.json node is its own parent", "",
        "ok:", npuFile("construct.json", R"({"Tensor.x.0.forward": "Tensor.x.0.forward"})"));
    add("construct.json unknown parent", "", "ok:Module.ghost.G.forward.0",
        npuFile("construct.json", R"({"Tensor.x.0.forward": "Module.ghost.G.forward.0"})"));
    add("dump entry not in construct.json", "", "ok:Tensor.x.0.forward",
        npuRecords("{\"Tensor.x.0.forward\": {\"output\": [" + rec() + "]}, \"Tensor.y.0.forward\": {\"output\": ["
            + rec() + "]}}"));

    // Layouts.
    add("rank lists differ", "", "error:number of ranks", [](Ctx& c) {
        goodRun(c.npu() + QStringLiteral("/rank0"));
        goodRun(c.npu() + QStringLiteral("/rank1"));
        goodRun(c.bench() + QStringLiteral("/rank0"));
    });
    add("step lists differ", "", "error:number of steps", [](Ctx& c) {
        goodRun(c.npu() + QStringLiteral("/step0/rank0"));
        goodRun(c.npu() + QStringLiteral("/step1/rank0"));
        goodRun(c.bench() + QStringLiteral("/step0/rank0"));
    });
    add("step folders mixed with rank folders", "npu", "error:naming convention", [](Ctx& c) {
        goodRun(c.npu() + QStringLiteral("/rank0"));
        goodRun(c.npu() + QStringLiteral("/step1/rank0"));
        goodRun(c.bench() + QStringLiteral("/rank0"));
    });
    add("files layout against ranks layout", "bench", "error:inconsistent", [](Ctx& c) {
        goodRun(c.npu());
        goodRun(c.bench() + QStringLiteral("/rank0"));
    });
    add("stray file among rank folders", "npu", "error:notes.txt", [](Ctx& c) {
        goodRun(c.npu() + QStringLiteral("/rank0"));
        writeFile(c.npu() + QStringLiteral("/notes.txt"), "hi");
        goodRun(c.bench() + QStringLiteral("/rank0"));
        writeFile(c.bench() + QStringLiteral("/notes.txt"), "hi");
    });
    add("rank01 folder", "rank01", "error:rank", [](Ctx& c) {
        goodRun(c.npu() + QStringLiteral("/rank01"));
        goodRun(c.bench() + QStringLiteral("/rank01"));
    });
    add("empty dump folder", "npu", "error:is empty", [](Ctx& c) {
        QDir().mkpath(c.npu());
        goodRun(c.bench());
    });

    // Links, permissions and file kinds.
    add("symlinked dump.json is read", "", "ok:Tensor.x.0.forward", [](Ctx& c) {
        goodPair(c);
        QFile::rename(c.npu() + QStringLiteral("/dump.json"), c.in + QStringLiteral("/real_dump.json"));
        QFile::link(c.in + QStringLiteral("/real_dump.json"), c.npu() + QStringLiteral("/dump.json"));
    });
    add("symlinked rank folder is read", "", "ok:Tensor.x.0.forward", [](Ctx& c) {
        goodRun(c.in + QStringLiteral("/real_rank0"));
        QDir().mkpath(c.npu());
        QFile::link(c.in + QStringLiteral("/real_rank0"), c.npu() + QStringLiteral("/rank0"));
        goodRun(c.bench() + QStringLiteral("/rank0"));
    });
    add("dangling symlink for construct.json", "construct.json", "error:does not exist", [](Ctx& c) {
        goodPair(c);
        QFile::remove(c.npu() + QStringLiteral("/construct.json"));
        QFile::link(c.in + QStringLiteral("/gone.json"), c.npu() + QStringLiteral("/construct.json"));
    });
    add("unreadable dump.json (chmod 000)", "dump.json", isRoot() ? "ok:Tensor.x.0.forward" : "error:cannot open",
        [](Ctx& c) {
            goodPair(c);
            ::chmod(qPrintable(c.npu() + QStringLiteral("/dump.json")), 0);
        });
    add("dump.json is a folder", "npu", "error:naming convention", [](Ctx& c) {
        goodPair(c);
        QFile::remove(c.npu() + QStringLiteral("/dump.json"));
        QDir().mkpath(c.npu() + QStringLiteral("/dump.json"));
    });
    add("dump.json is a FIFO (must not block)", "dump.json", "error:not a regular file", [](Ctx& c) {
        goodPair(c);
        QFile::remove(c.npu() + QStringLiteral("/dump.json"));
        ::mkfifo(qPrintable(c.npu() + QStringLiteral("/dump.json")), 0600);
    });
    add("output folder is a file", "out", "error:not a folder", [](Ctx& c) {
        goodPair(c);
        writeFile(c.out, "not a folder");
    });

    // Tensor files: data_name never leaves dump_tensor_data, hostile .pt/.npy are refused.
    add("data_name with ..", "dump.json", "error:Invalid name string", tensorPairWithDataName("../../secret.pt"));
    add("data_name absolute", "dump.json", "error:Invalid name string",
        [](Ctx& c) { tensorPairWithDataName(QFile::encodeName(c.in + QStringLiteral("/secret.pt")))(c); });
    add(".pt whose pickle asks for an unknown global", "err_unknown_global.pt", "error:refused global", {}, [](Ctx&) {
        return tensorSummary(ps::readTensorFile(str(testData("tensor/generated/err_unknown_global.pt"))));
    });
    add(".pt zip bomb", "err_zip_bomb.pt", "error:impossible size", {},
        [](Ctx&) { return tensorSummary(ps::readTensorFile(str(testData("tensor/generated/err_zip_bomb.pt")))); });
    add(
        "empty .pt", "empty.pt", "error:empty.pt", [](Ctx& c) { writeFile(c.in + QStringLiteral("/empty.pt"), ""); },
        [](Ctx& c) { return tensorSummary(ps::readTensorFile(str(c.in + QStringLiteral("/empty.pt")))); });
    add("truncated .npy", "err_npy_truncated.npy", "error:truncated", {}, [](Ctx&) {
        return tensorSummary(ps::readTensorFile(str(testData("tensor/generated/err_npy_truncated.npy"))));
    });

    // Graph files read back (GUI).
    auto visFile
        = [](const QByteArray& text) { return [text](Ctx& c) { writeFile(c.in + QStringLiteral("/g.vis"), text); }; };
    auto readVis = [](Ctx& c) { return treeCheck(ps::readVisFile(str(c.in + QStringLiteral("/g.vis")))); };
    add(".vis missing node_type", "g.vis", "error:has no \"node_type\"",
        visFile(R"({"root": "M", "node": {"M": {"id": "M", "upnode": "None", "subnodes": []}}})"), readVis);
    add(".vis empty", "g.vis", "error:g.vis", visFile(""), readVis);
    add(".vis subnode and upnode cycle", "g.vis", "ok:tree",
        visFile(R"({"root": "M", "node": {"M": {"id": "M", "node_type": 0, "upnode": "N", "subnodes": ["N"]}, )"
                R"("N": {"id": "N", "node_type": 0, "upnode": "M", "subnodes": ["M", "N"]}, )"
                R"("A": {"id": "A", "node_type": 0, "upnode": "B", "subnodes": ["B"]}, )"
                R"("B": {"id": "B", "node_type": 0, "upnode": "A", "subnodes": ["A"]}}})"),
        readVis);
    add(".vis node listed under two parents", "g.vis", "ok:tree",
        visFile(R"({"root": "M", "node": {"M": {"id": "M", "node_type": 0, "upnode": "None", "subnodes": ["A", "B"]}, )"
                R"("A": {"id": "A", "node_type": 0, "upnode": "M", "subnodes": ["B"]}, )"
                R"("B": {"id": "B", "node_type": 0, "upnode": "M", "subnodes": []}}})"),
        readVis);
    add(".vis truncated gzip", "g.vis", "error:g.vis",
        visFile(QByteArray("\x1f\x8b\x08\x00\x00\x00\x00\x00", 8) + "garbage"), readVis);
    add(
        ".vis.db with missing tables", "g.vis.db", "error:is missing",
        [](Ctx& c) {
            ps::SqliteDb db(str(c.in + QStringLiteral("/g.vis.db")), ps::SqliteDb::Mode::Create);
            db.exec("CREATE TABLE tb_config (id TEXT);");
            db.close();
        },
        [](Ctx& c) {
            (void)ps::readVisDb(str(c.in + QStringLiteral("/g.vis.db")));
            return QStringLiteral("read");
        });
    add(
        ".vis.db that is not SQLite", "g.vis.db", "error:not a SQLite database",
        [](Ctx& c) { writeFile(c.in + QStringLiteral("/g.vis.db"), "SQLite format 2\nnope"); },
        [](Ctx& c) {
            (void)ps::readVisDb(str(c.in + QStringLiteral("/g.vis.db")));
            return QStringLiteral("read");
        });

    // Layer mapping: msprobe only warns when the YAML cannot be parsed.
    add("layer mapping YAML that is a list", "", "ok:layer mapping file parsing failed", [](Ctx& c) {
        goodPair(c);
        writeFile(c.in + QStringLiteral("/map.yaml"), "- a\n- b\n");
        c.layerMappingFile = str(c.in + QStringLiteral("/map.yaml"));
    });
    add("layer mapping YAML with a tab and a bad indent", "", "ok:layer mapping file parsing failed", [](Ctx& c) {
        goodPair(c);
        writeFile(c.in + QStringLiteral("/map.yaml"), "TopLayer:\n\t a: [b\n");
        c.layerMappingFile = str(c.in + QStringLiteral("/map.yaml"));
    });
    add(
        "layer mapping YAML read directly", "map.yaml", "error:map.yaml",
        [](Ctx& c) { writeFile(c.in + QStringLiteral("/map.yaml"), "TopLayer: [a, b\n"); },
        [](Ctx& c) {
            (void)ps::LayerMappingRules::load(str(c.in + QStringLiteral("/map.yaml")));
            return QStringLiteral("read");
        });
    // fuzz_layer_mapping: yaml-cpp 0.7's LoadAll never returned on this file; the own YAML subset reader refuses it.
    add(
        "layer mapping YAML on which yaml-cpp hung", "hang.yaml", "error:hang.yaml: line 2: a name cannot start",
        [](Ctx& c) {
            QFile::copy(testData("bad_inputs/layer_mapping_yaml_cpp_hang.yaml"), c.in + QStringLiteral("/hang.yaml"));
        },
        [](Ctx& c) {
            (void)ps::LayerMappingRules::load(str(c.in + QStringLiteral("/hang.yaml")));
            return QStringLiteral("read");
        });
    add("layer mapping YAML on which yaml-cpp hung, through -lm", "", "ok:hang.yaml: line 2", [](Ctx& c) {
        goodPair(c);
        QFile::copy(testData("bad_inputs/layer_mapping_yaml_cpp_hang.yaml"), c.in + QStringLiteral("/hang.yaml"));
        c.layerMappingFile = str(c.in + QStringLiteral("/hang.yaml"));
    });
    add(
        "layer mapping YAML with an alias bomb", "bomb.yaml", "error:bomb.yaml: line 1: anchors (&) are not supported",
        [](Ctx& c) {
            QByteArray text = "a: &a [x, x]\n";
            for (char k = 'b'; k <= 'z'; ++k)
                text += QByteArray(1, k) + ": &" + QByteArray(1, k) + " [*" + QByteArray(1, char(k - 1)) + ", *"
                    + QByteArray(1, char(k - 1)) + "]\n";
            writeFile(c.in + QStringLiteral("/bomb.yaml"), text);
        },
        [](Ctx& c) {
            (void)ps::LayerMappingRules::load(str(c.in + QStringLiteral("/bomb.yaml")));
            return QStringLiteral("read");
        });
    add(
        "layer mapping YAML nested 1000 deep", "deep.yaml", "error:deep.yaml: line 33: mappings nested deeper",
        [](Ctx& c) {
            QByteArray text;
            for (int depth = 0; depth < 1000; ++depth)
                text += QByteArray(depth, ' ') + "k:\n";
            writeFile(c.in + QStringLiteral("/deep.yaml"), text);
        },
        [](Ctx& c) {
            (void)ps::LayerMappingRules::load(str(c.in + QStringLiteral("/deep.yaml")));
            return QStringLiteral("read");
        });
    add(
        "layer mapping YAML with two documents", "two.yaml", "error:two.yaml: line 3: only one YAML document",
        [](Ctx& c) { writeFile(c.in + QStringLiteral("/two.yaml"), "TopLayer:\n  a: b\n---\nTopLayer:\n  a: c\n"); },
        [](Ctx& c) {
            (void)ps::LayerMappingRules::load(str(c.in + QStringLiteral("/two.yaml")));
            return QStringLiteral("read");
        });
    return v;
}

} // namespace

class TestBadInputs : public QObject {
    Q_OBJECT
private slots:
    void catalogue_data() { addCatalogueRows(cases()); }
    void catalogue() { runCatalogueRow(cases()); }

    void atLeastFortyCases() { QVERIFY(cases().size() >= 40); }
};

QTEST_GUILESS_MAIN(TestBadInputs)
#include "tst_bad_inputs.moc"
