#pragma once
// The model hierarchy of one side, as a struct of arrays keyed by NodeId. Children are contiguous (CSR), so
// a tree view can answer index/parent/rowCount in O(1). Node data items point into the side's DumpData.
#include "io/dump_data.h"
#include "util/id_index.h"
#include "util/string_pool.h"

#include <cassert>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ps {

using NodeId = uint32_t;
constexpr NodeId kNoNode = 0xffffffffu;

enum class NodeType : uint8_t { Module = 0, Api = 1, ApiCollection = 9 };

// Item lists of one node: indices into dump->items, in input_data / output_data order.
struct NodeItems {
    uint32_t inputBegin = 0, inputEnd = 0;
    uint32_t outputBegin = 0, outputEnd = 0;
};

class Graph {
public:
    std::shared_ptr<const DumpData> dump; // may be null (no data)
    StringPool strings; // node names and stack lines
    NodeId root = 0;

    // Per node (index = NodeId), in node_map order (the output order).
    std::vector<StrId> name;
    std::vector<NodeType> type;
    std::vector<NodeId> parent; // kNoNode for the root and orphans
    std::vector<uint32_t> childBegin; // children: childIds[childBegin[n] .. childBegin[n + 1])
    std::vector<NodeId> childIds;
    std::vector<int32_t> record; // dump record index, -1 when the node has no record
    std::vector<uint32_t> stack; // index into stacks; 0 is the empty stack; always the whole stack of stack.json
    // Without -cs (msprobe 1.2.1): the one kept line an export writes per node; empty: exports write
    // `stack`. The viewer shows the whole stack either way.
    std::vector<uint32_t> exportStack;
    std::vector<NodeItems> items;
    std::vector<uint32_t> itemIndex; // item lists referenced by NodeItems
    std::vector<int32_t> microStep; // -1: the node carries no micro_step_id
    std::vector<std::vector<StrId>> stacks;
    uint32_t microSteps = 1;
    // The micro steps come from the dump (msprobe 26.0.0 with megatron_micro_step_number): no paging.
    bool microStepsFromDump = false;

    size_t size() const { return name.size(); }
    // Accessors by NodeId: n must be < size() (callers check ids that come from input; hasTreeShape holds).
    std::string_view nameOf(NodeId n) const
    {
        assert(n < size());
        return strings.view(name[n]);
    }
    std::span<const NodeId> children(NodeId n) const
    {
        assert(n < size());
        return { childIds.data() + childBegin[n], childBegin[n + 1] - childBegin[n] };
    }
    std::span<const uint32_t> inputItems(NodeId n) const
    {
        assert(n < size() && items[n].inputBegin <= items[n].inputEnd && items[n].inputEnd <= itemIndex.size());
        return { itemIndex.data() + items[n].inputBegin, items[n].inputEnd - items[n].inputBegin };
    }
    std::span<const uint32_t> outputItems(NodeId n) const
    {
        assert(n < size() && items[n].outputBegin <= items[n].outputEnd && items[n].outputEnd <= itemIndex.size());
        return { itemIndex.data() + items[n].outputBegin, items[n].outputEnd - items[n].outputBegin };
    }
    std::span<const StrId> stackOf(NodeId n) const
    {
        assert(n < size() && stack[n] < stacks.size());
        return stacks[stack[n]];
    }
    uint32_t exportStackIndex(NodeId n) const
    {
        assert(n < size());
        return exportStack.empty() ? stack[n] : exportStack[n];
    }
    std::span<const StrId> exportStackOf(NodeId n) const { return stacks[exportStackIndex(n)]; }
    NodeId find(std::string_view nodeName) const;
    // Root-first list of ancestors (excluding n). Stops on cycles.
    std::vector<NodeId> ancestors(NodeId n) const;
    // Row of n among its parent's children (0 for the root).
    uint32_t rowOf(NodeId n) const
    {
        assert(n < size());
        return rowInParent[n];
    }
    std::vector<uint32_t> rowInParent;

    IdIndex byName; // node name id -> NodeId

    // A graph merged from the ranks of a parallel run (merge/): msprobe's parallel_merge_info lines of the nodes
    // whose data was merged, and the rank every node came from. Both empty otherwise.
    std::unordered_map<NodeId, std::vector<std::string>> mergeInfo;
    std::vector<int32_t> sourceRank;
    int mainRank = 0; // the rank whose graph the others were merged into
    bool isMerged() const { return !sourceRank.empty(); }
};

// The nodes the root reaches, children before their parent and the root last (msprobe's get_sorted_nodes, the
// .vis.db node_order). Iterative and cycle-safe: a node is visited once.
std::vector<NodeId> postOrderFromRoot(const Graph& g);

} // namespace ps
