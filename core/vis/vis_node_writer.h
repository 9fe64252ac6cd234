#pragma once
// The one serializer of graph nodes for both graph files (msprobe's layouts, byte for byte): a .vis node object
// (data items with the bound metrics, links, stack, precision and overflow, matched_distributed, the node keys a
// file had that the model has no place for), and the pieces the .vis.db writer stores column by column, written
// through a compact PyJsonWriter (compactJson). Also the Colors object of both.
#include "compare/comparison.h"
#include "io/json_writer.h"
#include "vis/vis_document.h"

#include <span>
#include <string_view>
#include <vector>

namespace ps {

// Writes `"<name>": {...}` of node n of `side` as a member of the open node object. `meta`: the extras of the
// file the comparison was read from (a default VisMeta for engine results: msprobe's defaults).
void writeVisNode(PyJsonWriter& w, const Comparison& c, const VisMeta& meta, size_t side, NodeId n);

// {"<item key>": {field: value, ...}, ...}; NPU items carry the bound metrics, verbatim items are copied.
void writeVisItems(PyJsonWriter& w, const Comparison& c, size_t side, std::span<const uint32_t> items);

// ["a", "b", ...]: subnodes, stack lines, merge information.
void writeNameList(PyJsonWriter& w, const std::vector<std::string_view>& names);

// matched_node_link: as the file had it (edited or dangling), else the counterpart's path.
void writeMatchedNodeLink(PyJsonWriter& w, const Comparison& c, const VisMeta& meta, size_t side, NodeId n);

// matched_distributed: the file's own value, else msprobe's {"communications_type", "nodes_info"} when the
// distributed analysis found peers; hasMatchedDistributed says whether there is one to write.
bool hasMatchedDistributed(const Comparison& c, const VisMeta& meta, size_t side, NodeId n);
void writeMatchedDistributed(PyJsonWriter& w, const Comparison& c, const VisMeta& meta, size_t side, NodeId n);

// The Colors object of Comparison::colorBins() (bounds as msprobe's literals: 0 and 1 as ints, 0.2 as a float).
void writeVisColors(PyJsonWriter& w, const Comparison& c);

} // namespace ps
