// Real-data (tensor) mode through the engine: small tensor dumps are written into a
// temporary folder, compared with ps::runPair, and the metrics bound to each NPU item are checked against the rules.
// Expected values follow msprobe 1.2.1: floats are fmt12-rounded, "unsupported"/"shape unmatched" are strings.
#include "batch/engine.h"
#include "tensor_files.h"
#include "test_dumps.h"
#include "util/pyformat.h"

#include <QTest>

using namespace ps;

namespace {

// A dump item as dump.json writes it; the statistics are irrelevant in tensor mode.
QByteArray tensorItem(const char* shape, const QByteArray& dataName, const char* dtype = "torch.float32")
{
    return QByteArray("{\"type\": \"torch.Tensor\", \"dtype\": \"") + dtype + "\", \"shape\": " + shape
        + ", \"Max\": 1.0, \"Min\": 0.0, \"Mean\": 0.5, \"Norm\": 1.0, \"requires_grad\": false, \"data_name\": " + "\""
        + dataName + "\"}";
}

QByteArray record(const QByteArray& name, const QList<QByteArray>& inputs, const QList<QByteArray>& outputs)
{
    return "\"" + name + "\": {\"input_args\": [" + inputs.join(", ") + "], \"input_kwargs\": {}, \"output\": ["
        + outputs.join(", ") + "]}";
}

QByteArray constructAllTopLevel(const QList<QByteArray>& names)
{
    QList<QByteArray> entries;
    for (const QByteArray& n : names)
        entries << "\"" + n + "\": null";
    return "{" + entries.join(", ") + "}";
}

void writeDump(const QString& dir, const QList<QByteArray>& records, const QByteArray& construct,
    const char* framework = "pytorch")
{
    testdumps::writeFile(dir + "/dump.json",
        QByteArray("{\"task\": \"tensor\", \"level\": \"mix\", \"framework\": \"") + framework
            + "\", \"dump_data_dir\": null, \"data\": {" + records.join(", ") + "}}");
    testdumps::writeFile(dir + "/construct.json", construct);
    testdumps::writeFile(dir + "/stack.json", "{}");
    QDir().mkpath(dir + "/dump_tensor_data");
}

void writePt(const QString& dir, const std::string& fileName, const std::vector<float>& values,
    const std::vector<int64_t>& shape)
{
    if (!tensorfiles::writePt(dir.toStdString(), fileName, tensorfiles::kFloat32, shape, tensorfiles::floats(values)))
        qFatal("cannot write %s", fileName.c_str());
}

void writeTensor(const QString& dumpDir, const std::string& fileName, const std::vector<float>& values,
    const std::vector<int64_t>& shape)
{
    writePt(dumpDir + "/dump_tensor_data", fileName, values, shape);
}

// Python repr of a metric: 1.0 and 0 (int) print differently, as in the .vis.
QString show(const PyScalar& v)
{
    switch (v.kind) {
    case PyScalar::Kind::None:
        return QStringLiteral("None");
    case PyScalar::Kind::Int:
        return QString::number(v.i);
    case PyScalar::Kind::Float:
        return QString::fromStdString(py::repr(v.d));
    case PyScalar::Kind::Str:
        return QString::fromStdString(v.s);
    }
    return {};
}

QString showPrecision(const Precision& p)
{
    if (!p.has)
        return QStringLiteral("none");
    return p.isInt ? QString::number(int(p.value)) : QString::fromStdString(py::repr(p.value));
}

// The five metrics bound to the NPU item `key`, joined with "|"; "no row" when the item has none.
QString metricsOf(const Comparison& c, const QString& key)
{
    const DumpData& d = *c.graph(Side::Npu).dump;
    for (uint32_t k = 0; k < d.items.size(); ++k) {
        if (QString::fromStdString(d.itemKey(d.items[k])) != key)
            continue;
        auto values = c.metricsOf(k);
        if (values.empty())
            return QStringLiteral("no row");
        QStringList parts;
        for (const PyScalar& v : values)
            parts << show(v);
        return parts.join('|');
    }
    return QStringLiteral("no item");
}

QString precisionOf(const Comparison& c, const char* node)
{
    NodeId n = c.graph(Side::Npu).find(node);
    return n == kNoNode ? QStringLiteral("no node") : showPrecision(c.precision[n]);
}

const std::vector<float> k1234 { 1, 2, 3, 4 };
const std::vector<float> k1to8 { 1, 2, 3, 4, 5, 6, 7, 8 };
const std::vector<float> k1to7and9 { 1, 2, 3, 4, 5, 6, 7, 9 }; // 7 of 8 within 0.1%: ratio 0.875

} // namespace

