// Dump layouts, rank/step pairing, output names and the engine's handling of bad input.
#include "batch/dump_layout.h"
#include "batch/engine.h"
#include "commands/graph_command.h"
#include "test_dumps.h"
#include "util/error.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QtTest>
#include <sys/stat.h>

using namespace testdumps;

namespace {

const QByteArray kDump = "{\"Tensor.x.0.forward\": {\"input_args\": [" + tensor("[2]", "1.0") + "], \"output\": ["
    + tensor("[2]", "1.0") + "]}}";
const QByteArray kConstruct = R"({"Tensor.x.0.forward": null})";

void writeRun(const QString& dir)
{
    writeDumpFolder(dir, kDump, kConstruct);
}

// Hashes of every file under dir, to prove inputs are never modified.
QMap<QString, QByteArray> hashTree(const QString& dir)
{
    QMap<QString, QByteArray> out;
    QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QString path = it.next();
        QFile f(path);
        f.open(QIODevice::ReadOnly);
        out[path] = QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
    }
    return out;
}

QString errorOf(const std::function<void()>& fn)
{
    try {
        fn();
    } catch (const ps::Error& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestLayoutEngine : public QObject {
    Q_OBJECT
private slots:
    void detectLayouts()
    {
        QTemporaryDir dir;
        writeRun(dir.filePath(QStringLiteral("files")));
        writeRun(dir.filePath(QStringLiteral("ranks/rank0")));
        writeRun(dir.filePath(QStringLiteral("ranks/rank1")));
        writeRun(dir.filePath(QStringLiteral("single/rank")));
        writeRun(dir.filePath(QStringLiteral("steps/step0/rank0")));
        QDir().mkpath(dir.filePath(QStringLiteral("mixed/rank0")));
        QDir().mkpath(dir.filePath(QStringLiteral("mixed/step1")));
        QDir().mkpath(dir.filePath(QStringLiteral("empty")));
        auto layout = [&](const char* sub) { return ps::detectLayout(dir.filePath(QLatin1String(sub)).toStdString()); };
        QCOMPARE(layout("files"), ps::DumpLayout::Files);
        QCOMPARE(layout("ranks"), ps::DumpLayout::Ranks);
        QCOMPARE(layout("single"), ps::DumpLayout::Ranks);
        QCOMPARE(layout("steps"), ps::DumpLayout::Steps);
        QVERIFY(errorOf([&] { layout("mixed"); }).contains(QStringLiteral("naming convention")));
        QVERIFY(errorOf([&] { layout("empty"); }).contains(QStringLiteral("is empty")));
        QVERIFY(errorOf([&] { layout("missing"); }).contains(QStringLiteral("does not exist")));
    }

    void ranksInNumericOrderAndOutputNames()
    {
        QTemporaryDir dir;
        for (const char* r : { "rank0", "rank2", "rank10" }) {
            writeRun(dir.filePath(QStringLiteral("npu/step0/") + QLatin1String(r)));
            writeRun(dir.filePath(QStringLiteral("bench/step0/") + QLatin1String(r)));
        }
        auto jobs = ps::planJobs(dir.filePath(QStringLiteral("npu")).toStdString(),
            dir.filePath(QStringLiteral("bench")).toStdString(), "20250207164945");
        QCOMPARE(jobs.size(), size_t(3));
        QCOMPARE(QString::fromStdString(jobs[0].outputName), QStringLiteral("compare_step0_rank0_20250207164945.vis"));
        QCOMPARE(jobs[1].rank, 2); // msprobe 1.2.1 would put rank10 here (string order)
        QCOMPARE(jobs[2].rank, 10);
        auto build = ps::planJobs(dir.filePath(QStringLiteral("npu/step0")).toStdString(), "", "1");
        QCOMPARE(QString::fromStdString(build[0].outputName), QStringLiteral("build_rank0_1.vis"));
    }

    void singleRankFolderIsRankZero()
    {
        QTemporaryDir dir;
        writeRun(dir.filePath(QStringLiteral("npu/rank")));
        auto jobs = ps::planJobs(dir.filePath(QStringLiteral("npu")).toStdString(), "", "TS");
        QCOMPARE(QString::fromStdString(jobs[0].outputName), QStringLiteral("build_rank_TS.vis"));
        QCOMPARE(jobs[0].rank, 0);
    }

    void pairingErrors()
    {
        QTemporaryDir dir;
        writeRun(dir.filePath(QStringLiteral("a/rank0")));
        writeRun(dir.filePath(QStringLiteral("a/rank1")));
        writeRun(dir.filePath(QStringLiteral("b/rank0")));
        writeRun(dir.filePath(QStringLiteral("c")));
        writeRun(dir.filePath(QStringLiteral("d/rank01")));
        auto plan = [&](const char* n, const char* b) {
            return errorOf([&] {
                ps::planJobs(dir.filePath(QLatin1String(n)).toStdString(),
                    b ? dir.filePath(QLatin1String(b)).toStdString() : "", "T");
            });
        };
        QVERIFY(plan("a", "b").contains(QStringLiteral("ranks in the two runs are different")));
        QVERIFY(plan("a", "c").contains(QStringLiteral("inconsistent")));
        QVERIFY(plan("d", nullptr).contains(QStringLiteral("rank01")));
    }

    void badInputsGiveOneClearErrorAndNoOutput_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("dump.json truncated")
            << "dump.json" << QByteArray("{\"task\": \"statistics\", \"data\": {") << "dump.json: invalid JSON";
        QTest::newRow("dump.json empty") << "dump.json" << QByteArray("") << "dump.json: the file is empty";
        QTest::newRow("dump.json not an object") << "dump.json" << QByteArray("[]") << "must be a JSON object";
        QTest::newRow("construct.json bad parent")
            << "construct.json" << QByteArray("{\"Tensor.x.0.forward\": 3}") << "must be a string or null";
        QTest::newRow("stack.json missing") << "stack.json" << QByteArray() << "stack.json: the file does not exist";
        QTest::newRow("wrong task") << "dump.json" << QByteArray("{\"task\": \"overflow_check\", \"data\": {}}")
                                    << "npu's task is overflow_check, bench's task is statistics";
        QTest::newRow("no task") << "dump.json" << QByteArray("{\"data\": {}}")
                                 << "Please check the dump task is correct";
        QTest::newRow("argument nesting deeper than 10")
            << "dump.json"
            << QByteArray("{\"task\": \"statistics\", \"data\": {\"Tensor.x.0.forward\": {\"input_args\": "
                          "[[[[[[[[[[[[1]]]]]]]]]]]]}}}")
            << "exceeds the recursion limit";
    }
    void badInputsGiveOneClearErrorAndNoOutput()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        writeRun(dir.filePath(QStringLiteral("npu")));
        writeRun(dir.filePath(QStringLiteral("bench")));
        QString target = dir.filePath(QStringLiteral("npu/") + file);
        if (content.isNull())
            QFile::remove(target);
        else
            writeFile(target, content);
        auto before = hashTree(dir.path());
        ps::CompareConfig config { dir.filePath(QStringLiteral("npu")).toStdString(),
            dir.filePath(QStringLiteral("bench")).toStdString(), true };
        QString out = dir.filePath(QStringLiteral("out"));
        QString message = errorOf([&] {
            ps::RunContext quiet;
            ps::runGraphCommand(config, out.toStdString(), {}, quiet, "T");
        });
        QVERIFY2(message.contains(expected), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("npu")), qPrintable(message)); // names the file or folder
        QVERIFY(QDir(out).entryList(QDir::Files | QDir::Hidden).isEmpty()); // nothing half-written
        QCOMPARE(hashTree(dir.path()), before);
    }

    void outputIsModeRestrictedAndInputsUntouched()
    {
        QTemporaryDir dir;
        writeRun(dir.filePath(QStringLiteral("npu")));
        writeRun(dir.filePath(QStringLiteral("bench")));
        auto before = hashTree(dir.path());
        ps::CompareConfig config { dir.filePath(QStringLiteral("npu")).toStdString(),
            dir.filePath(QStringLiteral("bench")).toStdString(), true };
        std::string out = dir.filePath(QStringLiteral("out/deeper")).toStdString();
        ps::RunContext quiet;
        ps::RunResult r = ps::runGraphCommand(config, out, {}, quiet, "20250101000000");
        QCOMPARE(r.outputFiles.size(), size_t(1));
        QVERIFY(QString::fromStdString(r.outputFiles[0]).endsWith(QStringLiteral("compare_20250101000000.vis")));
        struct stat st { };
        QCOMPARE(::stat(r.outputFiles[0].c_str(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), 0640);
        auto after = hashTree(dir.path());
        for (auto it = before.begin(); it != before.end(); ++it)
            QCOMPARE(after.value(it.key()), it.value());
        QCOMPARE(QDir(QString::fromStdString(out)).entryList(QDir::Files | QDir::Hidden).size(), 1); // no temp files
    }

    void compareJsonPaths()
    {
        QTemporaryDir dir;
        writeRun(dir.filePath(QStringLiteral("npu")));
        writeFile(
            dir.filePath(QStringLiteral("compare.json")), R"({"npu_path": "npu", "is_print_compare_log": false})");
        ps::CompareConfig c = ps::readCompareJson(dir.filePath(QStringLiteral("compare.json")).toStdString());
        QVERIFY(QString::fromStdString(c.npuPath).endsWith(QStringLiteral("/npu")));
        QVERIFY(c.benchPath.empty());
        QVERIFY(!c.printCompareLog);
        writeFile(dir.filePath(QStringLiteral("bad.json")), R"({"bench_path": "npu"})");
        QVERIFY(errorOf([&] {
            ps::readCompareJson(dir.filePath(QStringLiteral("bad.json")).toStdString());
        }).contains(QStringLiteral("npu_path")));
        writeFile(dir.filePath(QStringLiteral("gone.json")), R"({"npu_path": "nowhere"})");
        QVERIFY(errorOf([&] {
            ps::readCompareJson(dir.filePath(QStringLiteral("gone.json")).toStdString());
        }).contains(QStringLiteral("does not exist")));
    }
};

QTEST_GUILESS_MAIN(TestLayoutEngine)
#include "tst_layout_engine.moc"
