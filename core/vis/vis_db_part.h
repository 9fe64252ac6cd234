#pragma once
// A part database: the graphs of some ranks of a multi-rank run, written by `graph_visualize --ranks` without the
// cross-rank distributed analysis; `probescope-cli merge` combines the parts and runs it (core/batch/merge_parts.h).
// A part is a complete .vis.db plus one small key/value table, which tb_graph_ascend never reads (it queries
// tb_nodes, tb_config and tb_stack by name), so the plugin and the viewer open a part as they open any .vis.db.
#include <string>
#include <vector>

namespace ps {

struct VisDbPart {
    std::string rules; // the options that change the results; the parts of one merge must agree on them
    std::string runRanks; // every rank of the whole run, as a rank list ("0-255", util/rank_list.h)
    std::string runSteps; // every step of the whole run, the same way
};

inline constexpr const char* kTbPartName = "tb_probescope_part";
inline constexpr const char* kTbPartSql = R"(CREATE TABLE tb_probescope_part (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
))";
inline constexpr const char* kVisDbPartFormat = "1"; // the row "format": a reader refuses other formats

// The table's rows as SQLite records (key, value) in rowid order, and their keys.
struct VisDbPartRecords {
    std::vector<std::string> records;
    std::vector<std::string> keys;
};
VisDbPartRecords visDbPartRecords(const VisDbPart& part);

class SqliteDb;

// The part table of an open database (the caller checked it exists), checked: the known keys once each, format 1,
// bounded texts, valid rank lists. Throws Error(BadContent) naming `path`.
VisDbPart readVisDbPart(SqliteDb& db, const std::string& path);

} // namespace ps
