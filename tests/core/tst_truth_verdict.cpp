// The three-way verdict against a truth run (compare/truth_verdict.h): the rule on hand-made dumps (npu-worse,
// both-off, fine within the dtype's floor, follows for what an earlier node caused), and the real three-run case
// made with msprobe's dumper (tests/data/golden/truth_mlp_bf16: NPU in bf16 with one LayerNorm made worse, bench in
// fp32, truth in fp64) through the front door, `report --reference` and `--fail-on npu-worse`.
#include "analysis/graph_report.h"
#include "analysis/report_format.h"
#include "batch/engine.h"
#include "cli_run.h"
#include "compare/truth_verdict.h"
#include "io/dump_data.h"
#include "source/source.h"
#include "test_dumps.h"
#include "util/error.h"

#include <QtTest>

using namespace testdumps;

namespace {

const std::string kCases = PROBESCOPE_CASES;

QByteArray stat(const char* dtype, double max, double min = -1.0)
{
    return QByteArray("{\"type\": \"torch.Tensor\", \"dtype\": \"") + dtype + "\", \"shape\": [4], \"Max\": "
        + QByteArray::number(max, 'g', 17) + ", \"Min\": " + QByteArray::number(min, 'g', 17)
        + ", \"Mean\": null, \"Norm\": null, \"requires_grad\": false}";
}

// Two APIs in a row, A then B: A's output is B's input. `aOut`: the maximum of A's output (and so of B's input and
// output); the truth's is 1.
QByteArray chain(const char* dtype, double aOut)
{
    const QByteArray x = stat(dtype, 1.0);
    const QByteArray y = stat(dtype, aOut);
    return "{\"Tensor.a.0.forward\": {\"input_args\": [" + x + "], \"output\": [" + y
        + "]}, \"Tensor.b.0.forward\": {\"input_args\": [" + y + "], \"output\": [" + y + "]}}";
}

const QByteArray kChain = R"({"Tensor.a.0.forward": null, "Tensor.b.0.forward": null})";

struct Judged {
    std::shared_ptr<ps::Comparison> comparison;
    std::shared_ptr<const ps::TruthJudgement> truth;
    ps::TruthVerdict verdict(const char* node) const
    {
        const ps::NodeId n = comparison->graph(ps::Side::Npu).find(node);
        return n == ps::kNoNode ? ps::TruthVerdict::None : truth->nodes[n].verdict;
    }
};

Judged judgeChain(const QTemporaryDir& dir, double npuOut, double benchOut, ps::TruthOptions options = {})
{
    const QString npu = writeDumpFolder(dir.filePath(QStringLiteral("npu")), chain("torch.bfloat16", npuOut), kChain);
    const QString bench
        = writeDumpFolder(dir.filePath(QStringLiteral("bench")), chain("torch.float32", benchOut), kChain);
    const QString truth = writeDumpFolder(dir.filePath(QStringLiteral("truth")), chain("torch.float64", 1.0), kChain);
    ps::EngineOptions engine;
    engine.profile = ps::RulesProfile::Msprobe26;
    std::vector<std::string> warnings;
    Judged j;
    j.comparison = ps::runPair(npu.toStdString(), bench.toStdString(), engine, warnings);
    j.truth = ps::judgeAgainstTruth(*j.comparison, *ps::readDumpJson(truth.toStdString() + "/dump.json"), options);
    return j;
}

std::string folderOf(const std::string& side)
{
    return kCases + "/truth_mlp_bf16/" + side;
}

ps::Source openCase(const std::string& npu, const std::string& bench, const std::string& truth)
{
    ps::SourceInputs in;
    in.npuPath = folderOf(npu);
    in.benchPath = folderOf(bench);
    in.referencePath = folderOf(truth);
    ps::EngineOptions engine;
    engine.profile = ps::RulesProfile::Msprobe26;
    return ps::Source::openComparison(std::move(in), engine);
}

// The verdicts of the real case's nodes, by name.
std::map<std::string, ps::TruthVerdict> caseVerdicts(const ps::Source& source, ps::TruthOptions options = {})
{
    std::vector<std::string> warnings;
    const auto c = source.load(0, warnings);
    const auto truth = source.judge(0, *c, options);
    std::map<std::string, ps::TruthVerdict> out;
    const ps::Graph& g = c->graph(ps::Side::Npu);
    for (ps::NodeId n = 0; n < g.size(); ++n)
        out[std::string(g.nameOf(n))] = truth->nodes[n].verdict;
    return out;
}

size_t countOf(const std::map<std::string, ps::TruthVerdict>& verdicts, ps::TruthVerdict verdict)
{
    return size_t(std::count_if(verdicts.begin(), verdicts.end(), [&](const auto& v) { return v.second == verdict; }));
}

} // namespace

Q_DECLARE_METATYPE(ps::TruthVerdict)

