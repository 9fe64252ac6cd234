// The SQLite file writer (core/vis/sqlite_file, vis_db_index): files it writes pass PRAGMA integrity_check, hold
// the values SQLite itself stores for the same inserts (serial types, INTEGER affinity, NaN, overflow pages), and
// the index orders computed from ranks equal the orders found by comparing the index records.
#include "batch/engine.h"
#include "io/file_io.h"
#include "test_dumps.h"
#include "util/pyformat.h"
#include "vis/sqlite_file.h"
#include "vis/vis_db_bulk_insert.h"
#include "vis/vis_db_index.h"
#include "vis/vis_db_reader.h"
#include "vis/vis_db_sqlite.h"
#include "vis/vis_db_writer.h"

#include <QtTest>
#include <cmath>
#include <random>
#include <sqlite3.h>

using namespace testdumps;
namespace sf = ps::sqlfile;

namespace {

const QString kCases = QStringLiteral(PROBESCOPE_CASES);

std::string str(const QString& s)
{
    return s.toStdString();
}

std::string integrityOf(const std::string& path)
{
    ps::SqliteDb db(path, ps::SqliteDb::Mode::ReadOnly);
    ps::SqliteStmt q(db, "PRAGMA integrity_check");
    std::string out;
    while (q.step())
        out += std::string(q.text(0)) + "\n";
    return out;
}

// Everything a reader sees in a database: the schema (without root pages) and every row of every table in rowid
// order, each value with its storage class.
std::string contentOf(const std::string& path)
{
    ps::SqliteDb db(path, ps::SqliteDb::Mode::ReadOnly);
    std::string out;
    std::vector<std::string> tables;
    ps::SqliteStmt schema(db, "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY name");
    while (schema.step()) {
        out += std::string(schema.text(0)) + " " + std::string(schema.text(1)) + " " + std::string(schema.text(2)) + " "
            + std::string(schema.text(3)) + "\n";
        if (schema.text(0) == "table")
            tables.emplace_back(schema.text(1));
    }
    for (const std::string& table : tables) {
        sqlite3_stmt* q = nullptr;
        const std::string sql = "SELECT * FROM " + table + " ORDER BY rowid";
        if (sqlite3_prepare_v2(db.handle(), sql.c_str(), -1, &q, nullptr) != SQLITE_OK)
            return "cannot read " + table;
        while (sqlite3_step(q) == SQLITE_ROW) {
            out += table;
            for (int c = 0; c < sqlite3_column_count(q); ++c) {
                const int type = sqlite3_column_type(q, c);
                out += "|" + std::to_string(type) + ":";
                if (type == SQLITE_FLOAT)
                    out += std::to_string(sqlite3_column_double(q, c));
                if (type != SQLITE_NULL)
                    out.append(
                        reinterpret_cast<const char*>(sqlite3_column_blob(q, c)), size_t(sqlite3_column_bytes(q, c)));
            }
            out += "\n";
        }
        sqlite3_finalize(q);
    }
    return out;
}

// One value as a test writes it: through the file writer's Record and through SQLite's own binding.
struct Value {
    enum Kind { Null, Int, Numeric, Real, Text } kind;
    int64_t i = 0;
    double d = 0;
    std::string s = {};
};

// `integerAffinity`: the column is declared INTEGER (else it has no affinity and keeps reals as they are).
void addTo(sf::Record& r, const Value& v, bool integerAffinity)
{
    switch (v.kind) {
    case Value::Null:
        r.null();
        break;
    case Value::Int:
        r.integer(v.i);
        break;
    case Value::Numeric:
        integerAffinity ? r.numeric(v.d) : r.real(v.d);
        break;
    case Value::Real:
        r.real(v.d);
        break;
    case Value::Text:
        r.text(v.s);
        break;
    }
}

void bindTo(ps::SqliteStmt& q, int col, const Value& v)
{
    switch (v.kind) {
    case Value::Null:
        q.bindNull(col);
        break;
    case Value::Int:
        q.bind(col, v.i);
        break;
    case Value::Numeric:
    case Value::Real:
        q.bindDouble(col, v.d);
        break;
    case Value::Text:
        q.bind(col, std::string_view(v.s));
        break;
    }
}

// Every row of table t as "typeof|quote(value)" lines.
QStringList rowsOf(const std::string& path, const char* columns)
{
    ps::SqliteDb db(path, ps::SqliteDb::Mode::ReadOnly);
    ps::SqliteStmt q(db, (std::string("SELECT ") + columns + " FROM t ORDER BY rowid").c_str());
    QStringList out;
    while (q.step())
        out << QString::fromStdString(std::string(q.text(0)));
    return out;
}

std::vector<Value> sampleValues()
{
    std::vector<Value> v;
    for (int64_t i : { int64_t(0), int64_t(1), int64_t(-1), int64_t(127), int64_t(128), int64_t(-129), int64_t(32767),
             int64_t(32768), int64_t(8388607), int64_t(8388608), int64_t(2147483647), int64_t(2147483648),
             int64_t(140737488355327), int64_t(140737488355328), int64_t(-140737488355328), INT64_MAX, INT64_MIN })
        v.push_back({ Value::Int, i, 0 });
    for (double d : { 1.0, 2.5, -0.0, -3.0, 1e300, 9.3e18, -9.3e18, 9007199254740993.0, HUGE_VAL, double(NAN), 1e-310 })
        v.push_back({ Value::Numeric, 0, d });
    v.push_back({ Value::Real, 0, 0.1 });
    v.push_back({ Value::Null, 0, 0 });
    for (size_t n : { size_t(0), size_t(1), size_t(57), size_t(65501), size_t(65502), size_t(200000) })
        v.push_back({ Value::Text, 0, 0, std::string(n, 'x') + (n ? "\xc3\xa9" : "") });
    return v;
}

} // namespace

