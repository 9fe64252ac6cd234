// Layer mapping: the op-level name map, the scope rules it rests on, the YAML rules and the fallback.
#include "batch/engine.h"
#include "match/layer_mapping.h"
#include "match/layer_mapping_rules.h"
#include "match/layer_scope.h"

#include "test_dumps.h"
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <QtTest>
#include <algorithm>
#include <cctype>
#include <optional>
#include <random>

namespace {

using testdumps::writeFile;

const QByteArray kTensor = "{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": [2, 4], "
                           "\"Max\": 1.0, \"Min\": -1.0, \"Mean\": 0.1, \"Norm\": 2.0, \"requires_grad\": false}";
const QByteArray kRecord = "{\"input_args\": [" + kTensor + "], \"output\": [" + kTensor + "]}";
// A typical PyTorch API stack: the hook template, then torch's own `in forward,` line (spec: region is empty).
const QByteArray kApiStack
    = "[\"File /x/msprobe/pytorch/hook_module/wrap_functional.py, line 1, in functional_op_template, \\n return "
      "FunctionalOPTemplate(op)()\", "
      "\"File /usr/lib/python3/site-packages/torch/nn/modules/sparse.py, line 163, in forward, \\n r\", "
      "\"File /home/user/model.py, line 5, in forward, \\n x\"]";

// One dump folder: records in order with their construct.json parents ("" = none).
QString writeDump(const QString& dir, const QList<QPair<QByteArray, QByteArray>>& records)
{
    QByteArray data = "{", construct = "{", stack = "{";
    bool first = true;
    for (const auto& [name, parent] : records) {
        data += QByteArray(first ? "" : ", ") + "\"" + name + "\": " + kRecord;
        construct += QByteArray(first ? "" : ", ") + "\"" + name
            + "\": " + (parent.isEmpty() ? "null" : "\"" + parent + "\"");
        stack += QByteArray(first ? "" : ", ") + "\"" + name + "\": " + kApiStack;
        first = false;
    }
    writeFile(dir + "/dump.json",
        "{\"task\": \"statistics\", \"level\": \"mix\", \"framework\": \"pytorch\", \"dump_data_dir\": null, \"data\": "
            + data + "}}");
    writeFile(dir + "/construct.json", construct + "}");
    writeFile(dir + "/stack.json", stack + "}");
    return dir;
}

// An example checked against msprobe: NPU GPTModel > TransformerLanguageModel > Embedding > embedding API; the Bench
// lacks the language_model level and names its modules differently.
void writeVerifiedExample(const QString& root)
{
    writeDump(root + "/npu",
        { { "Module.module.GPTModel.forward.0", "" },
            { "Module.module.language_model.TransformerLanguageModel.forward.0", "Module.module.GPTModel.forward.0" },
            { "Module.module.language_model.embedding.Embedding.forward.0",
                "Module.module.language_model.TransformerLanguageModel.forward.0" },
            { "Functional.embedding.0.forward", "Module.module.language_model.embedding.Embedding.forward.0" } });
    writeDump(root + "/bench",
        { { "Module.model.GPT2Model.forward.0", "" },
            { "Module.model.embedding.LanguageModelEmbedding.forward.0", "Module.model.GPT2Model.forward.0" },
            { "Functional.embedding.3.forward", "Module.model.embedding.LanguageModelEmbedding.forward.0" } });
}

const QByteArray kVerifiedYaml = "TopLayer:\n  module: model\nGPTModel:\n  language_model.embedding: embedding\n";

std::string str(const QString& s)
{
    return s.toStdString();
}

QStringList linkOf(const ps::Comparison& c, ps::Side side, const char* node)
{
    const ps::Graph& g = c.graph(side);
    ps::NodeId n = g.find(node);
    if (n == ps::kNoNode)
        return { "<missing>" };
    ps::NodeId other = c.counterpart[size_t(side)][n];
    if (other == ps::kNoNode)
        return {};
    const ps::Graph& og = c.graph(side == ps::Side::Npu ? ps::Side::Bench : ps::Side::Npu);
    QStringList out;
    for (ps::NodeId a : og.ancestors(other))
        out << QString::fromStdString(std::string(og.nameOf(a)));
    out << QString::fromStdString(std::string(og.nameOf(other)));
    return out;
}

// msprobe's renumber_index_pass as it reads (prefixes x items, regex semantics by hand): the reference the fast
// pass (core/match/layer_renumber.cpp) must agree with.
std::optional<std::string_view> segmentAfterRef(std::string_view scope, std::string_view prefix)
{
    if (scope.size() <= prefix.size() || scope.substr(0, prefix.size()) != prefix || scope[prefix.size()] != '.')
        return std::nullopt;
    for (size_t end = prefix.size() + 1; end < scope.size(); ++end) {
        if (std::isspace(static_cast<unsigned char>(scope[end])))
            return std::nullopt;
        if (end + 1 == scope.size() || scope[end + 1] == '.')
            return scope.substr(prefix.size() + 1, end - prefix.size());
    }
    return std::nullopt;
}

std::optional<long long> lastNumberRef(std::string_view scope, std::string_view prefix)
{
    auto segment = segmentAfterRef(scope, prefix);
    if (!segment)
        return std::nullopt;
    std::optional<long long> last;
    for (size_t i = 0; i < segment->size();) {
        if (!std::isdigit(static_cast<unsigned char>((*segment)[i]))) {
            ++i;
            continue;
        }
        long long v = 0;
        for (; i < segment->size() && std::isdigit(static_cast<unsigned char>((*segment)[i])); ++i)
            v = v * 10 + ((*segment)[i] - '0');
        last = v;
    }
    return last;
}

void renumberRef(std::vector<ps::LayerScopeItem>& items, const std::string& typeName, const std::string& suffix)
{
    std::vector<std::string> prefixes;
    for (const auto& item : items) {
        std::string prefix = item.fullScope + "." + suffix;
        if (item.typeName == typeName && std::find(prefixes.begin(), prefixes.end(), prefix) == prefixes.end())
            prefixes.push_back(prefix);
    }
    std::vector<std::optional<long long>> minimum(prefixes.size());
    for (size_t p = 0; p < prefixes.size(); ++p)
        for (const auto& item : items)
            if (auto v = lastNumberRef(item.fullScope, prefixes[p]); v && (!minimum[p] || *v < *minimum[p]))
                minimum[p] = v;
    for (size_t p = 0; p < prefixes.size(); ++p)
        for (auto& item : items) {
            auto segment = segmentAfterRef(item.fullScope, prefixes[p]);
            if (!segment)
                continue;
            auto v = lastNumberRef(item.fullScope, prefixes[p]);
            std::string replacement;
            if (v && minimum[p])
                replacement = std::to_string(*v - *minimum[p]);
            else if (!v && !minimum[p])
                replacement = "nan";
            else
                continue;
            item.fullScope.replace(prefixes[p].size() + 1, segment->size(), replacement);
        }
}

} // namespace

