#pragma once
// The `graph` command end to end (spec §1): compare.json -> jobs per step and rank -> build/compare both sides
// (read in parallel) -> distributed analysis per step -> .vis files. Also the single-pair entry point the GUI uses.
#include "batch/layout.h"
#include "compare/comparison.h"
#include "util/progress.h"

#include <memory>
#include <string>
#include <vector>

namespace ps {

class LayerMappingRules;

struct EngineOptions {
    bool fuzzy = false; // -f
    bool overflowCheck = false; // -oc
    bool completeStack = false; // -cs
    std::string layerMappingPath; // -lm FILE (empty: none)
    // Rules given as data (the GUI's editor); they take the place of layerMappingPath when set.
    std::shared_ptr<const LayerMappingRules> layerMappingRules;
    bool nameOnlyMatch = false; // -lm with no file: match nodes by name only (newer msprobe)
    std::string framework = "pytorch";
    int threads = 0; // 0 = all cores
    std::string outputFormat = "vis"; // "vis": one .vis per graph; "db": one .vis.db for the whole run
};

struct CompareConfig {
    std::string npuPath;
    std::string benchPath; // empty: build mode
    bool printCompareLog = true;
};

// Reads compare.json; relative paths are taken from the working folder, then from compare.json's folder.
CompareConfig readCompareJson(const std::string& path);

struct JobResult {
    GraphJob job;
    std::shared_ptr<Comparison> comparison;
};

// Builds (and compares) one pair of "files" folders. With `progress`: reports every stage of the pair and
// throws Error(Cancelled) soon after its cancel flag is set (everything built so far is freed).
std::shared_ptr<Comparison> runPair(const std::string& npuDir, const std::string& benchDir,
    const EngineOptions& options, std::vector<std::string>& warnings, const Progress* progress = nullptr);

struct RunResult {
    std::vector<std::string> outputFiles;
    std::vector<std::string> warnings;
};

// The whole command: writes every .vis into outputDir (created with mode 0750 if missing). A cancelled run
// throws Error(Cancelled) and removes the files it had already written.
RunResult runGraphCommand(const CompareConfig& config, const std::string& outputDir, const EngineOptions& options,
    const Progress& progress, const std::string& timestamp);

std::string currentTimestamp(); // local time, %Y%m%d%H%M%S

} // namespace ps
