#pragma once
// The `graph` (msprobe 1.2.1) and `graph_visualize` (msprobe 26.0.0) commands end to end: a source's graphs built
// and compared one step at a time, the distributed analysis over each step's ranks, the files written.
#include "batch/engine.h"
#include "source/source.h"

#include <string>

namespace ps {

// Writes every .vis (or the .vis.db) of `source` (dump folders) into outputDir (created with mode 0750 if
// missing). Under msprobe 26.0.0's rules everything goes into one {build|compare}_{timestamp}.vis.db. A cancelled
// run throws Error(Cancelled) and removes the files it had already written.
RunResult runGraphCommand(
    const Source& source, const std::string& outputDir, RunContext& progress, const std::string& timestamp);
// The same on two dump roots (compare.json's content) without a layer mapping file.
RunResult runGraphCommand(const CompareConfig& config, const std::string& outputDir, const EngineOptions& options,
    RunContext& progress, const std::string& timestamp);

} // namespace ps
