#pragma once
// Builds one side's Graph, with a verbatim DumpData for its items, from nodes described by name as .vis and
// .vis.db files list them (parent and children by name). Names are resolved once every node is known.
#include "graph/graph.h"

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ps {

class VisGraphAssembler {
public:
    explicit VisGraphAssembler(std::string file);

    DumpData& dump() { return *m_dump; }
    Graph& graph() { return *m_graph; }
    size_t size() const { return m_graph->size(); }

    NodeId addNode(std::string_view name, int nodeType); // throws ps::Error on a duplicate name
    void setParent(NodeId n, std::string_view parentName); // "" and "None" mean no parent
    void addChild(std::string_view childName); // children of the node added last, in order
    void addLinkName(std::string_view name); // matched_node_link of the node added last, in order
    // The same for names already interned in graph().strings (kNoStr as a parent: none).
    NodeId addNode(StrId name, int nodeType);
    void setParent(NodeId n, StrId parentName) { m_parentName[n] = parentName; }
    void addChild(StrId childName) { m_childNames.push_back(childName); }
    void addLinkName(StrId name) { m_linkNames.push_back(name); }
    void setStack(NodeId n, const std::vector<std::string>& lines);
    // A stack shared by many nodes is added once and given to each by index (index 0: no stack).
    uint32_t addStack(const std::vector<std::string>& lines);
    void setStackIndex(NodeId n, uint32_t index) { m_graph->stack[n] = index; }
    // leaf is a value of `from`, an arena on dump().pool (scratch: the item keeps its own copy).
    uint32_t addItem(std::string_view key, const JArena& from, const JValue& leaf, ItemSource source);
    // Items of the node added last (indices from addItem), in input_data and output_data order.
    void setItems(NodeId n, const std::vector<uint32_t>& inputs, const std::vector<uint32_t>& outputs);

    std::span<const StrId> linkOf(NodeId n) const;
    // Resolves names; `what` names the graph in errors ("NPU graph").
    std::shared_ptr<Graph> finish(std::string_view rootName, const std::string& what);

private:
    std::string m_file;
    std::shared_ptr<DumpData> m_dump;
    std::shared_ptr<Graph> m_graph;
    std::vector<StrId> m_parentName;
    std::vector<uint32_t> m_childBegin; // into m_childNames, one run per node
    std::vector<StrId> m_childNames;
    std::vector<uint32_t> m_linkBegin;
    std::vector<StrId> m_linkNames;
    std::unordered_map<std::string, uint32_t> m_stackIndex;
};

} // namespace ps