class TestSqliteFile : public QObject {
    Q_OBJECT

private slots:
    // Rows written by the file writer read back exactly as the same values inserted through SQLite.
    void valuesAsSqliteStoresThem()
    {
        QTemporaryDir tmp;
        const std::string ours = str(tmp.path() + "/ours.db"), theirs = str(tmp.path() + "/theirs.db");
        const char* createSql = "CREATE TABLE t (i INTEGER, x)";
        std::vector<Value> values = sampleValues();
        {
            ps::AtomicFile out(ours);
            sf::PageFile pages(out);
            sf::TableTree table(pages);
            sf::Record r;
            std::string record;
            for (size_t k = 0; k < values.size(); ++k) {
                r.clear();
                addTo(r, values[k], true);
                addTo(r, values[k], false);
                record.clear();
                r.appendTo(record);
                table.add(int64_t(k + 1), record);
            }
            sf::writeHeaderAndSchema(pages, { { "table", "t", "t", table.finish(), createSql } });
            out.commit();
        }
        {
            ps::SqliteDb db(theirs, ps::SqliteDb::Mode::Create);
            db.exec(createSql);
            ps::SqliteStmt q(db, "INSERT INTO t VALUES (?, ?)");
            for (const Value& v : values) {
                bindTo(q, 1, v);
                bindTo(q, 2, v);
                q.run();
            }
        }
        QCOMPARE(QString::fromStdString(integrityOf(ours)), QStringLiteral("ok\n"));
        const char* cols = "typeof(i) || '|' || quote(i) || '|' || typeof(x) || '|' || quote(x)";
        QCOMPARE(rowsOf(ours, cols), rowsOf(theirs, cols));
    }

    // Many rows, payloads spilling into overflow pages in the table and the index, several b-tree levels, an
    // empty table and index: integrity_check passes and the index finds every row.
    void largeTreesWithOverflow()
    {
        QTemporaryDir tmp;
        const std::string path = str(tmp.path() + "/big.db");
        std::mt19937_64 rng(7);
        const int rows = 30000;
        std::vector<std::string> keys;
        {
            ps::AtomicFile out(path);
            sf::PageFile pages(out);
            sf::TableTree table(pages);
            sf::Record r;
            std::string record;
            std::vector<std::string> entries;
            for (int k = 0; k < rows; ++k) {
                // mostly short keys, some longer than an index cell keeps locally (16 KB), some rows over a page
                const size_t keyLength = k % 997 == 0 ? 20000 + rng() % 50000 : 5 + rng() % 40;
                std::string key(keyLength, 'a');
                for (char& c : key)
                    c = char('a' + rng() % 26);
                const size_t bodyLength = k % 113 == 0 ? 70000 + rng() % 140000 : rng() % 3000;
                r.clear();
                r.text(key);
                r.text(std::string(bodyLength, 'b'));
                record.clear();
                r.appendTo(record);
                table.add(k + 1, record);
                r.clear();
                r.text(key);
                r.integer(k + 1);
                entries.emplace_back();
                r.appendTo(entries.back());
                keys.push_back(key);
            }
            std::sort(entries.begin(), entries.end(),
                [](const std::string& a, const std::string& b) { return sf::compareRecords(a, b) < 0; });
            sf::IndexTree index(pages);
            for (const std::string& e : entries)
                index.add(e);
            const uint32_t tableRoot = table.finish(), indexRoot = index.finish();
            sf::TableTree empty(pages);
            sf::IndexTree emptyIndex(pages);
            const uint32_t emptyRoot = empty.finish(), emptyIndexRoot = emptyIndex.finish();
            sf::writeHeaderAndSchema(pages,
                { { "table", "t", "t", tableRoot, "CREATE TABLE t (k TEXT, v TEXT)" },
                    { "index", "ik", "t", indexRoot, "CREATE INDEX ik ON t (k)" },
                    { "table", "e", "e", emptyRoot, "CREATE TABLE e (k TEXT)" },
                    { "index", "ie", "e", emptyIndexRoot, "CREATE INDEX ie ON e (k)" } });
            out.commit();
        }
        QCOMPARE(QString::fromStdString(integrityOf(path)), QStringLiteral("ok\n"));
        ps::SqliteDb db(path, ps::SqliteDb::Mode::ReadOnly);
        ps::SqliteStmt q(db, "SELECT rowid FROM t INDEXED BY ik WHERE k = ?");
        for (int k = 0; k < rows; k += 997) {
            q.bind(1, std::string_view(keys[size_t(k)]));
            QVERIFY(q.step());
            QCOMPARE(q.integer(0), int64_t(k + 1));
            q.reset();
        }
    }

