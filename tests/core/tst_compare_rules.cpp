// Matching, metrics, precision index and overflow rules, checked end
// to end on small hand-made dumps.
#include "batch/engine.h"
#include "compare/row_metrics.h"
#include "io/json_reader.h"
#include "io/overflow.h"
#include "test_dumps.h"
#include "vis/item_format.h"
#include "vis/vis_writer.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace testdumps;

namespace {

// msprobe's documented example: a Linear module and its linear API; output Max is x on this side.
QByteArray linearDump(const char* outMax, const char* weightMean = "0.0")
{
    QByteArray x = tensor("[2, 3]", "1.0", "-1.0", "0.1", "2.0");
    QByteArray w = tensor("[4, 3]", "0.5", "-0.5", weightMean, "1.0");
    QByteArray out = tensor("[2, 4]", outMax, "-2.0", "0.25", "4.0");
    return "{\"Module.fc.Linear.forward.0\": {\"input_args\": [" + x + "], \"input_kwargs\": {}, \"output\": [" + out
        + "], \"parameters\": {\"weight\": " + w + "}}, \"Functional.linear.0.forward\": {\"input_args\": [" + x + ", "
        + w + ", null], \"input_kwargs\": {}, \"output\": [" + out + "]}}";
}

const QByteArray kLinearConstruct
    = R"({"Module.fc.Linear.forward.0": null, "Functional.linear.0.forward": "Module.fc.Linear.forward.0"})";

QJsonObject compareFolders(const QString& npu, const QString& bench, ps::EngineOptions options = {})
{
    std::vector<std::string> warnings;
    auto c = ps::runPair(npu.toStdString(), bench.toStdString(), options, warnings);
    std::string text = ps::visJson(*c);
    return QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
}

QJsonObject node(const QJsonObject& vis, const char* side, const char* name)
{
    return vis[QLatin1String(side)].toObject()[QStringLiteral("node")].toObject()[QLatin1String(name)].toObject();
}

} // namespace

class TestCompareRules : public QObject {
    Q_OBJECT
private slots:
    void miniExampleSummary()
    {
        QTemporaryDir dir;
        QString npu = writeDumpFolder(dir.filePath(QStringLiteral("npu")), linearDump("2.5"), kLinearConstruct);
        QString bench = writeDumpFolder(dir.filePath(QStringLiteral("bench")), linearDump("2.0"), kLinearConstruct);
        QJsonObject vis = compareFolders(npu, bench);
        QCOMPARE(vis[QStringLiteral("task")].toString(), QStringLiteral("summary"));
        QCOMPARE(vis[QStringLiteral("MicroSteps")].toInt(), 1);
        for (const char* name : { "Module.fc.Linear.forward.0", "Functional.linear.0.forward" }) {
            QJsonObject n = node(vis, "NPU", name);
            QCOMPARE(n[QStringLiteral("data")].toObject()[QStringLiteral("precision_index")].toDouble(), 0.25);
        }
        QJsonObject module = node(vis, "NPU", "Module.fc.Linear.forward.0");
        QJsonObject out = module[QStringLiteral("output_data")]
                              .toObject()[QStringLiteral("Module.fc.Linear.forward.0.output.0")]
                              .toObject();
        QCOMPARE(out[QStringLiteral("Max diff")].toString(), QStringLiteral("0.5"));
        QCOMPARE(out[QStringLiteral("MaxRelativeErr")].toString(), QStringLiteral("25.0%"));
        QJsonObject weight = module[QStringLiteral("input_data")]
                                 .toObject()[QStringLiteral("Module.fc.Linear.forward.0.parameters.weight")]
                                 .toObject();
        QCOMPARE(weight[QStringLiteral("MeanRelativeErr")].toString(), QStringLiteral("N/A"));
        QJsonObject api = node(vis, "NPU", "Functional.linear.0.forward");
        QJsonObject nullArg = api[QStringLiteral("input_data")]
                                  .toObject()[QStringLiteral("Functional.linear.0.forward.input.2")]
                                  .toObject();
        QCOMPARE(nullArg, QJsonObject({ { QStringLiteral("value"), QStringLiteral("null") } }));
        QJsonObject root = node(vis, "NPU", "DefaultModel");
        QCOMPARE(root[QStringLiteral("data")].toObject(), QJsonObject());
        QCOMPARE(root[QStringLiteral("matched_node_link")].toArray().size(), 1);
        QVERIFY(node(vis, "Bench", "Module.fc.Linear.forward.0")[QStringLiteral("data")].toObject().isEmpty());
    }

