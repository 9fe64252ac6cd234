#pragma once
// Pieces shared by the .vis and .vis.db writers besides the node serializer (vis_node_writer.h): msprobe's default
// tooltip text, matched_node_link paths, precision and overflow with bounds checks.
#include "compare/comparison.h"

#include <span>
#include <string>
#include <vector>

namespace ps {

std::string defaultToolTipJson(CompareMode mode); // json.dumps of the tooltip dict (the .vis "ToolTip" string)

// The .vis.db columns of the node serializer's Colors and items (json.dumps layout). The .vis.db writer still
// builds its other columns (matched_distributed, name lists) as strings: it is being rewritten elsewhere.
std::string colorsJson(const Comparison& c);
void appendItemsJson(std::string& out, const Comparison& c, size_t side, std::span<const uint32_t> items);

// matched_node_link: the counterpart's ancestors (root first) and the counterpart; empty when unmatched.
std::vector<std::string_view> matchedLink(const Comparison& c, size_t side, NodeId n);

// Precision and overflow with bounds checks (fresh build results have no precision for Bench, etc.).
const Precision* precisionOf(const Comparison& c, size_t side, NodeId n);
OverflowLevel overflowOf(const Comparison& c, size_t side, NodeId n);

} // namespace ps
