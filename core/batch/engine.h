#pragma once
// The `graph` command end to end (spec §1): compare.json -> jobs per step and rank -> build/compare both sides
// (read in parallel) -> distributed analysis per step -> .vis files. Also the single-pair entry point the GUI uses.
#include "batch/layout.h"
#include "compare/comparison.h"
#include "compare/rules_profile.h"
#include "merge/parallel_layout.h"
#include "util/progress.h"

#include <memory>
#include <string>
#include <vector>

namespace ps {

class LayerMappingRules;

struct EngineOptions {
    // graph -> msprobe 1.2.1's rules and .vis files; graph_visualize -> msprobe 26.0.0's rules and one .vis.db.
    RulesProfile profile = RulesProfile::Msprobe121;
    // graph_visualize --msprobe-version: the 26 release whose number formatting the output follows.
    Msprobe26Release msprobe26Release = Msprobe26Release::V26_1;
    bool fuzzy = false; // -f (graph_visualize: -fm)
    bool overflowCheck = false; // -oc
    bool completeStack = false; // -cs
    std::string layerMappingPath; // -lm FILE (empty: none)
    // Rules given as data (the GUI's editor); they take the place of layerMappingPath when set.
    std::shared_ptr<const LayerMappingRules> layerMappingRules;
    // -lm with no file: newer msprobe matches by name only; 26.0.0 maps APIs through the module trees alone.
    bool nameOnlyMatch = false;
    std::string framework = "pytorch";
    int threads = 0; // 0 = all cores
    std::string outputFormat = "vis"; // "vis": one .vis per graph; "db": one .vis.db for the whole run (26.0.0: always)
    // graph_visualize --rank_size/--tp/--pp/--vpp/--order: how each side was split across ranks (one layout to
    // build, NPU and bench to compare); empty: every rank is a graph of its own.
    std::vector<ParallelLayout> parallel;
    std::string fileType = "db"; // --file_type json: a merge build writes the merged dump folders instead
    // graph_visualize --rank/--ranks: only these ranks (sorted) of a multi-rank run, written as a part database
    // without the cross-rank distributed analysis, which `merge` runs over the parts (batch/merge_parts.h);
    // empty: every rank, one complete database.
    std::vector<int> onlyRanks;
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

// The comparison of two built graphs read from npuDir and benchDir (mode, layer mapping, matching and rules as
// `options` say); `parallelMerge`: msprobe's rules for graphs merged from parallel ranks (fuzzy matching, no shape
// rule, `_rank<r>` ignored for the exempt APIs).
std::shared_ptr<Comparison> compareBuiltGraphs(std::shared_ptr<Graph> npu, std::shared_ptr<Graph> bench,
    const std::string& npuDir, const std::string& benchDir, const EngineOptions& options,
    std::vector<std::string>& warnings, const Progress* progress, bool parallelMerge = false);

// One side's build, as runPair does it (msprobe 26.0.0's rules keep whole stacks).
std::shared_ptr<Graph> buildSideGraph(
    const std::string& dir, const EngineOptions& options, std::vector<std::string>& warnings, ProgressPart progress);

struct RunResult {
    std::vector<std::string> outputFiles;
    std::vector<std::string> warnings;
};

// The whole command: writes every .vis (or the .vis.db) into outputDir (created with mode 0750 if missing). With
// msprobe 26.0.0's rules the folders are paired as `graph_visualize` pairs them and everything goes into one
// {build|compare}_{timestamp}.vis.db. A cancelled run throws Error(Cancelled) and removes the files it had
// already written.
RunResult runGraphCommand(const CompareConfig& config, const std::string& outputDir, const EngineOptions& options,
    const Progress& progress, const std::string& timestamp);

std::string currentTimestamp(); // local time, %Y%m%d%H%M%S

} // namespace ps
