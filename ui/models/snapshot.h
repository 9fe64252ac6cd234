#pragma once
// An immutable, view-ready comparison: the core's Comparison plus what the views need per node, computed once
// (on a worker thread) before the GUI ever sees it. Shared between threads as shared_ptr<const Snapshot>.
#include "analysis/color_metric.h"
#include "analysis/precision_series.h"
#include "compare/comparison.h"
#include "compare/truth_verdict.h"
#include "models/legend.h"
#include "vis/vis_document.h"

#include <QStringList>

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace psui {

using ps::NodeId;
using ps::Side;

// Bin codes: 0..n-1 index the legend (best to worst among value bins, see legend.h).
constexpr int8_t kBinNone = -1; // no precision value (white on the NPU side; everything in build mode)

struct SideRollup {
    // Per node (index = NodeId):
    std::vector<int8_t> bin; // own legend bin; the unmatched bin for unmatched nodes
    std::vector<int8_t> worst; // worst value bin in the subtree (self included), kBinNone if none
    std::vector<uint16_t> depth; // 0 for the root
    std::vector<int32_t> microStep; // the micro step of the first-level node above (or at) it; -1: none
    std::vector<uint8_t> worstOverflow; // highest ps::OverflowLevel in the subtree (self included)
    std::vector<uint8_t> nonFinite; // NaN / inf in the node's own statistics (models/nonfinite.h); empty: no data
    // Per legend bin: how many nodes of this side fall into it.
    std::vector<uint32_t> binTotals;
    uint32_t unmatched = 0;
    std::array<uint32_t, 4> overflowTotals {}; // per ps::OverflowLevel
    // Name index for search: every node name in ASCII lower case, '\n'-terminated, in node order; node n's name
    // starts at nameOffset[n] (nameOffset has size() + 1 entries). Shared: a recoloured snapshot keeps it.
    struct NameIndex {
        std::string lowerNames;
        std::vector<uint32_t> nameOffset;
    };
    std::shared_ptr<const NameIndex> names;
    std::vector<NodeId> order; // breadth-first from the root: roll-ups walk it backwards
    // Execution order: the trees' top-to-bottom order (pre-order from the root, children in call order; an API
    // list's members right after it, where node ids put the list last), then any unreached node by id. Searches
    // and F3 walk it; rank[n] is node n's position in it. Shared: a recoloured snapshot keeps it.
    struct ExecutionOrder {
        std::vector<NodeId> nodes;
        std::vector<uint32_t> rank;
    };
    std::shared_ptr<const ExecutionOrder> exec;
};

// What the error charts plot (empty for build results), computed with the snapshot so that no widget walks the
// comparison; shared by recoloured snapshots, whose precision is the same.
struct ChartData {
    ps::PrecisionSeries series;
    ps::LayerTable layers;
};

struct Snapshot {
    std::shared_ptr<const ps::Comparison> comparison;
    // The part of a .vis.db opened so far (ps::VisDbBrowser), shown while its whole structure is read: per side
    // and node, 1 when its children are not loaded yet (the trees load them on expand). Empty: the whole graph.
    std::array<std::vector<uint8_t>, 2> unloadedChildren;
    bool isPartial() const { return !unloadedChildren[0].empty(); }
    bool hasUnloadedChildren(Side s, NodeId n) const
    {
        const auto& u = unloadedChildren[size_t(s)];
        return n < u.size() && u[n];
    }
    // The data items were left in the file (Comparison::nodeDataOmitted): the details come from the file per node.
    bool hasNodeData() const { return comparison && !comparison->nodeDataOmitted; }
    // Dumps matched and still being compared: the structure and the matches, no metrics or precision yet.
    bool comparing = false;
    // Everything the comparison holds is there: exports, reports and analyses may run.
    bool isComplete() const { return hasNodeData() && !comparing && !isPartial(); }
    std::shared_ptr<const ChartData> charts; // never null in a made snapshot
    std::shared_ptr<const ps::VisMeta> meta; // the extras of the graph file it was read from; null: engine result
    std::vector<LegendBin> bins; // empty in build mode
    int unmatchedBin = -1; // index of the "not matched" legend entry, -1 if none
    // What the bins are of (analysis/color_metric.h); with another metric than msprobe's precision index, its value
    // per NPU node (shared by recoloured snapshots).
    ps::ColorMetric metric = ps::ColorMetric::Precision;
    std::shared_ptr<const std::vector<double>> metricValues;
    // Against a truth run (OpenRequest::referencePath): each NPU node's verdict; null without one, and after a
    // manual match (the pairs it judged changed).
    std::shared_ptr<const ps::TruthJudgement> truth;
    std::array<SideRollup, 2> sides;

    bool hasSide(Side s) const { return comparison && comparison->graphs[size_t(s)] != nullptr; }
    const ps::Graph& graph(Side s) const { return comparison->graph(s); }
    const SideRollup& rollup(Side s) const { return sides[size_t(s)]; }
    NodeId counterpart(Side s, NodeId n) const;
    ps::OverflowLevel overflow(Side s, NodeId n) const;
    // Precision of the NPU node or of a Bench node's matched NPU node; NaN when there is none.
    double precision(Side s, NodeId n) const;
    // What the node's colour is chosen by: its precision, or the value of the metric the snapshot is coloured by.
    double colorValue(Side s, NodeId n) const;
    bool isValueBin(int bin) const { return bin >= 0 && bin != unmatchedBin; }
    // The worst value bin: the suspicious one ("red").
    int worstValueBin() const;
    // NonFiniteBits of the node's own statistics (0: finite, or no data).
    uint8_t nonFinite(Side s, NodeId n) const
    {
        const auto& bits = sides[size_t(s)].nonFinite;
        return n < bits.size() ? bits[n] : 0;
    }
    // Micro steps of the NPU (or single) graph; 1 when the run has none.
    int microSteps() const;
    // Whether the node shows when micro step `step` is selected (-1: all), as tb_graph_ascend filters.
    bool inMicroStep(Side s, NodeId n, int step) const;
};

// A graph merged from the ranks of a parallel run: the parallel_merge_info lines of a node (how its data was
// merged), and its mark in the trees ("TP" for merged data, "r<N>" for a node taken from rank N, else "").
QStringList mergeInfoOf(const ps::Graph& g, NodeId n);
QString mergeMarkOf(const ps::Graph& g, NodeId n);

// msprobe's colour rule as a bin number: the first legend entry with lo <= p < hi, or
// hi == 1 && p == 1, or lo == 0 && p == 0.
int binOfPrecision(const std::vector<LegendBin>& bins, double p);

// Builds the snapshot: bins, roll-ups bottom-up (iteratively, never recursively) and totals. `meta`: the graph
// file's extras when the comparison was read from a .vis/.vis.db (its Colors legend is used).
// `bins`: the legend to keep (a manual match keeps the one shown), else it comes from the comparison or file.
std::shared_ptr<const Snapshot> makeSnapshot(std::shared_ptr<const ps::Comparison> comparison,
    const ps::VisMeta* meta = nullptr, const std::vector<LegendBin>* bins = nullptr);
// The snapshot of dumps matched but not compared yet (Snapshot::comparing): structure and matches, no precision,
// no charts.
std::shared_ptr<const Snapshot> matchedSnapshot(std::shared_ptr<const ps::Comparison> matched);
// `compared` (the same graphs and matches, now with metrics) shown on what `matched` computed of the structure:
// only the bins, roll-ups of the bins and the charts are computed.
std::shared_ptr<const Snapshot> comparedSnapshot(
    const Snapshot& matched, std::shared_ptr<const ps::Comparison> compared);
// The same snapshot under another legend: only the bins, worst bins and totals are computed again. `comparison`:
// the same results (it may carry the new legend for exports).
std::shared_ptr<const Snapshot> recolourSnapshot(
    const Snapshot& base, std::shared_ptr<const ps::Comparison> comparison, std::vector<LegendBin> bins);
// The same snapshot coloured by `metric` under its own legend (ps::colorMetricBins); back to Precision, under
// `precisionBins` (empty: the comparison's, the file's or msprobe's legend). The caller checks that the metric
// applies (ps::colorMetricApplies); the values are computed once here, on the calling (worker) thread.
std::shared_ptr<const Snapshot> colorByMetric(
    const Snapshot& base, ps::ColorMetric metric, const std::vector<LegendBin>& precisionBins = {});
// The legend of a metric as the viewer shows it (its unmatched entry last).
std::vector<LegendBin> metricLegend(const ps::Comparison& comparison, ps::ColorMetric metric);

} // namespace psui
