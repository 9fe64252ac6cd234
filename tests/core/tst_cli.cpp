// probescope-cli as a user runs it: bad input gives exit code 1 and one ERROR line naming the file;
// bad arguments give exit code 2 and the usage; no output file is left behind after an error.
#include "cli_run.h"
#include "test_dumps.h"

#include <QDirIterator>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

using namespace testdumps;

namespace {

using clirun::cli;
using clirun::Run;

const QByteArray kDump
    = "{\"Tensor.x.0.forward\": {\"output\": [{\"type\": \"torch.Tensor\", \"dtype\": "
      "\"torch.float32\", \"shape\": [2], \"Max\": 1.0, \"Min\": 0.0, \"Mean\": 0.5, \"Norm\": 1.0}]}}";
const QByteArray kConstruct = R"({"Tensor.x.0.forward": null})";

QStringList errorLines(const QString& out)
{
    QStringList lines;
    for (const QString& l : out.split(QLatin1Char('\n')))
        if (l.contains(QLatin1String("[ERROR]")))
            lines << l;
    return lines;
}

bool hasFiles(const QString& dir)
{
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    return it.hasNext();
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void badInputExitsOneWithOneLine_data()
    {
        QTest::addColumn<QByteArray>("dump");
        QTest::addColumn<QByteArray>("construct");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("problem");
        QTest::newRow("empty dump.json") << QByteArray() << kConstruct << "dump.json"
                                         << "the file is empty";
        QTest::newRow("truncated dump.json")
            << QByteArray("{\"data\": {\"Tensor.x.0.forward\": {") << kConstruct << "dump.json"
            << "invalid JSON";
        QTest::newRow("BOM") << QByteArray("\xEF\xBB\xBF{}") << kConstruct << "dump.json"
                             << "byte order mark";
        QTest::newRow("construct.json parent is a number")
            << QByteArray() << QByteArray(R"({"Tensor.x.0.forward": 1})") << "construct.json"
            << "must be a string or null";
    }

    void badInputExitsOneWithOneLine()
    {
        QFETCH(QByteArray, dump);
        QFETCH(QByteArray, construct);
        QFETCH(QString, file);
        QFETCH(QString, problem);
        QTemporaryDir dir;
        QString npu = dir.filePath(QStringLiteral("npu"));
        writeDumpFolder(npu, kDump, construct);
        if (file == QLatin1String("dump.json"))
            writeFile(npu + QStringLiteral("/dump.json"), dump);
        writeFile(dir.filePath(QStringLiteral("compare.json")), "{\"npu_path\": \"" + npu.toUtf8() + "\"}");
        QString out = dir.filePath(QStringLiteral("out"));
        Run r = cli({ QStringLiteral("graph"), QStringLiteral("-i"), dir.filePath(QStringLiteral("compare.json")),
            QStringLiteral("-o"), out });
        QCOMPARE(r.exitCode, 1);
        QStringList errors = errorLines(r.out);
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors[0].contains(file) && errors[0].contains(problem), qPrintable(errors[0]));
        QVERIFY(!hasFiles(out));
    }

    void goodInputExitsZero()
    {
        QTemporaryDir dir;
        QString npu = dir.filePath(QStringLiteral("npu"));
        writeDumpFolder(npu, kDump, kConstruct);
        writeFile(dir.filePath(QStringLiteral("compare.json")), "{\"npu_path\": \"" + npu.toUtf8() + "\"}");
        QString out = dir.filePath(QStringLiteral("out"));
        Run r = cli({ QStringLiteral("graph"), QStringLiteral("-i"), dir.filePath(QStringLiteral("compare.json")),
            QStringLiteral("-o"), out });
        QCOMPARE(r.exitCode, 0);
        QVERIFY(errorLines(r.out).isEmpty());
        QVERIFY(hasFiles(out));
    }

    void missingCompareJsonExitsOne()
    {
        QTemporaryDir dir;
        Run r = cli({ QStringLiteral("graph"), QStringLiteral("-i"), dir.filePath(QStringLiteral("nope.json")),
            QStringLiteral("-o"), dir.filePath(QStringLiteral("out")) });
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(errorLines(r.out).size(), 1);
        QVERIFY(errorLines(r.out)[0].contains(QLatin1String("nope.json")));
    }

