// The metric behind the colours (analysis/color_metric.h): which metrics a comparison offers, the value of each
// node, its bins, the verdict on values alone next to msprobe 26.0.0's verdict, and `report --metric`, the same
// for dumps compared here and for the graph file written from them.
#include "analysis/color_metric.h"
#include "analysis/graph_report.h"
#include "analysis/report_format.h"
#include "batch/engine.h"
#include "commands/graph_command.h"
#include "source/source.h"
#include "test_dumps.h"
#include "util/error.h"

#include <QtTest>

#include <cmath>

using namespace testdumps;

namespace {

const std::string kCases = PROBESCOPE_CASES;

QByteArray stats(const char* dtype, const char* max, const char* norm)
{
    return QByteArray("{\"type\": \"torch.Tensor\", \"dtype\": \"") + dtype + "\", \"shape\": [4], \"Max\": " + max
        + ", \"Min\": -1.0, \"Mean\": 0.1, \"Norm\": " + norm + ", \"requires_grad\": false}";
}

// Two APIs. `dtype`: the NPU output is bf16 against an fp32 bench and off by 0.2 % in its maximum; `values`: the
// same dtype, but the output's norm twice the bench's while the inputs agree (msprobe 26.0.0's NormRelativeErr
// error rule).
QByteArray dump(bool npu)
{
    const QByteArray x = stats("torch.float32", "1.0", "2.0");
    const QByteArray dtypeOut = npu ? stats("torch.bfloat16", "1.002", "2.0") : stats("torch.float32", "1.0", "2.0");
    const QByteArray valuesOut = stats("torch.float32", "1.0", npu ? "4.0" : "2.0");
    return "{\"Tensor.dtype.0.forward\": {\"input_args\": [" + x + "], \"output\": [" + dtypeOut
        + "]}, \"Tensor.values.0.forward\": {\"input_args\": [" + x + "], \"output\": [" + valuesOut + "]}}";
}

const QByteArray kConstruct = R"({"Tensor.dtype.0.forward": null, "Tensor.values.0.forward": null})";

std::shared_ptr<ps::Comparison> compareHandMade(const QTemporaryDir& dir, ps::RulesProfile profile)
{
    const QString npu = writeDumpFolder(dir.filePath(QStringLiteral("npu")), dump(true), kConstruct);
    const QString bench = writeDumpFolder(dir.filePath(QStringLiteral("bench")), dump(false), kConstruct);
    ps::EngineOptions options;
    options.profile = profile;
    std::vector<std::string> warnings;
    return ps::runPair(npu.toStdString(), bench.toStdString(), options, warnings);
}

double valueOf(const ps::Comparison& c, const std::vector<double>& values, const char* name)
{
    const ps::NodeId n = c.graph(ps::Side::Npu).find(name);
    if (n == ps::kNoNode)
        qFatal("no node %s", name);
    return values[n];
}

int binOf(const ps::Comparison& c, ps::ColorMetric metric, const char* name)
{
    const double value = valueOf(c, ps::colorMetricValues(c, metric), name);
    return std::isnan(value) ? -1 : ps::colorBinOf(ps::colorMetricBins(c, metric), value);
}

} // namespace

class TestColorMetric : public QObject {
    Q_OBJECT
private slots:
    void namesRoundTrip()
    {
        for (ps::ColorMetric m : ps::kColorMetrics)
            QCOMPARE(ps::colorMetricOfName(ps::colorMetricName(m)), std::optional<ps::ColorMetric>(m));
        QCOMPARE(ps::colorMetricOfName("maxrelativeerr"), std::nullopt);
        QCOMPARE(ps::colorMetricOfName(""), std::nullopt);
    }

