#pragma once
// A "comparison source" of the report and diff commands: compare.json, two dump folders (NPU, bench), a .vis or a
// .vis.db. It lists its graphs (step, rank) up front and loads them one at a time, so that a run of hundreds of
// steps is never in memory at once.
#include "batch/engine.h"
#include "compare/comparison.h"

#include <memory>
#include <string>
#include <vector>

namespace ps {

enum class SourceKind { CompareJson, DumpFolders, Vis, VisDb };
const char* sourceKindName(SourceKind kind); // "compare.json", "dump folders", ".vis", ".vis.db"

struct SourceGraph {
    int step = 0;
    int rank = 0;
};

class ComparisonSource {
public:
    // One path (compare.json: a name ending in .json; a .vis.db: SQLite content or a .db name; else a .vis) or two
    // dump folders. Dumps are compared with `engine`'s options; its profile is chosen by the caller (see
    // defaultProfile). Throws ps::Error naming the file and the problem.
    static ComparisonSource open(const std::vector<std::string>& paths, const EngineOptions& engine);
    // The rules a source is read with unless asked otherwise: compare.json is `graph`'s input (msprobe 1.2.1), two
    // dump folders are `graph_visualize`'s (msprobe 26.0.0). Files carry their own.
    static RulesProfile defaultProfile(const std::vector<std::string>& paths);
    // Dump folders planned by the caller (the GUI's session, whose job indexes the graphs keep); jobs of a
    // parallel run (engine.parallel set) are merged as the engine merges them.
    static ComparisonSource fromJobs(const std::string& label, std::vector<GraphJob> jobs, const EngineOptions& engine);

    SourceKind kind() const { return m_kind; }
    const std::string& label() const { return m_label; } // the paths as given, joined by " + "
    const std::vector<SourceGraph>& graphs() const { return m_graphs; }
    // Loads (builds and compares, or reads) graph `index`; warnings of the engine are appended. `progress`: the
    // engine's stages of dumps, and Error(Cancelled) soon after its cancel flag is set (graph files ignore it).
    std::shared_ptr<const Comparison> load(
        size_t index, std::vector<std::string>& warnings, const Progress* progress = nullptr) const;

private:
    SourceKind m_kind = SourceKind::Vis;
    std::string m_label;
    std::string m_file; // .vis / .vis.db
    EngineOptions m_engine;
    std::vector<GraphJob> m_jobs; // dumps
    std::vector<SourceGraph> m_graphs;
};

} // namespace ps
