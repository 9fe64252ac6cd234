#pragma once
// Before/after diff of two comparison sources (the same model before and after a fix, or two software versions):
// graph by graph (same step and rank), node by node (same side and name), what improved, regressed, appeared or
// vanished. One graph of each source is in memory at a time; of the earlier one only a per-node summary is kept.
#include "analysis/node_assessment.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ps {

class Source;

enum class ChangeKind : uint8_t { Regressed, Improved, Appeared, Vanished };
const char* changeKindName(ChangeKind kind); // "regressed", "improved", "appeared", "vanished"

// What a diff compares of one NPU node: its bin (-1: unmatched) and worst metric.
struct NodeState {
    int bin = -1;
    std::string verdict; // binLabel, or "unmatched"
    WorstMetric worst;
};

struct NodeChange {
    int step = 0;
    int rank = 0;
    Side side = Side::Npu;
    std::string node;
    ChangeKind kind = ChangeKind::Regressed;
    std::string before, after; // verdicts ("" for a node that is absent on that side)
    std::string metric; // the worst metric's name when the change is in the metric alone, else ""
    std::string beforeValue, afterValue;
};

struct ComparisonDiff {
    std::string a, b; // the sources' labels
    std::vector<NodeChange> changes; // per graph: regressed, improved, appeared, vanished; node order in each
    size_t unchanged = 0; // NPU nodes present in both with the same verdict and (within 1 %) the same metric
    std::vector<std::pair<int, int>> onlyInA, onlyInB; // graphs (step, rank) of one source alone
    size_t count(ChangeKind kind) const;
};

// The state of NPU node n. The legend is the comparison's.
NodeState nodeState(const Comparison& c, const std::vector<ColorBin>& bins, NodeId n);
// The state as comparisons with different legends compare it (msprobe 1.2.1's colour bins against 26.0.0's
// verdicts, or edited colours): its bin replaced by its severity under `bins` (severityOfBin); unmatched stays -1.
NodeState severityState(NodeState state, const std::vector<ColorBin>& bins);
// Two worst-metric measures that a diff counts as the same: equal (inf and inf too), both NaN, or within 1 % or
// 1e-9.
bool sameMeasure(double x, double y);
// How `after` differs from `before`: nullopt when it does not (same bin, sameMeasure metric).
std::optional<NodeChange> compareStates(const NodeState& before, const NodeState& after);

// Graphs whose legends differ (msprobe 1.2.1's colour bins against 26.0.0's verdicts, or edited colours) are
// compared by severity (pass, warning, error; see severityOfBin). Throws ps::Error naming the file and the
// problem of either source.
ComparisonDiff diffSources(const Source& a, const Source& b);

std::string diffText(const ComparisonDiff& diff, size_t rows); // rows: per graph and kind, 0 = all
// Step, Rank, Side, Node, Change, Before, After, Metric, Before Value, After Value
std::string diffCsv(const ComparisonDiff& diff);
std::string diffJson(const ComparisonDiff& diff);

} // namespace ps