    void comparingWithItselfIsAllZero()
    {
        QTemporaryDir dir;
        QString npu = writeDumpFolder(dir.filePath(QStringLiteral("npu")), linearDump("2.5", "0.3"), kLinearConstruct);
        QJsonObject vis = compareFolders(npu, npu);
        QJsonObject nodes = vis[QStringLiteral("NPU")].toObject()[QStringLiteral("node")].toObject();
        for (auto it = nodes.begin(); it != nodes.end(); ++it) {
            QJsonObject data = it.value().toObject()[QStringLiteral("data")].toObject();
            if (data.contains(QStringLiteral("precision_index")))
                QCOMPARE(data[QStringLiteral("precision_index")].toDouble(), 0.0);
        }
    }

    void relativeErrorOfTwoThirds()
    {
        QTemporaryDir dir;
        auto dump = [](const char* v) {
            QByteArray t = tensor("[2]", v, v, v, v);
            return "{\"Tensor.x.0.forward\": {\"input_args\": [" + t + "], \"output\": [" + t + "]}}";
        };
        QByteArray construct = R"({"Tensor.x.0.forward": null})";
        QString npu = writeDumpFolder(dir.filePath(QStringLiteral("npu")), dump("1.0"), construct);
        QString bench = writeDumpFolder(dir.filePath(QStringLiteral("bench")), dump("3.0"), construct);
        QJsonObject n = node(compareFolders(npu, bench), "NPU", "Tensor.x.0.forward");
        QCOMPARE(
            n[QStringLiteral("data")].toObject()[QStringLiteral("precision_index")].toDouble(), 0.6666666666666665);
        QCOMPARE(n[QStringLiteral("output_data")]
                     .toObject()[QStringLiteral("Tensor.x.0.forward.output.0")]
                     .toObject()[QStringLiteral("NormRelativeErr")]
                     .toString(),
            QStringLiteral("66.666667%"));
    }

    void infinityAndNan()
    {
        auto metrics = [](const char* n, const char* b) {
            std::string text = std::string("{\"task\":\"statistics\",\"data\":{\"A.x.0.forward\":{\"output\":[") + n
                + "],\"input_args\":[" + b + "]}}}";
            auto d = ps::parseDumpJson(text, "dump.json");
            ps::ItemStats out, in;
            ps::itemStats(*d, d->items[1], out);
            ps::itemStats(*d, d->items[0], in);
            return ps::summaryMetrics(out, in);
        };
        auto m = metrics(tensor("[1]", "Infinity").constData(), tensor("[1]", "2.0").constData());
        QCOMPARE(QString::fromStdString(ps::formatScalar(m[0])), QStringLiteral("inf\t"));
        QCOMPARE(QString::fromStdString(ps::formatScalar(m[4])), QStringLiteral("inf%"));
        auto nan = metrics(tensor("[1]", "NaN", "NaN", "NaN", "NaN").constData(), tensor("[1]", "2.0").constData());
        for (const ps::PyScalar& v : nan)
            QCOMPARE(QString::fromStdString(v.s), QStringLiteral("Nan"));
        auto zero
            = metrics(tensor("[1]", "1.0", "1.0", "1.0").constData(), tensor("[1]", "1.0", "1.0", "0.0").constData());
        QCOMPARE(QString::fromStdString(zero[6].s), QStringLiteral("N/A"));
    }

