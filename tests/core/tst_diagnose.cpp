// The first-divergence finder (docs/diagnose.md) and `probescope-cli diagnose`: the node where a deviation is
// introduced is named, the nodes that inherit it are not. Checked on the real case mlp_nan_mix_statistics (a NaN
// weight injected into fc2) and on a hand-made fp16 overflow.
#include "analysis/divergence.h"
#include "analysis/divergence_report.h"
#include "batch/dump_layout.h"
#include "batch/engine.h"
#include "cli_run.h"
#include "commands/diagnose_run.h"
#include "compare/comparator.h"
#include "test_dumps.h"
#include "util/error.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include <cmath>

using namespace testdumps;

namespace {

QByteArray t16(const char* shape, const char* max, const char* min, const char* mean, const char* norm,
    const char* dtype = "torch.float16")
{
    return QByteArray("{\"type\": \"torch.Tensor\", \"dtype\": \"") + dtype + "\", \"shape\": " + shape + ", \"Max\": "
        + max + ", \"Min\": " + min + ", \"Mean\": " + mean + ", \"Norm\": " + norm + ", \"requires_grad\": false}";
}

// layer_norm -> linear (inside Module.fc) -> relu. On the NPU (fp16) the linear overflows: its finite inputs give
// an inf output, which relu inherits. The layer_norm differs by 5e-4 relative, within fp16's tolerance.
QByteArray overflowDump(bool npu)
{
    QByteArray x0 = t16("[2, 8]", "3.0", "-3.0", "0.5", "8.0");
    QByteArray x = npu ? t16("[2, 8]", "2.001", "-2.0", "0.25", "6.0") : t16("[2, 8]", "2.0", "-2.0", "0.25", "6.0");
    QByteArray w = t16("[8, 8]", "250.0", "-250.0", "10.0", "1500.0");
    QByteArray y = npu ? t16("[2, 8]", "Infinity", "-Infinity", "NaN", "Infinity")
                       : t16("[2, 8]", "70000.0", "-69000.0", "120.0", "150000.0");
    QByteArray r = npu ? t16("[2, 8]", "Infinity", "0.0", "Infinity", "Infinity")
                       : t16("[2, 8]", "70000.0", "0.0", "9000.0", "110000.0");
    return "{\"Functional.layer_norm.0.forward\": {\"input_args\": [" + x0 + "], \"input_kwargs\": {}, \"output\": ["
        + x + "]}, \"Functional.linear.0.forward\": {\"input_args\": [" + x + ", " + w + "], \"input_kwargs\": {}, "
        + "\"output\": [" + y + "]}, \"Module.fc.Linear.forward.0\": {\"input_args\": [" + x
        + "], \"input_kwargs\": {}, " + "\"output\": [" + y + "], \"parameters\": {\"weight\": " + w
        + "}}, \"Functional.relu.0.forward\": " + "{\"input_args\": [" + y + "], \"input_kwargs\": {}, \"output\": ["
        + r + "]}}";
}

const QByteArray kOverflowConstruct = R"({"Functional.layer_norm.0.forward": null, "Module.fc.Linear.forward.0": null,
 "Functional.linear.0.forward": "Module.fc.Linear.forward.0", "Functional.relu.0.forward": null})";

QString caseDir(const char* name)
{
    return QStringLiteral(PROBESCOPE_CASES "/") + QLatin1String(name);
}

std::shared_ptr<ps::Comparison> compareRoots(const QString& npu, const QString& bench)
{
    auto jobs = ps::planJobs(npu.toStdString(), bench.toStdString(), std::string());
    std::vector<std::string> warnings;
    return ps::runPair(jobs.at(0).npuDir, jobs.at(0).benchDir, ps::EngineOptions {}, warnings);
}

using clirun::cli;
using clirun::Run;

QStringList names(const ps::Comparison& c, const std::vector<ps::Divergence>& found)
{
    QStringList out;
    for (const ps::Divergence& d : found)
        out << QString::fromUtf8(c.graph(ps::Side::Npu).nameOf(d.npu));
    return out;
}

} // namespace

