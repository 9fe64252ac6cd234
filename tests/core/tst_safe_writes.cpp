// Safe writes: every writer (.vis, .vis.db, layer-mapping YAML) goes through ps::AtomicFile: a temporary
// file in the target folder, mode 0640, renamed only when complete, removed on failure; a symlink at the target is
// replaced by the new file and its target is never written.
#include "batch/engine.h"
#include "io/file_io.h"
#include "match/layer_mapping_rules.h"
#include "test_dumps.h"
#include "util/error.h"
#include "vis/vis_db_writer.h"
#include "vis/vis_writer.h"

#include <QCryptographicHash>
#include <QtTest>
#include <functional>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace testdumps;

namespace {

std::string str(const QString& s)
{
    return s.toStdString();
}

using Writer = std::function<void(const std::string& path)>;

std::shared_ptr<ps::Comparison> smallComparison(const QString& dir)
{
    writeDumpFolder(dir + "/npu",
        "{\"Tensor.x.0.forward\": {\"output\": [" + tensor("[2]", "1.0") + "]}, \"Tensor.y.0.forward\": {}}",
        R"({"Tensor.x.0.forward": null, "Tensor.y.0.forward": null})");
    std::vector<std::string> warnings;
    return ps::runPair(str(dir + "/npu"), "", {}, warnings);
}

// The three product writers, by name.
Writer writerFor(const QString& kind, const QString& scratch)
{
    if (kind == "vis") {
        auto c = smallComparison(scratch);
        return [c](const std::string& path) { ps::writeVisFile(*c, path); };
    }
    if (kind == "vis.db") {
        auto c = smallComparison(scratch);
        return [c](const std::string& path) { ps::writeVisDb({ ps::VisDbGraph { 0, 0, c, nullptr } }, path); };
    }
    return [](const std::string& path) {
        ps::LayerMappingRules rules = ps::LayerMappingRules::parse("TopLayer:\n  module: model\n", "m.yaml");
        rules.save(path);
    };
}

QByteArray sha256(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return "unreadable";
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex();
}

QStringList leftovers(const QString& dir)
{
    return QDir(dir).entryList({ ".probescope-*" }, QDir::Files | QDir::Hidden | QDir::System);
}

struct stat lstatOf(const QString& path)
{
    struct stat st { };
    if (::lstat(qPrintable(path), &st) != 0)
        st.st_mode = 0;
    return st;
}

} // namespace

