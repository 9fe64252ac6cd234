#pragma once
// The first-divergence list as text: a ranked table for terminals and a JSON document for scripts.
#include "analysis/cross_rank.h"
#include "analysis/divergence.h"

#include <string>
#include <vector>

namespace ps {

std::string formatError(double v); // "%.6g", "inf"
std::string divergenceTable(const Comparison& c, const std::vector<Divergence>& found);

// The step and rank of the graph a list belongs to (a run of several graphs).
struct DivergencePlace {
    int step = 0;
    int rank = 0;
};

// {"task": ..., "divergences": [{"rank", "npu_node", "bench_node", "order", "in_error", "out_error", "added",
// "dtype", "tolerance", "worst_output", "source_input"}]}; non-finite numbers are written as strings ("inf").
// With `place`, "step" and "rank" come first.
std::string divergenceJson(
    const Comparison& c, const std::vector<Divergence>& found, const DivergencePlace* place = nullptr);

// Where the errors of one step's ranks entered (traceOrigins), as a ranked table: each origin with the ranks it
// reaches and, per rank, the hops the error took ("rank 1 Tensor.__add__.3.forward -> rank 1
// Distributed.isend.0.forward -> rank 0 Distributed.irecv.0.forward").
std::string originsTable(const std::vector<CrossRankOrigin>& origins);
// One JSON object per origin: {"step", "rank", "node", "ranks", "added", "out_error", "paths": [[{"rank",
// "node"}, ...], ...]}, each ending without a newline (the caller joins them into a list).
std::vector<std::string> originsJson(const std::vector<CrossRankOrigin>& origins, int step);

} // namespace ps
