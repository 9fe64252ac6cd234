// Rank sharding: graph_visualize --ranks writes part databases, `merge` combines them and runs
// the distributed analysis. On the real 2-step x 2-rank dist_tp_mix_statistics case: per-rank parts merged give
// the single run's database row for row; every refusal of the merge names its file; the parts stay untouched.
// (tests/golden/run_rank_parts.py scores the same merge against msprobe 26.0.0's own database.)
#include "batch/engine.h"
#include "batch/merge_parts.h"
#include "commands/graph_command.h"
#include "util/error.h"
#include "util/rank_list.h"
#include "vis/vis_db_reader.h"
#include "vis/vis_db_sqlite.h"

#include <QtTest>

namespace {

const QString kCase = QStringLiteral(PROBESCOPE_CASES "/dist_tp_mix_statistics");
const char* kStamp = "20260101000000";

std::string str(const QString& s)
{
    return s.toStdString();
}

ps::EngineOptions options26(std::vector<int> ranks = {})
{
    ps::EngineOptions o;
    o.profile = ps::RulesProfile::Msprobe26;
    o.outputFormat = ps::OutputFormat::Db;
    o.onlyRanks = std::move(ranks);
    return o;
}

// graph_visualize -tp npu [-gp bench] -o out [--ranks ...]: the one file written.
std::string run(const QString& out, ps::EngineOptions options, bool compare = true, const QString& npu = "npu")
{
    ps::CompareConfig config;
    config.npuPath = str(kCase + "/" + npu);
    if (compare)
        config.benchPath = str(kCase + "/bench" + npu.mid(3)); // the same step or rank folder of the bench
    ps::RunContext run;
    ps::RunResult r = ps::runGraphCommand(config, str(out), options, run, kStamp);
    if (r.outputFiles.size() != 1)
        qFatal("expected one output file");
    return r.outputFiles.front();
}

// Every row of the three tables, in rowid order, as text: equal dumps are equal databases.
QStringList rowsOf(const std::string& db)
{
    ps::SqliteDb d(db, ps::SqliteDb::Mode::ReadOnly);
    QStringList rows;
    for (auto [table, columns] : { std::pair("tb_nodes", 22), std::pair("tb_stack", 2), std::pair("tb_config", 9) }) {
        ps::SqliteStmt q(d, (std::string("SELECT * FROM ") + table + " ORDER BY rowid").c_str());
        while (q.step()) {
            QString row = table;
            for (int c = 0; c < columns; ++c) {
                std::string_view v = q.text(c);
                row += '|' + (q.isNull(c) ? QStringLiteral("<NULL>") : QString::fromUtf8(v.data(), int(v.size())));
            }
            rows << row;
        }
    }
    return rows;
}

QByteArray bytesOf(const std::string& path)
{
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", path.c_str());
    return f.readAll();
}

// The Error a merge throws (code -1 and an empty message when it succeeds).
ps::Error mergeError(const std::vector<std::string>& parts, const std::string& output, std::vector<int> expect = {})
{
    try {
        ps::RunContext run;
        ps::mergeParts({ parts, output, std::move(expect) }, run);
    } catch (const ps::Error& e) {
        return e;
    }
    return ps::Error(ps::ErrorCode(-1), "", "");
}

// A copy of `part` with one SQL statement applied (a part edited by hand or damaged).
std::string editedCopy(const std::string& part, const QString& dir, const char* sql)
{
    const QString copy = dir + "/edited.vis.db";
    QDir().mkpath(dir);
    QFile::remove(copy);
    if (!QFile::copy(QString::fromStdString(part), copy))
        qFatal("cannot copy the part");
    ps::SqliteDb db(str(copy), ps::SqliteDb::Mode::Create);
    db.exec(sql);
    db.close();
    return str(copy);
}

} // namespace