    void md5Mode()
    {
        QTemporaryDir dir;
        auto dump = [](const char* md5) {
            QByteArray t = "{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": [2], \"Max\": 1.0, "
                           "\"Min\": 0.0, \"Mean\": 0.5, \"Norm\": 1.0, \"md5\": \""
                + QByteArray(md5) + "\"}";
            return "{\"Tensor.x.0.forward\": {\"input_args\": [" + t
                + ", {\"type\": \"int\", \"value\": 1}], "
                  "\"output\": ["
                + t + "]}}";
        };
        QByteArray construct = R"({"Tensor.x.0.forward": null})";
        QString a = writeDumpFolder(dir.filePath(QStringLiteral("a")), dump("0123abcd"), construct);
        QString b = writeDumpFolder(dir.filePath(QStringLiteral("b")), dump("ffffffff"), construct);
        QJsonObject same = compareFolders(a, a);
        QCOMPARE(same[QStringLiteral("task")].toString(), QStringLiteral("md5"));
        QJsonObject data = node(same, "NPU", "Tensor.x.0.forward")[QStringLiteral("data")].toObject();
        QCOMPARE(data[QStringLiteral("precision_index")].toInt(), 1);
        QCOMPARE(data[QStringLiteral("Result")].toString(), QStringLiteral("pass"));
        QJsonObject diff = node(compareFolders(a, b), "NPU", "Tensor.x.0.forward");
        QCOMPARE(
            diff[QStringLiteral("data")].toObject()[QStringLiteral("Result")].toString(), QStringLiteral("Different"));
        // The int argument's md5 is the CRC32 of str(1).
        QCOMPARE(diff[QStringLiteral("input_data")]
                     .toObject()[QStringLiteral("Tensor.x.0.forward.input.1")]
                     .toObject()[QStringLiteral("md5")]
                     .toString(),
            QStringLiteral("83dcefb7"));
        QJsonObject colors = same[QStringLiteral("Colors")].toObject();
        QCOMPARE(colors.keys().size(), 3);
        QVERIFY(!colors.contains(QStringLiteral("#FFDC7F")));
    }

    void fuzzyMatchRecountsApis()
    {
        QTemporaryDir dir;
        QByteArray t = tensor("[2]", "1.0");
        auto rec = [&](const char* name) {
            return "\"" + QByteArray(name) + "\": {\"input_args\": [" + t + "], \"output\": [" + t + "]}";
        };
        QByteArray npuDump = "{" + rec("Module.layer.Block.forward.0") + ", " + rec("Torch.matmul.3.forward") + "}";
        QByteArray benchDump = "{" + rec("Module.layer.Block.forward.0") + ", " + rec("Torch.matmul.5.forward") + "}";
        QString npu = writeDumpFolder(dir.filePath(QStringLiteral("npu")), npuDump,
            R"({"Module.layer.Block.forward.0": null, "Torch.matmul.3.forward": "Module.layer.Block.forward.0"})");
        QString bench = writeDumpFolder(dir.filePath(QStringLiteral("bench")), benchDump,
            R"({"Module.layer.Block.forward.0": null, "Torch.matmul.5.forward": "Module.layer.Block.forward.0"})");
        QJsonObject plain = compareFolders(npu, bench);
        QVERIFY(node(plain, "NPU", "Torch.matmul.3.forward")[QStringLiteral("matched_node_link")].toArray().isEmpty());
        ps::EngineOptions fuzzy;
        fuzzy.fuzzy = true;
        QJsonArray link = node(
            compareFolders(npu, bench, fuzzy), "NPU", "Torch.matmul.3.forward")[QStringLiteral("matched_node_link")]
                              .toArray();
        QCOMPARE(link.size(), 3);
        QCOMPARE(link[2].toString(), QStringLiteral("Torch.matmul.5.forward"));
    }

