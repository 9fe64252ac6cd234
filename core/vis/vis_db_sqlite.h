#pragma once
// A thin RAII layer over libsqlite3 for the .vis.db reader and writer; every failure becomes a ps::Error
// naming the database file.
#include "util/error.h"

#include <cstdint>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace ps {

class SqliteDb {
public:
    enum class Mode { ReadOnly, Immutable, Create }; // Immutable: read-only, SQLite creates no -shm/-wal
    SqliteDb(const std::string& path, Mode mode, std::string displayName = {});
    ~SqliteDb();
    SqliteDb(const SqliteDb&) = delete;
    SqliteDb& operator=(const SqliteDb&) = delete;

    void exec(const char* sql);
    void close(); // throws when the database cannot be closed cleanly
    sqlite3* handle() const { return m_db; }
    const std::string& name() const { return m_name; }
    [[noreturn]] void fail(const std::string& what, ErrorCode code = ErrorCode::BadContent) const;

private:
    void harden(); // reading an untrusted file
    sqlite3* m_db = nullptr;
    std::string m_name;
};

class SqliteStmt {
public:
    SqliteStmt(SqliteDb& db, const char* sql);
    ~SqliteStmt();
    SqliteStmt(const SqliteStmt&) = delete;
    SqliteStmt& operator=(const SqliteStmt&) = delete;

    SqliteStmt& bind(int index, std::string_view text); // 1-based, copied by SQLite
    SqliteStmt& bind(int index, int64_t value);
    SqliteStmt& bindDouble(int index, double value);
    SqliteStmt& bindNull(int index);
    bool step(); // true while a row is available
    void run(); // step once and reset (INSERT)
    void reset();

    bool isNull(int column) const;
    int64_t integer(int column) const;
    double real(int column) const;
    bool isInteger(int column) const;
    std::string_view text(int column) const; // "" for NULL; valid until the next step

private:
    SqliteDb& m_db;
    sqlite3_stmt* m_stmt = nullptr;
};

} // namespace ps
