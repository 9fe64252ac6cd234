#include "vis/vis_db_bulk_insert.h"

#include "io/file_io.h"
#include "vis/sqlite_file.h"
#include "vis/vis_db_index.h"
#include "vis/vis_db_schema.h"
#include "vis/vis_db_sqlite.h"

#include <sqlite3.h>

namespace ps {

namespace {

// A prepared INSERT whose parameters are the values of one record, bound without copies (the record outlives
// the step).
class RecordInsert {
public:
    RecordInsert(SqliteDb& db, const std::string& sql)
        : m_db(db)
    {
        if (sqlite3_prepare_v2(db.handle(), sql.c_str(), -1, &m_stmt, nullptr) != SQLITE_OK)
            db.fail("cannot prepare " + sql, ErrorCode::OutputError);
    }
    ~RecordInsert() { sqlite3_finalize(m_stmt); }
    RecordInsert(const RecordInsert&) = delete;
    RecordInsert& operator=(const RecordInsert&) = delete;

    void insert(std::string_view record)
    {
        sqlfile::decodeRecord(record, m_values);
        int rc = SQLITE_OK;
        for (int i = 0; i < int(m_values.size()) && rc == SQLITE_OK; ++i) {
            const sqlfile::RecordValue& v = m_values[size_t(i)];
            using K = sqlfile::RecordValue::Kind;
            switch (v.kind) {
            case K::Null:
                rc = sqlite3_bind_null(m_stmt, i + 1);
                break;
            case K::Integer:
                rc = sqlite3_bind_int64(m_stmt, i + 1, v.integer);
                break;
            case K::Real:
                rc = sqlite3_bind_double(m_stmt, i + 1, v.real);
                break;
            case K::Text:
                rc = sqlite3_bind_text64(m_stmt, i + 1, v.bytes.data(), v.bytes.size(), SQLITE_STATIC, SQLITE_UTF8);
                break;
            case K::Blob:
                rc = sqlite3_bind_blob64(m_stmt, i + 1, v.bytes.data(), v.bytes.size(), SQLITE_STATIC);
                break;
            }
        }
        if (rc == SQLITE_OK)
            rc = sqlite3_step(m_stmt) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
        sqlite3_reset(m_stmt);
        if (rc != SQLITE_OK)
            m_db.fail("cannot insert a row", ErrorCode::OutputError);
    }

private:
    SqliteDb& m_db;
    sqlite3_stmt* m_stmt = nullptr;
    std::vector<sqlfile::RecordValue> m_values;
};

std::string insertSql(const char* table, int columns)
{
    std::string sql = std::string("INSERT INTO ") + table + " VALUES (?";
    for (int i = 1; i < columns; ++i)
        sql += ",?";
    return sql + ")";
}

} // namespace

void insertVisDbThroughSqlite(const std::vector<VisDbGraph>& graphs, const std::vector<DbSide>& sides, bool v26,
    AtomicFile& out, const std::string& displayName, const ProgressPart& progress, const VisDbPart* part)
{
    SqliteDb db(out.tempPath(), SqliteDb::Mode::Create, displayName);
    // page_size before anything is written; the file is renamed into place when complete, so no journal or sync.
    db.exec("PRAGMA page_size=65536; PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; "
            "PRAGMA locking_mode=EXCLUSIVE; PRAGMA cache_size=-1048576; PRAGMA temp_store=MEMORY; PRAGMA threads=4;");
    std::string nodesSql = kTbNodesSql;
    if (v26)
        nodesSql.insert(nodesSql.size() - 1, kTbNodesSql26Column);
    db.exec(nodesSql.c_str());
    db.exec(kTbStackSql);
    db.exec(kTbConfigSql);
    db.exec("BEGIN");
    {
        RecordInsert nodes(db, insertSql("tb_nodes", v26 ? 22 : 21));
        streamNodeRecords(
            sides, [&](int64_t, std::string_view record) { nodes.insert(record); },
            [&](double done) { progress.advance(Stage::Write, 0.7 * done); });
        RecordInsert stack(db, insertSql("tb_stack", 2));
        std::vector<std::string> records, keys;
        appendStackRecords(sides, records, keys);
        for (const std::string& record : records)
            stack.insert(record);
        RecordInsert config(db, insertSql("tb_config", 9));
        std::string record;
        appendConfigRecord(record, graphs);
        config.insert(record);
    }
    const std::vector<DbIndexInfo> indexes = tbNodesIndexes(v26);
    for (size_t i = 0; i < indexes.size(); ++i) {
        if (indexes[i].sql)
            db.exec(indexes[i].sql);
        progress.advance(Stage::Write, 0.7 + 0.3 * double(i + 1) / double(indexes.size()));
    }
    if (part) { // after the indexes, where the page writer puts it in the schema too
        db.exec(kTbPartSql);
        RecordInsert rows(db, insertSql(kTbPartName, 2));
        for (const std::string& record : visDbPartRecords(*part).records)
            rows.insert(record);
    }
    db.exec("COMMIT");
    db.exec("PRAGMA locking_mode=NORMAL; PRAGMA journal_mode=WAL"); // msprobe's header, as the page writer writes it
    db.close();
}

} // namespace ps
