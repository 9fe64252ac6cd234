#pragma once
// Node labels as tb_graph_ascend shortens them (viewer spec §3.3); the full name stays in the tooltip.
#include "graph/graph.h"

#include <string_view>

namespace psui {

// depth: 0 for the root, 1 for its children.
std::string_view shortLabel(std::string_view fullName, ps::NodeType type, int depth);

} // namespace psui
