#pragma once
// Notes that travel inside a .vis.db: ProbeScope's own table `probescope_notes` (step, rank, data_source,
// node_name, tag, note). tb_graph_ascend 26.0.0 reads only tb_nodes, tb_config and tb_stack, by name (its
// graph_repo_db.py never lists tables), so the extra table is invisible to it; the three tables are written
// exactly as without notes.
#include "session/session_file.h"
#include "vis/vis_db_sqlite.h"

#include <string>
#include <vector>

namespace ps {

inline constexpr const char* kVisDbNotesTable = "probescope_notes";

void writeNotesTable(SqliteDb& db, const std::vector<NodeNote>& notes);
// The notes of an opened, validated database; none when it has no notes table. A notes table of another shape,
// an unknown side or tag is a ps::Error naming the file.
std::vector<NodeNote> readNotesTable(SqliteDb& db, const std::string& path);

} // namespace ps
