#pragma once
// Comparing and merging the statistics of one node across ranks (msprobe 26.0.0's compare_node_param_data and
// TPMerger._merge_params): which float/int tensors differ between the ranks' copies of a node, and the merged
// value of each statistic (Max of maxes, Min of mins, mean of means, root of the summed squares of norms), each
// with the line of parallel_merge_info that shows how it was computed.
#include "merge/merge_forest.h"

#include <optional>
#include <string>
#include <vector>

namespace ps::merge {

// Parameters that differ between the ranks: the key without the node's name ("input.0", "parameters.weight")
// and the item of each rank, the main rank's first.
struct ParamGroup {
    std::string key;
    std::vector<ItemRef> items;
};
using ParamDiff = std::vector<ParamGroup>;

// msprobe's dtype list: the torch int and float dtypes the merge looks at.
bool isMergeableDtype(std::string_view dtype);

// Python's == between two statistics, or, with `uncertain`, equal within a relative 1e-6 (nan equals nan, inf
// equals inf); statistics that are no number always count as equal.
bool sameStat(const Stat& a, const Stat& b, bool uncertain);
// A number statistic's class under Python's == (int and float compared exactly, as Python does): two numbers are
// equal exactly when their keys are. nullopt for NaN, which equals nothing. For indexes that must not compare
// every pair.
struct StatKey {
    bool bigInt = false; // an int no double holds exactly: its value, else the double's bits
    uint64_t bits = 0;
    bool operator==(const StatKey&) const = default;
};
std::optional<StatKey> exactStatKey(const Stat& s);

// Max and Min exactly, Mean and Norm within the uncertainty.
bool sameParam(const Forest& f, ItemRef a, ItemRef b);

// The inputs and outputs of `main` whose items differ from the same-named items of `others` (or, without
// `compareData`, every mergeable one). A parameter whose dtype is not mergeable on some rank is taken only from
// the ranks before it.
void diffParams(const Forest& f, MNodeId main, const std::vector<MNodeId>& others, bool compareData, ParamDiff& inputs,
    ParamDiff& outputs);

// Rewrites the main rank's statistics of every group with two or more items; returns the info lines.
std::vector<std::string> mergeParams(Forest& f, const ParamDiff& groups);

// "This data is the merged data after tensor parallelism(TP), and the data is merged from rank [0, 1]."
std::string tpMergedLine(const std::vector<int>& ranks);

} // namespace ps::merge
