#pragma once
// Turns a merged graph of a Forest into an ordinary Graph with its own DumpData, so that matching, comparing and
// every writer treat it like a graph read from one dump folder: the nodes the root reaches in node_map order, each
// node's items copied from the rank it came from with their merged statistics and renamed keys, its stack, and the
// merge information (Graph::mergeInfo, Graph::sourceRank).
#include "merge/merge_forest.h"

#include <memory>

namespace ps::merge {

std::shared_ptr<Graph> materialize(const Forest& f, uint16_t graph);

} // namespace ps::merge
