#pragma once
// msprobe 26.0.0 moves activation-recompute calls (a module run again during backward, dumped as a second
// top-level forward/backward pair) under the backward node of the module that ran it the first time
// (GraphBuilder._handle_recompute). A root child is a recompute call when its stack passes through
// torch.utils.checkpoint's recompute_fn or an autograd Function's backward (PyTorch dumps), and its name does
// not have the shape of a top-level module (Module.[N.]name.[N.]Class.forward|backward.N).
#include "graph/graph.h"
#include "io/construct_stack.h"

#include <vector>

namespace ps {

// Applies the moves to `parent` and `kids` (the builder's child lists, kids[root] included) in msprobe's order.
// `pytorch`: the dump's framework is PyTorch, whose stacks decide; otherwise every candidate name counts.
void moveRecomputeCalls(Graph& g, std::vector<std::vector<NodeId>>& kids, const StackData& stacks, bool pytorch);

// The stack test alone, on stack.json lines ("File {path}, line {n}, in {function}, \n {code}").
bool isRecomputeStack(const std::vector<std::string_view>& lines);

} // namespace ps