class TestSafeWrites : public QObject {
    Q_OBJECT
private slots:
    void writers_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("fileName");
        QTest::newRow(".vis") << "vis"
                              << "out.vis";
        QTest::newRow(".vis.db") << "vis.db"
                                 << "out.vis.db";
        QTest::newRow("layer mapping save") << "yaml"
                                            << "mapping.yaml";
    }

    // Mode 0640 whatever the umask, a regular file, no temporary file left, and an existing file replaced whole.
    void modeAndReplace_data() { writers_data(); }
    void modeAndReplace()
    {
        QFETCH(QString, kind);
        QFETCH(QString, fileName);
        QTemporaryDir dir;
        Writer write = writerFor(kind, dir.filePath("scratch"));
        QString target = dir.filePath("out/" + fileName);
        QDir().mkpath(dir.filePath("out"));
        // Longer than the result (a .vis.db has 64 KiB pages): no stale tail may remain.
        constexpr int kOldSize = 4 << 20;
        writeFile(target, QByteArray(kOldSize, 'x'));
        mode_t old = ::umask(0);
        write(str(target));
        ::umask(old);
        struct stat st = lstatOf(target);
        QVERIFY(S_ISREG(st.st_mode));
        QCOMPARE(int(st.st_mode & 0777), 0640);
        QVERIFY(QFileInfo(target).size() < kOldSize);
        QFile f(target);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(!f.readAll().contains("xxxxxxxx"));
        QCOMPARE(leftovers(dir.filePath("out")), QStringList {});
    }

    // A symlink at the target to an existing file: the link is replaced by the new file, its target is unchanged.
    void symlinkToFileIsReplacedNotFollowed_data() { writers_data(); }
    void symlinkToFileIsReplacedNotFollowed()
    {
        QFETCH(QString, kind);
        QFETCH(QString, fileName);
        QTemporaryDir dir;
        Writer write = writerFor(kind, dir.filePath("scratch"));
        QString victim = dir.filePath("victim.txt");
        writeFile(victim, "precious input\n");
        QByteArray before = sha256(victim);
        QDir().mkpath(dir.filePath("out"));
        QString link = dir.filePath("out/" + fileName);
        QVERIFY(QFile::link(victim, link));
        write(str(link));
        QCOMPARE(sha256(victim), before);
        QVERIFY2(S_ISREG(lstatOf(link).st_mode), "the link was written through instead of replaced");
        QCOMPARE(int(lstatOf(link).st_mode & 0777), 0640);
        QCOMPARE(leftovers(dir.filePath("out")), QStringList {});
    }

    // A dangling symlink at the target: nothing appears where it points.
    void danglingSymlinkIsReplacedNotFollowed_data() { writers_data(); }
    void danglingSymlinkIsReplacedNotFollowed()
    {
        QFETCH(QString, kind);
        QFETCH(QString, fileName);
        QTemporaryDir dir;
        Writer write = writerFor(kind, dir.filePath("scratch"));
        QString nowhere = dir.filePath("elsewhere/created-through-link");
        QDir().mkpath(dir.filePath("elsewhere"));
        QString link = dir.filePath(fileName);
        QVERIFY(QFile::link(nowhere, link));
        write(str(link));
        QVERIFY(!QFileInfo::exists(nowhere));
        QVERIFY(S_ISREG(lstatOf(link).st_mode));
    }

    // A failing write (the target is a folder) throws OutputError naming the target and leaves nothing behind.
    void failureLeavesNothing_data() { writers_data(); }
    void failureLeavesNothing()
    {
        QFETCH(QString, kind);
        QFETCH(QString, fileName);
        QTemporaryDir dir;
        Writer write = writerFor(kind, dir.filePath("scratch"));
        QString target = dir.filePath("out/" + fileName);
        QDir().mkpath(target + "/inside"); // a non-empty folder cannot be replaced by rename()
        try {
            write(str(target));
            QFAIL("no error");
        } catch (const ps::Error& e) {
            QCOMPARE(int(e.code()), int(ps::ErrorCode::OutputError));
            QCOMPARE(QString::fromStdString(e.file()), target);
        }
        QCOMPARE(leftovers(dir.filePath("out")), QStringList {});
        QVERIFY(QFileInfo(target + "/inside").isDir());
    }

    void missingFolderIsAnErrorNamingThePath()
    {
        QTemporaryDir dir;
        QString target = dir.filePath("no/such/folder/out.vis");
        try {
            ps::writeFileAtomically(str(target), "x");
            QFAIL("no error");
        } catch (const ps::Error& e) {
            QVERIFY2(
                QString::fromStdString(e.what()).startsWith(target + ": cannot create a temporary file"), e.what());
        }
    }

    // The temporary file lives in the target folder with mode 0640 from the start, and goes when not committed.
    void temporaryFileInTargetFolder()
    {
        QTemporaryDir dir;
        QString target = dir.filePath("out.vis");
        writeFile(target, "old");
        {
            ps::AtomicFile out(str(target));
            QString temp = QString::fromStdString(out.tempPath());
            QCOMPARE(QFileInfo(temp).absolutePath(), QFileInfo(target).absolutePath());
            QCOMPARE(int(lstatOf(temp).st_mode & 0777), 0640);
            out.write("half");
            // no commit: as when a writer throws half-way
        }
        QCOMPARE(leftovers(dir.path()), QStringList {});
        QFile f(target);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("old"));
    }

    // A file far larger than the write-behind lag streams to the disk while it is written (sizes scaled down
    // here): pages written from two threads in any order, some of them again after their range left the page
    // cache, and sequential writes after them, all arrive intact.
    void writeBehindKeepsEveryByte()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath("big.vis.db");
        constexpr size_t kPage = 4096, kPages = 1024;
        const ps::WriteBehind::Sizes sizes { 16 * kPage, 64 * kPage };
        auto pageText = [](size_t page, char round) { return std::string(kPage, char('A' + page % 26 + round)); };
        std::string expected(kPage * kPages, '\0');
        uint64_t streamed = 0;
        {
            ps::AtomicFile out(str(target), sizes);
            std::vector<std::thread> writers;
            for (size_t t = 0; t < 2; ++t)
                writers.emplace_back([&, t] {
                    for (size_t page = t; page < kPages; page += 2)
                        out.writeAt(page * kPage, pageText(page, 0));
                });
            for (std::thread& w : writers)
                w.join();
            for (size_t page = 0; page < kPages; page += 97) // rewritten after their range was dropped
                out.writeAt(page * kPage, pageText(page, 1));
            streamed = out.streamedBytes();
            out.writeAt(uint64_t(kPages) * kPage, std::string()); // an empty write changes nothing
            out.commit();
        }
        for (size_t page = 0; page < kPages; ++page)
            expected.replace(page * kPage, kPage, pageText(page, page % 97 == 0 ? 1 : 0));
        QVERIFY(streamed >= (kPages - 64 - 32) * kPage); // all but the lag and the last chunks went ahead
        QFile f(target);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll() == QByteArray::fromStdString(expected));

        // Sequential writes (the .vis writer) stream the same way.
        {
            ps::AtomicFile out(str(target), sizes);
            for (size_t page = 0; page < kPages; ++page)
                out.write(pageText(page, 0));
            QVERIFY(out.streamedBytes() >= (kPages - 64 - 32) * kPage);
            out.commit();
        }
        QCOMPARE(QFileInfo(target).size(), qint64(kPage * kPages));
    }
};

QTEST_GUILESS_MAIN(TestSafeWrites)
#include "tst_safe_writes.moc"
