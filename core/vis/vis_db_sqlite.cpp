#include "vis/vis_db_sqlite.h"

#include "util/limits.h"

#include <algorithm>
#include <sqlite3.h>

namespace ps {

SqliteDb::SqliteDb(const std::string& path, Mode mode, std::string displayName)
    : m_name(std::move(displayName))
{
    if (m_name.empty())
        m_name = path;
    int flags = mode == Mode::Create ? (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) : SQLITE_OPEN_READONLY;
    std::string target = path;
    if (mode == Mode::Immutable) {
        target = "file:";
        for (char c : path) {
            if (c == '%' || c == '?' || c == '#') {
                static const char* hex = "0123456789ABCDEF";
                target += '%';
                target += hex[uint8_t(c) >> 4];
                target += hex[uint8_t(c) & 15];
            } else
                target += c;
        }
        target += "?immutable=1";
        flags |= SQLITE_OPEN_URI;
    }
    int rc = sqlite3_open_v2(target.c_str(), &m_db, flags | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        std::string what = m_db ? sqlite3_errmsg(m_db) : sqlite3_errstr(rc);
        sqlite3_close(m_db);
        m_db = nullptr;
        throw Error(mode != Mode::Create ? ErrorCode::FileUnreadable : ErrorCode::OutputError, m_name,
            "cannot open the SQLite database: " + what);
    }
    sqlite3_extended_result_codes(m_db, 1);
    if (mode != Mode::Create) {
        try {
            harden();
        } catch (...) {
            sqlite3_close(m_db);
            m_db = nullptr;
            throw;
        }
    }
}

// A .vis.db from elsewhere is untrusted (https://www.sqlite.org/security.html): no writes to the schema or
// shadow tables, no functions from the schema with side effects, bounded values and statements, and pages
// checked as they are read.
void SqliteDb::harden()
{
    int applied = 0;
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_DEFENSIVE, 1, &applied);
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, &applied);
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, &applied);
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, &applied);
    const uint64_t text = std::min<uint64_t>(limits().maxStringBytes, 1000000000);
    sqlite3_limit(m_db, SQLITE_LIMIT_LENGTH, int(text));
    sqlite3_limit(m_db, SQLITE_LIMIT_SQL_LENGTH, 1 << 20);
    sqlite3_limit(m_db, SQLITE_LIMIT_COLUMN, 200);
    sqlite3_limit(m_db, SQLITE_LIMIT_EXPR_DEPTH, 64);
    sqlite3_limit(m_db, SQLITE_LIMIT_COMPOUND_SELECT, 4);
    sqlite3_limit(m_db, SQLITE_LIMIT_ATTACHED, 0);
    sqlite3_limit(m_db, SQLITE_LIMIT_TRIGGER_DEPTH, 1);
    exec("PRAGMA cell_size_check = ON; PRAGMA mmap_size = 0;");
}

SqliteDb::~SqliteDb()
{
    if (m_db)
        sqlite3_close_v2(m_db);
}

void SqliteDb::fail(const std::string& what, ErrorCode code) const
{
    std::string detail = what;
    if (m_db && sqlite3_errcode(m_db) != SQLITE_OK && sqlite3_errcode(m_db) != SQLITE_ROW
        && sqlite3_errcode(m_db) != SQLITE_DONE)
        detail += " (" + std::string(sqlite3_errmsg(m_db)) + ")";
    throw Error(code, m_name, detail);
}

void SqliteDb::exec(const char* sql)
{
    char* message = nullptr;
    if (sqlite3_exec(m_db, sql, nullptr, nullptr, &message) != SQLITE_OK) {
        std::string what = message ? message : "unknown error";
        sqlite3_free(message);
        throw Error(ErrorCode::BadContent, m_name, "SQLite error: " + what);
    }
}

void SqliteDb::close()
{
    if (m_db && sqlite3_close(m_db) != SQLITE_OK)
        fail("cannot close the database", ErrorCode::OutputError);
    m_db = nullptr;
}

SqliteStmt::SqliteStmt(SqliteDb& db, const char* sql)
    : m_db(db)
{
    if (sqlite3_prepare_v2(db.handle(), sql, -1, &m_stmt, nullptr) != SQLITE_OK)
        db.fail(std::string("SQLite rejected the query \"") + sql + "\"");
}

SqliteStmt::~SqliteStmt()
{
    sqlite3_finalize(m_stmt);
}

SqliteStmt& SqliteStmt::bind(int index, std::string_view text)
{
    sqlite3_bind_text64(m_stmt, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
    return *this;
}

SqliteStmt& SqliteStmt::bind(int index, int64_t value)
{
    sqlite3_bind_int64(m_stmt, index, value);
    return *this;
}

SqliteStmt& SqliteStmt::bindDouble(int index, double value)
{
    sqlite3_bind_double(m_stmt, index, value);
    return *this;
}

SqliteStmt& SqliteStmt::bindNull(int index)
{
    sqlite3_bind_null(m_stmt, index);
    return *this;
}

bool SqliteStmt::step()
{
    int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    m_db.fail("SQLite query failed", ErrorCode::BadContent);
}

void SqliteStmt::run()
{
    step();
    reset();
}

void SqliteStmt::reset()
{
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
}

bool SqliteStmt::isNull(int column) const
{
    return sqlite3_column_type(m_stmt, column) == SQLITE_NULL;
}
bool SqliteStmt::isInteger(int column) const
{
    return sqlite3_column_type(m_stmt, column) == SQLITE_INTEGER;
}
int64_t SqliteStmt::integer(int column) const
{
    return sqlite3_column_int64(m_stmt, column);
}
double SqliteStmt::real(int column) const
{
    return sqlite3_column_double(m_stmt, column);
}

std::string_view SqliteStmt::text(int column) const
{
    const unsigned char* p = sqlite3_column_text(m_stmt, column);
    if (!p)
        return {};
    return { reinterpret_cast<const char*>(p), size_t(sqlite3_column_bytes(m_stmt, column)) };
}

} // namespace ps