    void varints()
    {
        for (uint64_t v : { uint64_t(0), uint64_t(127), uint64_t(128), uint64_t(16383), uint64_t(16384),
                 uint64_t(1) << 56, (uint64_t(1) << 56) - 1, ~uint64_t(0) }) {
            std::string s;
            sf::appendVarint(s, v);
            QCOMPARE(s.size(), sf::varintSize(v));
        }
    }

    // The file writer's .vis.db of real cases: integrity_check passes, and the index orders computed from ranks
    // equal the orders of the index records themselves.
    void visDbOrders_data()
    {
        QTest::addColumn<QString>("config");
        QTest::addColumn<bool>("v26");
        QTest::newRow("compare 1.2.1") << "mlp_mix_statistics/compare.json" << false;
        QTest::newRow("build 26.0.0") << "mlp_mix_statistics/build.json" << true;
        QTest::newRow("ranks 26.0.0") << "dist_tp_mix_statistics/compare.json" << true;
        QTest::newRow("steps 26.0.0") << "mlp_steps_mix_statistics/compare.json" << true;
        QTest::newRow("gpt fuzzy 26.0.0") << "gpt_fuzzy_mix_statistics/compare.json" << true;
    }
    void visDbOrders()
    {
        QFETCH(QString, config);
        QFETCH(bool, v26);
        ps::CompareConfig c = ps::readCompareJson(str(kCases + "/" + config));
        ps::EngineOptions options;
        options.profile = v26 ? ps::RulesProfile::Msprobe26 : ps::RulesProfile::Msprobe121;
        std::vector<ps::VisDbGraph> graphs;
        for (const ps::GraphJob& job : ps::planJobs26(c.npuPath, c.benchPath)) {
            std::vector<std::string> warnings;
            graphs.push_back({ job.step, job.rank, ps::runPair(job.npuDir, job.benchDir, options, warnings), nullptr });
        }
        std::vector<ps::DbSide> sides;
        for (const ps::VisDbGraph& g : graphs)
            for (size_t side = 0; side < (c.benchPath.empty() ? 1u : 2u); ++side)
                sides.emplace_back(g, side, v26);
        ps::DbRowSet rows(sides);
        QVERIFY(rows.usesRanks());
        for (const ps::DbIndexInfo& index : ps::tbNodesIndexes(v26))
            QVERIFY2(rows.order(index.index) == rows.comparedOrder(index.index), index.name);
        QTemporaryDir tmp;
        const std::string path = str(tmp.path() + "/out.vis.db");
        ps::writeVisDb(graphs, path);
        QCOMPARE(QString::fromStdString(integrityOf(path)), QStringLiteral("ok\n"));

        // The same rows through SQLite's own INSERT and CREATE INDEX (the benchmark baseline) give the same
        // database content.
        const std::string viaSqlite = str(tmp.path() + "/sqlite.vis.db");
        try {
            ps::AtomicFile out(viaSqlite);
            ps::insertVisDbThroughSqlite(graphs, sides, v26, out, viaSqlite, {});
            out.commit();
        } catch (const ps::Error& e) {
            QFAIL(e.what());
        }
        QCOMPARE(QString::fromStdString(integrityOf(viaSqlite)), QStringLiteral("ok\n"));
        const std::string direct = contentOf(path), reference = contentOf(viaSqlite);
        QVERIFY(direct.size() > 1000);
        QVERIFY(direct == reference);

        // saveGraphFile hands engine results an empty VisMeta: they keep the ranked orders. Graphs read back from a
        // file are ordered by comparing their records.
        std::vector<ps::VisDbGraph> withMeta = graphs;
        for (ps::VisDbGraph& g : withMeta)
            g.meta = std::make_shared<ps::VisMeta>();
        std::vector<ps::DbSide> metaSides;
        for (const ps::VisDbGraph& g : withMeta)
            for (size_t side = 0; side < (c.benchPath.empty() ? 1u : 2u); ++side)
                metaSides.emplace_back(g, side, v26);
        QVERIFY(ps::DbRowSet(metaSides).usesRanks());
        std::vector<ps::VisDbGraph> readBack;
        for (ps::VisDocument& d : ps::readVisDb(path))
            readBack.push_back({ d.step, d.rank, d.comparison, std::make_shared<ps::VisMeta>(std::move(d.meta)) });
        std::vector<ps::DbSide> readSides;
        for (const ps::VisDbGraph& g : readBack)
            for (size_t side = 0; side < (c.benchPath.empty() ? 1u : 2u); ++side)
                readSides.emplace_back(g, side, v26);
        QVERIFY(!ps::DbRowSet(readSides).usesRanks());
    }

