#pragma once
// `graph_visualize` with --rank_size/--tp/--pp (msprobe 26.0.0's parallel merge): per step, every rank of a side is
// built, the side's ranks are merged as its layout says (merge/), and the merged graphs are compared pair by pair
// (or written as they are), into one .vis.db or, for --file_type json, as merged dump folders.
#include "batch/engine.h"

namespace ps {

// One side of one step after the merge: one graph per data-parallel replica, each with its rank (the rank it was
// merged into) and that rank's folder.
struct MergedSide {
    std::vector<std::shared_ptr<Graph>> graphs;
    std::vector<int> ranks;
    std::vector<std::string> dirs;
};

// Builds the rank folders of `stepDir` (two at a time), checks them against `layout` and merges them. `side` is
// "NPU" or "Bench" for messages. Throws ps::Error (BadArgument for a layout the folder does not fit).
MergedSide mergeRankFolders(const std::string& stepDir, const ParallelLayout& layout, const char* side,
    const EngineOptions& options, std::vector<std::string>& warnings, RunContext& progress);

// For the viewer: a merged run as jobs, one per step and data-parallel replica (GraphJob::npuDir/benchDir are the
// step's folders of rank folders, `rank` the replica, rankDir "dp<k>" when there are several), and one job run.
std::vector<GraphJob> planMergedJobs(const CompareConfig& config, const EngineOptions& options);
std::shared_ptr<Comparison> runMergedPair(
    const GraphJob& job, const EngineOptions& options, std::vector<std::string>& warnings, RunContext& progress);

// The whole merged run (called by runGraphCommand when options.parallel is set).
void runMergedJobs(const CompareConfig& config, const std::string& outputDir, const EngineOptions& options,
    RunContext& progress, const std::string& timestamp, RunResult& result);

} // namespace ps
