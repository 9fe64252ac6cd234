#pragma once
// The colour legend of a comparison: the graph file's own Colors object when it has a usable
// one (a .vis whose bins were customised in tb_graph_ascend keeps them), msprobe's defaults for the mode
// otherwise. Value bins are ordered from best to worst; the "not matched" entry comes last.
#include "analysis/color_metric.h"
#include "compare/comparison.h"

#include <QString>

#include <string>
#include <vector>

namespace ps {
struct VisMeta;
}

namespace psui {

struct LegendBin {
    std::string hex; // "#RRGGBB"
    double lo = 0, hi = 0;
    bool unmatched = false; // the grey "not matched" entry
    std::string fileDescription; // as the file (or msprobe) writes it: Chinese
    bool isDefault = true; // msprobe's own bin for the mode: the UI shows its translated description
};

std::vector<LegendBin> defaultLegend(ps::CompareMode mode, ps::RulesProfile profile = ps::RulesProfile::Msprobe121);
// A legend chosen in the viewer (ps::Comparison::colors).
std::vector<LegendBin> legendFromBins(const std::vector<ps::ColorBin>& bins, ps::CompareMode mode);
// The Colors object of a graph file; empty when absent or unusable (then the defaults apply).
std::vector<LegendBin> legendFromColors(const ps::VisMeta& meta, ps::CompareMode mode);
// A band of a metric's badness (analysis/color_metric.h) in the metric's own terms: "< 0.01 %", "0.1 – 1 %",
// "≥ 10 %" of a relative error, cosines for Cosine ("cos > 0.9999").
QString metricBandText(ps::ColorMetric metric, double lo, double hi);

// The value ranges of a legend (its unmatched entry left out), as the colour-ranges editor takes them.
std::vector<ps::ColorBin> valueRanges(const std::vector<LegendBin>& legend);

} // namespace psui