class TestRealMode : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void rules_data();
    void rules();
    void precisionIndex_data();
    void precisionIndex();
    void neverReadsOutsideDumpTensorData();
    void sameResultsOnOneAndManyThreads();
    void npuOnlyRowsInFuzzyMode();
    void mindsporeNpyPair();

private:
    std::shared_ptr<Comparison> compare(int threads);

    QTemporaryDir m_tmp;
    QString m_npu, m_bench, m_outside;
    std::shared_ptr<Comparison> m_c;
};

// One dump pair with a node per rule; the APIs before the module form Apis_Between_Modules.0.
void TestRealMode::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    m_npu = m_tmp.filePath("npu");
    m_bench = m_tmp.filePath("bench");
    m_outside = m_tmp.filePath("outside");
    for (const QString& dir : { m_npu + "/dump_tensor_data", m_bench + "/dump_tensor_data", m_outside })
        QDir().mkpath(dir);
    const QList<QByteArray> names { "Functional.linear.0.forward", "Torch.add.0.forward", "Tensor.__mul__.0.forward",
        "Torch.sub.0.forward", "Functional.relu.0.forward", "Module.fc.Linear.backward.0" };
    const QByteArray nonTensor = "{\"type\": \"int\", \"value\": 2}";

    // Functional.linear.0: equal input, missing bench file, shape mismatch.
    QList<QByteArray> npu, bench;
    npu << record("Functional.linear.0.forward",
        { tensorItem("[4]", "Functional.linear.0.forward.input.0.pt"),
            tensorItem("[4]", "Functional.linear.0.forward.input.1.pt") },
        { tensorItem("[4]", "Functional.linear.0.forward.output.0.pt") });
    bench << record("Functional.linear.0.forward",
        { tensorItem("[4]", "Functional.linear.0.forward.input.0.pt"),
            tensorItem("[4]", "Functional.linear.0.forward.input.1.pt") },
        { tensorItem("[4]", "Functional.linear.0.forward.output.0.pt") });
    writeTensor(m_npu, "Functional.linear.0.forward.input.0.pt", k1234, { 4 });
    writeTensor(m_bench, "Functional.linear.0.forward.input.0.pt", k1234, { 4 });
    writeTensor(m_npu, "Functional.linear.0.forward.input.1.pt", k1234, { 4 }); // the bench one is never written
    writeTensor(m_npu, "Functional.linear.0.forward.output.0.pt", k1234, { 2, 2 });
    writeTensor(m_bench, "Functional.linear.0.forward.output.0.pt", k1234, { 4 });

    // Torch.add.0: a non-tensor argument and a 0-d output.
    for (QList<QByteArray>* side : { &npu, &bench })
        *side << record("Torch.add.0.forward", { tensorItem("[4]", "Torch.add.0.forward.input.0.pt"), nonTensor },
            { tensorItem("[]", "Torch.add.0.forward.output.0.pt") });
    writeTensor(m_npu, "Torch.add.0.forward.input.0.pt", k1234, { 4 });
    writeTensor(m_bench, "Torch.add.0.forward.input.0.pt", k1234, { 4 });
    writeTensor(m_npu, "Torch.add.0.forward.output.0.pt", { 3 }, {});
    writeTensor(m_bench, "Torch.add.0.forward.output.0.pt", { 2 }, {});

    // Tensor.__mul__.0: min input ratio 0.875 and output ratio 0.875 -> precision 0.0 (a float).
    for (QList<QByteArray>* side : { &npu, &bench })
        *side << record("Tensor.__mul__.0.forward",
            { tensorItem("[8]", "Tensor.__mul__.0.forward.input.0.pt"),
                tensorItem("[8]", "Tensor.__mul__.0.forward.input.1.pt") },
            { tensorItem("[8]", "Tensor.__mul__.0.forward.output.0.pt") });
    for (const char* item : { "input.0", "output.0" }) {
        writeTensor(m_npu, std::string("Tensor.__mul__.0.forward.") + item + ".pt", k1to8, { 8 });
        writeTensor(m_bench, std::string("Tensor.__mul__.0.forward.") + item + ".pt", k1to7and9, { 8 });
    }
    writeTensor(m_npu, "Tensor.__mul__.0.forward.input.1.pt", k1to8, { 8 });
    writeTensor(m_bench, "Tensor.__mul__.0.forward.input.1.pt", k1to8, { 8 });

    // Torch.sub.0 and the backward module: input ratio 1.0, output ratio 0.0 -> precision 1.0.
    for (const char* node : { "Torch.sub.0.forward", "Module.fc.Linear.backward.0" }) {
        QByteArray name(node);
        for (QList<QByteArray>* side : { &npu, &bench })
            *side << record(
                name, { tensorItem("[4]", name + ".input.0.pt") }, { tensorItem("[4]", name + ".output.0.pt") });
        writeTensor(m_npu, name.toStdString() + ".input.0.pt", k1234, { 4 });
        writeTensor(m_bench, name.toStdString() + ".input.0.pt", k1234, { 4 });
        writeTensor(m_npu, name.toStdString() + ".output.0.pt", k1234, { 4 });
        writeTensor(m_bench, name.toStdString() + ".output.0.pt", { 2, 3, 4, 5 }, { 4 });
    }

    // Functional.relu.0: data_names that point outside dump_tensor_data. Every target exists and equals the other
    // side's tensor, so reading one would give Cosine 1.0 instead of "unsupported".
    const QByteArray absolute = QFile::encodeName(m_outside) + "/Functional.relu.0.forward.input.1.pt";
    npu << record("Functional.relu.0.forward",
        { tensorItem("[4]", "../Functional.relu.0.forward.input.0.pt"), tensorItem("[4]", absolute),
            tensorItem("[4]", "Functional.relu.0.forward.input.2.pt") },
        { tensorItem("[4]", "Functional.relu.0.forward.output.0.pt") });
    bench << record("Functional.relu.0.forward",
        { tensorItem("[4]", "Functional.relu.0.forward.input.0.pt"),
            tensorItem("[4]", "Functional.relu.0.forward.input.1.pt"),
            tensorItem("[4]", "x/../../Functional.relu.0.forward.input.2.pt") },
        { tensorItem("[4]", "../Functional.relu.0.forward.output.0.pt") });
    for (const char* item : { "input.0", "input.1", "input.2", "output.0" }) {
        std::string file = std::string("Functional.relu.0.forward.") + item + ".pt";
        writeTensor(m_npu, file, k1234, { 4 });
        writeTensor(m_bench, file, k1234, { 4 });
    }
    writePt(m_npu, "Functional.relu.0.forward.input.0.pt", k1234, { 4 }); // decoy: npu/, outside dump_tensor_data
    writePt(m_outside, "Functional.relu.0.forward.input.1.pt", k1234, { 4 }); // decoy at the absolute path
    writePt(m_bench, "Functional.relu.0.forward.input.2.pt", k1234, { 4 }); // decoy: bench/, through x/../..
    writePt(m_bench, "Functional.relu.0.forward.output.0.pt", k1234, { 4 }); // decoy: bench/
    QDir().mkpath(m_bench + "/dump_tensor_data/x"); // so that x/../.. would resolve

    writeDump(m_npu, npu, constructAllTopLevel(names));
    writeDump(m_bench, bench, constructAllTopLevel(names));
    m_c = compare(2);
    QVERIFY(m_c);
    QCOMPARE(m_c->mode, CompareMode::Real);
}

