#pragma once
// The rows msprobe 26.0.0 compares for a matched pair and what its verdict rules read of them: the node's items
// grouped by state (inputs, parameters, outputs, parameter gradients), paired by position within each group
// (core/compare/utils.py get_accuracy); an NPU item beyond the bench group's length has no partner.
#include "compare/comparison.h"
#include "compare/verdict_rules.h"
#include "io/item_fields.h"

#include <utility>
#include <vector>

namespace ps {

// (npu item, bench item or kNoItem) in msprobe's row order.
std::vector<std::pair<uint32_t, uint32_t>> pairRows26(const Graph& npu, NodeId n, const Graph& bench, NodeId b);

// The facts the rules read of one row of `c`: its items' fields and the metrics the rules use (statistics:
// NormRelativeErr; real data: Cosine and One Thousandth Err Ratio).
VerdictRow verdictRowOf(const Comparison& c, uint32_t npuItem, uint32_t benchItem);

// A node's precision_index from its verdict as msprobe stores it: 0 and 1 as Python ints, 0.5 as a float; the
// allocation APIs (empty, empty_like, ...) always get the best value (md5 mode: msprobe's 1).
Precision precision26(CompareMode mode, std::string_view nodeName, Verdict verdict);

// The verdicts of a comparison read back from a 26.0.0 .vis.db, from each NPU item's Result, Err_message and
// Requires_grad Consistent fields (messages of other msprobe versions stay text in the item only).
void verdictsFromItems(Comparison& c);

} // namespace ps
