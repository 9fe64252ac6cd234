#pragma once
// The distributed analyzer: matches communication nodes across the ranks of one step and records
// matched_distributed on both ends.
#include "batch/engine.h"

#include <string>
#include <vector>

namespace ps {

// msprobe 26.0.0 (profile Msprobe26) analyses the written database instead: no output comparison for
// point-to-point pairs, nodes in the database's order, and its warnings only at debug level (none here).
void analyzeDistributed(std::vector<JobResult>& stepResults, std::vector<std::string>& warnings,
    RulesProfile profile = RulesProfile::Msprobe121);

} // namespace ps