std::shared_ptr<Comparison> TestRealMode::compare(int threads)
{
    EngineOptions options;
    options.threads = threads;
    std::vector<std::string> warnings;
    return runPair(m_npu.toStdString(), m_bench.toStdString(), options, warnings);
}

void TestRealMode::rules_data()
{
    QTest::addColumn<QString>("item");
    QTest::addColumn<QString>("metrics"); // Cosine|MaxAbsErr|MaxRelativeErr|One Thousandth|Five Thousandths

    const QString unsupported = QStringLiteral("unsupported|unsupported|unsupported|unsupported|unsupported");
    QTest::newRow("equal tensors") << "Functional.linear.0.forward.input.0"
                                   << "1.0|0.0|0.0|1.0|1.0";
    QTest::newRow("bench file missing -> unsupported") << "Functional.linear.0.forward.input.1" << unsupported;
    // dump.json says [4] on both sides (so the nodes match); the NPU file holds a [2, 2] tensor.
    QTest::newRow("shapes differ -> shape unmatched") << "Functional.linear.0.forward.output.0"
                                                      << "shape unmatched|shape unmatched|shape unmatched|"
                                                         "shape unmatched|shape unmatched";
    // Non-tensors have no data_name: their item key is the path name.
    QTest::newRow("non-tensor argument -> unsupported") << "Torch.add.0.forward.input.1" << unsupported;
    QTest::newRow("0-d tensor: abs/rel errors only") << "Torch.add.0.forward.output.0"
                                                     << "unsupported|1.0|0.5|unsupported|unsupported";
    QTest::newRow("ratios count r < 0.001") << "Tensor.__mul__.0.forward.input.0"
                                            << "0.998446135491|1.0|0.111111111939|0.875|0.875";
    QTest::newRow("all elements off") << "Torch.sub.0.forward.output.0"
                                      << "0.99380799|1.0|0.5|0.0|0.0";
    QTest::newRow("NPU data_name with .. -> unsupported") << "../Functional.relu.0.forward.input.0" << unsupported;
    QTest::newRow("NPU absolute data_name -> unsupported")
        << m_outside + "/Functional.relu.0.forward.input.1" << unsupported;
    QTest::newRow("bench data_name x/../.. -> unsupported") << "Functional.relu.0.forward.input.2" << unsupported;
    QTest::newRow("bench data_name .. -> unsupported") << "Functional.relu.0.forward.output.0" << unsupported;
}

