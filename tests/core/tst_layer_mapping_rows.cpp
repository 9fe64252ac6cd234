// The layer-mapping editor's core: rows <-> rules, the checks that block Apply, YAML round trip of the real
// case's mapping, and the saved file accepted by the engine's -lm path.
#include "batch/engine.h"
#include "compare/layer_mapping_rows.h"
#include "match/layer_mapping.h"
#include "match/layer_mapping_rules.h"

#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kCase = QStringLiteral(PROBESCOPE_CASES "/gpt_layermap_mix_statistics");

std::string str(const QString& s)
{
    return s.toStdString();
}

} // namespace

class TestLayerMappingRows : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void caseMappingRoundTrips()
    {
        const auto rules = ps::LayerMappingRules::load(str(kCase + "/mapping.yaml"));
        const auto rows = ps::layerMappingRows(rules);
        QCOMPARE(rows.size(), size_t(9));
        QCOMPARE(rows.front(), (ps::LayerMappingRow { "TopLayer", "layers", "h" }));
        QTemporaryDir dir;
        const QString saved = dir.filePath("edited.yaml");
        ps::layerMappingRulesFromRows(rows).save(str(saved));
        const auto again = ps::LayerMappingRules::load(str(saved));
        QCOMPARE(ps::layerMappingRows(again), rows);
        QCOMPARE(again.toYaml(), rules.toYaml());
    }

    void savedFileMatchesLikeTheOriginal()
    {
        const std::string npu = str(kCase + "/npu/step0/rank"), bench = str(kCase + "/bench/step0/rank");
        ps::EngineOptions plain;
        std::vector<std::string> warnings;
        const size_t before = ps::matchedNodeCount(*ps::runPair(npu, bench, plain, warnings));

        ps::EngineOptions original;
        const std::string mapping = str(kCase + "/mapping.yaml");
        original.layerMapping = ps::readLayerMapping(mapping, true);
        const size_t reference = ps::matchedNodeCount(*ps::runPair(npu, bench, original, warnings));

        QTemporaryDir dir;
        const QString saved = dir.filePath("edited.yaml");
        ps::layerMappingRulesFromRows(ps::layerMappingRows(ps::LayerMappingRules::load(mapping))).save(str(saved));
        ps::EngineOptions edited;
        edited.layerMapping = ps::readLayerMapping(str(saved), true);
        warnings.clear();
        const size_t after = ps::matchedNodeCount(*ps::runPair(npu, bench, edited, warnings));
        QVERIFY2(warnings.empty(), warnings.empty() ? "" : warnings.front().c_str());
        QVERIFY(reference > before);
        QCOMPARE(after, reference);
        qInfo("matched NPU nodes: %zu without mapping, %zu with it", before, after);
    }

    void rulesAsDataMatchLikeTheFile()
    {
        // The GUI hands the engine its rules, not a file: the comparison must be the one the YAML gives.
        const std::string npu = str(kCase + "/npu/step0/rank"), bench = str(kCase + "/bench/step0/rank");
        ps::EngineOptions fromFile;
        const std::string mapping = str(kCase + "/mapping.yaml");
        fromFile.layerMapping = ps::readLayerMapping(mapping, true);
        std::vector<std::string> warnings;
        const auto expected = ps::runPair(npu, bench, fromFile, warnings);

        ps::EngineOptions asData;
        asData.layerMapping = ps::layerMappingOf(
            ps::layerMappingRulesFromRows(ps::layerMappingRows(ps::LayerMappingRules::load(mapping))),
            "the layer mapping");
        warnings.clear();
        const auto actual = ps::runPair(npu, bench, asData, warnings);
        QVERIFY2(warnings.empty(), warnings.empty() ? "" : warnings.front().c_str());
        QCOMPARE(actual->counterpart, expected->counterpart);
        QVERIFY(ps::matchedNodeCount(*actual) > 0);
    }

    void rowsGroupByClassInFirstAppearanceOrder()
    {
        const std::vector<ps::LayerMappingRow> rows { { "A", "x", "y" }, { "B", "p", "q" }, { "A", "z", "w" } };
        const auto rules = ps::layerMappingRulesFromRows(rows);
        QCOMPARE(rules.classes.size(), size_t(2));
        QCOMPARE(rules.classes[0].className, std::string("A"));
        QCOMPARE(rules.classes[0].rules.size(), size_t(2));
        QCOMPARE(rules.classes[0].rules[1].source, std::string("z"));
    }

    void malformedPaths_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("ok");
        QTest::newRow("simple") << "dense" << true;
        QTest::newRow("dotted") << "language_model.embedding" << true;
        QTest::newRow("index") << "layers.0" << true;
        QTest::newRow("empty") << "" << false;
        QTest::newRow("empty segment") << "a..b" << false;
        QTest::newRow("leading dot") << ".a" << false;
        QTest::newRow("trailing dot") << "a." << false;
        QTest::newRow("space") << "a b" << false;
        QTest::newRow("tab") << "a\tb" << false;
        QTest::newRow("slash") << "a/b" << false;
        QTest::newRow("colon") << "a:b" << false;
    }
    void malformedPaths()
    {
        QFETCH(QString, path);
        QFETCH(bool, ok);
        QCOMPARE(ps::layerMappingPathProblem(str(path)).empty(), ok);
    }

    void checksBlockUnknownClassMalformedAndDuplicate()
    {
        const std::set<std::string> known { "TopLayer", "ParallelMLP" };
        const std::vector<ps::LayerMappingRow> rows {
            { "TopLayer", "layers", "h" }, // fine
            { "NoSuchClass", "a", "b" }, // unknown class
            { "ParallelMLP", "dense h", "c_fc" }, // whitespace
            { "ParallelMLP", "x", "c..proj" }, // empty target segment
            { "TopLayer", "layers", "blocks" }, // duplicate source
            { "ParallelMLP", "layers", "h" }, // same source, other class: fine
        };
        const auto issues = ps::checkLayerMappingRows(rows, known);
        QCOMPARE(issues.size(), size_t(4));
        QCOMPARE(issues[0].row, 1);
        QCOMPARE(issues[0].column, ps::LayerMappingColumn::Class);
        QCOMPARE(issues[1].row, 2);
        QCOMPARE(issues[1].column, ps::LayerMappingColumn::Source);
        QCOMPARE(issues[2].row, 3);
        QCOMPARE(issues[2].column, ps::LayerMappingColumn::Target);
        QCOMPARE(issues[3].row, 4);
        QVERIFY(QString::fromStdString(issues[3].text).contains("already mapped"));
        // Without a graph there is nothing to check class names against.
        QCOMPARE(ps::checkLayerMappingRows({ { "Anything", "a", "b" } }, {}).size(), size_t(0));
    }

    void vocabularyFromTheUnmappedComparison()
    {
        std::vector<std::string> warnings;
        const auto cmp = ps::runPair(str(kCase + "/npu/step0/rank"), str(kCase + "/bench/step0/rank"), {}, warnings);
        const auto v = ps::layerMappingVocabulary(*cmp);
        for (const char* cls : { "TopLayer", "ParallelTransformerLayer", "ParallelAttention", "ParallelMLP" })
            QVERIFY2(v.npuClasses.count(cls), cls);
        QVERIFY(!v.npuClasses.count("Block")); // a Bench class
        QVERIFY(v.npuSegments.count("self_attention"));
        QVERIFY(v.benchSegments.count("attn"));
        QVERIFY(!v.npuSegments.count("0")); // layer indices are not names
        QVERIFY(!v.npuSegments.count("wte")); // matched without a mapping
    }
};

QTEST_GUILESS_MAIN(TestLayerMappingRows)
#include "tst_layer_mapping_rows.moc"
