#pragma once
// The SQLite .vis.db that msprobe >= 8.2.1 writes and tb_graph_ascend >= 8.2.0 reads: one database for every step and
// rank of a run, tables tb_nodes, tb_config and tb_stack. The content is our own comparison, formatted as in our .vis.
#include "session/session_file.h"
#include "util/run_context.h"
#include "vis/vis_db_part.h"
#include "vis/vis_document.h"

#include <string>
#include <vector>

namespace ps {

// Writes all graphs (all compare results or all build results) into `path`: a temporary file in the target
// folder, mode 0640, renamed over `path` when complete. Throws ps::Error(OutputError / BadArgument), or
// Error(Cancelled) when `progress` is cancelled (reported as Stage::Write). With `notes`, ProbeScope's
// probescope_notes table carries them (vis_db_notes.h); with `part`, a part database (its table after msprobe's
// three). The plugin's three tables stay the same either way.
void writeVisDb(const std::vector<VisDbGraph>& graphs, const std::string& path, const std::vector<NodeNote>& notes = {},
    const ProgressPart& progress = {}, const VisDbPart* part = nullptr);

} // namespace ps