void TestRealMode::rules()
{
    QFETCH(QString, item);
    QFETCH(QString, metrics);
    QCOMPARE(metricsOf(*m_c, item), metrics);
}

void TestRealMode::precisionIndex_data()
{
    QTest::addColumn<QString>("node");
    QTest::addColumn<QString>("precision");
    // min(inputs) - min(outputs), clamped; a float unless clamped.
    QTest::newRow("equal input and output ratio 0.875 -> 0.0") << "Tensor.__mul__.0.forward"
                                                               << "0.0";
    QTest::newRow("input 1.0, output 0.0 -> 1.0") << "Torch.sub.0.forward"
                                                  << "1.0";
    QTest::newRow("backward module, input 1.0, output 0.0 -> 1.0") << "Module.fc.Linear.backward.0"
                                                                   << "1.0";
    // The only output is "shape unmatched": no output ratio, so int 0.
    QTest::newRow("no output ratio -> int 0") << "Functional.linear.0.forward"
                                              << "0";
    // The only output is 0-d: its shape [] is falsy, so it is skipped.
    QTest::newRow("0-d output skipped -> int 0") << "Torch.add.0.forward"
                                                 << "0";
    // 1.2.1 sets group indices before the rows are evaluated, so a group holding a 1.0 member still gets int 0.
    QTest::newRow("API group -> int 0 (1.2.1 order)") << "Apis_Between_Modules.0"
                                                      << "0";
}

void TestRealMode::precisionIndex()
{
    QFETCH(QString, node);
    QFETCH(QString, precision);
    QCOMPARE(precisionOf(*m_c, node.toUtf8().constData()), precision);
}

// The decoys exist and hold the matching tensor, and nothing was created next to them.
void TestRealMode::neverReadsOutsideDumpTensorData()
{
    QVERIFY(QFile::exists(m_npu + "/Functional.relu.0.forward.input.0.pt"));
    QVERIFY(QFile::exists(m_outside + "/Functional.relu.0.forward.input.1.pt"));
    QVERIFY(QFile::exists(m_bench + "/Functional.relu.0.forward.input.2.pt"));
    QVERIFY(QFile::exists(m_bench + "/Functional.relu.0.forward.output.0.pt"));
    QCOMPARE(QDir(m_outside).entryList(QDir::Files).size(), 1);
    // Had a decoy been read, the row would hold numbers (the decoys equal the other side's tensor).
    for (const char* item : { "../Functional.relu.0.forward.input.0", "Functional.relu.0.forward.input.2",
             "Functional.relu.0.forward.output.0" })
        QCOMPARE(metricsOf(*m_c, item).section('|', 0, 0), QStringLiteral("unsupported"));
}

void TestRealMode::sameResultsOnOneAndManyThreads()
{
    auto one = compare(1);
    auto many = compare(4);
    QCOMPARE(one->realValues.size(), m_c->realValues.size());
    QCOMPARE(many->realValues.size(), m_c->realValues.size());
    for (size_t i = 0; i < m_c->realValues.size(); ++i) {
        QCOMPARE(show(one->realValues[i]), show(m_c->realValues[i]));
        QCOMPARE(show(many->realValues[i]), show(m_c->realValues[i]));
    }
}

