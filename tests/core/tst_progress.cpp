// Progress and cancellation of engine runs (RunContext, core/util/run_context.h): every stage is reported, the overall
// fraction only grows and ends at 1, and a cancel at any stage stops the run with Error(Cancelled), leaves no
// output file, and takes effect quickly even while a large dump.json is being read.
#include "batch/engine.h"
#include "commands/graph_command.h"
#include "test_dumps.h"
#include "util/error.h"

#include <QDirIterator>
#include <QtTest>

#include <set>

namespace {

const QString kCases = QStringLiteral(PROBESCOPE_CASES);

struct Report {
    ps::Stage stage;
    double overall;
};

ps::CompareConfig caseConfig(const QString& name, const QString& npu, const QString& bench)
{
    ps::CompareConfig config;
    config.npuPath = (kCases + QLatin1Char('/') + name + QLatin1Char('/') + npu).toStdString();
    config.benchPath = bench.isEmpty() ? std::string() : (kCases + '/' + name + '/' + bench).toStdString();
    return config;
}

QStringList filesUnder(const QString& dir)
{
    QStringList out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext())
        out << it.next();
    return out;
}

// A dump of `records` APIs per side, so that reading dump.json takes a noticeable time.
void writeLargeDump(const QString& dir, int records)
{
    QByteArray data = "{";
    QByteArray construct = "{";
    const QByteArray t = testdumps::tensor("[4, 1024]", "1.5");
    for (int i = 0; i < records; ++i) {
        const QByteArray name = "Torch.matmul." + QByteArray::number(i) + ".forward";
        data += (i ? ",\"" : "\"") + name + "\": {\"input_args\": [" + t + ", " + t + "], \"output\": [" + t + "]}";
        construct += (i ? ",\"" : "\"") + name + "\": null";
    }
    testdumps::writeDumpFolder(dir, data + "}", construct + "}");
}

} // namespace

class TestProgress : public QObject {
    Q_OBJECT
private slots:
    void everyStageReportedMonotonicEndingAtOne()
    {
        QTemporaryDir out;
        std::vector<Report> reports;
        ps::RunContext progress([&](ps::Stage s, double f) { reports.push_back({ s, f }); });
        auto config
            = caseConfig(QStringLiteral("mlp_steps_mix_statistics"), QStringLiteral("npu"), QStringLiteral("bench"));
        ps::RunResult r = ps::runGraphCommand(config, out.path().toStdString(), {}, progress, "20250101000000");
        QCOMPARE(r.outputFiles.size(), size_t(2)); // two steps
        QVERIFY(reports.size() >= 6);
        for (size_t k = 1; k < reports.size(); ++k)
            QVERIFY2(reports[k].overall >= reports[k - 1].overall, qPrintable(QString::number(k)));
        QCOMPARE(reports.back().overall, 1.0);
        QVERIFY(reports.front().overall < 0.5);
        std::set<ps::Stage> seen;
        for (const Report& r : reports)
            seen.insert(r.stage);
        for (ps::Stage s : { ps::Stage::ReadDump, ps::Stage::ReadStructure, ps::Stage::Build, ps::Stage::Match,
                 ps::Stage::Compare, ps::Stage::Write })
            QVERIFY2(seen.count(s), ps::stageName(s));
        QVERIFY(!seen.count(ps::Stage::Tensors)); // statistics mode reads no tensor
    }

    void realDataRunReportsTensorsByRow()
    {
        std::vector<Report> reports;
        ps::RunContext progress([&](ps::Stage s, double f) { reports.push_back({ s, f }); });
        auto config = caseConfig(
            QStringLiteral("mlp_mix_tensor"), QStringLiteral("npu/step0/rank"), QStringLiteral("bench/step0/rank"));
        std::vector<std::string> warnings;
        ps::EngineOptions options;
        options.threads = 2;
        auto c = ps::runPair(config.npuPath, config.benchPath, options, warnings, &progress);
        QVERIFY(c);
        size_t tensorReports = 0;
        for (size_t k = 0; k < reports.size(); ++k) {
            tensorReports += reports[k].stage == ps::Stage::Tensors;
            if (k)
                QVERIFY(reports[k].overall >= reports[k - 1].overall);
        }
        QVERIFY2(tensorReports >= 2, "the tensor rows are reported as they are compared");
        QVERIFY(reports.back().overall > 0.99);
    }

