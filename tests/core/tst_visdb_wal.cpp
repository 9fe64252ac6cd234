// The .vis.db journal mode: files are written in WAL mode as msprobe's are (header bytes 18 and 19 are 2), and
// ProbeScope's readers open such a file where its folder cannot be written (a read-only share), where SQLite's
// plain read-only connection cannot: it needs to create the -shm and -wal files beside it.
#include "batch/engine.h"
#include "io/file_io.h"
#include "vis/vis_db_browser.h"
#include "vis/vis_db_bulk_insert.h"
#include "vis/vis_db_reader.h"
#include "vis/vis_db_sqlite.h"
#include "vis/vis_db_writer.h"

#include <QtTest>
#include <fstream>
#include <functional>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

const QString kCases = QStringLiteral(PROBESCOPE_CASES);

std::string str(const QString& s)
{
    return s.toStdString();
}

// Header bytes 18 and 19: the file format write and read versions (1: rollback journal, 2: WAL).
std::pair<int, int> formatVersions(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    char header[20] = {};
    in.read(header, sizeof header);
    return { int(header[18]), int(header[19]) };
}

std::string integrityOf(const std::string& path)
{
    ps::SqliteDb db(path, ps::SqliteDb::Mode::Immutable);
    ps::SqliteStmt q(db, "PRAGMA integrity_check");
    std::string out;
    while (q.step())
        out += std::string(q.text(0));
    return out;
}

QStringList filesIn(const QString& dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::Hidden, QDir::Name);
}

std::vector<ps::VisDbGraph> mlpComparison()
{
    ps::EngineOptions options;
    options.profile = ps::RulesProfile::Msprobe26;
    const QString c = kCases + "/mlp_mix_md5";
    std::vector<std::string> warnings;
    auto comparison = ps::runPair(str(c + "/npu/step0/rank"), str(c + "/bench/step0/rank"), options, warnings);
    return { ps::VisDbGraph { 0, 0, comparison, nullptr } };
}

// Runs `read` in a child process that cannot write into `dir`: as the user nobody when the tests run as root
// (root writes anywhere), else as this user with the folder's write bits cleared. The child first checks that a
// plain read-only SQLite connection fails there, so that the folder is known to be unwritable to it.
QString readInUnwritableFolder(const QString& dir, const std::string& db, const std::function<void()>& read)
{
    ::chmod(dir.toLocal8Bit().constData(), 0555);
    ::chmod(db.c_str(), 0444);
    const pid_t child = ::fork();
    if (child == 0) {
        if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0))
            ::_exit(10);
        try {
            ps::SqliteDb plain(db, ps::SqliteDb::Mode::ReadOnly);
            ps::SqliteStmt q(plain, "SELECT count(*) FROM tb_nodes");
            q.step();
            ::_exit(11); // the folder was writable after all: the test would prove nothing
        } catch (const ps::Error&) {
        }
        try {
            read();
        } catch (const std::exception& e) {
            std::fprintf(stderr, "%s\n", e.what());
            ::_exit(12);
        }
        ::_exit(0);
    }
    int status = -1;
    ::waitpid(child, &status, 0);
    ::chmod(dir.toLocal8Bit().constData(), 0755);
    if (!WIFEXITED(status))
        return QStringLiteral("the reader died");
    switch (WEXITSTATUS(status)) {
    case 0:
        return {};
    case 10:
        return QStringLiteral("cannot become the user nobody");
    case 11:
        return QStringLiteral("a plain read-only SQLite connection opened the file: the folder is writable");
    default:
        return QStringLiteral("the reader failed (its message is above)");
    }
}

} // namespace

class TestVisDbWal : public QObject {
    Q_OBJECT

private slots:
    void writtenInWalMode_data()
    {
        QTest::addColumn<QString>("writer");
        QTest::newRow("page writer") << "direct";
        QTest::newRow("page writer, notes added through SQLite") << "notes";
        QTest::newRow("SQLite inserts") << "sqlite";
    }
    void writtenInWalMode()
    {
        QFETCH(QString, writer);
        QTemporaryDir tmp;
        const std::string path = str(tmp.path() + "/out.vis.db");
        const std::vector<ps::VisDbGraph> graphs = mlpComparison();
        if (writer == "sqlite") {
            std::vector<ps::DbSide> sides;
            for (size_t side = 0; side < 2; ++side)
                sides.emplace_back(graphs[0], side, true);
            ps::AtomicFile out(path);
            ps::insertVisDbThroughSqlite(graphs, sides, true, out, path, {});
            out.commit();
        } else {
            std::vector<ps::NodeNote> notes;
            if (writer == "notes")
                notes.push_back({ { 0, 0, ps::Side::Npu, "Module.fc1.Linear.forward.0" }, ps::NoteTag::Cause, "x" });
            ps::writeVisDb(graphs, path, notes);
        }
        QCOMPARE(formatVersions(path), std::make_pair(2, 2));
        QCOMPARE(QString::fromStdString(integrityOf(path)), QStringLiteral("ok"));
        // Nothing waits in a -wal file: the database is whole in its one file.
        QCOMPARE(filesIn(tmp.path()), QStringList { QStringLiteral("out.vis.db") });
        QCOMPARE(ps::readVisDbNotes(path).size(), size_t(writer == "notes" ? 1 : 0));
    }

    // The viewer opens .vis.db files on read-only shares: every reader of a WAL file written here works where
    // nothing can be created beside the file, and leaves the folder as it was.
    void readersNeedNoWritableFolder()
    {
        QTemporaryDir tmp;
        const std::string path = str(tmp.path() + "/out.vis.db");
        ps::writeVisDb(mlpComparison(), path,
            { { { 0, 0, ps::Side::Npu, "Module.fc1.Linear.forward.0" }, ps::NoteTag::Checked, "seen" } });
        QCOMPARE(formatVersions(path), std::make_pair(2, 2));
        const QString problem = readInUnwritableFolder(tmp.path(), path, [&] {
            const std::vector<ps::VisDocument> docs = ps::readVisDb(path);
            if (docs.size() != 1 || docs[0].comparison->graph(ps::Side::Npu).size() != 37)
                throw std::runtime_error("readVisDb: not the 37 NPU nodes written");
            ps::VisDbBrowser browser(path, 0, 0); // the root and its children
            if (browser.loadedNodes(ps::Side::Npu) < 2)
                throw std::runtime_error("VisDbBrowser: the root's children did not load");
            if (ps::readVisDbNotes(path).size() != 1)
                throw std::runtime_error("readVisDbNotes: not the note written");
        });
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(filesIn(tmp.path()), QStringList { QStringLiteral("out.vis.db") });
    }
};

QTEST_GUILESS_MAIN(TestVisDbWal)
#include "tst_visdb_wal.moc"
