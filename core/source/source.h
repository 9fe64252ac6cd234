#pragma once
// The one front door from a user's inputs to graphs. Every client opens its inputs here: the `graph` and
// `graph_visualize` commands, report, diff, trends, diagnose, the viewer's load and its peer ranks. A Source takes
// what the user gave (compare.json, one or two dump folders of any layout msprobe 1.2.1 or 26.0.0 writes, a .vis,
// a .vis.db) and the options, resolves everything once (the job plan the rules profile chooses, the layer mapping
// file read into rules) and loads graph i on request, so that a run of hundreds of steps is never in memory at
// once and no two clients can plan the same folders differently.
#include "batch/engine.h"
#include "compare/comparison.h"
#include "compare/truth_verdict.h"

#include <memory>
#include <string>
#include <vector>

namespace ps {

enum class SourceKind { CompareJson, DumpFolders, Vis, VisDb };
const char* sourceKindName(SourceKind kind); // "compare.json", "dump folders", ".vis", ".vis.db"

// What the user gave, before anything is read. Exactly one of compareJson, npuPath and graphFile is set.
struct SourceInputs {
    SourceInputs() = default; // not an aggregate: a braced path must not silently become compareJson
    std::string compareJson; // msprobe's input file: {"npu_path": ..., "bench_path": ...}
    std::string npuPath; // a dump folder of any layout
    std::string benchPath; // its counterpart; "" builds the NPU side alone
    std::string graphFile; // a .vis or .vis.db, read as it is
    std::string layerMappingFile; // -lm FILE, read by Source::open into EngineOptions::layerMapping
    // --reference DIR: a third dump of the same run in higher precision (the truth), of any layout; its step and
    // rank of each job are found by number (judge).
    std::string referencePath;

    // One path (a name ending in .json: compare.json; a folder: dumps built alone; else a graph file) or two dump
    // folders. Throws Error(BadArgument) for any other count.
    static SourceInputs fromPaths(const std::vector<std::string>& paths);
    bool isDumps() const { return graphFile.empty(); }
};

class Source {
public:
    // Reads compare.json and the layer mapping file, detects the layouts and plans the jobs: msprobe 26.0.0's
    // pairing for its rules (`graph_visualize`: rank<N>, proc<PID>, ranks or steps on one side only left out),
    // 1.2.1's otherwise (`graph`), one job per step and replica for a parallel merge (options.parallel). Throws
    // ps::Error naming the file and the problem.
    static Source open(SourceInputs inputs, EngineOptions options);
    static Source open(const std::vector<std::string>& paths, EngineOptions options); // SourceInputs::fromPaths
    // A source whose graphs are comparisons (report, diff): a dump folder alone or a compare.json without
    // bench_path is refused with Error(BadArgument).
    static Source openComparison(const std::vector<std::string>& paths, EngineOptions options);
    static Source openComparison(SourceInputs inputs, EngineOptions options);
    // The rules a source is read with unless asked otherwise: compare.json is `graph`'s input (msprobe 1.2.1), dump
    // folders are `graph_visualize`'s (msprobe 26.0.0). Graph files carry their own.
    static RulesProfile defaultProfile(const SourceInputs& inputs);

    SourceKind kind() const { return m_kind; }
    const std::string& label() const { return m_label; } // the paths as given, joined by " + "
    // The inputs with compare.json's folders filled in.
    const SourceInputs& inputs() const { return m_inputs; }
    const EngineOptions& options() const { return m_options; }
    bool isCompare() const; // dumps with a bench side, or a graph file (which says for itself)
    // One job per graph: the dump folders of each side, or the step and rank of a graph file's graph.
    const std::vector<GraphJob>& jobs() const { return m_jobs; }
    size_t size() const { return m_jobs.size(); }

    // Builds and compares (or reads) graph `index`; the engine's warnings are appended. `run`: the engine's stages,
    // and Error(Cancelled) soon after its cancel flag is set (graph files are read whole).
    std::shared_ptr<Comparison> load(size_t index, std::vector<std::string>& warnings, RunContext* run = nullptr) const;

    // The same inputs and job plan with other options that leave the plan alone (the layer mapping, the matching):
    // the viewer's re-match after an edit of its mapping rules.
    Source withOptions(EngineOptions options) const;

    // Graph `index`'s comparison `c` judged against the truth run (inputs().referencePath), whose dump of the same
    // step and rank is read now; null when there is no truth run. Throws ps::Error naming the file and the problem.
    std::shared_ptr<const TruthJudgement> judge(size_t index, const Comparison& c, const TruthOptions& options) const;
    // The jobs of the step of job `index` that are ranks of a multi-rank run, in rank order: the peers whose
    // communication nodes link to each other (empty for a files layout, a merged run or a graph file).
    std::vector<size_t> stepRanks(size_t index) const;

private:
    SourceKind m_kind = SourceKind::Vis;
    std::string m_label;
    SourceInputs m_inputs;
    EngineOptions m_options;
    std::vector<GraphJob> m_jobs;
    std::vector<GraphJob> m_truthJobs; // the truth run's folders (npuDir), when there is one
};

} // namespace ps