class TestDiagnose : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    std::shared_ptr<ps::Comparison> overflowCase()
    {
        QString npu
            = writeDumpFolder(m_dir.filePath(QStringLiteral("ovf/npu")), overflowDump(true), kOverflowConstruct);
        QString bench
            = writeDumpFolder(m_dir.filePath(QStringLiteral("ovf/bench")), overflowDump(false), kOverflowConstruct);
        std::vector<std::string> warnings;
        return ps::runPair(npu.toStdString(), bench.toStdString(), ps::EngineOptions {}, warnings);
    }

private slots:
    void errorMetric()
    {
        QCOMPARE(ps::statisticError(1.5, 1.0, 0.0), 0.5);
        QVERIFY(qAbs(ps::statisticError(0.0101, 0.01, 1.0) - 1e-4) < 1e-12); // the tensor's RMS is the scale
        QVERIFY(std::isinf(ps::statisticError(INFINITY, 70000.0, 1.0)));
        QVERIFY(std::isinf(ps::statisticError(NAN, 1.0, 1.0)));
        QCOMPARE(ps::statisticError(NAN, NAN, 1.0), 0.0);
        QCOMPARE(ps::statisticError(-INFINITY, -INFINITY, 1.0), 0.0);
        QCOMPARE(ps::statisticError(0.0, 0.0, 0.0), 0.0);
        QCOMPARE(ps::statisticError(1.0, 0.0, 0.0), 1.0);
    }

    void tolerancesAndPatterns()
    {
        QCOMPARE(ps::defaultTolerance("torch.float16"), 1e-2);
        QCOMPARE(ps::defaultTolerance("torch.bfloat16"), 4e-2);
        QCOMPARE(ps::defaultTolerance("torch.float32"), 1e-3);
        QCOMPARE(ps::defaultTolerance("Float16"), 1e-2); // MindSpore spelling
        QCOMPARE(ps::defaultTolerance("torch.int64"), 0.0);
        ps::DiagnoseOptions o;
        ps::addToleranceSpec(o, "bfloat16=0.1");
        QCOMPARE(ps::toleranceFor(o, "torch.bfloat16"), 0.1);
        QVERIFY_THROWS_EXCEPTION(ps::Error, ps::addToleranceSpec(o, "float16"));
        QVERIFY_THROWS_EXCEPTION(ps::Error, ps::addToleranceSpec(o, "float16=-1"));
        QVERIFY_THROWS_EXCEPTION(ps::Error, ps::addToleranceSpec(o, "=0.1"));
        QVERIFY(ps::matchesPattern("Functional.dropout.3.forward", "dropout"));
        QVERIFY(ps::matchesPattern("Functional.dropout.3.forward", "Functional.*.forward"));
        QVERIFY(ps::matchesPattern("Module.layers.1.attn", "Module.layers.?.*"));
        QVERIFY(!ps::matchesPattern("Functional.linear.0.forward", "Functional.*.backward"));
        QVERIFY(!ps::matchesPattern("x", ""));
    }

    void fp16OverflowIsNamedNotItsHeirs()
    {
        auto c = overflowCase();
        auto found = ps::findDivergences(*c, {});
        // The linear overflows (finite inputs, inf output); relu inherits the inf; Module.fc only wraps the linear.
        QCOMPARE(names(*c, found), QStringList { QStringLiteral("Functional.linear.0.forward") });
        const ps::Divergence& d = found[0];
        QVERIFY(std::isinf(d.outError));
        QVERIFY(std::isinf(d.added));
        // Its inherited input is the layer_norm output: Max 2.001 vs 2.0 -> 5e-4 relative.
        QVERIFY(qAbs(d.inError - 0.0005) < 1e-12);
        QCOMPARE(QString::fromStdString(d.dtype), QStringLiteral("torch.float16"));
        QCOMPARE(d.tolerance, 1e-2);
        QCOMPARE(QString::fromStdString(d.worstOutput), QStringLiteral("Functional.linear.0.forward.output.0"));
        QVERIFY(d.sourceInput.empty());
    }

    void tighterToleranceMovesTheBlame()
    {
        auto c = overflowCase();
        ps::DiagnoseOptions o;
        ps::addToleranceSpec(o, "float16=1e-4");
        auto found = ps::findDivergences(*c, o);
        // Now the layer_norm's 5e-4 counts as an error it adds, and the linear inherits an input out of tolerance.
        QCOMPARE(names(*c, found), QStringList { QStringLiteral("Functional.layer_norm.0.forward") });
        QVERIFY(qAbs(found[0].added - 0.0005) < 1e-12);
    }

    void ignoredNodesAreSkipped()
    {
        auto c = overflowCase();
        ps::DiagnoseOptions o;
        o.ignore = { "Functional.linear*" };
        auto found = ps::findDivergences(*c, o);
        // With the linear ignored, the module around it is where the error appears.
        QCOMPARE(names(*c, found), QStringList { QStringLiteral("Module.fc.Linear.forward.0") });
        o.ignore = { "Functional.linear*", "Module.fc" };
        QVERIFY(ps::findDivergences(*c, o).empty());
    }

    void nanInjectionIsFound()
    {
        const QString root = caseDir("mlp_nan_mix_statistics");
        QVERIFY2(QFileInfo::exists(root), qPrintable(root));
        auto c = compareRoots(root + "/npu", root + "/bench");
        auto found = ps::findDivergences(*c, {});
        QVERIFY(!found.empty());
        // dump.json: fc2's weight (input 1 of Functional.linear.1.forward) is the first NaN; its activation input
        // (relu.0's output) is clean. Everything after it inherits the NaN.
        QCOMPARE(names(*c, found).first(), QStringLiteral("Functional.linear.1.forward"));
        QCOMPARE(QString::fromStdString(found[0].sourceInput), QStringLiteral("Functional.linear.1.forward.input.1"));
        QVERIFY(std::isinf(found[0].added));
        for (const QString& inherited :
            { QStringLiteral("Functional.relu.1.forward"), QStringLiteral("Tensor.__add__.0.forward"),
                QStringLiteral("Functional.linear.2.forward"), QStringLiteral("Module.fc2.Linear.forward.0") })
            QVERIFY2(!names(*c, found).contains(inherited), qPrintable(inherited));
    }

    void cleanCaseHasNoInfiniteDivergence()
    {
        const QString root = caseDir("mlp_mix_statistics");
        QVERIFY2(QFileInfo::exists(root), qPrintable(root));
        auto c = compareRoots(root + "/npu", root + "/bench");
        for (const ps::Divergence& d : ps::findDivergences(*c, {}))
            QVERIFY(std::isfinite(d.added));
    }

    void buildResultIsRefused()
    {
        auto c = overflowCase();
        auto single = ps::buildOnly(c->graphs[0], false);
        QVERIFY_THROWS_EXCEPTION(ps::Error, ps::findDivergences(*single, {}));
    }

    void cliTableAndJson()
    {
        overflowCase();
        const QString json = m_dir.filePath(QStringLiteral("ovf/compare.json"));
        writeFile(json,
            "{\"npu_path\": \"" + m_dir.filePath(QStringLiteral("ovf/npu")).toUtf8() + "\", \"bench_path\": \""
                + m_dir.filePath(QStringLiteral("ovf/bench")).toUtf8() + "\", \"is_print_compare_log\": true}");
        Run table = cli({ QStringLiteral("diagnose"), QStringLiteral("-i"), json });
        QCOMPARE(table.exitCode, 0);
        QVERIFY2(table.out.contains(QLatin1String("Functional.linear.0.forward")), qPrintable(table.out));
        QVERIFY(!table.out.contains(QLatin1String("Functional.relu.0.forward")));
        QVERIFY(table.out.contains(QLatin1String("inf")));

        Run r = cli({ QStringLiteral("diagnose"), QStringLiteral("-i"), json, QStringLiteral("--json"),
            QStringLiteral("--tol"), QStringLiteral("float16=1e-4") });
        QCOMPARE(r.exitCode, 0);
        QJsonParseError error;
        QJsonObject doc = QJsonDocument::fromJson(r.out.toUtf8(), &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(r.out));
        QJsonArray graphs = doc[QStringLiteral("graphs")].toArray();
        QCOMPARE(graphs.size(), 1);
        QJsonArray list = graphs[0].toObject()[QStringLiteral("divergences")].toArray();
        QCOMPARE(list.size(), 1);
        QCOMPARE(list[0].toObject()[QStringLiteral("npu_node")].toString(),
            QStringLiteral("Functional.layer_norm.0.forward"));
        QVERIFY(qAbs(list[0].toObject()[QStringLiteral("added")].toDouble() - 0.0005) < 1e-12);

        Run bad = cli({ QStringLiteral("diagnose"), QStringLiteral("-i"), json, QStringLiteral("--tol"),
            QStringLiteral("float16") });
        QCOMPARE(bad.exitCode, 1);
        QVERIFY(bad.err.contains(QLatin1String("DTYPE=VALUE")));
        Run missing = cli({ QStringLiteral("diagnose") });
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.contains(QLatin1String("-i/--input_path")));
        Run noFile
            = cli({ QStringLiteral("diagnose"), QStringLiteral("-i"), m_dir.filePath(QStringLiteral("nope.json")) });
        QCOMPARE(noFile.exitCode, 1);
        QVERIFY(noFile.err.contains(QLatin1String("nope.json")));
    }

    // The whole report in one core call (what the command prints): a run of two steps of two ranks gives one table
    // per graph under its heading, or one JSON list whose graphs start with their step and rank.
    void reportCoversEveryRank()
    {
        const QString old = QDir::currentPath(); // compare.json's relative paths: the working folder first
        QVERIFY(QDir::setCurrent(caseDir("dist_tp_mix_statistics")));
        const auto restore = qScopeGuard([&] { QDir::setCurrent(old); });
        ps::DiagnoseRequest request;
        request.compareJson = "compare.json";
        std::vector<std::string> warnings;
        const auto warn = [&](const std::string& w) { warnings.push_back(w); };
        const QString table = QString::fromStdString(ps::diagnoseReport(request, warn));
        QVERIFY2(table.startsWith(QLatin1String("== step 0, rank 0 ==\nrank  added")), qPrintable(table));
        QVERIFY(table.contains(QLatin1String("\n== step 0, rank 1 ==\n")));
        QVERIFY(table.contains(QLatin1String("\n== step 1, rank 1 ==\n")));
        QVERIFY(table.contains(QLatin1String("Distributed.all_reduce.3.forward")));

        request.json = true;
        const std::string json = ps::diagnoseReport(request, warn);
        QVERIFY(json.starts_with("{\"graphs\": [{\n  \"step\": 0,\n  \"rank\": 0,\n  \"task\": \"summary\","));
        QJsonParseError error;
        const QJsonArray graphs = QJsonDocument::fromJson(QByteArray::fromStdString(json), &error)
                                      .object()[QStringLiteral("graphs")]
                                      .toArray();
        QVERIFY2(error.error == QJsonParseError::NoError, json.c_str());
        QCOMPARE(graphs.size(), 4);
        QCOMPARE(graphs[1].toObject()[QStringLiteral("rank")].toInt(), 1);
        QCOMPARE(graphs[2].toObject()[QStringLiteral("step")].toInt(), 1);
        QVERIFY(!graphs[1].toObject()[QStringLiteral("divergences")].toArray().isEmpty());

        request.compareJson = m_dir.filePath(QStringLiteral("absent.json")).toStdString();
        QVERIFY_THROWS_EXCEPTION(ps::Error, ps::diagnoseReport(request, warn));
    }
};

QTEST_GUILESS_MAIN(TestDiagnose)
#include "tst_diagnose.moc"
