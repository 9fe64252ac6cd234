#pragma once
// How suspicious each matched NPU node of a comparison is, in one place for the report, the diff and the trends:
// its legend bin (msprobe 26.0.0: pass / warning / error; 1.2.1: the colour bins, worst last), the severity a CI
// gate reads from it, and its worst metric (the item whose row is worst: a 26.0.0 row verdict first, then the
// mode's metric). Values only; formatting lives in report_format.
#include "compare/comparison.h"
#include "vis/item_format.h"

#include <string>
#include <string_view>
#include <vector>

namespace ps {

enum class Severity : uint8_t { None = 0, Warning = 1, Error = 2 };

// The severity of legend bin `bin` (-1: unmatched or no value): a bin with an accuracy level (msprobe 26.0.0) is
// that level; otherwise (1.2.1's colour bins, ordered best first) the last value bin is an error and every bin
// after the first a warning.
Severity severityOfBin(const std::vector<ColorBin>& bins, int bin);
// "pass" / "warning" / "error" for a bin with an accuracy level, else "bin K" (0-based, legend order); "" for -1.
std::string binLabel(const std::vector<ColorBin>& bins, int bin);

// The legend bin of an NPU node, -1 when it is unmatched or carries no precision.
int nodeBin(const Comparison& c, const std::vector<ColorBin>& bins, NodeId npu);

struct WorstMetric {
    std::string name; // "NormRelativeErr", "Cosine", "Result", ... ("" when no row is bound)
    std::string value; // as the item shows it ("12.5%", "0.998", "pass")
    int rowLevel = -1; // the row's Result as a Verdict (0 pass .. 2 error); -1 without one
    double badness = -1; // larger is worse: a relative error, 1 - cosine, 0/1 for md5; -1 without a value
    uint32_t npuItem = kNoItem;
    bool worseThan(const WorstMetric& o) const
    {
        return rowLevel != o.rowLevel ? rowLevel > o.rowLevel : badness > o.badness;
    }
};

// A metric's text as a number: "12.5%" -> 0.125, "0.3" -> 0.3, "inf%" -> inf; false for "N/A", "Nan", " ", "None".
bool metricNumber(std::string_view text, double& out);
// The value of `key` among an item's fields; null when it has none.
const std::string* itemField(const FormattedItem& fields, std::string_view key);

// The formatted fields of one item of `side` (metrics included on the NPU side), through the writers' formatting.
FormattedItem formattedItem(const Comparison& c, Side side, uint32_t item);
// The worst row among the NPU node's input and output items.
WorstMetric worstMetricOf(const Comparison& c, NodeId npu);
// The bench item paired with NPU item `npuItem` of `npu`: the bound row's, else the counterpart's item of the same
// name after the node name (".input.0"); kNoItem when none.
uint32_t benchItemOf(const Comparison& c, NodeId npu, uint32_t npuItem);

} // namespace ps