class TstRankParts : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string m_single, m_part0, m_part1;

    QString dir(const char* name) const { return m_dir.path() + "/" + name; }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_single = run(dir("single"), options26());
        m_part0 = run(dir("parts"), options26({ 0 }));
        m_part1 = run(dir("parts"), options26({ 1 }));
    }

    void rankLists_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("canonical");
        QTest::addColumn<int>("count");
        QTest::newRow("one") << "3"
                             << "3" << 1;
        QTest::newRow("brief's example") << "0-3,8,10-11"
                                         << "0-3,8,10-11" << 7;
        QTest::newRow("unsorted, adjacent ranges") << "8,0-3,4"
                                                   << "0-4,8" << 6;
        QTest::newRow("a range of one") << "5-5"
                                        << "5" << 1;
        QTest::newRow("256 ranks") << "0-255"
                                   << "0-255" << 256;
    }

    void rankLists()
    {
        QFETCH(QString, text);
        QFETCH(QString, canonical);
        QFETCH(int, count);
        const std::vector<int> ranks = ps::parseRankList(str(text));
        QCOMPARE(int(ranks.size()), count);
        QVERIFY(std::is_sorted(ranks.begin(), ranks.end()));
        QCOMPARE(QString::fromStdString(ps::formatRankList(ranks)), canonical);
        QCOMPARE(ps::parseRankList(str(canonical)), ranks);
    }

    void badRankLists_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("why");
        const char* notAnItem = "no rank N or range A-B";
        const std::pair<const char*, const char*> rows[]
            = { { "", "is empty" }, { "1,,2", notAnItem }, { "1,", notAnItem }, { "all", notAnItem },
                  { "-1", notAnItem }, { "3-", notAnItem }, { "1, 2", notAnItem }, { "1-2-3", notAnItem },
                  { "3-1", "ends before it starts" }, { "07", "leading zero" }, { "0-3,2", "names the rank 2 twice" },
                  { "0-1000001", "above the largest rank" }, { "99999999999", notAnItem } };
        for (const auto& [text, why] : rows)
            QTest::newRow(*text ? text : "(empty)") << QString::fromLatin1(text) << QString::fromLatin1(why);
    }

    void badRankLists()
    {
        QFETCH(QString, text);
        QFETCH(QString, why);
        try {
            ps::parseRankList(str(text));
            QFAIL("accepted");
        } catch (const ps::Error& e) {
            QCOMPARE(e.code(), ps::ErrorCode::BadArgument);
            QVERIFY2(QString::fromStdString(e.detail()).contains(why), e.what());
        }
    }

    void partHoldsItsRanksWithoutTheAnalysis()
    {
        QVERIFY(QString::fromStdString(m_part1).endsWith("/compare_ranks1_20260101000000.vis.db"));
        const ps::VisDbIndex part = ps::listVisDb(m_part1);
        QVERIFY(part.part.has_value());
        QCOMPARE(part.graphs, (std::vector<std::pair<int, int>> { { 0, 1 }, { 1, 1 } }));
        QCOMPARE(part.part->rules, std::string("graph_visualize"));
        QCOMPARE(part.part->runRanks, std::string("0-1"));
        QCOMPARE(part.part->runSteps, std::string("0-1"));
        QVERIFY(!ps::listVisDb(m_single).part.has_value());
        // The distributed nodes are there, their cross-rank links are not (yet).
        ps::SqliteDb db(m_part1, ps::SqliteDb::Mode::ReadOnly);
        ps::SqliteStmt q(db,
            "SELECT sum(is_distributed), sum(matched_distributed IS NOT NULL AND matched_distributed != '{}') "
            "FROM tb_nodes");
        QVERIFY(q.step());
        QCOMPARE(q.integer(0), int64_t(56));
        QCOMPARE(q.integer(1), int64_t(0));
        // The viewer's reader opens a part as any .vis.db.
        QCOMPARE(ps::readVisDb(m_part1).size(), size_t(2));
    }

    void mergedPartsAreTheSingleRun()
    {
        const QByteArray before0 = bytesOf(m_part0), before1 = bytesOf(m_part1);
        const std::string merged = str(dir("merged.vis.db"));
        // Given in any order: the graphs go in the single run's order (step, then rank).
        ps::RunContext run;
        ps::MergePartsResult r = ps::mergeParts({ { m_part1, m_part0 }, merged, { 0, 1 } }, run);
        QCOMPARE(r.graphs, size_t(4));
        QCOMPARE(r.ranks, (std::vector<int> { 0, 1 }));
        QCOMPARE(r.steps, (std::vector<int> { 0, 1 }));
        QVERIFY(r.warnings.empty());
        const QStringList single = rowsOf(m_single), mine = rowsOf(merged);
        QCOMPARE(mine.size(), single.size());
        for (int i = 0; i < single.size(); ++i)
            QCOMPARE(mine[i], single[i]);
        QCOMPARE(mine.filter("\"communications_type\"").size(), 112); // the links the analysis added
        QVERIFY(!ps::listVisDb(merged).part.has_value()); // a whole run, not a part any more
        QCOMPARE(bytesOf(m_part0), before0);
        QCOMPARE(bytesOf(m_part1), before1);
    }

    void mergeWarnsAboutRanksNoPartHolds()
    {
        ps::RunContext run;
        ps::MergePartsResult r = ps::mergeParts({ { m_part0 }, str(dir("alone.vis.db")), {} }, run);
        QCOMPARE(r.ranks, std::vector<int> { 0 });
        QCOMPARE(r.warnings.size(), size_t(1));
        QVERIFY(QString::fromStdString(r.warnings[0]).contains("the ranks 1 of the run are in none of the parts"));
    }

    void mergeRefusals()
    {
        const QByteArray before0 = bytesOf(m_part0), before1 = bytesOf(m_part1);
        const std::string out = str(dir("refused.vis.db"));
        struct Case {
            const char* name;
            std::vector<std::string> parts;
            std::vector<int> expect;
            std::string file; // the file the error must name
            const char* message;
        };
        const std::string ocPart = run(dir("oc"), [] {
            auto o = options26({ 1 });
            o.overflowCheck = true;
            return o;
        }());
        const std::string buildPart = run(dir("build"), options26({ 1 }), false);
        const std::string oneStepPart = run(dir("onestep"), options26({ 1 }), true, "npu/step0");
        const std::string otherTask = editedCopy(m_part1, dir("task"), "UPDATE tb_config SET task = 'md5'");
        const Case cases[] = {
            { "not a part", { m_part0, m_single }, {}, m_single, "not a part database" },
            { "overlap", { m_part0, m_part1, m_part1 }, {}, m_part1, "holds too: the parts overlap" },
            { "rules", { m_part0, ocPart }, {}, ocPart, "has other rules (graph_visualize -oc) than" },
            { "graphs", { m_part0, buildPart }, {}, buildPart, "has other graphs (build) than" },
            { "task", { m_part0, otherTask }, {}, otherTask, "has other task (md5) than" },
            { "steps", { m_part0, oneStepPart }, {}, oneStepPart, "has other run steps (0) than" },
            { "missing", { m_part0 }, { 0, 1 }, out, "the ranks 1 of --expect-ranks 0-1 are in none of the 1 parts" },
            { "unexpected", { m_part0, m_part1 }, { 0 }, m_part1,
                "holds rank 1, which --expect-ranks 0 does not list" },
            { "output is a part", { m_part0, m_part1 }, {}, m_part1, "is also the output" },
            { "no part", {}, {}, out, "at least one part" },
        };
        for (const Case& c : cases) {
            const std::string output = std::string(c.name) == "output is a part" ? m_part1 : out;
            ps::Error e = mergeError(c.parts, output, c.expect);
            QVERIFY2(e.code() != ps::ErrorCode(-1), c.name);
            QVERIFY2(e.file() == c.file, (std::string(c.name) + ": names " + e.file()).c_str());
            QVERIFY2(QString::fromStdString(e.detail()).contains(c.message),
                (std::string(c.name) + ": " + e.what()).c_str());
            QVERIFY2(!QFile::exists(QString::fromStdString(out)), c.name); // nothing half-written
        }
        QCOMPARE(bytesOf(m_part0), before0);
        QCOMPARE(bytesOf(m_part1), before1);
    }

    void damagedPartTables_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("message");
        const std::pair<const char*, const char*> rows[] = {
            { "UPDATE tb_probescope_part SET value = '2' WHERE key = 'format'", "a part database of format 2" },
            { "DELETE FROM tb_probescope_part WHERE key = 'rules'", "has no row \"rules\"" },
            { "INSERT INTO tb_probescope_part VALUES ('shard', '1')", "unknown key \"shard\"" },
            { "UPDATE tb_probescope_part SET value = '1-0' WHERE key = 'run_ranks'",
                "tb_probescope_part.run_ranks: the rank list \"1-0\"" },
            { "UPDATE tb_probescope_part SET value = '0' WHERE key = 'run_ranks'",
                "holds rank 1, which its run (ranks 0) does not have" },
        };
        for (const auto& [sql, message] : rows)
            QTest::newRow(message) << QString::fromLatin1(sql) << QString::fromLatin1(message);
    }

    void damagedPartTables()
    {
        QFETCH(QString, sql);
        QFETCH(QString, message);
        const std::string damaged = editedCopy(m_part1, dir("damaged"), str(sql).c_str());
        ps::Error e = mergeError({ m_part0, damaged }, str(dir("damaged.vis.db")));
        QCOMPARE(e.file(), damaged);
        QVERIFY2(QString::fromStdString(e.detail()).contains(message), e.what());
    }

    void partRunRefusals()
    {
        auto errorOf = [](auto&& f) -> QString {
            try {
                f();
            } catch (const ps::Error& e) {
                return QString::fromStdString(e.what());
            }
            return {};
        };
        QString e = errorOf([&] { run(dir("r5"), options26({ 0, 5 })); });
        QVERIFY2(e.contains("--ranks asks for rank 5, which the run does not have (its ranks: 0-1)"), qPrintable(e));
        QVERIFY2(e.startsWith(kCase + "/npu: "), qPrintable(e));
        e = errorOf([&] { run(dir("r0"), options26({ 0 }), true, "npu/step0/rank0"); });
        QVERIFY2(e.contains("--ranks needs a folder of rank<N> folders"), qPrintable(e));
        ps::EngineOptions v121 = options26({ 0 });
        v121.profile = ps::RulesProfile::Msprobe121;
        e = errorOf([&] { run(dir("v121"), v121); });
        QVERIFY2(e.contains("--ranks belongs to graph_visualize"), qPrintable(e));
        QVERIFY(!QFileInfo::exists(dir("r5")) || QDir(dir("r5")).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstRankParts)
#include "tst_rank_parts.moc"