class TestLayerMapping : public QObject {
    Q_OBJECT
private slots:
    void verifiedExampleNameMap_data()
    {
        QTest::addColumn<QString>("npu");
        QTest::addColumn<QString>("bench");
        QTest::newRow("TopLayer rule maps the outer module") << "Module.module.GPTModel.forward.0"
                                                             << "Module.model.GPT2Model.forward.0";
        QTest::newRow("a level the Bench lacks is N/A")
            << "Module.module.language_model.TransformerLanguageModel.forward.0"
            << "N/A";
        QTest::newRow("a two-segment rule skips that level")
            << "Module.module.language_model.embedding.Embedding.forward.0"
            << "Module.model.embedding.LanguageModelEmbedding.forward.0";
        QTest::newRow("APIs pair by position in the mapped layer") << "Functional.embedding.0.forward"
                                                                   << "Functional.embedding.3.forward";
    }
    void verifiedExampleNameMap()
    {
        QFETCH(QString, npu);
        QFETCH(QString, bench);
        QTemporaryDir dir;
        writeVerifiedExample(dir.path());
        writeFile(dir.path() + "/mapping.yaml", kVerifiedYaml);
        std::vector<std::string> warnings;
        auto map = ps::buildLayerNameMap(str(dir.path() + "/npu"), str(dir.path() + "/bench"),
            *ps::readLayerMapping(str(dir.path() + "/mapping.yaml"), true), warnings);
        QVERIFY2(warnings.empty(), warnings.empty() ? "" : warnings.front().c_str());
        QCOMPARE(map.size(), size_t(4));
        QCOMPARE(QString::fromStdString(map.at(str(npu))), bench);
    }