    void cancelAtEveryStageLeavesNoFile_data()
    {
        QTest::addColumn<int>("stage");
        QTest::addColumn<int>("occurrence"); // cancel at the n-th report of the stage
        QTest::newRow("reading dump.json") << int(ps::Stage::ReadDump) << 1;
        QTest::newRow("reading construct/stack") << int(ps::Stage::ReadStructure) << 1;
        QTest::newRow("building") << int(ps::Stage::Build) << 1;
        QTest::newRow("matching") << int(ps::Stage::Match) << 1;
        QTest::newRow("comparing") << int(ps::Stage::Compare) << 1;
        QTest::newRow("writing step0") << int(ps::Stage::Write) << 1;
        // Step 0's files are already written when step 1 is being written: they are removed too.
        QTest::newRow("writing step1") << int(ps::Stage::Write) << 3;
    }

    void cancelAtEveryStageLeavesNoFile()
    {
        QFETCH(int, stage);
        QFETCH(int, occurrence);
        QTemporaryDir out;
        std::atomic<bool> cancel { false };
        int seen = 0;
        ps::RunContext progress(
            [&](ps::Stage s, double) {
                if (int(s) == stage && ++seen == occurrence)
                    cancel = true;
            },
            &cancel);
        auto config
            = caseConfig(QStringLiteral("mlp_steps_mix_statistics"), QStringLiteral("npu"), QStringLiteral("bench"));
        bool cancelled = false;
        try {
            ps::runGraphCommand(config, out.path().toStdString(), {}, progress, "20250101000000");
        } catch (const ps::Error& e) {
            cancelled = e.code() == ps::ErrorCode::Cancelled;
        }
        QVERIFY(cancelled);
        QVERIFY(seen >= occurrence); // the other side may report once more before it sees the flag
        QCOMPARE(filesUnder(out.path()), QStringList());
    }

    // Cancel is seen within one progress chunk (about 2 ms of parsing) per side: once the flag is set while
    // dump.json is read, each side reports at most once more, and no later stage ever starts. (A state check, not a
    // stopwatch: latency figures belong to the benchmarks.)
    void cancelWhileReadingLargeDumpStopsWithinOneChunk()
    {
        QTemporaryDir dir;
        writeLargeDump(dir.filePath(QStringLiteral("npu")), 100000);
        writeLargeDump(dir.filePath(QStringLiteral("bench")), 100000);
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("npu/dump.json"))).size() > 20'000'000);
        std::atomic<bool> cancel { false };
        int reportsAfterCancel = 0; // listener calls are serialized by RunContext
        bool laterStageSeen = false;
        double overallAtCancel = -1;
        ps::RunContext progress(
            [&](ps::Stage s, double overall) {
                if (s != ps::Stage::ReadDump)
                    laterStageSeen = true;
                if (cancel) {
                    ++reportsAfterCancel;
                } else if (s == ps::Stage::ReadDump && overall > 0) {
                    overallAtCancel = overall;
                    cancel = true;
                }
            },
            &cancel);
        std::vector<std::string> warnings;
        bool cancelled = false;
        try {
            ps::runPair(dir.filePath(QStringLiteral("npu")).toStdString(),
                dir.filePath(QStringLiteral("bench")).toStdString(), {}, warnings, &progress);
        } catch (const ps::Error& e) {
            cancelled = e.code() == ps::ErrorCode::Cancelled;
        }
        QVERIFY(cancelled);
        QVERIFY(overallAtCancel > 0);
        QVERIFY2(reportsAfterCancel <= 2, qPrintable(QString::number(reportsAfterCancel)));
        QVERIFY(!laterStageSeen);
    }

    void withoutListenerNothingIsReported()
    {
        ps::RunContext progress;
        progress.report(ps::Stage::Build, 0.5); // no listener: no effect, no crash
        progress.finish();
        QVERIFY(!progress.cancelled());
        std::atomic<bool> cancel { true };
        progress.cancel = &cancel;
        QVERIFY_THROWS_EXCEPTION(ps::Error, progress.checkCancelled());
    }
};

QTEST_GUILESS_MAIN(TestProgress)
#include "tst_progress.moc"
