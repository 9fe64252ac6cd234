#pragma once
// NaN and inf in a node's own statistics (Max, Min, Mean, Norm of its input and output tensors). msprobe 1.2.1 gives
// such a node precision 0, its best colour; the viewer keeps that number but marks the node, and F3 visits it.
#include "graph/graph.h"

#include <cstdint>
#include <vector>

namespace psui {

enum NonFiniteBits : uint8_t { kHasNan = 1, kHasInf = 2 };

// Per node of `graph`: kHasNan | kHasInf of its data items; all 0 when the graph holds no data.
std::vector<uint8_t> nonFiniteNodes(const ps::Graph& graph);

} // namespace psui
