#pragma once
// The result of building (one graph) or comparing (two graphs): matches, metrics bound to NPU data items,
// precision indices, overflow levels and micro steps. Immutable once the engine hands it out.
#include "compare/color_bins.h"
#include "compare/verdict_rules.h"
#include "graph/graph.h"
#include "util/pyvalue.h"
#include "util/rules_profile.h"

#include <array>
#include <cassert>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace ps {

enum class Side : uint8_t { Npu = 0, Bench = 1 };
constexpr Side opposite(Side side)
{
    return side == Side::Npu ? Side::Bench : Side::Npu;
}

enum class CompareMode : uint8_t { Summary = 0, Md5 = 1, Real = 2 };
const char* taskName(CompareMode mode); // "summary", "md5", "all"
// The keys bound to each NPU item. msprobe 26.0.0 adds EucDist in tensor mode and, in every mode,
// "Requires_grad Consistent", "Result" and "Err_message" (md5 mode: Result first).
std::span<const char* const> metricNames(CompareMode mode, RulesProfile profile = RulesProfile::Msprobe121);

// msprobe's precision_index: Python int or float (int 0 and float 0.0 print differently).
struct Precision {
    bool has = false;
    bool isInt = true;
    double value = 0;
    static Precision integer(int v) { return { true, true, double(v) }; }
    static Precision real(double v) { return { true, false, v }; }
};

// One communication peer of a distributed node: rank -> [precision of the peer, peer node name].
struct DistributedPeer {
    int rank;
    std::string index;
    std::string node;
};
struct DistributedLink {
    std::string type; // send, receive, send_receive
    std::vector<DistributedPeer> peers;
};

constexpr uint32_t kNoItem = 0xffffffffu;

// Where the metrics of one NPU item come from: the NPU item and bench item of its row (the bench item is kNoItem
// when the NPU item had no partner; npuItem is kNoItem when no row is bound). They may differ from the item the
// row is bound to when a record repeats an item name (the last row of a name wins).
struct BoundRow {
    uint32_t npuItem = kNoItem;
    uint32_t benchItem = kNoItem;
    uint32_t realSlot = kNoItem; // real mode: index of the row's values in Comparison::realValues
};

// The metric values of one row, by value (at most 12, metricNames(mode, profile) in order).
class MetricRow {
public:
    MetricRow() = default;
    explicit MetricRow(std::span<const PyScalar> values);
    std::span<const PyScalar> span() const { return { m_values.data(), m_size }; }
    bool empty() const { return m_size == 0; }
    size_t size() const { return m_size; }
    const PyScalar& operator[](size_t i) const { return m_values[i]; }
    const PyScalar* begin() const { return m_values.data(); }
    const PyScalar* end() const { return m_values.data() + m_size; }

private:
    std::array<PyScalar, 12> m_values;
    size_t m_size = 0;
};

class Comparison {
public:
    RulesProfile profile = RulesProfile::Msprobe121; // the msprobe whose rules made (and format) this result
    Msprobe26Release msprobe26Release = Msprobe26Release::V26_1; // with Msprobe26: whose number formatting
    bool isCompare = false; // false: build output (one graph)
    CompareMode mode = CompareMode::Summary;
    bool overflowCheck = false;
    bool parallelMerge = false; // compared with msprobe's rules for graphs merged from parallel ranks
    // The structure of a .vis.db opened for viewing (readVisDbGraph with VisDbData::Structure): nodes, matches,
    // precision, overflow and stacks, but no data items, so no metrics or row verdicts either. Writers refuse it.
    bool nodeDataOmitted = false;
    std::array<std::shared_ptr<Graph>, 2> graphs; // [Npu], [Bench] (null in build mode)
    std::array<std::vector<NodeId>, 2> counterpart; // matched node on the other side, kNoNode if none
    std::vector<Precision> precision; // NPU nodes
    std::array<std::vector<OverflowLevel>, 2> overflow; // per node, only with overflowCheck
    std::array<std::unordered_map<NodeId, DistributedLink>, 2> distributed;
    // Per side and node: 1 once a manual match or unmatch touched it (the .vis.db `modified` column); empty when
    // nothing was changed by hand.
    std::array<std::vector<uint8_t>, 2> modified;
    bool isModified(Side s, NodeId n) const { return n < modified[size_t(s)].size() && modified[size_t(s)][n]; }

    // The comparison row bound to each NPU data item, indexed by NPU item; empty in build mode.
    // Summary and md5 metrics are computed from the row's two items when asked for (metricsOf), so a
    // comparison keeps 12 bytes per item instead of a row of values; real-data metrics are stored.
    std::vector<BoundRow> rows;
    std::vector<PyScalar> realValues; // real mode: realMetricCount() values per bound row, at BoundRow::realSlot
    // msprobe 26.0.0: the verdict of each bound NPU item's row (Result, Err_message); empty with 1.2.1's rules.
    std::vector<RowVerdict> verdicts;
    bool isBound(uint32_t npuItem) const { return npuItem < rows.size() && rows[npuItem].npuItem != kNoItem; }
    MetricRow metricsOf(uint32_t npuItem) const; // empty when nothing is bound to the item
    // Statistics mode: metricsOf(npuItem)[7] (NormRelativeErr) computed alone, what msprobe 26.0.0's verdict
    // rules read of a row; a null scalar when nothing is bound to the item.
    PyScalar normRelativeErrOf(uint32_t npuItem) const;

    // The legend written with the comparison (the .vis Colors, the .vis.db node_colors); empty: msprobe's
    // defaults for the mode. Changing it recolours, it recomputes nothing.
    std::vector<ColorBin> colors;
    std::vector<ColorBin> colorBins() const { return colors.empty() ? defaultColors(mode, profile) : colors; }

    const Graph& graph(Side s) const
    {
        assert(size_t(s) < graphs.size() && graphs[size_t(s)]);
        return *graphs[size_t(s)];
    }
    std::span<const char* const> metricKeys() const { return metricNames(mode, profile); }
    size_t metricCount() const { return metricKeys().size(); }
    // The tensor metrics stored per real-mode row (without the three verdict columns of 26.0.0).
    size_t realMetricCount() const { return profile == RulesProfile::Msprobe26 ? 6 : 5; }
};

} // namespace ps
