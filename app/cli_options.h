#pragma once
// Command-line parsing of probescope-cli, mirroring `msprobe -f pytorch graph -i ... -o ...` (msprobe 1.2.1) and
// `msprobe graph_visualize -tp ... [-gp ...] -o ...` (msprobe 26.0.0).
#include "batch/engine.h"
#include "compare/truth_verdict.h"
#include "util/limits.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ps::cli {

struct CliOptions {
    enum class Action {
        Graph,
        GraphVisualize,
        Merge,
        Diagnose,
        Report,
        Diff,
        Tensor,
        Help,
        Version
    } action
        = Action::Help;
    std::string inputPath; // -i compare.json
    std::string outputPath; // -o folder
    // graph_visualize
    std::string targetPath; // -tp: the NPU dump folder
    std::string goldenPath; // -gp: the bench dump folder (empty: build)
    bool tensorLog = false; // -tensor_log
    bool progressLog = false; // -progress_log: progress lines on stderr
    EngineOptions engine;
    std::string layerMappingFile; // -lm FILE (read when the source opens)
    // diagnose: the first-divergence finder
    bool json = false; // --json: JSON instead of the table
    std::vector<std::string> ignore; // --ignore PATTERN (repeatable)
    std::vector<std::string> tolerances; // --tol DTYPE=VALUE (repeatable)
    size_t limit = 0; // --limit N
    // report and diff: comparison sources (each one file, or an NPU and a bench dump folder)
    std::vector<std::vector<std::string>> sources; // report: one; diff: two (before, after)
    static constexpr size_t kDefaultRows = SIZE_MAX; // report: 10 rows per graph; diff: all
    size_t worst = kDefaultRows; // --worst N: table rows per graph (0: all)
    bool csv = false; // --csv
    std::string failOn; // --fail-on error|warning|bin=N|npu-worse (report), regression (diff)
    std::string rules; // --rules 1.2.1|26.0.0: the rules dumps are compared with ("": the source's default)
    bool byStep = false; // report --by-step: the trend across steps and ranks
    std::string metric; // report --metric: what the bins are of (analysis/color_metric.h); "": precision
    std::string reference; // report --reference DIR: a truth run judging both sides (compare/truth_verdict.h)
    ps::TruthOptions truth; // --truth-k K, --truth-floor F
    // merge: part databases into -o OUT.vis.db (engine.onlyRanks holds graph_visualize's --rank/--ranks)
    std::vector<std::string> parts;
    std::vector<int> expectRanks; // --expect-ranks LIST
    // tensor: NPU and bench tensor files (.pt or .npy); --json as diagnose
    std::vector<std::string> tensorFiles;
    std::optional<double> rtol; // --rtol X (unset: the dtype's default)
    std::optional<double> atol; // --atol X
    Limits limits; // PROBESCOPE_LIMITS, then each --resource_limit NAME=VALUE
};

// Throws std::invalid_argument with a usage message on bad arguments (also a bad PROBESCOPE_LIMITS).
CliOptions parseArguments(const std::vector<std::string>& args);
std::string usage();

} // namespace ps::cli
