#include "vis/vis_db_writer.h"

#include "io/file_io.h"
#include "util/error.h"
#include "util/parallel.h"
#include "vis/sqlite_file.h"
#include "vis/vis_db_bulk_insert.h"
#include "vis/vis_db_index.h"
#include "vis/vis_db_notes.h"
#include "vis/vis_db_rows.h"
#include "vis/vis_db_schema.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>

namespace ps {

namespace {

// Progress: the rows are most of the work, the indexes the rest.
constexpr double kRowsShare = 0.7;

// tb_nodes: rows formatted on all cores, placed into the table's pages in rowid order by this thread.
uint32_t writeNodeRows(sqlfile::PageFile& pages, const std::vector<DbSide>& sides, const ProgressPart& progress)
{
    sqlfile::TableTree table(pages);
    streamNodeRecords(
        sides, [&](int64_t rowid, std::string_view record) { table.add(rowid, record); },
        [&](double done) { progress.advance(Stage::Write, kRowsShare * done); });
    return table.finish();
}

// The indexes of tb_nodes, each built by one worker (their pages interleave in the file).
std::vector<uint32_t> writeNodeIndexes(sqlfile::PageFile& pages, const DbRowSet& rows,
    const std::vector<DbIndexInfo>& indexes, const ProgressPart& progress)
{
    std::vector<uint32_t> roots(indexes.size());
    std::vector<std::pair<size_t, size_t>> located(rows.count()); // global row -> (side, row)
    for (size_t s = 0; s < rows.sides().size(); ++s)
        for (size_t row = 0; row < rows.sides()[s].rows(); ++row)
            located[rows.base(s) + row] = { s, row };
    std::atomic<size_t> done { 0 };
    const double entries = double(rows.count()) * double(indexes.size());
    runTasks(indexes.size(), workerCount(0, indexes.size(), 1), [&](size_t i) {
        sqlfile::Record record;
        std::string scratch, entry;
        sqlfile::IndexTree tree(pages);
        size_t count = 0;
        for (uint32_t global : rows.order(indexes[i].index)) {
            if (++count % 65536 == 0)
                progress.advance(Stage::Write, kRowsShare + (1 - kRowsShare) * double(done += 65536) / entries);
            entry.clear();
            rows.appendIndexRecord(
                entry, indexes[i].index, located[global].first, located[global].second, record, scratch);
            tree.add(entry);
        }
        roots[i] = tree.finish();
    });
    return roots;
}

// A small table with a TEXT PRIMARY KEY in its first column (tb_stack, tb_config): the table and its automatic
// index, from records given in rowid order.
std::pair<uint32_t, uint32_t> writeKeyedTable(
    sqlfile::PageFile& pages, const std::vector<std::string>& records, const std::vector<std::string>& keys)
{
    sqlfile::TableTree table(pages);
    for (size_t i = 0; i < records.size(); ++i)
        table.add(int64_t(i + 1), records[i]);
    const uint32_t root = table.finish();
    std::vector<std::string> entries;
    sqlfile::Record r;
    for (size_t i = 0; i < keys.size(); ++i) {
        r.clear();
        r.text(keys[i]);
        r.integer(int64_t(i + 1));
        entries.emplace_back();
        r.appendTo(entries.back());
    }
    std::sort(entries.begin(), entries.end(),
        [](const std::string& a, const std::string& b) { return sqlfile::compareRecords(a, b) < 0; });
    sqlfile::IndexTree index(pages);
    for (const std::string& e : entries)
        index.add(e);
    return { root, index.finish() };
}

// ProbeScope's notes (a few rows, a table the plugin never reads) go through SQLite into the finished temporary
// file before the rename; the plugin's three tables stay as the page writer wrote them.
void addNotesTable(const AtomicFile& out, const std::string& path, const std::vector<NodeNote>& notes)
{
    if (notes.empty())
        return;
    SqliteDb db(out.tempPath(), SqliteDb::Mode::Create, path);
    db.exec("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; BEGIN");
    writeNotesTable(db, notes);
    db.exec("COMMIT");
    db.exec("PRAGMA journal_mode=WAL"); // back to the page writer's (and msprobe's) header; -wal goes at close
    db.close();
}

} // namespace

void writeVisDb(const std::vector<VisDbGraph>& graphs, const std::string& path, const std::vector<NodeNote>& notes,
    const ProgressPart& progress, const VisDbPart* part)
{
    if (graphs.empty())
        throw Error(ErrorCode::BadArgument, path, "no graph to write into the .vis.db");
    const bool compare = graphs.front().comparison && graphs.front().comparison->isCompare;
    for (const VisDbGraph& g : graphs) {
        if (!g.comparison || g.comparison->isCompare != compare || !g.comparison->graphs[0]
            || (compare && !g.comparison->graphs[1]))
            throw Error(ErrorCode::BadArgument, path, "a .vis.db holds either compare results or build results only");
        if (g.comparison->nodeDataOmitted)
            throw Error(
                ErrorCode::BadArgument, path, "the comparison was opened without its node data; read it whole first");
    }
    const bool v26 = graphs.front().comparison->profile == RulesProfile::Msprobe26;
    std::vector<DbSide> sides;
    for (const VisDbGraph& g : graphs)
        for (size_t side = 0; side < (compare ? 2u : 1u); ++side)
            sides.emplace_back(g, side, v26);

    AtomicFile out(path);
    if (const char* writer = std::getenv("PROBESCOPE_VISDB_WRITER"); writer && std::string_view(writer) == "sqlite") {
        insertVisDbThroughSqlite(graphs, sides, v26, out, path, progress, part);
        addNotesTable(out, path, notes);
        out.commit();
        return;
    }
    sqlfile::PageFile pages(out);
    try {
        std::vector<sqlfile::SchemaEntry> schema;
        std::string nodesSql = kTbNodesSql;
        if (v26)
            nodesSql.insert(nodesSql.size() - 1, kTbNodesSql26Column);
        const uint32_t nodesRoot = writeNodeRows(pages, sides, progress);
        const DbRowSet rows(sides);
        const std::vector<DbIndexInfo> indexes = tbNodesIndexes(v26);
        const std::vector<uint32_t> indexRoots = writeNodeIndexes(pages, rows, indexes, progress);

        std::vector<std::string> records, keys;
        appendStackRecords(sides, records, keys);
        const auto [stackRoot, stackIndex] = writeKeyedTable(pages, records, keys);
        records.assign(1, std::string());
        appendConfigRecord(records[0], graphs);
        const auto [configRoot, configIndex] = writeKeyedTable(pages, records, { "1" });
        std::pair<uint32_t, uint32_t> partRoots;
        if (part) {
            const VisDbPartRecords rows = visDbPartRecords(*part);
            partRoots = writeKeyedTable(pages, rows.records, rows.keys);
        }

        // sqlite_schema in the order msprobe's statements create the objects.
        schema.push_back({ "table", "tb_nodes", "tb_nodes", nodesRoot, nodesSql });
        schema.push_back({ "index", "sqlite_autoindex_tb_nodes_1", "tb_nodes", indexRoots[0], "" });
        schema.push_back({ "table", "tb_stack", "tb_stack", stackRoot, kTbStackSql });
        schema.push_back({ "index", "sqlite_autoindex_tb_stack_1", "tb_stack", stackIndex, "" });
        schema.push_back({ "table", "tb_config", "tb_config", configRoot, kTbConfigSql });
        schema.push_back({ "index", "sqlite_autoindex_tb_config_1", "tb_config", configIndex, "" });
        for (size_t i = 1; i < indexes.size(); ++i)
            schema.push_back({ "index", indexes[i].name, "tb_nodes", indexRoots[i], indexes[i].sql });
        if (part) {
            schema.push_back({ "table", kTbPartName, kTbPartName, partRoots.first, kTbPartSql });
            schema.push_back(
                { "index", std::string("sqlite_autoindex_") + kTbPartName + "_1", kTbPartName, partRoots.second, "" });
        }
        sqlfile::writeHeaderAndSchema(pages, schema);
    } catch (const Error& e) {
        if (!e.file().empty())
            throw;
        throw Error(e.code(), path, e.detail()); // internal limits of the page writer name the output
    }
    addNotesTable(out, path, notes);
    out.commit();
}

} // namespace ps
