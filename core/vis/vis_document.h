#pragma once
// A graph file opened for viewing or editing: the Comparison the engine model understands, plus the file-level
// and node-level extras the model has no place for (Colors, ToolTip, unknown keys, parallel_merge_info, ...),
// kept as raw JSON so that writing the document back reproduces them.
#include "compare/comparison.h"
#include "io/json_value.h"
#include "session/session_file.h"

#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ps {

inline constexpr const char* kVisNotesKey = "probescope_notes"; // the .vis top-level key of VisDocument::notes

// Owns the raw JSON values of a VisMeta (copies of a VisMeta share it).
struct VisMetaStore {
    StringPool pool;
    JArena arena { pool };
};

struct VisMeta {
    std::shared_ptr<VisMetaStore> store = std::make_shared<VisMetaStore>();
    bool fromFile = false; // false: a fresh engine result, written with msprobe 1.2.1's defaults

    // Top-level keys in file order. Keys the model owns (NPU, Bench, root, node, dump_data_dir, task, MicroSteps,
    // OverflowCheck) only mark their position; every other key (Colors, ToolTip, unknown) keeps its raw value.
    std::vector<std::pair<std::string, JValue>> topLevel;
    std::array<std::vector<std::string>, 2> graphKeyOrder; // keys of the NPU/Bench (or top) graph object in order
    std::string taskText; // the "task" text as written (also tasks the model lacks, e.g. "structure")

    // Per side and node: an object of node keys the model has no place for (suggestions, parallel_merge_info,
    // a non-standard matched_distributed or matched_node_link, modified, unknown keys); Null when none.
    std::array<std::vector<JValue>, 2> nodeExtras;

    const JArena& arena() const { return store->arena; }
    const JValue* topValue(std::string_view key) const; // raw top-level value, nullptr when absent
    const JValue* nodeExtra(size_t side, NodeId node, std::string_view key) const;
};

// The VisMeta of an engine result: nothing of a file to keep, msprobe's defaults.
const VisMeta& engineVisMeta();

struct VisDocument {
    std::shared_ptr<const Comparison> comparison;
    VisMeta meta;
    int step = 0; // .vis.db partition keys (0 for .vis files)
    int rank = 0;
    // ProbeScope's notes on nodes (last, so that {comparison, meta, step, rank} still initialises a document); a
    // .vis carries them in its top-level "probescope_notes" key, which tb_graph_ascend ignores (it reads only the
    // keys it knows).
    std::vector<NodeNote> notes {};
};

// One graph of a .vis.db: a step and rank of the run, and its result (meta may be null: msprobe defaults).
struct VisDbGraph {
    int step = 0;
    int rank = 0;
    std::shared_ptr<const Comparison> comparison;
    std::shared_ptr<const VisMeta> meta;
};

} // namespace ps
