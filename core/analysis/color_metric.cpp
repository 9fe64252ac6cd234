#include "analysis/color_metric.h"

#include "analysis/node_assessment.h"
#include "compare/truth_verdict.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace ps {

namespace {

constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();

// The reasons the value verdict leaves out: what differs in the tensors' description, not in their values.
constexpr uint16_t kDescriptionReasons = uint16_t(
    (1u << unsigned(Reason::Dtype)) | (1u << unsigned(Reason::Shape)) | (1u << unsigned(Reason::RequiresGrad)));

// Badness in [0, 1]: a relative error capped at 1 (inf included), 1 - cosine; NaN stays NaN.
double badness(ColorMetric metric, double value)
{
    if (std::isnan(value))
        return value;
    const double bad = metric == ColorMetric::Cosine ? 1 - value : std::fabs(value);
    return std::clamp(bad, 0.0, 1.0);
}

bool isMatched(const Comparison& c, NodeId npu)
{
    return npu < c.counterpart[0].size() && c.counterpart[0][npu] != kNoNode;
}

// The row's level from its Err_message (json.dumps of msprobe's messages, which hold no quote) without the
// description reasons; nullopt when the row has no message field.
std::optional<Verdict> valueLevel(const FormattedItem& fields)
{
    const std::string* message = itemField(fields, "Err_message");
    if (!message)
        return std::nullopt;
    Verdict level = Verdict::Pass;
    size_t open = message->find('"');
    while (open != std::string::npos) {
        const size_t close = message->find('"', open + 1);
        if (close == std::string::npos)
            break;
        const auto reason = reasonOfMessage(std::string_view(*message).substr(open + 1, close - open - 1));
        if (reason && !(kDescriptionReasons & (1u << unsigned(*reason))))
            level = std::max(level, reasonLevel(*reason));
        open = message->find('"', close + 1);
    }
    return level;
}

// The items' values are read as the writers format them: the same for dumps compared here and for graph files.
std::vector<double> metricValues(const Comparison& c, ColorMetric metric)
{
    const Graph& g = c.graph(Side::Npu);
    const std::string key = colorMetricName(metric);
    std::vector<double> values(g.size(), kNoValue);
    for (NodeId n = 0; n < g.size(); ++n) {
        if (!isMatched(c, n))
            continue;
        for (uint32_t item : g.outputItems(n)) {
            // Without a bench partner msprobe 1.2.1 writes NPU statistics into the metric columns: no error there.
            if (benchItemOf(c, n, item) == kNoItem)
                continue;
            const FormattedItem fields = formattedItem(c, Side::Npu, item);
            const std::string* text = itemField(fields, key);
            double value = kNoValue;
            if (!text || !metricNumber(*text, value))
                continue;
            const double bad = badness(metric, value);
            if (!std::isnan(bad) && (std::isnan(values[n]) || bad > values[n]))
                values[n] = bad;
        }
    }
    return values;
}

std::vector<double> valueVerdicts(const Comparison& c)
{
    const Graph& g = c.graph(Side::Npu);
    std::vector<double> values(g.size(), kNoValue);
    for (NodeId n = 0; n < g.size(); ++n) {
        if (!isMatched(c, n))
            continue;
        std::optional<Verdict> worst;
        for (auto items : { g.inputItems(n), g.outputItems(n) })
            for (uint32_t item : items)
                if (const auto level = valueLevel(formattedItem(c, Side::Npu, item)))
                    worst = std::max(worst.value_or(Verdict::Pass), *level);
        if (worst)
            values[n] = verdictPrecision(*worst);
        else if (n < c.precision.size() && c.precision[n].has)
            values[n] = c.precision[n].value; // no rows: msprobe's verdict of the node stands
    }
    return values;
}

} // namespace

const char* colorMetricName(ColorMetric metric)
{
    switch (metric) {
    case ColorMetric::Precision:
        return "precision";
    case ColorMetric::MaxRelativeErr:
        return "MaxRelativeErr";
    case ColorMetric::MeanRelativeErr:
        return "MeanRelativeErr";
    case ColorMetric::NormRelativeErr:
        return "NormRelativeErr";
    case ColorMetric::Cosine:
        return "Cosine";
    case ColorMetric::ValueVerdict:
        return "value-verdict";
    case ColorMetric::Truth:
        return "truth";
    }
    return "precision";
}

std::optional<ColorMetric> colorMetricOfName(std::string_view name)
{
    for (ColorMetric m : kColorMetrics)
        if (name == colorMetricName(m))
            return m;
    return std::nullopt;
}

std::vector<ColorMetric> colorMetricsFor(CompareMode mode, RulesProfile profile)
{
    std::vector<ColorMetric> out { ColorMetric::Precision };
    switch (mode) {
    case CompareMode::Summary:
        out.insert(
            out.end(), { ColorMetric::MaxRelativeErr, ColorMetric::MeanRelativeErr, ColorMetric::NormRelativeErr });
        break;
    case CompareMode::Real:
        out.insert(out.end(), { ColorMetric::MaxRelativeErr, ColorMetric::Cosine });
        break;
    case CompareMode::Md5:
        return out; // a checksum is equal or not: the verdict is already about values alone
    }
    if (profile == RulesProfile::Msprobe26)
        out.push_back(ColorMetric::ValueVerdict);
    return out;
}

bool colorMetricApplies(const Comparison& c, ColorMetric metric)
{
    if (metric == ColorMetric::Precision)
        return true;
    const std::vector<ColorMetric> offered = colorMetricsFor(c.mode, c.profile);
    if (std::find(offered.begin(), offered.end(), metric) == offered.end())
        return false;
    return c.isCompare && !c.nodeDataOmitted && c.graphs[0] && c.graphs[0]->dump;
}

std::vector<ColorBin> colorMetricBins(const Comparison& c, ColorMetric metric)
{
    if (metric == ColorMetric::Precision)
        return c.colorBins();
    if (metric == ColorMetric::ValueVerdict)
        return defaultColors(c.mode, RulesProfile::Msprobe26);
    if (metric == ColorMetric::Truth)
        return truthColorBins();
    const std::string name = colorMetricName(metric);
    const std::string what = metric == ColorMetric::Cosine ? "1 - Cosine" : name;
    const auto& palette = colorPalette();
    return {
        { palette[0], 0, 0.0001, false, what + " below 0.01%", "" },
        { palette[1], 0.0001, 0.001, false, what + " from 0.01% to 0.1%", "" },
        { palette[2], 0.001, 0.01, false, what + " from 0.1% to 1%", "" },
        { palette[3], 0.01, 0.1, false, what + " from 1% to 10%", "" },
        { palette[5], 0.1, 1, false, what + " 10% and more", "" },
        { kUnmatchedColor, 0, 0, true, "unmatched", "" },
    };
}

std::vector<double> colorMetricValues(const Comparison& c, ColorMetric metric)
{
    if (!colorMetricApplies(c, metric) || !c.isCompare)
        return std::vector<double>(c.graphs[0] ? c.graph(Side::Npu).size() : 0, kNoValue);
    if (metric == ColorMetric::ValueVerdict)
        return valueVerdicts(c);
    if (metric != ColorMetric::Precision)
        return metricValues(c, metric);
    const Graph& g = c.graph(Side::Npu);
    std::vector<double> values(g.size(), kNoValue);
    for (NodeId n = 0; n < g.size() && n < c.precision.size(); ++n)
        if (isMatched(c, n) && c.precision[n].has)
            values[n] = c.precision[n].value;
    return values;
}

} // namespace ps