    void nameOnlyMatchIgnoresShapes()
    {
        QTemporaryDir dir;
        auto dump = [](const char* shape) {
            QByteArray t = tensor(shape, "1.0");
            return "{\"Tensor.x.0.forward\": {\"input_args\": [" + t + "], \"output\": [" + t + "]}}";
        };
        QByteArray construct = R"({"Tensor.x.0.forward": null})";
        QString npu = writeDumpFolder(dir.filePath(QStringLiteral("npu")), dump("[2]"), construct);
        QString bench = writeDumpFolder(dir.filePath(QStringLiteral("bench")), dump("[3]"), construct);
        QVERIFY(node(compareFolders(npu, bench), "NPU", "Tensor.x.0.forward")[QStringLiteral("matched_node_link")]
                    .toArray()
                    .isEmpty());
        ps::EngineOptions nameOnly;
        nameOnly.nameOnlyMatch = true;
        QCOMPARE(
            node(compareFolders(npu, bench, nameOnly), "NPU", "Tensor.x.0.forward")[QStringLiteral("matched_node_link")]
                .toArray()
                .size(),
            2);
    }

    void overflowLevels_data()
    {
        QTest::addColumn<QByteArray>("record");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("level");
        QByteArray ok = tensor("[2]", "1.0", "-1.0", "0.1", "1.0");
        QTest::newRow("output inf is critical")
            << "{\"input_args\": [" + ok + "], \"output\": [" + tensor("[2]", "Infinity") + "]}"
            << "Torch.add.0.forward" << 3;
        QTest::newRow("input nan is medium")
            << "{\"input_args\": [" + tensor("[2]", "NaN") + "], \"output\": [" + ok + "]}"
            << "Torch.add.0.forward" << 1;
        QTest::newRow("both bad is high")
            << "{\"input_args\": [" + tensor("[2]", "NaN") + "], \"output\": [" + tensor("[2]", "NaN") + "]}"
            << "Torch.add.0.forward" << 2;
        QTest::newRow("norm jump is high")
            << "{\"input_args\": [" + ok + "], \"output\": [" + tensor("[2]", "1.0", "-1.0", "0.1", "1000.0") + "]}"
            << "Torch.add.0.forward" << 2;
        QTest::newRow("norm x100 exactly is fine")
            << "{\"input_args\": [" + ok + "], \"output\": [" + tensor("[2]", "1.0", "-1.0", "0.1", "100.0") + "]}"
            << "Torch.add.0.forward" << 0;
        QTest::newRow("torch.empty is ignored") << "{\"input_args\": [], \"output\": [" + tensor("[2]", "NaN") + "]}"
                                                << "Torch.empty.0.forward" << 0;
        QTest::newRow("string Inf counts")
            << "{\"input_args\": [" + ok + "], \"output\": [" + tensor("[2]", "\"Inf\"") + "]}"
            << "Torch.add.0.forward" << 3;
        QTest::newRow("Norm alone does not count")
            << "{\"input_args\": [" + ok + "], \"output\": [" + tensor("[2]", "1.0", "-1.0", "0.1", "NaN") + "]}"
            << "Torch.add.0.forward" << 0;
        QTest::newRow("nested list counts")
            << "{\"input_args\": [[" + tensor("[2]", "NaN") + "]], \"output\": [" + ok + "]}"
            << "Torch.cat.0.forward" << 1;
    }
    void overflowLevels()
    {
        QFETCH(QByteArray, record);
        QFETCH(QString, name);
        QFETCH(int, level);
        ps::StringPool pool;
        ps::JArena arena(pool);
        std::string text = record.toStdString();
        ps::JsonReader r(text, "dump.json");
        ps::JValue v = r.readValue(arena);
        QCOMPARE(int(ps::overflowLevelOfRecord(name.toStdString(), v, arena)), level);
    }
};

QTEST_GUILESS_MAIN(TestCompareRules)
#include "tst_compare_rules.moc"
