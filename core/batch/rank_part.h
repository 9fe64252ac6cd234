#pragma once
// graph_visualize --rank/--ranks: a multi-rank run limited to some ranks, written as a part database
// (vis/vis_db_part.h) without the cross-rank distributed analysis, which `merge` runs over all parts.
#include "batch/engine.h"
#include "vis/vis_db_part.h"

#include <string>
#include <vector>

namespace ps {

// Throws Error(BadArgument) unless a part can be written with these options (graph_visualize, no parallel merge).
void checkPartOptions(const CompareConfig& config, const EngineOptions& options);

// Keeps the jobs of options.onlyRanks (and the same entries of `indexes`, which stand beside them) and returns the
// part's record of the whole run (its ranks and steps, the rules). Throws Error(BadArgument) naming the NPU folder
// when the run has no rank folders or lacks a rank asked for.
VisDbPart selectPartJobs(std::vector<GraphJob>& jobs, std::vector<size_t>& indexes, const CompareConfig& config,
    const EngineOptions& options);

// The options that change a graph_visualize result, as text ("graph_visualize -fm -oc -lm crc32:1a2b3c4d"): parts
// are merged only when they agree on it.
std::string partRules(const EngineOptions& options);

// The part's file name: {compare|build}_ranks{LIST}_{timestamp}.vis.db.
std::string partFileName(bool compare, const std::vector<int>& ranks, const std::string& timestamp);

} // namespace ps