    // The order of two names' JSON texts (quotes included), computed without escaping plain names, equals the
    // order of the escaped texts, also when one name is a prefix of the other followed by ' ' or '!' (which sort
    // before the closing quote).
    void quotedNameOrder()
    {
        std::mt19937 rng(3);
        const char alphabet[] = { 'a', 'b', ' ', '!', '"', '#', '\\', '\x01', '\x7f', '\xc3', '\xa9', '.', '0' };
        for (int k = 0; k < 50000; ++k) {
            std::string x, y;
            for (size_t n = rng() % 6; n > 0; --n)
                x += alphabet[rng() % sizeof alphabet];
            y = rng() % 2 ? x : std::string();
            for (size_t n = rng() % 4; n > 0; --n)
                y += alphabet[rng() % sizeof alphabet];
            std::string qx, qy;
            ps::py::appendJsonString(qx, x);
            ps::py::appendJsonString(qy, y);
            const int expected = qx.compare(qy), actual = ps::compareJsonQuoted(x, y);
            QVERIFY2((expected < 0) == (actual < 0) && (expected > 0) == (actual > 0),
                qPrintable(QString::fromStdString(x) + " | " + QString::fromStdString(y)));
        }
    }

    // Names whose JSON text orders differently from their bytes (a name that is a prefix of another followed by
    // ' ' or '!', quotes, backslashes, non-ASCII): the link ranks still give the order of the link texts.
    void linkOrderOfAwkwardNames()
    {
        QTemporaryDir tmp;
        const QByteArray t = tensor("[2]", "1.0");
        QByteArray data, construct = "{";
        const char* ops[] = { "a", "a b", "a!", "ab", "a\\\"q", "a\\\\s", "\xc3\xa9t", "a\\u0001", "Z" };
        int k = 0;
        for (const char* op : ops) {
            QByteArray name = QByteArray("Functional.") + op + ".0.forward";
            data += QByteArray(k ? ", " : "") + "\"" + name + "\": {\"input_args\": [" + t + "], \"output\": [" + t
                + "]}";
            construct
                += QByteArray(k ? ", " : "") + "\"" + name + "\": " + (k % 3 ? "\"Module.m.M.forward.0\"" : "null");
            ++k;
        }
        data += ", \"Module.m.M.forward.0\": {\"input_args\": [" + t + "], \"output\": [" + t + "]}";
        construct += ", \"Module.m.M.forward.0\": null}";
        writeDumpFolder(tmp.path() + "/npu", "{" + data + "}", construct);
        writeDumpFolder(tmp.path() + "/bench", "{" + data + "}", construct);
        ps::EngineOptions options;
        options.profile = ps::RulesProfile::Msprobe26;
        std::vector<std::string> warnings;
        ps::VisDbGraph graph { 0, 0,
            ps::runPair(str(tmp.path() + "/npu"), str(tmp.path() + "/bench"), options, warnings), nullptr };
        QVERIFY(graph.comparison->graphs[0]->size() > 8);
        std::vector<ps::DbSide> sides { ps::DbSide(graph, 0, true), ps::DbSide(graph, 1, true) };
        ps::DbRowSet rows(sides);
        QVERIFY(rows.usesRanks());
        for (const ps::DbIndexInfo& index : ps::tbNodesIndexes(true))
            QVERIFY2(rows.order(index.index) == rows.comparedOrder(index.index), index.name);
        const std::string path = str(tmp.path() + "/out.vis.db");
        ps::writeVisDb({ graph }, path);
        QCOMPARE(QString::fromStdString(integrityOf(path)), QStringLiteral("ok\n"));
    }
};

QTEST_GUILESS_MAIN(TestSqliteFile)
#include "tst_sqlite_file.moc"
