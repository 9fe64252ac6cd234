#pragma once
// Node labels as tb_graph_ascend shortens them; the full name stays in the tooltip.
#include "graph/graph.h"

#include <string_view>

namespace ps {

// depth: 0 for the root, 1 for its children (both keep the full name). type: the stored node_type.
std::string_view shortLabel(std::string_view fullName, NodeType type, int depth);

} // namespace ps
