#pragma once
// The distributed analyzer (spec §9): matches communication nodes across the ranks of one step and records
// matched_distributed on both ends.
#include "batch/engine.h"

#include <string>
#include <vector>

namespace ps {

void analyzeDistributed(std::vector<JobResult>& stepResults, std::vector<std::string>& warnings);

} // namespace ps
