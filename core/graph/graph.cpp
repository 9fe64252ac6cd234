#include "graph/graph.h"

#include <algorithm>

namespace ps {

NodeId Graph::find(std::string_view nodeName) const
{
    StrId id = strings.find(nodeName);
    if (id == kNoStr)
        return kNoNode;
    return byName.find(id);
}

std::vector<NodeId> Graph::ancestors(NodeId n) const
{
    std::vector<NodeId> out;
    NodeId p = parent[n];
    while (p != kNoNode && out.size() < size()) {
        out.push_back(p);
        p = parent[p];
    }
    std::reverse(out.begin(), out.end());
    return out;
}

} // namespace ps
