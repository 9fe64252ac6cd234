#include "graph/graph.h"

#include <algorithm>
#include <cassert>

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
    assert(n < size());
    std::vector<NodeId> out;
    NodeId p = parent[n];
    while (p != kNoNode && out.size() < size()) {
        out.push_back(p);
        p = parent[p];
    }
    std::reverse(out.begin(), out.end());
    return out;
}

std::vector<NodeId> postOrderFromRoot(const Graph& g)
{
    std::vector<NodeId> order;
    if (g.size() == 0)
        return order;
    std::vector<bool> seen(g.size(), false);
    std::vector<std::pair<NodeId, bool>> stack { { g.root, false } }; // (node, children already pushed)
    seen[g.root] = true;
    while (!stack.empty()) {
        auto [n, expanded] = stack.back();
        stack.pop_back();
        if (expanded) {
            order.push_back(n);
            continue;
        }
        stack.push_back({ n, true });
        auto kids = g.children(n);
        for (size_t i = kids.size(); i-- > 0;)
            if (!seen[kids[i]]) {
                seen[kids[i]] = true;
                stack.push_back({ kids[i], false });
            }
    }
    return order;
}

} // namespace ps
