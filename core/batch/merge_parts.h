#pragma once
// `probescope-cli merge -o OUT.vis.db PART.vis.db...`: the part databases of one run (graph_visualize --ranks) put
// together, then the cross-rank distributed analysis (batch/distributed.h) over every rank of each step, exactly as
// the single run does it before writing; the result is the single run's database. Parts are read with the .vis.db
// reader and the result written with its writer (temp file + rename); the parts are never modified.
#include "util/run_context.h"

#include <string>
#include <vector>

namespace ps {

struct MergePartsRequest {
    std::vector<std::string> parts;
    std::string output; // a .vis.db path
    std::vector<int> expectRanks; // --expect-ranks (sorted): the ranks the parts must hold together; empty: any
};

struct MergePartsResult {
    std::vector<std::string> warnings;
    std::vector<int> ranks, steps; // what the merged database holds
    size_t graphs = 0;
};

// Refuses (Error naming the part): a file that is no part database, parts of other rules, steps, task or run than
// the first part's, parts sharing a rank, ranks missing from --expect-ranks or not expected, an output that is one
// of the parts.
MergePartsResult mergeParts(const MergePartsRequest& request, RunContext& progress);

} // namespace ps