    void badArgumentsExitTwoWithUsage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("unknown sub-command") << QStringList { QStringLiteral("plot") };
        QTest::newRow("unknown option") << QStringList { QStringLiteral("graph"), QStringLiteral("--bogus") };
        QTest::newRow("missing value") << QStringList { QStringLiteral("graph"), QStringLiteral("-i") };
        QTest::newRow("bad framework") << QStringList { QStringLiteral("-f"), QStringLiteral("tensorflow"),
            QStringLiteral("graph") };
        QTest::newRow("bad output format") << QStringList { QStringLiteral("graph"), QStringLiteral("-i"),
            QStringLiteral("a.json"), QStringLiteral("-o"), QStringLiteral("o"), QStringLiteral("--output_format"),
            QStringLiteral("csv") };
        QTest::newRow("missing -o") << QStringList { QStringLiteral("graph"), QStringLiteral("-i"),
            QStringLiteral("a.json") };
        QTest::newRow("unknown limit") << QStringList { QStringLiteral("graph"), QStringLiteral("--resource_limit"),
            QStringLiteral("max_bogus=1"), QStringLiteral("-i"), QStringLiteral("a.json"), QStringLiteral("-o"),
            QStringLiteral("o") };
        QTest::newRow("graph_visualize without -tp")
            << QStringList { QStringLiteral("graph_visualize"), QStringLiteral("-o"), QStringLiteral("o") };
        QTest::newRow("graph_visualize without -o")
            << QStringList { QStringLiteral("graph_visualize"), QStringLiteral("-tp"), QStringLiteral("npu") };
        QTest::newRow("graph_visualize with graph's -i") << QStringList { QStringLiteral("graph_visualize"),
            QStringLiteral("-i"), QStringLiteral("a.json"), QStringLiteral("-o"), QStringLiteral("o") };
    }

    // msprobe 26.0.0's command: scripts swap the program name only. One {build|compare}_{timestamp}.vis.db, a
    // leading -f accepted, progress records on stderr only, log lines on stdout.
    void graphVisualizeWritesOneDatabase()
    {
        QTemporaryDir dir;
        QString npu = writeDumpFolder(dir.filePath(QStringLiteral("npu")), kDump, kConstruct);
        QString bench = writeDumpFolder(dir.filePath(QStringLiteral("bench")), kDump, kConstruct);
        QString out = dir.filePath(QStringLiteral("out"));
        Run r = cli({ QStringLiteral("-f"), QStringLiteral("pytorch"), QStringLiteral("graph_visualize"),
            QStringLiteral("-tp"), npu, QStringLiteral("-gp"), bench, QStringLiteral("-o"), out,
            QStringLiteral("-tensor_log"), QStringLiteral("-progress_log") });
        QCOMPARE(r.exitCode, 0);
        QStringList files = QDir(out).entryList(QDir::Files);
        QCOMPARE(files.size(), 1);
        QVERIFY2(QRegularExpression(QStringLiteral("^compare_\\d{14}\\.vis\\.db$")).match(files[0]).hasMatch(),
            qPrintable(files[0]));
        QVERIFY2(r.err.contains(QLatin1String("PROGRESS: {\"current_progress\": 100, \"process_running\": false")),
            qPrintable(r.err));
        QVERIFY(!r.out.contains(QLatin1String("PROGRESS")));
        QVERIFY(r.out.contains(QLatin1String("[INFO]")));

        QString buildOut = dir.filePath(QStringLiteral("build"));
        r = cli({ QStringLiteral("graph_visualize"), QStringLiteral("--target_path"), npu,
            QStringLiteral("--output_path"), buildOut });
        QCOMPARE(r.exitCode, 0);
        // Not a terminal and no -progress_log: plain progress lines on stderr, none on stdout.
        const QStringList errLines = r.err.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(!errLines.isEmpty() && errLines.last() == QLatin1String("progress: 100% writing"), qPrintable(r.err));
        for (const QString& line : errLines)
            QVERIFY2(line.startsWith(QLatin1String("progress: ")), qPrintable(line));
        QVERIFY(!r.err.contains(QLatin1Char('\r')));
        QVERIFY(!r.out.contains(QLatin1String("progress")));
        files = QDir(buildOut).entryList(QDir::Files);
        QCOMPARE(files.size(), 1);
        QVERIFY2(files[0].startsWith(QLatin1String("build_")) && files[0].endsWith(QLatin1String(".vis.db")),
            qPrintable(files[0]));
    }

    // The parallel merge's arguments are checked as msprobe checks them (plus rank_size = tp x pp x dp): a bad one
    // is exit code 2 with the usage and the reason, before any dump is read.
    void badMergeArgumentsExitTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("reason");
        auto row = [](const char* name, const char* args, const char* reason) {
            QTest::newRow(name) << QString::fromLatin1(args).split(QLatin1Char(' ')) << QString::fromLatin1(reason);
        };
        row("tp x pp does not divide rank_size", "--rank_size 6 --tp 2 --pp 2", "tp x pp = 4 does not divide it");
        row("--tp without --rank_size", "--tp 2", "needs --rank_size");
        row("--pp missing", "--rank_size 2 --tp 2", "missing --pp");
        row("a compare takes two values", "-gp B --rank_size 2 --tp 2 --pp 1", "two values (NPU, then bench)");
        row("a build takes one value", "--rank_size 2 1 --tp 2 1 --pp 1 1", "takes one value");
        row("context parallelism", "--rank_size 2 --tp 2 --pp 1 --cp 2", "context (cp) and expert (ep)");
        row("json compare", "-gp B --rank_size 2 1 --tp 2 1 --pp 1 1 --file_type json", "merged build only");
        row("unknown file type", "--file_type csv", "invalid choice: 'csv'");
        row("unknown msprobe release", "--msprobe-version 26.2", "argument --msprobe-version: invalid choice: '26.2'");
        row("not a number", "--rank_size two --tp 2 --pp 1", "invalid int value: 'two'");
        row("vpp without pipeline", "--rank_size 2 --tp 2 --pp 1 --vpp 2", "pp must be greater than 1");
        row("bench side checked too", "-gp B --rank_size 2 3 --tp 2 2 --pp 1 1", "[Bench] rank_size (3)");
        row("backwards rank range", "--ranks 3-1", "argument --ranks: the rank list \"3-1\" has the range 3-1");
        row("--rank takes one rank", "--rank 0-1", "argument --rank: one rank number");
        row("--rank and --ranks", "--rank 0 --ranks 1", "give --rank or --ranks once");
        row("ranks with the parallel merge", "--rank_size 2 --tp 2 --pp 1 --ranks 0", "not with the parallel merge");
    }

    // Rank sharding from the command line: a part per rank, `merge` puts them together (exit 0 and one summary
    // line); bad merge arguments are exit code 2 with the usage, a file that is no part exit code 1 naming it.
    void partsAndMerge()
    {
        QTemporaryDir dir;
        for (const char* rank : { "npu/rank0", "npu/rank1", "bench/rank0", "bench/rank1" })
            writeDumpFolder(dir.filePath(QLatin1String(rank)), kDump, kConstruct);
        const QString npu = dir.filePath(QStringLiteral("npu")), bench = dir.filePath(QStringLiteral("bench"));
        const QString parts = dir.filePath(QStringLiteral("parts"));
        for (const char* flag : { "--rank", "--ranks" }) {
            Run r = cli({ QStringLiteral("graph_visualize"), QStringLiteral("-tp"), npu, QStringLiteral("-gp"), bench,
                QStringLiteral("-o"), parts, QLatin1String(flag), QLatin1String(flag[6] ? "1" : "0") });
            QCOMPARE(r.exitCode, 0);
            QVERIFY2(r.out.contains(QLatin1String("The part database (ranks ")), qPrintable(r.out));
        }
        QStringList files = QDir(parts).entryList(QDir::Files);
        QCOMPARE(files.size(), 2);
        QVERIFY2(files[0].startsWith(QLatin1String("compare_ranks0_"))
                && files[1].startsWith(QLatin1String("compare_ranks1_")),
            qPrintable(files.join(' ')));
        const QString merged = dir.filePath(QStringLiteral("merged.vis.db"));
        Run r = cli({ QStringLiteral("merge"), QStringLiteral("-o"), merged, QStringLiteral("--expect-ranks"),
            QStringLiteral("0-1"), parts + "/" + files[0], parts + "/" + files[1] });
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QLatin1String("Merged 2 part(s), 2 graph(s) of ranks 0-1, into ")), qPrintable(r.out));
        QVERIFY(QFile::exists(merged));

        // The merged database is a whole run, no part: merging it again is refused, naming it.
        const QString again = dir.filePath(QStringLiteral("again.vis.db"));
        r = cli({ QStringLiteral("merge"), QStringLiteral("-o"), again, merged });
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(errorLines(r.out).size(), 1);
        QVERIFY2(errorLines(r.out)[0].contains(merged + ": not a part database"), qPrintable(r.out));
        QVERIFY(!QFile::exists(again));

        for (const QStringList& bad : { QStringList { QStringLiteral("merge"), merged },
                 QStringList { QStringLiteral("merge"), QStringLiteral("-o"), again },
                 QStringList { QStringLiteral("merge"), QStringLiteral("-o"), again, QStringLiteral("--expect-ranks"),
                     QStringLiteral("0,0"), merged },
                 QStringList {
                     QStringLiteral("merge"), QStringLiteral("-o"), again, QStringLiteral("--bogus"), merged } }) {
            r = cli(bad);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(QLatin1String("usage:")), qPrintable(r.err));
        }
    }

    void badMergeArgumentsExitTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        QString out = dir.filePath(QStringLiteral("out"));
        Run r = cli(QStringList { QStringLiteral("graph_visualize"), QStringLiteral("-tp"),
                        dir.filePath(QStringLiteral("A")), QStringLiteral("-o"), out }
            + args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QLatin1String("usage:")) && r.err.contains(reason), qPrintable(r.err));
        QVERIFY(!QDir(out).exists());
    }

    // A merge build writes one .vis.db, or with --file_type json the merged dump folder step0/rank0; a merge
    // compare pairs the merged graphs; a single-process bench folder named `rank` (msprobe insists on rank0) works.
    void mergeRunsWrite()
    {
        QTemporaryDir dir;
        for (const char* rank : { "npu/rank0", "npu/rank1" })
            writeDumpFolder(dir.filePath(QLatin1String(rank)), kDump, kConstruct);
        writeDumpFolder(dir.filePath(QStringLiteral("bench/rank")), kDump, kConstruct);
        const QString npu = dir.filePath(QStringLiteral("npu")), bench = dir.filePath(QStringLiteral("bench"));
        const QStringList tp2 { QStringLiteral("--rank_size"), QStringLiteral("2"), QStringLiteral("--tp"),
            QStringLiteral("2"), QStringLiteral("--pp"), QStringLiteral("1") };

        QString out = dir.filePath(QStringLiteral("build"));
        Run r = cli(
            QStringList { QStringLiteral("graph_visualize"), QStringLiteral("-tp"), npu, QStringLiteral("-o"), out }
            + tp2);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QLatin1String("[NPU] All tp groups is [[0, 1]].")), qPrintable(r.out));
        QStringList files = QDir(out).entryList(QDir::Files);
        QCOMPARE(files.size(), 1);
        QVERIFY(files[0].startsWith(QLatin1String("build_")) && files[0].endsWith(QLatin1String(".vis.db")));

        out = dir.filePath(QStringLiteral("json"));
        r = cli(QStringList { QStringLiteral("graph_visualize"), QStringLiteral("-tp"), npu, QStringLiteral("-o"), out,
                    QStringLiteral("--file_type"), QStringLiteral("json") }
            + tp2);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QDir(out).entryList(QDir::Files), QStringList());
        QCOMPARE(QDir(out + QStringLiteral("/step0/rank0")).entryList(QDir::Files),
            (QStringList {
                QStringLiteral("construct.json"), QStringLiteral("dump.json"), QStringLiteral("stack.json") }));

        out = dir.filePath(QStringLiteral("compare"));
        r = cli({ QStringLiteral("graph_visualize"), QStringLiteral("-tp"), npu, QStringLiteral("-gp"), bench,
            QStringLiteral("-o"), out, QStringLiteral("--rank_size"), QStringLiteral("2"), QStringLiteral("1"),
            QStringLiteral("--tp"), QStringLiteral("2"), QStringLiteral("1"), QStringLiteral("--pp"),
            QStringLiteral("1"), QStringLiteral("1") });
        QCOMPARE(r.exitCode, 0);
        files = QDir(out).entryList(QDir::Files);
        QCOMPARE(files.size(), 1);
        QVERIFY(files[0].startsWith(QLatin1String("compare_")));
    }

    // Arguments that do not fit the folders are errors naming the folder, and nothing is written: rank folders
    // missing for rank_size, or the sides ending with different numbers of merged graphs (data parallelism).
    void mergeArgumentsMustFitTheFolders_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("problem");
        QTest::newRow("missing ranks") << QStringList { QStringLiteral("--rank_size"), QStringLiteral("4"),
            QStringLiteral("--tp"), QStringLiteral("2"), QStringLiteral("--pp"), QStringLiteral("2") }
                                       << QStringLiteral("rank_size is 4 but the folder holds 2 rank folder(s)");
        QTest::newRow("sides with different dp") << QStringList { QStringLiteral("-gp"), QStringLiteral("BENCH"),
            QStringLiteral("--rank_size"), QStringLiteral("2"), QStringLiteral("1"), QStringLiteral("--tp"),
            QStringLiteral("1"), QStringLiteral("1"), QStringLiteral("--pp"), QStringLiteral("1"),
            QStringLiteral("1") } << QStringLiteral("the dp of npu: 2 is inconsistent with that of bench: 1");
        QTest::newRow("one rank's folder") << QStringList { QStringLiteral("-tp"), QStringLiteral("RANK0"),
            QStringLiteral("--rank_size"), QStringLiteral("1"), QStringLiteral("--tp"), QStringLiteral("1"),
            QStringLiteral("--pp"), QStringLiteral("1") }
                                           << QStringLiteral("needs a folder of rank folders");
    }

    void mergeArgumentsMustFitTheFolders()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, problem);
        QTemporaryDir dir;
        for (const char* rank : { "npu/rank0", "npu/rank1", "bench/rank0" })
            writeDumpFolder(dir.filePath(QLatin1String(rank)), kDump, kConstruct);
        args.replaceInStrings(QStringLiteral("BENCH"), dir.filePath(QStringLiteral("bench")));
        args.replaceInStrings(QStringLiteral("RANK0"), dir.filePath(QStringLiteral("npu/rank0")));
        QString out = dir.filePath(QStringLiteral("out"));
        Run r = cli(QStringList { QStringLiteral("graph_visualize"), QStringLiteral("-tp"),
                        dir.filePath(QStringLiteral("npu")), QStringLiteral("-o"), out }
            + args);
        QCOMPARE(r.exitCode, 1);
        QStringList errors = errorLines(r.out);
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors[0].contains(problem), qPrintable(errors[0]));
        QVERIFY(!hasFiles(out));
    }

    // -tp and -gp must be of the same kind (a rank folder against a folder of rank folders is an error).
    void graphVisualizeFolderKindsMustAgree()
    {
        QTemporaryDir dir;
        QString npu = writeDumpFolder(dir.filePath(QStringLiteral("npu")), kDump, kConstruct);
        writeDumpFolder(dir.filePath(QStringLiteral("bench/rank0")), kDump, kConstruct);
        QString out = dir.filePath(QStringLiteral("out"));
        Run r = cli({ QStringLiteral("graph_visualize"), QStringLiteral("-tp"), npu, QStringLiteral("-gp"),
            dir.filePath(QStringLiteral("bench")), QStringLiteral("-o"), out });
        QCOMPARE(r.exitCode, 1);
        QStringList errors = errorLines(r.out);
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors[0].contains(QLatin1String("inconsistent")), qPrintable(errors[0]));
        QVERIFY(!hasFiles(out));
    }

    // --resource_limit and PROBESCOPE_LIMITS lower a cap; the error names the file and the limit; --help lists the
    // limits.
    void limitsFromFlagAndEnvironment()
    {
        QTemporaryDir dir;
        QString npu = dir.filePath(QStringLiteral("npu"));
        writeDumpFolder(npu, kDump, kConstruct);
        writeFile(dir.filePath(QStringLiteral("compare.json")), "{\"npu_path\": \"" + npu.toUtf8() + "\"}");
        QString out = dir.filePath(QStringLiteral("out"));
        const QStringList args { QStringLiteral("graph"), QStringLiteral("-i"),
            dir.filePath(QStringLiteral("compare.json")), QStringLiteral("-o"), out };
        Run r = cli(args + QStringList { QStringLiteral("--resource_limit"), QStringLiteral("max_file_size=100") });
        QCOMPARE(r.exitCode, 1);
        QStringList errors = errorLines(r.out);
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors[0].contains(QLatin1String("dump.json: the file is"))
                && errors[0].contains(QLatin1String("max_file_size=100")),
            qPrintable(errors[0]));
        r = cli(args, "max_string_length=10");
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(errorLines(r.out).value(0).contains(QLatin1String("max_string_length=10")), qPrintable(r.out));
        r = cli(args + QStringList { QStringLiteral("--resource_limit"), QStringLiteral("max_string_length=1M") },
            "max_string_length=10"); // the flag wins over the environment
        QCOMPARE(r.exitCode, 0);
        r = cli(args, "max_nodes=many");
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QLatin1String("PROBESCOPE_LIMITS: limit max_nodes")), qPrintable(r.err));
        r = cli({ QStringLiteral("--help") });
        QVERIFY2(r.out.contains(QLatin1String("--resource_limit NAME=VALUE"))
                && r.out.contains(QLatin1String("max_nodes=")) && r.out.contains(QLatin1String("PROBESCOPE_LIMITS")),
            qPrintable(r.out));
    }

    // report: the viewer's readers from the command line. A .vis, gzip'ed .vis and .vis.db written by `graph`
    // are summarised; a broken file is one error line naming it (exit 1); a missing FILE is a usage error (exit 2).
    void reportGraphFiles()
    {
        QTemporaryDir dir;
        QString npu = dir.filePath(QStringLiteral("npu"));
        writeDumpFolder(npu, kDump, kConstruct);
        writeFile(dir.filePath(QStringLiteral("compare.json")),
            "{\"npu_path\": \"" + npu.toUtf8() + "\", \"bench_path\": \"" + npu.toUtf8() + "\"}");
        const QString compare = dir.filePath(QStringLiteral("compare.json"));
        for (const char* format : { "vis", "db" })
            QCOMPARE(
                cli({ QStringLiteral("graph"), QStringLiteral("-i"), compare, QStringLiteral("-o"),
                        dir.filePath(QLatin1String(format)), QStringLiteral("--output_format"), QLatin1String(format) })
                    .exitCode,
                0);
        const QString vis
            = QDir(dir.filePath(QStringLiteral("vis"))).entryInfoList({ QStringLiteral("*.vis") }).value(0).filePath();
        const QString db = QDir(dir.filePath(QStringLiteral("db")))
                               .entryInfoList({ QStringLiteral("*.vis.db") })
                               .value(0)
                               .filePath();
        for (const QString& file : { vis, db }) {
            Run r = cli({ QStringLiteral("report"), file });
            QCOMPARE(r.exitCode, 0);
            QVERIFY2(r.out.startsWith(file
                         + (file.endsWith(QLatin1String(".db")) ? QStringLiteral(": .vis.db, 1 graph")
                                                                : QStringLiteral(": .vis, 1 graph"))),
                qPrintable(r.out));
            QVERIFY2(r.out.contains(QLatin1String("step 0, rank 0: comparison (summary, msprobe 1.2.1), 1 micro step\n"
                                                  "  NPU    2 nodes (1 modules, 1 APIs, 0 groups), depth 1, 2 matched, "
                                                  "0 unmatched\n")),
                qPrintable(r.out));
            QVERIFY2(r.out.contains(QLatin1String("  matched NPU nodes per bin: bin 0 1, bin 1 0, bin 2 0, bin 3 0, "
                                                  "bin 4 0\n  no suspicious node\n")),
                qPrintable(r.out));
        }
        Run gz = cli(
            { QStringLiteral("report"), QStringLiteral(PROBESCOPE_TEST_DATA "/vis/mlp_nan_compare_oc_1.2.1.vis.gz"),
                QStringLiteral("--worst"), QStringLiteral("2") });
        QCOMPARE(gz.exitCode, 0);
        QVERIFY2(gz.out.contains(QLatin1String(": gzip'ed .vis, 1 graph"))
                && gz.out.contains(QLatin1String("NPU    34 nodes (13 modules, 19 APIs, 2 groups), depth 2, 34 "
                                                 "matched, 0 unmatched, 23 overflowing")),
            qPrintable(gz.out));
        // msprobe 1.2.1 rated every node of this NaN case 0 (bin 0): nothing to rank.
        QVERIFY2(gz.out.contains(QLatin1String("bin 0 33, bin 1 0, bin 2 0, bin 3 0, bin 4 0\n  no suspicious node\n")),
            qPrintable(gz.out));

        const QString junk = dir.filePath(QStringLiteral("junk.vis"));
        writeFile(junk, "[1, 2]");
        Run broken = cli({ QStringLiteral("report"), junk });
        QCOMPARE(broken.exitCode, 1);
        QVERIFY(broken.out.isEmpty());
        QVERIFY2(broken.err.startsWith(QStringLiteral("probescope-cli: error: ") + junk + QStringLiteral(": "))
                && broken.err.count(QLatin1Char('\n')) == 1,
            qPrintable(broken.err));
        Run missing = cli({ QStringLiteral("report"), dir.filePath(QStringLiteral("gone.vis")) });
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.err.contains(QLatin1String("gone.vis: the file does not exist")), qPrintable(missing.err));
        QCOMPARE(cli({ QStringLiteral("report") }).exitCode, 2);
        QCOMPARE(cli({ QStringLiteral("report"), vis, db }).exitCode, 2);
    }

    // `report --metric`: the bins are the metric's; a name it does not know is a bad argument (2), a metric the
    // comparison has not an error naming the source (1).
    void reportByAMetric()
    {
        const QString npu = QStringLiteral(PROBESCOPE_CASES "/gpt_mix_statistics/npu/step0/rank");
        const QString bench = QStringLiteral(PROBESCOPE_CASES "/gpt_mix_statistics/bench/step0/rank");
        Run r = cli(
            { QStringLiteral("report"), npu, bench, QStringLiteral("--metric"), QStringLiteral("value-verdict") });
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QLatin1String("matched NPU nodes per bin of value-verdict: pass ")), qPrintable(r.out));
        Run norm = cli({ QStringLiteral("report"), npu, bench, QStringLiteral("--metric"),
            QStringLiteral("NormRelativeErr"), QStringLiteral("--json") });
        QCOMPARE(norm.exitCode, 0);
        QVERIFY2(norm.out.contains(QLatin1String("\"color_metric\": \"NormRelativeErr\"")), qPrintable(norm.out));
        Run unknown
            = cli({ QStringLiteral("report"), npu, bench, QStringLiteral("--metric"), QStringLiteral("cosine") });
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY2(unknown.err.contains(QLatin1String("invalid choice: 'cosine'")), qPrintable(unknown.err));
        Run lacking
            = cli({ QStringLiteral("report"), npu, bench, QStringLiteral("--metric"), QStringLiteral("Cosine") });
        QCOMPARE(lacking.exitCode, 1);
        QVERIFY2(lacking.err.contains(QLatin1String("--metric Cosine: a summary comparison under msprobe 26.0.0 rules"))
                && lacking.err.contains(npu),
            qPrintable(lacking.err));
        QCOMPARE(cli({ QStringLiteral("report"), npu, bench, QStringLiteral("--by-step"), QStringLiteral("--metric"),
                         QStringLiteral("Cosine") })
                     .exitCode,
            2);
    }

    // A diff of anything with itself is empty: every bundled case's compare.json against itself, under both rule
    // sets, lists no change and exits 0 (also with --fail-on regression). The two megatron cases compare runs of
    // different rank counts, the two mlp_group_name cases name a node like an API group, and truth_mlp_bf16 is laid
    // out in proc<pid> folders, which msprobe 1.2.1 (and so `graph`) refuses: under those rules diff refuses them too.
    void diffOfEveryCaseWithItselfIsEmpty()
    {
        const QDir cases(QStringLiteral(PROBESCOPE_CASES));
        int compared = 0;
        for (const QString& name : cases.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            const QString json = cases.filePath(name + QStringLiteral("/compare.json"));
            QVERIFY2(QFileInfo::exists(json), qPrintable(json));
            for (const QString& rules : { QStringLiteral("1.2.1"), QStringLiteral("26.0.0") }) {
                const QString label = name + QStringLiteral(" --rules ") + rules;
                const Run r = cli({ QStringLiteral("diff"), json, json, QStringLiteral("--rules"), rules,
                    QStringLiteral("--fail-on"), QStringLiteral("regression") });
                if (name.startsWith(QLatin1String("megatron_")) && rules == QLatin1String("1.2.1")) {
                    QVERIFY2(r.exitCode == 1 && r.err.contains(QLatin1String("number of ranks")), qPrintable(label));
                    continue;
                }
                if (name == QLatin1String("truth_mlp_bf16") && rules == QLatin1String("1.2.1")) {
                    // msprobe 26's step0/proc<pid> folders: 1.2.1 reads rank folders only
                    QVERIFY2(r.exitCode == 1 && r.err.contains(QLatin1String("Expected 'rank'")), qPrintable(label));
                    continue;
                }
                if (name.startsWith(QLatin1String("mlp_group_name_")) && rules == QLatin1String("1.2.1")) {
                    QVERIFY2(r.exitCode == 1 && r.err.contains(QLatin1String("has the name of the group")),
                        qPrintable(label));
                    continue;
                }
                QVERIFY2(r.exitCode == 0, qPrintable(label + QStringLiteral(": ") + r.err));
                QVERIFY2(
                    r.out.contains(QRegularExpression(QStringLiteral(
                        "\\n0 regressed, 0 improved, 0 appeared, 0 vanished, [1-9][0-9]* NPU nodes unchanged\\n"))),
                    qPrintable(label + QStringLiteral(":\n") + r.out));
                const QRegularExpression changeLine(
                    QStringLiteral("^  (regressed|improved|appeared|vanished) "), QRegularExpression::MultilineOption);
                QVERIFY2(!r.out.contains(changeLine), qPrintable(label + QStringLiteral(":\n") + r.out));
                ++compared;
            }
        }
        QCOMPARE(compared, 37); // 21 cases under two rule sets, less the five refused
    }

    // report and diff as a CI job runs them: --fail-on sets exit code 3 (0 when clean), --csv and --json print
    // what the core formats, a bad gate or source is a usage error (2).
    void reportAndDiffExitCodes()
    {
        const QString gpt = QStringLiteral(PROBESCOPE_CASES "/gpt_mix_statistics/compare.json");
        const QString fuzzy = QStringLiteral(PROBESCOPE_CASES "/gpt_fuzzy_mix_statistics/compare.json");
        Run r = cli({ QStringLiteral("report"), gpt, QStringLiteral("--fail-on"), QStringLiteral("error") });
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(r.err, QStringLiteral("probescope-cli: --fail-on error: 19 node(s)\n"));
        QVERIFY2(r.out.contains(QLatin1String("suspicious NPU nodes (19 error, 3 warning), worst first:\n")),
            qPrintable(r.out));
        QVERIFY2(r.out.contains(QLatin1String("  1    bin 4    MeanRelativeErr 8806300.0%         -     "
                                              "Tensor.transpose.3.backward\n")),
            qPrintable(r.out));
        QCOMPARE(
            cli({ QStringLiteral("report"), gpt, QStringLiteral("--fail-on"), QStringLiteral("bin=5") }).exitCode, 0);
        QCOMPARE(
            cli({ QStringLiteral("report"), gpt, QStringLiteral("--fail-on"), QStringLiteral("bin=4") }).exitCode, 3);
        QCOMPARE(cli({ QStringLiteral("report"), gpt }).exitCode, 0); // no gate: findings are no failure
        // Two dump folders are compared with msprobe 26.0.0's verdicts.
        const QString npu = QStringLiteral(PROBESCOPE_CASES "/gpt_mix_statistics/npu/step0/rank");
        const QString bench = QStringLiteral(PROBESCOPE_CASES "/gpt_mix_statistics/bench/step0/rank");
        r = cli({ QStringLiteral("report"), npu, bench, QStringLiteral("--fail-on"), QStringLiteral("warning"),
            QStringLiteral("--json"), QStringLiteral("--worst"), QStringLiteral("1") });
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.out.contains(QLatin1String("\"rules\": \"msprobe 26.0.0\""))
                && r.out.contains(QLatin1String("\"severity\": \"error\"")),
            qPrintable(r.out));
        r = cli(
            { QStringLiteral("report"), gpt, QStringLiteral("--csv"), QStringLiteral("--worst"), QStringLiteral("3") });
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out.count(QStringLiteral("\r\n0,0,")), 3);
        QVERIFY(r.out.startsWith(QLatin1String("Step,Rank,Order,NPU Node,Bench Node,Verdict,")));

        Run same = cli({ QStringLiteral("diff"), gpt, gpt, QStringLiteral("--fail-on"), QStringLiteral("regression") });
        QCOMPARE(same.exitCode, 0);
        QVERIFY2(same.out.contains(
                     QLatin1String("0 regressed, 0 improved, 0 appeared, 0 vanished, 222 NPU nodes unchanged\n")),
            qPrintable(same.out));
        Run changed
            = cli({ QStringLiteral("diff"), gpt, fuzzy, QStringLiteral("--fail-on"), QStringLiteral("regression") });
        QCOMPARE(changed.exitCode, 3);
        QVERIFY2(changed.out.contains(QLatin1String("  regressed NPU    "))
                && changed.out.contains(QLatin1String("  appeared  NPU    ")),
            qPrintable(changed.out));
        QCOMPARE(cli({ QStringLiteral("diff"), gpt, fuzzy }).exitCode, 0);
        r = cli({ QStringLiteral("report"), QStringLiteral(PROBESCOPE_CASES "/mlp_steps_mix_statistics/compare.json"),
            QStringLiteral("--by-step"), QStringLiteral("--fail-on"), QStringLiteral("error") });
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.out.contains(QLatin1String("the first error appears at step 0, rank 0: ")), qPrintable(r.out));

        for (const QStringList& bad :
            { QStringList { QStringLiteral("report"), gpt, QStringLiteral("--fail-on"), QStringLiteral("bin=x") },
                QStringList { QStringLiteral("report"), gpt, QStringLiteral("--csv"), QStringLiteral("--json") },
                QStringList { QStringLiteral("report"), npu },
                QStringList { QStringLiteral("report"), gpt, QStringLiteral("--rules"), QStringLiteral("8.1") },
                QStringList { QStringLiteral("diff"), gpt },
                QStringList { QStringLiteral("diff"), gpt, gpt, QStringLiteral("--fail-on"), QStringLiteral("error") },
                QStringList { QStringLiteral("diff"), gpt, gpt, QStringLiteral("--by-step") },
                QStringList { QStringLiteral("report"), gpt, QStringLiteral("--by-step"), QStringLiteral("--fail-on"),
                    QStringLiteral("bin=2") } }) {
            Run u = cli(bad);
            QVERIFY2(u.exitCode == 2 && u.err.contains(QLatin1String("probescope-cli: error: ")),
                qPrintable(bad.join(QLatin1Char(' '))));
        }
    }

    void badArgumentsExitTwoWithUsage()
    {
        QFETCH(QStringList, args);
        Run r = cli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QLatin1String("usage: probescope-cli")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("error:")), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
