#pragma once
// Pieces shared by the .vis.db writer and the VisDocument .vis writer: msprobe's default legend and tooltip
// texts, matched_node_link paths, and data items as JSON (verbatim items from files are copied unchanged).
#include "compare/comparison.h"
#include "vis/json_writer.h"
#include "vis/vis_document.h"

#include <span>
#include <string>
#include <vector>

namespace ps {

std::string defaultToolTipJson(CompareMode mode); // json.dumps of the tooltip dict (the .vis "ToolTip" string)
std::string colorsJson(const Comparison& c); // json.dumps of the Colors object (Comparison::colorBins)
void writeColors(PyJsonWriter& w, const Comparison& c);

// matched_node_link: the counterpart's ancestors (root first) and the counterpart; empty when unmatched.
std::vector<std::string_view> matchedLink(const Comparison& c, size_t side, NodeId n);

// {"<item key>": {field: value, ...}, ...} as json.dumps writes it (NPU items carry the bound metrics).
void appendItemsJson(std::string& out, const Comparison& c, size_t side, std::span<const uint32_t> items);
// Items read back from a file (verbatim): AsLeaf writes each leaf as the file had it, AsFields as formatted fields
// (what the .vis writer has always done with them: every value a string).
enum class VerbatimItems { AsLeaf, AsFields };
void writeItems(PyJsonWriter& w, const Comparison& c, size_t side, std::span<const uint32_t> items,
    VerbatimItems verbatim = VerbatimItems::AsLeaf);

// Precision and overflow with bounds checks (fresh build results have no precision for Bench, etc.).
const Precision* precisionOf(const Comparison& c, size_t side, NodeId n);
OverflowLevel overflowOf(const Comparison& c, size_t side, NodeId n);

} // namespace ps
