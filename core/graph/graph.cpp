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
    // msprobe's walk marks names, not nodes, as written: of two nodes of one name (a construct node named like an
    // API group, msprobe 26.0.0) the one finished first is written and the other is skipped with its subtree.
    // Names are unique otherwise, and the name's entry (g.find) stands for it.
    auto key = [&](NodeId n) {
        const NodeId named = g.byName.find(g.name[n]);
        return named < g.size() ? named : n;
    };
    std::vector<bool> written(g.size(), false), pushed(g.size(), false);
    std::vector<std::pair<NodeId, bool>> stack { { g.root, false } }; // (node, children already pushed)
    pushed[g.root] = true;
    while (!stack.empty()) {
        auto [n, expanded] = stack.back();
        stack.pop_back();
        if (written[key(n)])
            continue;
        if (expanded) {
            written[key(n)] = true;
            order.push_back(n);
            continue;
        }
        stack.push_back({ n, true });
        auto kids = g.children(n);
        for (size_t i = kids.size(); i-- > 0;)
            if (!pushed[kids[i]] && !written[key(kids[i])]) {
                pushed[kids[i]] = true; // a cycle's node is not pushed again
                stack.push_back({ kids[i], false });
            }
    }
    return order;
}

} // namespace ps