    void verifiedExampleLinks_data()
    {
        QTest::addColumn<int>("side");
        QTest::addColumn<QString>("node");
        QTest::addColumn<QStringList>("link");
        QTest::newRow("NPU link = Bench ancestors + bench id")
            << int(ps::Side::Npu) << "Module.module.language_model.embedding.Embedding.forward.0"
            << QStringList { "DefaultModel", "Module.model.GPT2Model.forward.0",
                   "Module.model.embedding.LanguageModelEmbedding.forward.0" };
        QTest::newRow("Bench link = NPU path")
            << int(ps::Side::Bench) << "Module.model.embedding.LanguageModelEmbedding.forward.0"
            << QStringList { "DefaultModel", "Module.module.GPTModel.forward.0",
                   "Module.module.language_model.TransformerLanguageModel.forward.0",
                   "Module.module.language_model.embedding.Embedding.forward.0" };
        QTest::newRow("N/A never matches")
            << int(ps::Side::Npu) << "Module.module.language_model.TransformerLanguageModel.forward.0"
            << QStringList {};
        QTest::newRow("root falls back to the same id")
            << int(ps::Side::Npu) << "DefaultModel" << QStringList { "DefaultModel" };
    }
    void verifiedExampleLinks()
    {
        QFETCH(int, side);
        QFETCH(QString, node);
        QFETCH(QStringList, link);
        QTemporaryDir dir;
        writeVerifiedExample(dir.path());
        writeFile(dir.path() + "/mapping.yaml", kVerifiedYaml);
        ps::EngineOptions options;
        options.layerMapping = ps::readLayerMapping(str(dir.path() + "/mapping.yaml"), true);
        std::vector<std::string> warnings;
        auto c = ps::runPair(str(dir.path() + "/npu"), str(dir.path() + "/bench"), options, warnings);
        QCOMPARE(linkOf(*c, ps::Side(side), qPrintable(node)), link);
    }

    void parallelTransformerRenumbering_data()
    {
        QTest::addColumn<QStringList>("scopes"); // first one is the ParallelTransformer item
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("pipeline stage numbering starts at zero")
            << QStringList { "Module.module.encoder", "Module.module.encoder.layers.4.mlp",
                   "Module.module.encoder.layers.5" }
            << QStringList { "Module.module.encoder", "Module.module.encoder.layers.0.mlp",
                   "Module.module.encoder.layers.1" };
        QTest::newRow("the last number of the segment counts") << QStringList { "M.enc", "M.enc.layers.block2x12.a",
            "M.enc.layers.block3x13" } << QStringList { "M.enc", "M.enc.layers.0.a", "M.enc.layers.1" };
        QTest::newRow("no number anywhere gives nan as msprobe does")
            << QStringList { "M.enc", "M.enc.layers.first.a" } << QStringList { "M.enc", "M.enc.layers.nan.a" };
        QTest::newRow("other scopes are left alone") << QStringList { "M.enc", "M.enc.layers.3", "M.other.layers.7" }
                                                     << QStringList { "M.enc", "M.enc.layers.0", "M.other.layers.7" };
    }
    void parallelTransformerRenumbering()
    {
        QFETCH(QStringList, scopes);
        QFETCH(QStringList, expected);
        std::vector<ps::LayerScopeItem> items;
        for (int i = 0; i < scopes.size(); ++i)
            items.push_back(
                { "item" + std::to_string(i), i == 0 ? "ParallelTransformer" : "Linear", "forward", str(scopes[i]) });
        ps::renumberLayerIndices(items, "ParallelTransformer", "layers");
        QStringList got;
        for (const auto& item : items)
            got << QString::fromStdString(item.fullScope);
        QCOMPARE(got, expected);
    }