class TestTruthVerdict : public QObject {
    Q_OBJECT
private slots:
    void roundingOfEachDtype()
    {
        QCOMPARE(ps::dtypeRounding("torch.bfloat16"), 3.9e-3);
        QCOMPARE(ps::dtypeRounding("torch.float16"), 4.9e-4);
        QCOMPARE(ps::dtypeRounding("torch.float32"), 1e-6);
        QCOMPARE(ps::dtypeRounding("float64"), 1e-15);
        QCOMPARE(ps::dtypeRounding("torch.int64"), 0.0);
        QCOMPARE(ps::dtypeRounding("torch.bool"), 0.0);
        QCOMPARE(ps::dtypeRounding("something new"), 1e-6);
        QCOMPARE(QString(ps::truthVerdictName(ps::TruthVerdict::NpuWorse)), QStringLiteral("npu-worse"));
    }

    // Node A's verdict for its output maximum on each side (the truth's is 1; bf16 floor 4 x 3.9e-3 = 1.56 %, fp32
    // floor 4e-6, k 2.5); B gets A's output as its input.
    void rule_data()
    {
        QTest::addColumn<double>("npu");
        QTest::addColumn<double>("bench");
        QTest::addColumn<ps::TruthVerdict>("a");
        QTest::addColumn<ps::TruthVerdict>("b");
        QTest::newRow("bf16 rounding only: fine") << 1.004 << 1.0 << ps::TruthVerdict::Fine << ps::TruthVerdict::Fine;
        QTest::newRow("just under the floor") << 1.015 << 1.0 << ps::TruthVerdict::Fine << ps::TruthVerdict::Fine;
        QTest::newRow("beyond the floor: npu-worse, B follows")
            << 1.1 << 1.0 << ps::TruthVerdict::NpuWorse << ps::TruthVerdict::Follows;
        QTest::newRow("both beyond, not k times: both-off")
            << 1.06 << 1.05 << ps::TruthVerdict::BothOff << ps::TruthVerdict::BothOff;
        QTest::newRow("both beyond, k times: npu-worse")
            << 1.2 << 1.05 << ps::TruthVerdict::NpuWorse << ps::TruthVerdict::Follows;
        QTest::newRow("bench off, NPU within its floor: fine")
            << 1.01 << 1.05 << ps::TruthVerdict::Fine << ps::TruthVerdict::Fine;
    }
    void rule()
    {
        QFETCH(double, npu);
        QFETCH(double, bench);
        QFETCH(ps::TruthVerdict, a);
        QFETCH(ps::TruthVerdict, b);
        QTemporaryDir dir;
        const Judged j = judgeChain(dir, npu, bench);
        QCOMPARE(j.verdict("Tensor.a.0.forward"), a);
        QCOMPARE(j.verdict("Tensor.b.0.forward"), b);
        const ps::NodeId n = j.comparison->graph(ps::Side::Npu).find("Tensor.a.0.forward");
        QVERIFY(std::fabs(j.truth->nodes[n].npuError - std::fabs(npu - 1.0)) < 1e-12);
        QCOMPARE(j.truth->nodes[n].npuFloor, 4 * 3.9e-3);
    }

    // The floor and k are settable: a floor of one unit flags 1 % as npu-worse; a k of 10 leaves 1.2 against 1.05
    // both off.
    void settableFloorAndK()
    {
        QTemporaryDir a, b;
        QCOMPARE(judgeChain(a, 1.01, 1.0, ps::TruthOptions { 2.5, 1.0 }).verdict("Tensor.a.0.forward"),
            ps::TruthVerdict::NpuWorse);
        QCOMPARE(judgeChain(b, 1.2, 1.05, ps::TruthOptions { 10, 4 }).verdict("Tensor.a.0.forward"),
            ps::TruthVerdict::BothOff);
    }

    // msprobe's dumper on a real model: the LayerNorm made worse on the NPU is the one npu-worse node; the modules
    // around it and everything after it follow; every node off only by bf16 rounding is fine.
    void realCaseNamesTheWorseOp()
    {
        const auto v = caseVerdicts(openCase("npu", "bench", "reference"));
        QCOMPARE(countOf(v, ps::TruthVerdict::NpuWorse), size_t(1));
        QCOMPARE(v.at("Functional.layer_norm.1.forward"), ps::TruthVerdict::NpuWorse);
        for (const char* inside : { "Module.blocks.1.norm.LayerNorm.forward.0", "Module.blocks.1.Block.forward.0" })
            QCOMPARE(v.at(inside), ps::TruthVerdict::Follows);
        for (const char* after :
            { "Functional.linear.5.forward", "Functional.gelu.2.forward", "Tensor.__add__.2.forward" })
            QCOMPARE(v.at(after), ps::TruthVerdict::Follows);
        // bf16 rounding, up to 8e-3 after eight ops in a row, and the LayerNorms that bring it back
        for (const char* fine :
            { "Functional.linear.0.forward", "Functional.gelu.1.forward", "Functional.linear.4.forward",
                "Functional.layer_norm.0.forward", "Functional.layer_norm.2.forward", "Functional.linear.7.forward" })
            QCOMPARE(v.at(fine), ps::TruthVerdict::Fine);
        QCOMPARE(countOf(v, ps::TruthVerdict::BothOff), size_t(0));
        // Without its floor the rule is the raw ratio: bf16's rounding of the very input is "worse" than fp32, every
        // node follows it, and the LayerNorm no longer stands out.
        const auto raw = caseVerdicts(openCase("npu", "bench", "reference"), { 2.5, 1e-6 });
        QCOMPARE(countOf(raw, ps::TruthVerdict::Fine), size_t(0));
        QVERIFY(raw.at("Functional.layer_norm.1.forward") != ps::TruthVerdict::NpuWorse);
    }

