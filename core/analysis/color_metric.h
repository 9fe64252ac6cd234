#pragma once
// What the colours of a comparison stand for. msprobe colours a node by its precision index: under 1.2.1's rules a
// relative error in [0, 1], under 26.0.0's the verdict, where a dtype that differs makes a node an error whatever
// its values (in a bf16 autocast run against an fp32 bench, most nodes). The viewer and `report --metric` can
// colour by one metric of the node's output rows instead, or by the verdict on values alone. Exports keep msprobe's
// precision index and legend: the choice is a way of looking, not a result.
#include "compare/color_bins.h"
#include "compare/comparison.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace ps {

enum class ColorMetric : uint8_t {
    Precision, // msprobe's precision index, as the engine or the graph file has it
    MaxRelativeErr, // statistics and real data
    MeanRelativeErr, // statistics
    NormRelativeErr, // statistics
    Cosine, // real data
    ValueVerdict, // 26.0.0's verdict without its rules on dtype, shape and requires_grad
    // Against a truth run (compare/truth_verdict.h): its values come from the judgement, which the comparison does
    // not hold (colorMetricsFor never offers it; the viewer does when it has one; truthColorValues).
    Truth,
};
inline constexpr std::array kColorMetrics { ColorMetric::Precision, ColorMetric::MaxRelativeErr,
    ColorMetric::MeanRelativeErr, ColorMetric::NormRelativeErr, ColorMetric::Cosine, ColorMetric::ValueVerdict,
    ColorMetric::Truth };

// Whether the metric's bins are five bands of its badness (the relative errors and Cosine), not msprobe's bins or
// verdicts.
constexpr bool isBandMetric(ColorMetric metric)
{
    return metric != ColorMetric::Precision && metric != ColorMetric::ValueVerdict && metric != ColorMetric::Truth;
}

// "precision", "MaxRelativeErr", "MeanRelativeErr", "NormRelativeErr", "Cosine", "value-verdict", "truth".
const char* colorMetricName(ColorMetric metric);
std::optional<ColorMetric> colorMetricOfName(std::string_view name);

// The metrics a comparison of this mode under these rules can be coloured by, Precision first: the relative errors
// its rows have (statistics: Max, Mean, Norm; real data: Max and Cosine) and, under 26.0.0's rules outside md5
// mode, the value verdict.
std::vector<ColorMetric> colorMetricsFor(CompareMode mode, RulesProfile profile);

// Whether the comparison holds what the metric reads: the metric's column in its mode (and its data items), or
// row verdicts (26.0.0's rules). Precision applies to every comparison.
bool colorMetricApplies(const Comparison& c, ColorMetric metric);

// The legend of the metric. Precision: the comparison's own (Comparison::colorBins). ValueVerdict: 26.0.0's three
// verdict bands. A metric: five bands, best first, of its badness in [0, 1] (a relative error capped at 1, or
// 1 - cosine): below 0.01 %, 0.1 %, 1 %, 10 %, and from 10 % on; then the unmatched entry.
std::vector<ColorBin> colorMetricBins(const Comparison& c, ColorMetric metric);

// Per NPU node, the value the metric's bins place (colorBinOf); NaN where there is none. A metric's value is the
// worst over the node's output rows (what the node itself produced); the value verdict is the worst over all its
// rows, as msprobe rates a node. Unmatched nodes get NaN. Precision: the node's precision index.
std::vector<double> colorMetricValues(const Comparison& c, ColorMetric metric);

} // namespace ps