    // Random scopes over a small alphabet (digits, empty segments, blanks, "layers") so that prefixes overlap, later
    // prefixes see earlier rewrites and renamed layers merge: the trie pass agrees with msprobe's loops.
    void renumberingAgreesWithMsprobesLoops()
    {
        std::mt19937 rng(17);
        int rewritten = 0; // rounds in which msprobe's pass changed a scope
        const char* const segs[] = { "M", "e", "layers", "layers", "0", "1", "2", "7", "b3", "x 1", "", "nan" };
        for (int round = 0; round < 10000; ++round) {
            std::vector<ps::LayerScopeItem> items;
            const int count = 1 + int(rng() % 12);
            for (int i = 0; i < count; ++i) {
                std::string scope = "M";
                const int depth = int(rng() % 6);
                for (int d = 0; d < depth; ++d)
                    scope += std::string(".") + segs[rng() % std::size(segs)];
                items.push_back(
                    { "i" + std::to_string(i), rng() % 3 ? "Linear" : "ParallelTransformer", "forward", scope });
            }
            auto expected = items;
            renumberRef(expected, "ParallelTransformer", "layers");
            auto before = items;
            for (size_t i = 0; i < items.size(); ++i)
                if (expected[i].fullScope != before[i].fullScope) {
                    ++rewritten;
                    break;
                }
            ps::renumberLayerIndices(items, "ParallelTransformer", "layers");
            for (size_t i = 0; i < items.size(); ++i)
                if (items[i].fullScope != expected[i].fullScope) {
                    QString all;
                    for (const auto& item : before)
                        all += QString::fromStdString(item.typeName + " " + item.fullScope + "\n");
                    QFAIL(qPrintable(QStringLiteral("%1\nitem %2: %3, msprobe: %4")
                                         .arg(all)
                                         .arg(i)
                                         .arg(QString::fromStdString(items[i].fullScope))
                                         .arg(QString::fromStdString(expected[i].fullScope))));
                }
        }
        QVERIFY2(rewritten > 1000, qPrintable(QString::number(rewritten)));
    }

    void parallelTransformerPipelineStageMaps()
    {
        // NPU stage 2 numbers its layers globally (4, 5), the Bench locally (0, 1): renumbering aligns them.
        QTemporaryDir dir;
        auto stage = [&](const QString& sub, int first) {
            QByteArray top = "Module.module.encoder.ParallelTransformer.forward.0";
            QList<QPair<QByteArray, QByteArray>> records { { top, "" } };
            for (int k = first; k < first + 2; ++k)
                records.append(
                    { "Module.module.encoder.layers." + QByteArray::number(k) + ".ParallelTransformerLayer.forward.0",
                        top });
            writeDump(dir.path() + sub, records);
        };
        stage("/npu", 4);
        stage("/bench", 0);
        writeFile(dir.path() + "/m.yaml", "TopLayer:\n  module: module\n");
        std::vector<std::string> warnings;
        auto map = ps::buildLayerNameMap(str(dir.path() + "/npu"), str(dir.path() + "/bench"),
            *ps::readLayerMapping(str(dir.path() + "/m.yaml"), true), warnings);
        QCOMPARE(QString::fromStdString(map.at("Module.module.encoder.layers.5.ParallelTransformerLayer.forward.0")),
            QString("Module.module.encoder.layers.1.ParallelTransformerLayer.forward.0"));
    }

