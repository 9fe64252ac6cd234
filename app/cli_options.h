#pragma once
// Command-line parsing of probescope-cli, mirroring `msprobe -f pytorch graph -i ... -o ...` (msprobe 1.2.1) and
// `msprobe graph_visualize -tp ... [-gp ...] -o ...` (msprobe 26.0.0).
#include "batch/engine.h"
#include "util/limits.h"

#include <string>
#include <vector>

namespace ps::cli {

struct CliOptions {
    enum class Action { Graph, GraphVisualize, Merge, Diagnose, Report, Help, Version } action = Action::Help;
    std::string inputPath; // -i compare.json
    std::string outputPath; // -o folder
    // graph_visualize
    std::string targetPath; // -tp: the NPU dump folder
    std::string goldenPath; // -gp: the bench dump folder (empty: build)
    bool tensorLog = false; // -tensor_log
    bool progressLog = false; // -progress_log: progress lines on stderr
    EngineOptions engine;
    // diagnose: the first-divergence finder
    bool json = false; // --json: JSON instead of the table
    std::vector<std::string> ignore; // --ignore PATTERN (repeatable)
    std::vector<std::string> tolerances; // --tol DTYPE=VALUE (repeatable)
    size_t limit = 0; // --limit N
    // report: a graph file and how many worst nodes to list
    std::string reportPath;
    size_t worst = 10; // --worst N
    // merge: part databases into -o OUT.vis.db (engine.onlyRanks holds graph_visualize's --rank/--ranks)
    std::vector<std::string> parts;
    std::vector<int> expectRanks; // --expect-ranks LIST
    Limits limits; // PROBESCOPE_LIMITS, then each --resource_limit NAME=VALUE
};

// Throws std::invalid_argument with a usage message on bad arguments (also a bad PROBESCOPE_LIMITS).
CliOptions parseArguments(const std::vector<std::string>& args);
std::string usage();

} // namespace ps::cli
