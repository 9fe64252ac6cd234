#pragma once
// The first-divergence list as text: a ranked table for terminals and a JSON document for scripts.
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

} // namespace ps