    void yamlSuffix_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<bool>("accepted");
        QTest::newRow(".yaml as msprobe") << "mapping.yaml" << true;
        QTest::newRow(".yml accepted (deviation)") << "mapping.yml" << true;
        QTest::newRow("other suffix falls back") << "mapping.txt" << false;
    }
    void yamlSuffix()
    {
        QFETCH(QString, fileName);
        QFETCH(bool, accepted);
        QTemporaryDir dir;
        writeVerifiedExample(dir.path());
        writeFile(dir.path() + "/" + fileName, kVerifiedYaml);
        std::vector<std::string> warnings;
        auto map = ps::buildLayerNameMap(str(dir.path() + "/npu"), str(dir.path() + "/bench"),
            *ps::readLayerMapping(str(dir.path() + "/" + fileName), true), warnings);
        QCOMPARE(!map.empty(), accepted);
        QCOMPARE(warnings.empty(), accepted);
    }

    void brokenYamlWarnsWithLineAndFallsBack_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("where");
        QTest::newRow("unclosed flow sequence")
            << QByteArray("TopLayer:\n  module: model\nGPTModel: [oops\n") << "line 3";
        QTest::newRow("rules must be a mapping")
            << QByteArray("TopLayer:\n  module: model\nGPTModel: embedding\n") << "line 3";
        QTest::newRow("empty rules fail as in msprobe") << QByteArray("TopLayer:\nGPTModel:\n  a: b\n") << "line 1";
        QTest::newRow("boolean child name (YAML 1.1 yes)")
            << QByteArray("TopLayer:\n  module: model\n  yes: model\n") << "line 3";
        QTest::newRow("integer child name") << QByteArray("TopLayer:\n  module: model\n  0: layer\n") << "line 3";
        QTest::newRow("top level list") << QByteArray("- TopLayer\n") << "line 1";
        QTest::newRow("empty file") << QByteArray("# nothing\n") << "no mapping rules";
    }
    void brokenYamlWarnsWithLineAndFallsBack()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, where);
        QTemporaryDir dir;
        writeVerifiedExample(dir.path());
        writeFile(dir.path() + "/mapping.yaml", yaml);
        ps::EngineOptions options;
        options.layerMapping = ps::readLayerMapping(str(dir.path() + "/mapping.yaml"), true);
        std::vector<std::string> warnings;
        auto c = ps::runPair(str(dir.path() + "/npu"), str(dir.path() + "/bench"), options, warnings);
        QCOMPARE(warnings.size(), size_t(1));
        QString w = QString::fromStdString(warnings[0]);
        QVERIFY2(w.startsWith("The layer mapping file parsing failed"), qPrintable(w));
        QVERIFY2(w.contains("mapping.yaml: " + where) || (where.startsWith("no") && w.contains(where)), qPrintable(w));
        // Default matching: nothing but the root pairs across the differently named models.
        QCOMPARE(linkOf(*c, ps::Side::Npu, "Module.module.GPTModel.forward.0"), QStringList {});
        QCOMPARE(linkOf(*c, ps::Side::Npu, "DefaultModel"), QStringList { "DefaultModel" });
    }

    void doubtfulRulesWarnButStillMap()
    {
        QTemporaryDir dir;
        writeVerifiedExample(dir.path());
        writeFile(dir.path() + "/mapping.yaml", kVerifiedYaml + "  language_model.embedding: embedding\n");
        std::vector<std::string> warnings;
        auto map = ps::buildLayerNameMap(str(dir.path() + "/npu"), str(dir.path() + "/bench"),
            *ps::readLayerMapping(str(dir.path() + "/mapping.yaml"), true), warnings);
        QCOMPARE(warnings.size(), size_t(1));
        QVERIFY2(
            QString::fromStdString(warnings[0]).contains("mapping.yaml: line 5: the NPU child"), warnings[0].c_str());
        QCOMPARE(map.at("Functional.embedding.0.forward"), std::string("Functional.embedding.3.forward"));
    }

    void emptyStackFallsBackToDefault()
    {
        QTemporaryDir dir;
        writeVerifiedExample(dir.path());
        writeFile(dir.path() + "/npu/stack.json", "{}");
        writeFile(dir.path() + "/mapping.yaml", kVerifiedYaml);
        std::vector<std::string> warnings;
        auto map = ps::buildLayerNameMap(str(dir.path() + "/npu"), str(dir.path() + "/bench"),
            *ps::readLayerMapping(str(dir.path() + "/mapping.yaml"), true), warnings);
        QVERIFY(map.empty());
        QVERIFY(warnings.empty());
    }

    void frameStackScope_data()
    {
        QTest::addColumn<QStringList>("lines");
        QTest::addColumn<QString>("scope");
        QTest::newRow("template then torch forward: empty region")
            << QStringList { "File /a/msprobe/wrap.py, line 1, in op_template, \n return OPTemplate(op)(*args)",
                   "File /p/site-packages/torch/nn/modules/linear.py, line 2, in forward, \n r" }
            << "";
        QTest::newRow("last framework line before user code names the function")
            << QStringList { "File /a/msprobe/wrap.py, line 1, in op_template, \n return OPTemplate(op)(*args)",
                   "File /p/site-packages/torch/nn/functional.py, line 9, in dropout, \n r",
                   "File /p/site-packages/torch/nn/functional.py, line 8, in helper, \n r",
                   "File /home/u/model.py, line 3, in block, \n r", "File /home/u/model.py, line 4, in forward, \n r" }
            << "helper";
        QTest::newRow("no Template line: the first line is user code, no framework function")
            << QStringList { "File /a/msprobe/wrap.py, line 1, in op_template, \n r",
                   "File /p/site-packages/torch/nn/functional.py, line 8, in helper, \n r",
                   "File /home/u/model.py, line 4, in forward, \n r" }
            << "";
        QTest::newRow("__call__ lines are skipped")
            << QStringList { "File /a/msprobe/wrap.py, line 1, in op_template, \n return OPTemplate(op)(*args)",
                   "File /p/site-packages/torch/nn/modules/module.py, line 9, in __call__, \n r",
                   "File /home/u/model.py, line 4, in forward, \n r" }
            << "";
    }
    void frameStackScope()
    {
        QFETCH(QStringList, lines);
        QFETCH(QString, scope);
        std::vector<std::string> storage;
        for (const QString& l : lines)
            storage.push_back(str(l));
        std::vector<std::string_view> views(storage.begin(), storage.end());
        QCOMPARE(QString::fromStdString(ps::frameStackScope(views, ps::DumpFramework::PyTorch, "stack.json")), scope);
    }

    void rulesRoundTripAndValidate()
    {
        QTemporaryDir dir;
        auto rules = ps::LayerMappingRules::parse(
            "TopLayer:\n  module: model\nGPTModel:\n  language_model.embedding: embedding\n  a..b: c\n  a..b: d\n",
            "m.yaml");
        QCOMPARE(rules.classes.size(), size_t(2));
        QCOMPARE(rules.classes[1].rules[0].line, 4);
        auto messages = rules.validate();
        QCOMPARE(messages.size(), size_t(3)); // empty segment twice, then the duplicate
        QCOMPARE(messages.back().line, 6);
        auto table = rules.candidateTable();
        std::vector<std::string_view> segs { "a", "", "b", "x" };
        QCOMPARE(table.at("GPTModel").longest(segs)->target, std::string("d")); // last value wins
        QCOMPARE(table.at("GPTModel").longest(segs)->segments, size_t(3));
        QString path = dir.path() + "/saved.yml";
        rules.save(str(path));
        auto again = ps::LayerMappingRules::load(str(path));
        QCOMPARE(again.classes.size(), size_t(2));
        QCOMPARE(again.classes[1].rules[0].source, std::string("language_model.embedding"));
        QCOMPARE(again.classes[1].rules[0].target, std::string("embedding"));
    }

    void savedNamesLoadBackAsNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("integer-looking child") << "0";
        QTest::newRow("boolean-looking child") << "yes";
        QTest::newRow("null-looking child") << "~";
        QTest::newRow("float-looking child") << "1.5";
        QTest::newRow("colon in a name") << "a: b";
        QTest::newRow("plain name") << "ln_f";
    }
    void savedNamesLoadBackAsNames()
    {
        QFETCH(QString, name);
        ps::LayerMappingRules rules;
        rules.classes.push_back({ "TopLayer", { { str(name), str(name), 0 } }, 0 });
        auto again = ps::LayerMappingRules::parse(rules.toYaml(), "saved.yaml");
        QCOMPARE(QString::fromStdString(again.classes.at(0).rules.at(0).source), name);
        QCOMPARE(QString::fromStdString(again.classes.at(0).rules.at(0).target), name);
    }

    void legacyCellKeyStandsForTopLayer()
    {
        auto rules = ps::LayerMappingRules::parse("Cell:\n  module: model\n", "m.yaml");
        auto table = rules.candidateTable();
        std::vector<std::string_view> segs { "module" };
        QCOMPARE(table.at("TopLayer").longest(segs)->target, std::string("model"));
        QVERIFY(!table.count("Cell"));
    }
};

QTEST_GUILESS_MAIN(TestLayerMapping)
#include "tst_layer_mapping.moc"
