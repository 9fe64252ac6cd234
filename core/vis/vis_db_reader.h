#pragma once
// Opens a .vis.db (msprobe >= 8.2.1, ProbeScope, or edited by tb_graph_ascend) read-only into the engine's
// model, one VisDocument per step and rank. A file that is not SQLite, or SQLite without the .vis.db tables
// and columns, gives a ps::Error naming the file and the problem. The file is never modified.
#include "session/session_file.h"
#include "vis/vis_db_part.h"
#include "vis/vis_document.h"

#include <memory>
#include <optional>

#include <string>
#include <utility>
#include <vector>

namespace ps {

struct VisDbIndex {
    bool compare = false; // tb_config.graph_type == "compare"
    std::string task; // tb_config.task
    bool rules26 = false; // msprobe 26.0.0's is_distributed column
    std::vector<std::pair<int, int>> graphs; // (step, rank), sorted
    std::optional<VisDbPart> part; // a part database (its table checked: format, sizes, rank lists)
};

VisDbIndex listVisDb(const std::string& path);
// What of the nodes is read: everything, or the structure a view opens with (names, hierarchy, matches, precision,
// overflow, micro steps, stacks, distributed links, merge info) without the data items (input_data, output_data),
// which are most of a file's bytes: Comparison::nodeDataOmitted is then set.
enum class VisDbData { All, Structure };
VisDocument readVisDbGraph(const std::string& path, int step, int rank, VisDbData data = VisDbData::All);
// Two nodes of one graph with their data, each the root of its side: the NPU node `npu` and the bench node
// `bench`. A name that is "" or that the graph does not hold gets an empty stand-in node (another name, unmatched).
// What a view opened with the structure only shows of the selected pair.
VisDocument readVisDbNodePair(
    const std::string& path, int step, int rank, const std::string& npu, const std::string& bench);
// Every step and rank. With `open`: also each document's comparison, open to changes (a merge of parts adds the
// distributed links to the comparisons it has just read).
std::vector<VisDocument> readVisDb(const std::string& path, std::vector<std::shared_ptr<Comparison>>* open = nullptr);

bool looksLikeSqlite(const std::string& path); // the 16-byte SQLite header

// The notes ProbeScope stored in the file's probescope_notes table (vis_db_notes.h); empty when it has none.
std::vector<NodeNote> readVisDbNotes(const std::string& path);

} // namespace ps
