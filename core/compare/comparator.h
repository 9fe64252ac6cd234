#pragma once
// Comparing two built graphs: match, build rows per matched pair, bind metrics to the NPU items,
// precision indices, API group indices, micro steps and overflow levels. Also the build-only result.
#include "compare/comparison.h"
#include "match/matcher.h"

#include <memory>
#include <string>
#include <vector>

namespace ps {

struct CompareOptions {
    RulesProfile profile = RulesProfile::Msprobe121; // rows, precision and formatting of msprobe 1.2.1 or 26.0.0
    MatchOptions match;
    bool overflowCheck = false;
    int threads = 0; // real-data mode: tensor comparisons in parallel (0 = all cores)
    RunContext* progress = nullptr; // match, compare (by pairs), tensors (by rows); cancellation
    // msprobe 26.0.0's merge compare (graphs merged from parallel ranks): no shape rule, `_rank<r>` ignored when
    // an API is looked up in the exempt lists. Kept in the Comparison for pairs matched later by hand.
    bool parallelMerge = false;
};

// Mode from the two dumps' tasks and md5 fields. Throws ps::Error(BadTask).
CompareMode detectCompareMode(const DumpData& npu, const DumpData& bench);

std::shared_ptr<Comparison> compareGraphs(
    std::shared_ptr<Graph> npu, std::shared_ptr<Graph> bench, CompareMode mode, const CompareOptions& options);

// Manual matching (summary and md5 modes): binds the rows and precision of one newly matched pair exactly as
// compareGraphs does for automatic matches. The caller sets the counterparts and then recomputeGroupIndices.
void compareMatchedPair(Comparison& c, NodeId npu, NodeId bench);
// The API group indices (precision of Apis_Between_Modules nodes) from their members' precision.
void recomputeGroupIndices(Comparison& c);

std::shared_ptr<Comparison> buildOnly(
    std::shared_ptr<Graph> graph, bool overflowCheck, RulesProfile profile = RulesProfile::Msprobe121);

// Micro-step paging of the root's children; returns the number of micro steps.
uint32_t pageMicroSteps(Graph& npu, Graph* bench, const std::vector<NodeId>* npuCounterpart);

// The overflow level of every node of both sides (with -oc; API groups get none).
void assignOverflow(Comparison& c);

} // namespace ps
