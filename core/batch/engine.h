#pragma once
// The engine of one pair: both sides of a step/rank read and built in parallel, matched and compared, as the
// options say. The options of a run, compare.json's content, and the output of the commands.
#include "batch/dump_layout.h"
#include "compare/comparison.h"
#include "merge/parallel_layout.h"
#include "util/rules_profile.h"
#include "util/run_context.h"

#include <memory>
#include <string>
#include <vector>

namespace ps {

struct LayerMapping;

// How `graph` writes its graphs: one .vis per graph, or one .vis.db for the whole run (msprobe >= 8.2.1's
// --output_format db; graph_visualize always).
enum class OutputFormat { Vis, Db };
// What graph_visualize --file_type writes for a parallel merge: the .vis.db, or the merged dump folders (json).
enum class MergeOutput { Db, Json };
// msprobe's -f: the framework whose dumps are read (MindSpore's tensors are .npy files).
enum class Framework { PyTorch, MindSpore };
const char* frameworkName(Framework framework); // "pytorch", "mindspore"

struct EngineOptions {
    // graph -> msprobe 1.2.1's rules and .vis files; graph_visualize -> msprobe 26.0.0's rules and one .vis.db.
    RulesProfile profile = RulesProfile::Msprobe121;
    // graph_visualize --msprobe-version: the 26 release whose number formatting the output follows.
    Msprobe26Release msprobe26Release = Msprobe26Release::V26_1;
    bool fuzzy = false; // -f (graph_visualize: -fm)
    bool overflowCheck = false; // -oc
    bool completeStack = false; // -cs
    // -lm FILE read into rules (Source::open reads the file; the viewer's editor gives rules as data); null: none.
    std::shared_ptr<const LayerMapping> layerMapping;
    // -lm with no file: newer msprobe matches by name only; 26.0.0 maps APIs through the module trees alone.
    bool nameOnlyMatch = false;
    Framework framework = Framework::PyTorch;
    int threads = 0; // 0 = all cores
    OutputFormat outputFormat = OutputFormat::Vis; // graph_visualize: always one .vis.db
    // graph_visualize --rank_size/--tp/--pp/--vpp/--order: how each side was split across ranks (one layout to
    // build, NPU and bench to compare); empty: every rank is a graph of its own.
    std::vector<ParallelLayout> parallel;
    MergeOutput fileType = MergeOutput::Db; // --file_type json: a merge build writes the merged dump folders instead
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
    const EngineOptions& options, std::vector<std::string>& warnings, RunContext* progress = nullptr);

// The comparison of two built graphs read from npuDir and benchDir (mode, layer mapping, matching and rules as
// `options` say); `parallelMerge`: msprobe's rules for graphs merged from parallel ranks (fuzzy matching, no shape
// rule, `_rank<r>` ignored for the exempt APIs).
std::shared_ptr<Comparison> compareBuiltGraphs(std::shared_ptr<Graph> npu, std::shared_ptr<Graph> bench,
    const std::string& npuDir, const std::string& benchDir, const EngineOptions& options,
    std::vector<std::string>& warnings, RunContext* progress, bool parallelMerge = false);

// One side's build, as runPair does it (msprobe 26.0.0's rules keep whole stacks).
std::shared_ptr<Graph> buildSideGraph(
    const std::string& dir, const EngineOptions& options, std::vector<std::string>& warnings, ProgressPart progress);

struct RunResult {
    std::vector<std::string> outputFiles;
    std::vector<std::string> warnings;
};

std::string currentTimestamp(); // local time, %Y%m%d%H%M%S

} // namespace ps