// NPU-only rows (no bench file name): with -f, APIs under a matched module pair up to the shorter item list,
// so an NPU output the bench lacks gets a row with no bench item.
void TestRealMode::npuOnlyRowsInFuzzyMode()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QByteArray construct
        = "{\"Module.net.Net.forward.0\": null, \"Torch.add.1.forward\": \"Module.net.Net.forward.0\"}";
    const QByteArray api = "Torch.add.1.forward";
    for (const QString& side : { QStringLiteral("npu"), QStringLiteral("bench") }) {
        const QString dir = tmp.filePath(side);
        QDir().mkpath(dir + "/dump_tensor_data");
        QList<QByteArray> outputs { tensorItem("[4]", api + ".output.0.pt") };
        writeTensor(dir, api.toStdString() + ".output.0.pt", k1234, { 4 });
        writeTensor(dir, api.toStdString() + ".input.0.pt", k1234, { 4 });
        if (side == "npu") {
            outputs << tensorItem("[4]", api + ".output.1.pt");
            writeTensor(dir, api.toStdString() + ".output.1.pt", k1234, { 4 });
        }
        writeDump(dir, { record(api, { tensorItem("[4]", api + ".input.0.pt") }, outputs) }, construct);
    }
    // The bench file of the same name exists; it must not be used for a row without a bench item.
    writeTensor(tmp.filePath("bench"), api.toStdString() + ".output.1.pt", k1234, { 4 });
    EngineOptions options;
    options.fuzzy = true;
    std::vector<std::string> warnings;
    auto c = runPair(tmp.filePath("npu").toStdString(), tmp.filePath("bench").toStdString(), options, warnings);
    QVERIFY(c);
    QCOMPARE(metricsOf(*c, api + ".output.0"), QStringLiteral("1.0|0.0|0.0|1.0|1.0"));
    QCOMPARE(metricsOf(*c, api + ".output.1"),
        QStringLiteral("unsupported|unsupported|unsupported|unsupported|unsupported"));
    // Default matching needs equal item counts: the API stays unmatched and has no rows.
    options.fuzzy = false;
    c = runPair(tmp.filePath("npu").toStdString(), tmp.filePath("bench").toStdString(), options, warnings);
    QCOMPARE(metricsOf(*c, api + ".output.1"), QStringLiteral("no row"));
}

// MindSpore dumps store .npy files; the data_name carries the extension.
void TestRealMode::mindsporeNpyPair()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString npuDir = tmp.filePath("npu"), benchDir = tmp.filePath("bench");
    for (const QString& dir : { npuDir, benchDir }) {
        writeDump(dir,
            { record("Functional.relu.0.forward", { tensorItem("[2, 2]", "Functional.relu.0.forward.input.0.npy") },
                { tensorItem("[2, 2]", "Functional.relu.0.forward.output.0.npy") }) },
            constructAllTopLevel({ "Functional.relu.0.forward" }), "mindspore");
        const std::vector<float> output = dir == npuDir ? k1234 : std::vector<float> { 1, 2, 3, 5 };
        for (auto [file, values] : { std::pair { "Functional.relu.0.forward.input.0.npy", k1234 },
                 std::pair { "Functional.relu.0.forward.output.0.npy", output } })
            QVERIFY(tensorfiles::writeNpy((dir + "/dump_tensor_data").toStdString(), file, tensorfiles::kFloat32,
                { 2, 2 }, tensorfiles::floats(values)));
    }
    EngineOptions options;
    options.framework = ps::Framework::MindSpore;
    options.threads = 2;
    std::vector<std::string> warnings;
    auto c = runPair(npuDir.toStdString(), benchDir.toStdString(), options, warnings);
    QVERIFY(c);
    QCOMPARE(metricsOf(*c, "Functional.relu.0.forward.input.0"), QStringLiteral("1.0|0.0|0.0|1.0|1.0"));
    // r = |4 - 5| / 5 in float32 = 0.2f; cosine = 34 / sqrt(30 * 39).
    QCOMPARE(metricsOf(*c, "Functional.relu.0.forward.output.0"),
        QStringLiteral("0.993999088548|1.0|0.20000000298|0.75|0.75"));
    QCOMPARE(precisionOf(*c, "Functional.relu.0.forward"), QStringLiteral("0.25"));
}

QTEST_GUILESS_MAIN(TestRealMode)
#include "tst_real_mode.moc"
