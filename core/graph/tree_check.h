#pragma once
// Every graph ProbeScope builds or reads must be a forest of bounded depth: walks over parent links and children
// (matching, ancestors, layout, the views) rely on it to end, and on the depth to bound their work.
#include "graph/graph.h"

#include <string>
#include <string_view>

namespace ps {

// Checks a frozen graph (parent links and CSR children): no node is its own ancestor, children lists agree with
// the parent links, and no node lies more than limits().maxDepth levels below the top of its tree. Throws
// Error(BadContent) naming `file` and a node on the cycle or the node too deep.
void checkHierarchy(const Graph& g, const std::string& file);

// The same checks on the parent links alone, for a graph still being built (no CSR children yet): the steps that
// rearrange it afterwards (msprobe 26.0.0's recompute moves) walk up parent links and need them to end.
void checkParentLinks(const Graph& g, const std::string& file);

// The invariants the tree models and writers rely on: per-node arrays of size() entries, CSR children in range and
// each node the child of at most one parent, parent and rowInParent agreeing with the child lists, the root a
// node without parent (any graph of size 0 qualifies). The builders assert it (the checks above are for input; this is
// for our own code); O(nodes), no recursion.
bool hasTreeShape(const Graph& g);

} // namespace ps
