#include "graph/tree_check.h"

#include "util/error.h"
#include "util/limits.h"

namespace ps {

namespace {

std::string quoted(const Graph& g, NodeId n)
{
    return "\"" + std::string(g.nameOf(n)) + "\"";
}

// A node that no walk from a top node reached sits on a cycle of parent links or below one: walk up from it
// until a node repeats, and name that cycle.
[[noreturn]] void failCycle(const Graph& g, NodeId start, const std::string& file)
{
    std::vector<uint8_t> seen(g.size(), 0);
    NodeId n = start;
    while (!seen[n]) {
        seen[n] = 1;
        n = g.parent[n];
    }
    std::string chain = quoted(g, n);
    size_t shown = 0;
    for (NodeId p = g.parent[n]; shown < 8; p = g.parent[p], ++shown) {
        chain += " -> " + quoted(g, p);
        if (p == n)
            break;
    }
    if (shown == 8)
        chain += " -> ...";
    throw Error(ErrorCode::BadContent, file,
        "the node " + quoted(g, n) + " is its own ancestor (" + chain + "); the hierarchy must be a tree");
}

[[noreturn]] void failDepth(const Graph& g, NodeId n, uint64_t depth, const std::string& file)
{
    throw Error(ErrorCode::BadContent, file,
        "the node " + quoted(g, n) + " lies "
            + overLimit(std::to_string(depth) + " levels below the root", "max_depth", limits().maxDepth));
}

} // namespace

void checkParentLinks(const Graph& g, const std::string& file)
{
    // Each node's depth once, walking up until a node of known depth: linear, and a walk that meets a node of the
    // walk in progress has found a cycle.
    constexpr uint32_t kUnknown = UINT32_MAX, kOnPath = UINT32_MAX - 1;
    const size_t count = g.size();
    const uint64_t maxDepth = limits().maxDepth;
    std::vector<uint32_t> depth(count, kUnknown);
    std::vector<NodeId> path;
    for (NodeId start = 0; start < count; ++start) {
        path.clear();
        NodeId n = start;
        while (n != kNoNode && depth[n] == kUnknown) {
            depth[n] = kOnPath;
            path.push_back(n);
            n = g.parent[n];
            if (n != kNoNode && n >= count)
                throw Error(ErrorCode::BadContent, file, "the node " + quoted(g, path.back()) + " has no valid parent");
        }
        if (n != kNoNode && depth[n] == kOnPath)
            failCycle(g, n, file);
        uint64_t d = n == kNoNode ? 0 : uint64_t(depth[n]) + 1;
        for (size_t k = path.size(); k-- > 0; ++d) {
            if (d > maxDepth)
                failDepth(g, path[k], d, file);
            depth[path[k]] = uint32_t(d);
        }
    }
}

void checkHierarchy(const Graph& g, const std::string& file)
{
    const size_t count = g.size();
    const uint64_t maxDepth = limits().maxDepth;
    std::vector<uint32_t> depth(count, 0);
    std::vector<uint8_t> reached(count, 0);
    std::vector<NodeId> stack;
    for (NodeId top = 0; top < count; ++top) {
        if (g.parent[top] != kNoNode)
            continue;
        stack.push_back(top);
        reached[top] = 1;
        while (!stack.empty()) {
            NodeId n = stack.back();
            stack.pop_back();
            for (NodeId c : g.children(n)) {
                if (c >= count || g.parent[c] != n || reached[c])
                    throw Error(ErrorCode::BadContent, file,
                        "the node " + quoted(g, n) + " lists a child whose parent is another node");
                reached[c] = 1;
                depth[c] = depth[n] + 1;
                if (depth[c] > maxDepth)
                    failDepth(g, c, depth[c], file);
                stack.push_back(c);
            }
        }
    }
    for (NodeId n = 0; n < count; ++n)
        if (!reached[n])
            failCycle(g, n, file);
}

bool hasTreeShape(const Graph& g)
{
    const size_t n = g.size();
    if (n == 0)
        return true;
    const bool sized = g.type.size() == n && g.parent.size() == n && g.childBegin.size() == n + 1
        && g.record.size() == n && g.stack.size() == n && g.items.size() == n && g.microStep.size() == n
        && g.rowInParent.size() == n && (g.sourceRank.empty() || g.sourceRank.size() == n);
    if (!sized || g.root >= n || g.parent[g.root] != kNoNode || g.childBegin[0] != 0
        || g.childBegin[n] != g.childIds.size())
        return false;
    std::vector<bool> isChild(n, false);
    for (NodeId p = 0; p < n; ++p) {
        if (g.childBegin[p] > g.childBegin[p + 1] || g.stack[p] >= g.stacks.size())
            return false;
        for (uint32_t i = g.childBegin[p]; i < g.childBegin[p + 1]; ++i) {
            const NodeId c = g.childIds[i];
            if (c >= n || isChild[c] || g.parent[c] != p || g.rowInParent[c] != i - g.childBegin[p])
                return false;
            isChild[c] = true;
        }
    }
    // A parent entry without the matching child entry would make parent() and children() disagree.
    for (NodeId c = 0; c < n; ++c)
        if ((g.parent[c] != kNoNode) != isChild[c])
            return false;
    return true;
}

} // namespace ps