    // The roles swapped: the fp64 run compared against the bf16 one and judged by the fp32 one. The fp64 side is
    // off by more than its own tiny floor everywhere; where the bf16 side is off beyond its floor too, both are.
    void realCaseBothOff()
    {
        const auto v = caseVerdicts(openCase("reference", "npu", "bench"));
        QCOMPARE(countOf(v, ps::TruthVerdict::NpuWorse), size_t(0));
        QCOMPARE(v.at("Functional.layer_norm.1.forward"), ps::TruthVerdict::BothOff);
        QCOMPARE(v.at("Functional.linear.0.forward"), ps::TruthVerdict::Fine);
    }

    void reportAndFailOn()
    {
        const ps::Source source = openCase("npu", "bench", "reference");
        const ps::GraphReport report = ps::reportSource(source, ps::ReportOptions {});
        QCOMPARE(report.graphs.size(), size_t(1));
        const ps::GraphSummary& g = report.graphs[0];
        QVERIFY(g.truth);
        QCOMPARE(g.truth->npuWorse, size_t(1));
        QCOMPARE(g.truth->npuWorseNodes.at(0).node, std::string("Functional.layer_norm.1.forward"));
        QCOMPARE(g.truth->npuWorseNodes.at(0).item, std::string("Functional.layer_norm.1.forward.output.0"));
        QVERIFY(g.truth->npuWorseNodes.at(0).npuError > 0.04 && g.truth->npuWorseNodes.at(0).benchError < 1e-6);
        QCOMPARE(ps::failOnFindings(report, ps::parseFailOn("npu-worse")), size_t(1));
        const std::string text = ps::reportText(report);
        QVERIFY(text.find("npu-worse 1, follows") != std::string::npos);
        QVERIFY(text.find("Functional.layer_norm.1.forward.output.0") != std::string::npos);
        const std::string json = ps::reportJson(report);
        QVERIFY(json.find("\"npu_worse\": 1") != std::string::npos);
        QVERIFY(ps::reportCsv(report).find("Truth Verdict") != std::string::npos);
        // Without a truth run the gate has nothing to count: an error, not a silent pass.
        ps::EngineOptions engine;
        engine.profile = ps::RulesProfile::Msprobe26;
        const ps::GraphReport plain = ps::reportSource(
            ps::Source::openComparison({ folderOf("npu"), folderOf("bench") }, engine), ps::ReportOptions {});
        QVERIFY(!plain.graphs[0].truth);
        QVERIFY_THROWS_EXCEPTION(ps::Error, ps::failOnFindings(plain, ps::parseFailOn("npu-worse")));
    }

    void commandLine()
    {
        const QString npu = QString::fromStdString(folderOf("npu"));
        const QString bench = QString::fromStdString(folderOf("bench"));
        const QString truth = QString::fromStdString(folderOf("reference"));
        const QString none = QString::fromStdString(folderOf("none"));
        const clirun::Run gate = clirun::cli({ "report", npu, bench, "--reference", truth, "--fail-on", "npu-worse" });
        QCOMPARE(gate.exitCode, 3);
        QVERIFY(gate.out.contains(QStringLiteral("npu-worse 1")));
        QCOMPARE(
            clirun::cli({ "report", npu, bench, "--reference", truth, "--truth-k", "1e9", "--fail-on", "npu-worse" })
                .exitCode,
            0);
        QCOMPARE(clirun::cli({ "report", npu, bench, "--fail-on", "npu-worse" }).exitCode, 2); // no truth run
        QCOMPARE(clirun::cli({ "report", npu, bench, "--reference", truth, "--truth-floor", "0" }).exitCode, 2);
        const clirun::Run missing = clirun::cli({ "report", npu, bench, "--reference", none });
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(missing.err.contains(QStringLiteral("truth_mlp_bf16/none")));
    }
};

QTEST_MAIN(TestTruthVerdict)
#include "tst_truth_verdict.moc"
