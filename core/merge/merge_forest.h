#pragma once
// The ranks' graphs while msprobe 26.0.0's merger reshapes them (graph_merger.py): mutable nodes with names,
// parents and ordered children, each rank's node_map (current name -> node, in insertion order: a renamed node
// moves to the end, as a Python dict re-insert does), and each node's data as a reference to a rank's built graph
// plus the statistics the merge rewrote. Nothing is copied until the merged graph is materialized
// (merge/materialize.h); a node's data stays in the rank's DumpData it was read into.
#include "graph/graph.h"
#include "util/pyvalue.h"
#include "util/string_pool.h"

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ps::merge {

constexpr uint32_t kNone = 0xffffffffu;
using MNodeId = uint32_t;

// One data item: which rank's dump (the part) and which item of it.
struct ItemRef {
    uint16_t part = 0;
    uint32_t item = 0;
    uint64_t key() const { return (uint64_t(part) << 32) | item; }
};

// A node's input or output list: the items of `node` in part `part`'s graph, their names passed through a chain
// of renames (msprobe's _update_node_data_key: old node name -> new node name, applied to every key).
struct DataRef {
    uint16_t part = 0;
    NodeId node = kNoNode; // kNoNode: no data
    uint32_t renames = kNone; // index into Forest::renameChains
    bool output = false; // the node's output items (else its inputs)
};

struct MNode {
    StrId name = kNoStr; // the current id (Forest::names)
    NodeType type = NodeType::Module;
    int rank = 0; // the rank the node came from (BaseNode.rank)
    uint16_t part = 0; // the part whose graph holds `source`
    NodeId source = kNoNode; // the node in that graph (stack, overflow); kNoNode for nodes the merge created
    MNodeId parent = kNone;
    std::vector<MNodeId> children;
    DataRef in, out;
    int32_t ppIndex = 0; // PP: the layer number a pipeline-split module takes (when hasPpIndex)
    bool hasPpIndex = false;
    bool ppMerged = false; // PP: the module was found split across the stages
    uint32_t info = kNone; // index into Forest::infos (parallel_merge_info)
};

// A parameter of a node as msprobe's input_data/output_data dict holds it: its current key and its item.
struct Param {
    std::string key;
    ItemRef item;
};

// One statistic (Max, Min, Mean, Norm) as msprobe's data item holds it after read_op: None, int, float or str.
using Stat = PyScalar;
enum StatIndex { kMax = 0, kMin = 1, kMean = 2, kNorm = 3 };
extern const char* const kStatNames[4];

// msprobe's Graph of one rank during the merge.
struct MGraph {
    int rank = 0;
    uint16_t part = 0;
    MNodeId root = kNone;
    int allRanksCounter = 0; // the next Apis_Between_Modules_All_Ranks.<n>

    MNodeId find(StrId name) const;
    void insert(StrId name, MNodeId node); // node_map[name] = node (re-inserting moves the entry to the end)
    void erase(StrId name);
    std::vector<MNodeId> values() const; // node_map.values(), in order

private:
    struct Slot {
        MNodeId node;
        uint64_t seq;
    };
    std::unordered_map<StrId, Slot> m_map;
    std::vector<std::pair<StrId, uint64_t>> m_log; // insertions in order; stale when the map moved on
    uint64_t m_seq = 0;
};

// The nodes one walk has seen: each is visited once (a cycle ends there), and starting another walk costs O(1), so
// a step that walks many small subtrees stays linear. Walks that run inside each other need one each.
class WalkMarks {
public:
    void begin(size_t nodes)
    {
        m_stamp.resize(nodes, 0);
        if (++m_walk == 0) {
            std::fill(m_stamp.begin(), m_stamp.end(), 0);
            m_walk = 1;
        }
    }
    bool firstVisit(MNodeId n)
    {
        if (m_stamp[n] == m_walk)
            return false;
        m_stamp[n] = m_walk;
        return true;
    }

private:
    std::vector<uint32_t> m_stamp;
    uint32_t m_walk = 0;
};

// A rank's built graph, the source of every node and item of that rank.
struct Part {
    int rank = 0;
    std::string dir; // the rank folder
    std::shared_ptr<const Graph> graph;
};

class Forest {
public:
    StringPool names; // every node name of every rank: equal names have equal ids across ranks
    std::vector<MNode> nodes;
    std::vector<Part> parts;
    std::vector<MGraph> graphs; // graphs[p] starts as part p's graph
    std::vector<std::vector<std::string>> infos;
    std::vector<std::vector<std::pair<StrId, StrId>>> renameChains;

    // Adds a rank's graph: every node of it, in NodeId (= node_map) order. Returns the part index.
    uint16_t addPart(int rank, std::string dir, std::shared_ptr<const Graph> graph);

    std::string_view nameOf(MNodeId n) const { return names.view(nodes[n].name); }
    MNodeId addNode(std::string_view name, NodeType type, int rank, uint16_t part);
    void attach(MNodeId child, MNodeId parent); // child.upnode = parent; parent.subnodes.append(child)
    // node.id = newName, with the keys of its data renamed from the old name (when `keys`).
    void setName(MNodeId n, std::string_view newName, bool keys);
    // The keys of n's data pass through old -> new (msprobe's _update_node_data_key without a new id).
    void renameKeys(DataRef& ref, std::string_view oldName, std::string_view newName);

    std::vector<Param> params(const DataRef& ref) const;
    const DumpData& dumpOf(uint16_t part) const { return *parts[part].graph->dump; }
    Stat stat(ItemRef item, int index) const; // the rewritten value, or the item's own
    void setStat(ItemRef item, int index, Stat value);
    bool hasOverrides(ItemRef item) const { return m_overrides.count(item.key()) != 0; }
    std::string_view dtype(ItemRef item) const; // the leaf's dtype text ("" when none)
    std::vector<std::string>& infoOf(MNodeId n);
    const std::vector<std::string>* infoIfAny(MNodeId n) const;

    // Ancestor paths as ids: equal ids iff equal get_ancestors() lists (names from the root down), for `nodes` and
    // their ancestors. Valid until the structure changes; a node on a cycle has the empty path, as get_ancestors()
    // returns [] there. Linear in the nodes (and ancestors) given.
    void computePaths(const std::vector<MNodeId>& starts);
    uint32_t pathOf(MNodeId n) const;

private:
    struct Overrides {
        std::array<bool, 4> set {};
        std::array<Stat, 4> value;
    };
    std::unordered_map<uint64_t, Overrides> m_overrides;
    std::vector<uint32_t> m_path;
    std::vector<uint32_t> m_pathStamp; // m_path[n] is of the current computation when equal to m_pathRound
    uint32_t m_pathRound = 0;
    std::unordered_map<uint64_t, uint32_t> m_pathIds; // (parent's path, parent's name) -> path
};

} // namespace ps::merge
