#include "vis/vis_db_notes.h"

#include "util/error.h"
#include "util/limits.h"

#include <set>

namespace ps {

void writeNotesTable(SqliteDb& db, const std::vector<NodeNote>& notes)
{
    db.exec("CREATE TABLE probescope_notes (step INTEGER NOT NULL, rank INTEGER NOT NULL, data_source TEXT NOT NULL, "
            "node_name TEXT NOT NULL, tag TEXT NOT NULL, note TEXT NOT NULL)");
    SqliteStmt insert(db, "INSERT INTO probescope_notes VALUES (?, ?, ?, ?, ?, ?)");
    for (const NodeNote& n : notes)
        insert.bind(1, int64_t(n.ref.step))
            .bind(2, int64_t(n.ref.rank))
            .bind(3, n.ref.side == Side::Npu ? "NPU" : "Bench")
            .bind(4, n.ref.node)
            .bind(5, noteTagName(n.tag))
            .bind(6, n.text)
            .run();
}

std::vector<NodeNote> readNotesTable(SqliteDb& db, const std::string& path)
{
    auto fail = [&](const std::string& what) -> void { throw Error(ErrorCode::BadContent, path, what); };
    {
        SqliteStmt q(db, "SELECT type FROM sqlite_master WHERE name = 'probescope_notes'");
        if (!q.step())
            return {};
        if (q.text(0) != "table")
            fail("probescope_notes is no table");
    }
    std::set<std::string> columns;
    {
        SqliteStmt q(db, "PRAGMA table_xinfo(probescope_notes)");
        while (q.step()) {
            if (q.integer(6) != 0)
                fail("the column probescope_notes." + std::string(q.text(1)) + " is generated or hidden");
            columns.emplace(q.text(1));
        }
    }
    for (const char* c : { "step", "rank", "data_source", "node_name", "tag", "note" })
        if (!columns.count(c))
            fail(std::string("the notes table has no column ") + c);
    std::vector<NodeNote> notes;
    SqliteStmt q(db, "SELECT step, rank, data_source, node_name, tag, note FROM probescope_notes");
    while (q.step()) {
        if (notes.size() >= limits().maxNodes)
            fail("more notes than max_nodes");
        NodeNote n;
        if (!q.isInteger(0) || !q.isInteger(1) || q.integer(0) < INT32_MIN || q.integer(0) > INT32_MAX
            || q.integer(1) < INT32_MIN || q.integer(1) > INT32_MAX)
            fail("a note's step or rank is no integer");
        n.ref.step = int(q.integer(0));
        n.ref.rank = int(q.integer(1));
        if (q.text(2) != "NPU" && q.text(2) != "Bench")
            fail("a note's data_source is \"" + std::string(q.text(2)) + "\", not NPU or Bench");
        n.ref.side = q.text(2) == "NPU" ? Side::Npu : Side::Bench;
        n.ref.node = std::string(q.text(3));
        auto tag = noteTagOfName(q.text(4));
        if (!tag)
            fail("a note's tag is \"" + std::string(q.text(4)) + "\"");
        n.tag = *tag;
        n.text = std::string(q.text(5));
        notes.push_back(std::move(n));
    }
    return notes;
}

} // namespace ps
