#pragma once
// The .vis.db written through SQLite itself, tuned for a bulk load: one transaction, prepared statements reused,
// no journal, no sync, 64 KiB pages, a large page cache, exclusive locking, the secondary indexes created after
// the load; the rows are formatted on all cores (vis_db_rows) and inserted by one thread. This is the baseline the
// direct page writer (vis_db_writer, sqlite_file) is measured against (docs/sqlite_writer.md).
#include "util/run_context.h"
#include "vis/vis_db_part.h"
#include "vis/vis_db_rows.h"

#include <string>
#include <vector>

namespace ps {

class AtomicFile;

// Writes the sides' rows (and tb_stack, tb_config) into the temporary file of `out` (not committed here);
// `displayName` names the database in errors; with `part` also the part table.
void insertVisDbThroughSqlite(const std::vector<VisDbGraph>& graphs, const std::vector<DbSide>& sides, bool v26,
    AtomicFile& out, const std::string& displayName, const ProgressPart& progress, const VisDbPart* part = nullptr);

} // namespace ps