    void metricsOfEachMode()
    {
        using M = ps::ColorMetric;
        QCOMPARE(ps::colorMetricsFor(ps::CompareMode::Summary, ps::RulesProfile::Msprobe26),
            std::vector<M>(
                { M::Precision, M::MaxRelativeErr, M::MeanRelativeErr, M::NormRelativeErr, M::ValueVerdict }));
        QCOMPARE(ps::colorMetricsFor(ps::CompareMode::Summary, ps::RulesProfile::Msprobe121),
            std::vector<M>({ M::Precision, M::MaxRelativeErr, M::MeanRelativeErr, M::NormRelativeErr }));
        QCOMPARE(ps::colorMetricsFor(ps::CompareMode::Real, ps::RulesProfile::Msprobe26),
            std::vector<M>({ M::Precision, M::MaxRelativeErr, M::Cosine, M::ValueVerdict }));
        QCOMPARE(
            ps::colorMetricsFor(ps::CompareMode::Md5, ps::RulesProfile::Msprobe26), std::vector<M>({ M::Precision }));
    }

    // msprobe 26.0.0 calls both APIs an error; on values alone only the one whose norm doubled is, and the bf16
    // one falls in the 0.1 %-1 % band of MaxRelativeErr.
    void valueVerdictLeavesTheDtypeOut()
    {
        QTemporaryDir dir;
        auto c = compareHandMade(dir, ps::RulesProfile::Msprobe26);
        const std::vector<double> precision = ps::colorMetricValues(*c, ps::ColorMetric::Precision);
        QCOMPARE(valueOf(*c, precision, "Tensor.dtype.0.forward"), 1.0);
        QCOMPARE(valueOf(*c, precision, "Tensor.values.0.forward"), 1.0);
        QVERIFY(ps::colorMetricApplies(*c, ps::ColorMetric::ValueVerdict));
        const std::vector<double> values = ps::colorMetricValues(*c, ps::ColorMetric::ValueVerdict);
        QCOMPARE(valueOf(*c, values, "Tensor.dtype.0.forward"), 0.0);
        QCOMPARE(valueOf(*c, values, "Tensor.values.0.forward"), 1.0);
        const std::vector<ps::ColorBin> verdictBins = ps::colorMetricBins(*c, ps::ColorMetric::ValueVerdict);
        QCOMPARE(verdictBins.at(0).accuracyLevel, std::string("pass"));
        QCOMPARE(binOf(*c, ps::ColorMetric::ValueVerdict, "Tensor.dtype.0.forward"), 0);
        QCOMPARE(binOf(*c, ps::ColorMetric::ValueVerdict, "Tensor.values.0.forward"), 2);

        const std::vector<double> maxRel = ps::colorMetricValues(*c, ps::ColorMetric::MaxRelativeErr);
        QVERIFY(std::fabs(valueOf(*c, maxRel, "Tensor.dtype.0.forward") - 0.002) < 1e-6);
        QCOMPARE(binOf(*c, ps::ColorMetric::MaxRelativeErr, "Tensor.dtype.0.forward"), 2);
        QCOMPARE(binOf(*c, ps::ColorMetric::MaxRelativeErr, "Tensor.values.0.forward"), 0);
        QCOMPARE(binOf(*c, ps::ColorMetric::NormRelativeErr, "Tensor.values.0.forward"), 4); // 100 % capped at 1
        // The root is matched but has no output rows: no value, no colour.
        QVERIFY(std::isnan(valueOf(*c, maxRel, "DefaultModel")));
    }

    void binsOfAMetric()
    {
        QTemporaryDir dir;
        auto c = compareHandMade(dir, ps::RulesProfile::Msprobe121);
        const std::vector<ps::ColorBin> bins = ps::colorMetricBins(*c, ps::ColorMetric::MeanRelativeErr);
        QCOMPARE(bins.size(), size_t(6));
        QVERIFY(bins.back().unmatched);
        QCOMPARE(ps::colorBinOf(bins, 0.0), 0);
        QCOMPARE(ps::colorBinOf(bins, 0.00009), 0);
        QCOMPARE(ps::colorBinOf(bins, 0.0001), 1);
        QCOMPARE(ps::colorBinOf(bins, 0.05), 3);
        QCOMPARE(ps::colorBinOf(bins, 1.0), 4);
        QCOMPARE(bins.at(1).description, std::string("MeanRelativeErr from 0.01% to 0.1%"));
        QCOMPARE(ps::colorMetricBins(*c, ps::ColorMetric::Precision), c->colorBins());
        // 1.2.1's rules have no verdicts; a statistics comparison has no cosine.
        QVERIFY(!ps::colorMetricApplies(*c, ps::ColorMetric::ValueVerdict));
        QVERIFY(!ps::colorMetricApplies(*c, ps::ColorMetric::Cosine));
        QVERIFY(ps::colorMetricApplies(*c, ps::ColorMetric::NormRelativeErr));
    }

