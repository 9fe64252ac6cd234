#include "vis/vis_db_writer.h"

#include "io/file_io.h"
#include "util/error.h"
#include "util/ordered_pipeline.h"
#include "vis/sqlite_file.h"
#include "vis/vis_db_index.h"
#include "vis/vis_db_rows.h"
#include "vis/vis_db_schema.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <exception>
#include <mutex>
#include <thread>

namespace ps {

namespace {

constexpr size_t kRowsPerChunk = 256;

// tb_nodes: rows formatted on all cores, placed into the table's pages in rowid order by this thread.
// Progress: the rows are most of the work, the indexes the rest.
constexpr double kRowsShare = 0.7;

uint32_t writeNodeRows(sqlfile::PageFile& pages, const std::vector<DbSide>& sides, const ProgressPart& progress)
{
    std::vector<std::pair<size_t, size_t>> chunks; // (side, first row)
    for (size_t s = 0; s < sides.size(); ++s)
        for (size_t row = 0; row < sides[s].rows(); row += kRowsPerChunk)
            chunks.emplace_back(s, row);
    std::vector<uint64_t> firstRowid(sides.size(), 1);
    for (size_t s = 1; s < sides.size(); ++s)
        firstRowid[s] = firstRowid[s - 1] + sides[s - 1].rows();
    sqlfile::TableTree table(pages);
    OrderedPipeline pipeline;
    pipeline.format = [&](size_t k, std::string& out) {
        thread_local sqlfile::Record record;
        thread_local std::string scratch;
        const auto [s, first] = chunks[k];
        const size_t end = std::min(sides[s].rows(), first + kRowsPerChunk);
        for (size_t row = first; row < end; ++row) {
            const size_t at = out.size();
            out.append(4, '\0'); // the record's length, filled in below
            sides[s].appendNodeRecord(out, row, record, scratch);
            const uint32_t length = uint32_t(out.size() - at - 4);
            std::memcpy(out.data() + at, &length, 4);
        }
    };
    pipeline.drain = [&](size_t k, std::string& text) {
        const auto [s, first] = chunks[k];
        int64_t rowid = int64_t(firstRowid[s] + first);
        for (size_t at = 0; at < text.size(); ++rowid) {
            uint32_t length;
            std::memcpy(&length, text.data() + at, 4);
            table.add(rowid, std::string_view(text.data() + at + 4, length));
            at += 4 + length;
        }
        progress.advance(Stage::Write, kRowsShare * double(k + 1) / double(chunks.size()));
    };
    pipeline.run(chunks.size());
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
    std::atomic<size_t> next { 0 }, done { 0 };
    const double entries = double(rows.count()) * double(indexes.size());
    std::exception_ptr error;
    std::mutex errorMutex;
    auto work = [&] {
        try {
            sqlfile::Record record;
            std::string scratch, entry;
            for (size_t i; (i = next++) < indexes.size();) {
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
            }
        } catch (...) {
            std::lock_guard lock(errorMutex);
            if (!error)
                error = std::current_exception();
            next = indexes.size();
        }
    };
    const unsigned workers = std::min<unsigned>(defaultWorkerCount(), unsigned(indexes.size()));
    std::vector<std::thread> threads;
    for (unsigned t = 1; t < workers; ++t)
        threads.emplace_back(work);
    work();
    for (std::thread& t : threads)
        t.join();
    if (error)
        std::rethrow_exception(error);
    return roots;
}

// A small table with a TEXT PRIMARY KEY in its first column (tb_stack, tb_config): the table and its automatic
// index, from records given in rowid order.
std::pair<uint32_t, uint32_t> writeKeyedTable(sqlfile::PageFile& pages, const std::vector<std::string>& records,
    const std::vector<std::string>& keys)
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

} // namespace

void writeVisDb(const std::vector<VisDbGraph>& graphs, const std::string& path, const ProgressPart& progress) {
    if (graphs.empty())
        throw Error(ErrorCode::BadArgument, path, "no graph to write into the .vis.db");
    const bool compare = graphs.front().comparison && graphs.front().comparison->isCompare;
    for (const VisDbGraph& g : graphs)
        if (!g.comparison || g.comparison->isCompare != compare || !g.comparison->graphs[0]
            || (compare && !g.comparison->graphs[1]))
            throw Error(ErrorCode::BadArgument, path, "a .vis.db holds either compare results or build results only");
    const bool v26 = graphs.front().comparison->profile == RulesProfile::Msprobe26;
    std::vector<DbSide> sides;
    for (const VisDbGraph& g : graphs)
        for (size_t side = 0; side < (compare ? 2u : 1u); ++side)
            sides.emplace_back(g, side, v26);

    AtomicFile out(path);
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
        sqlfile::Record r;
        for (const DbSide& side : sides)
            for (const auto& [id, text] : side.stackRows()) {
                r.clear();
                r.text(id);
                r.text(text);
                records.emplace_back();
                r.appendTo(records.back());
                keys.push_back(id);
            }
        const auto [stackRoot, stackIndex] = writeKeyedTable(pages, records, keys);
        records.assign(1, std::string());
        appendConfigRecord(records[0], graphs);
        const auto [configRoot, configIndex] = writeKeyedTable(pages, records, { "1" });

        // sqlite_schema in the order msprobe's statements create the objects.
        schema.push_back({ "table", "tb_nodes", "tb_nodes", nodesRoot, nodesSql });
        schema.push_back({ "index", "sqlite_autoindex_tb_nodes_1", "tb_nodes", indexRoots[0], "" });
        schema.push_back({ "table", "tb_stack", "tb_stack", stackRoot, kTbStackSql });
        schema.push_back({ "index", "sqlite_autoindex_tb_stack_1", "tb_stack", stackIndex, "" });
        schema.push_back({ "table", "tb_config", "tb_config", configRoot, kTbConfigSql });
        schema.push_back({ "index", "sqlite_autoindex_tb_config_1", "tb_config", configIndex, "" });
        for (size_t i = 1; i < indexes.size(); ++i)
            schema.push_back({ "index", indexes[i].name, "tb_nodes", indexRoots[i], indexes[i].sql });
        sqlfile::writeHeaderAndSchema(pages, schema);
    } catch (const Error& e) {
        if (!e.file().empty())
            throw;
        throw Error(e.code(), path, e.detail()); // internal limits of the page writer name the output
    }
    out.commit();
}

} // namespace ps
