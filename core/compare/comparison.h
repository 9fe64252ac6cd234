#pragma once
// The result of building (one graph) or comparing (two graphs): matches, metrics bound to NPU data items,
// precision indices, overflow levels and micro steps. Immutable once the engine hands it out.
#include "graph/graph.h"
#include "util/pyvalue.h"

#include <array>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace ps {

enum class Side : uint8_t { Npu = 0, Bench = 1 };

enum class CompareMode : uint8_t { Summary = 0, Md5 = 1, Real = 2 };
const char* taskName(CompareMode mode); // "summary", "md5", "all"
std::span<const char* const> metricNames(CompareMode mode); // the keys bound to each NPU item

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

class Comparison {
public:
    bool isCompare = false; // false: build output (one graph)
    CompareMode mode = CompareMode::Summary;
    bool overflowCheck = false;
    std::array<std::shared_ptr<Graph>, 2> graphs; // [Npu], [Bench] (null in build mode)
    std::array<std::vector<NodeId>, 2> counterpart; // matched node on the other side, kNoNode if none
    std::vector<Precision> precision; // NPU nodes
    std::array<std::vector<OverflowLevel>, 2> overflow; // per node, only with overflowCheck
    std::array<std::unordered_map<NodeId, DistributedLink>, 2> distributed;
    // Per side and node: 1 once a manual match or unmatch touched it (the .vis.db `modified` column); empty when
    // nothing was changed by hand.
    std::array<std::vector<uint8_t>, 2> modified;
    bool isModified(Side s, NodeId n) const { return n < modified[size_t(s)].size() && modified[size_t(s)][n]; }

    // Metrics bound to NPU data items (index into npu dump items): metricCount(mode) values per slot.
    std::unordered_map<uint32_t, uint32_t> metricSlot;
    std::vector<PyScalar> metricValues;

    const Graph& graph(Side s) const { return *graphs[size_t(s)]; }
    std::span<const PyScalar> metricsOf(uint32_t npuItem) const;
    size_t metricCount() const { return metricNames(mode).size(); }
};

} // namespace ps
