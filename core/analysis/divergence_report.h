#pragma once
// The first-divergence list as text: a ranked table for terminals and a JSON document for scripts.
#include "analysis/divergence.h"

#include <string>
#include <vector>

namespace ps {

std::string formatError(double v); // "%.6g", "inf"
std::string divergenceTable(const Comparison& c, const std::vector<Divergence>& found);
// {"task": ..., "divergences": [{"rank", "npu_node", "bench_node", "order", "in_error", "out_error", "added",
// "dtype", "tolerance", "worst_output", "source_input"}]}; non-finite numbers are written as strings ("inf").
std::string divergenceJson(const Comparison& c, const std::vector<Divergence>& found);

} // namespace ps