    void cosineOfRealData()
    {
        std::vector<std::string> warnings;
        ps::EngineOptions engine;
        auto c = ps::Source::openComparison({ kCases + "/mlp_mix_tensor/compare.json" }, engine).load(0, warnings);
        QVERIFY(ps::colorMetricApplies(*c, ps::ColorMetric::Cosine));
        const std::vector<double> values = ps::colorMetricValues(*c, ps::ColorMetric::Cosine);
        size_t valued = 0;
        for (double v : values)
            if (!std::isnan(v)) {
                ++valued;
                QVERIFY(v >= 0 && v <= 1); // 1 - cosine
            }
        QVERIFY(valued > 0);
    }

    // `report --metric`: the bins and ratings follow the metric, and a graph file written from the dumps reports
    // the same as the dumps.
    void reportFollowsTheMetric()
    {
        const std::string npu = kCases + "/gpt_mix_statistics/npu/step0/rank";
        const std::string bench = kCases + "/gpt_mix_statistics/bench/step0/rank";
        ps::EngineOptions engine;
        engine.profile = ps::RulesProfile::Msprobe26;
        const ps::ReportOptions byValues { 0, ps::ColorMetric::ValueVerdict };
        const ps::ReportOptions byNorm { 0, ps::ColorMetric::NormRelativeErr };
        ps::GraphReport dumps = ps::reportSource(ps::Source::openComparison({ npu, bench }, engine), byValues);
        QTemporaryDir out;
        ps::RunContext quiet;
        ps::RunResult run = ps::runGraphCommand({ npu, bench, false }, out.path().toStdString(), engine, quiet, "1");
        ps::GraphReport file = ps::reportSource(ps::Source::openComparison(run.outputFiles, engine), byValues);
        const ps::GraphSummary& g = dumps.graphs.at(0);
        QCOMPARE(g.metric, ps::ColorMetric::ValueVerdict);
        QCOMPARE(g.nodesPerBin, file.graphs.at(0).nodesPerBin);
        QVERIFY(ps::reportText(dumps).find("per bin of value-verdict:") != std::string::npos);
        QVERIFY(ps::reportJson(dumps).find("\"color_metric\": \"value-verdict\"") != std::string::npos);

        ps::GraphReport norm = ps::reportSource(ps::Source::openComparison({ npu, bench }, engine), byNorm);
        ps::GraphReport normFile = ps::reportSource(ps::Source::openComparison(run.outputFiles, engine), byNorm);
        QCOMPARE(norm.graphs.at(0).nodesPerBin, normFile.graphs.at(0).nodesPerBin);
        QCOMPARE(norm.graphs.at(0).bins.size(), size_t(6));
        // The last band is the error of a metric's ratings, every band between the first and it a warning.
        size_t rated = 0;
        for (size_t b = 0; b < 5; ++b)
            rated += norm.graphs.at(0).nodesPerBin[b];
        QCOMPARE(norm.graphs.at(0).errors, norm.graphs.at(0).nodesPerBin[4]);
        QCOMPARE(norm.graphs.at(0).warnings, rated - norm.graphs.at(0).nodesPerBin[0] - norm.graphs.at(0).errors);
    }

    void aMetricTheComparisonLacksIsAnError()
    {
        ps::EngineOptions engine;
        try {
            ps::reportSource(ps::Source::openComparison({ kCases + "/mlp_mix_md5/compare.json" }, engine),
                { 10, ps::ColorMetric::MaxRelativeErr });
            QFAIL("a md5 comparison has no MaxRelativeErr");
        } catch (const ps::Error& e) {
            QCOMPARE(e.code(), ps::ErrorCode::BadArgument);
            QVERIFY(std::string(e.what()).find("--metric MaxRelativeErr") != std::string::npos);
        }
    }
};

QTEST_GUILESS_MAIN(TestColorMetric)
#include "tst_color_metric.moc"
