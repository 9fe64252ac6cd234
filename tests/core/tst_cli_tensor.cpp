// `probescope-cli tensor NPU BENCH` as a user runs it: on the real tensors of the msprobe case mlp_mix_tensor its
// worst element agrees with the MaxAbsErr and MaxRelativeErr msprobe 1.2.1 logged for the same files; .npy files
// with NaN and inf; unreadable files and mismatched shapes end with exit code 1 and the file named; bad arguments
// with exit code 2.
#include "cli_run.h"
#include "tensor_files.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <limits>

namespace {

using clirun::cli;
using clirun::Run;

QString caseTensor(const char* side, const char* name)
{
    return QStringLiteral(PROBESCOPE_CASES "/mlp_mix_tensor/%1/step0/rank/dump_tensor_data/%2.pt")
        .arg(QLatin1String(side), QLatin1String(name));
}

QJsonObject jsonOf(const Run& r)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError)
        qWarning() << "not JSON:" << error.errorString() << r.out.left(200);
    return doc.object();
}

qint64 sum(const QJsonArray& counts)
{
    qint64 total = 0;
    for (const auto& v : counts)
        total += v.toInteger();
    return total;
}

} // namespace

class TestCliTensor : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void realTensorsAgreeWithMsprobe()
    {
        // The head's output [2, 10]: msprobe 1.2.1 logged MaxAbsErr 0.008479893208, MaxRelativeErr 0.264154881239
        // (computed in float32; ProbeScope's relative error is in double).
        const QString npu = caseTensor("npu", "Functional.linear.2.forward.output.0");
        const QString bench = caseTensor("bench", "Functional.linear.2.forward.output.0");
        const Run r = cli({ QStringLiteral("tensor"), npu, bench, QStringLiteral("--json") });
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = jsonOf(r);
        QCOMPARE(o[QLatin1String("shape")].toArray(), (QJsonArray { 2, 10 }));
        QCOMPARE(o[QLatin1String("elements")].toInt(), 20);
        QCOMPARE(o[QLatin1String("npu_dtype")].toString(), QStringLiteral("float32"));
        const QJsonObject worstAbs = o[QLatin1String("worst_abs")].toObject();
        QVERIFY(std::fabs(worstAbs[QLatin1String("abs_error")].toDouble() - 0.008479893208) < 1e-12);
        QCOMPARE(worstAbs[QLatin1String("index")].toArray(), (QJsonArray { 0, 1 }));
        QCOMPARE(worstAbs[QLatin1String("abs_error")].toDouble(),
            std::fabs(worstAbs[QLatin1String("npu")].toDouble() - worstAbs[QLatin1String("bench")].toDouble()));
        const QJsonObject worstRel = o[QLatin1String("worst_rel")].toObject();
        QVERIFY(std::fabs(worstRel[QLatin1String("rel_error")].toDouble() - 0.264154881239) < 1e-7);
        // msprobe's One Thousandth Err Ratio is 0.0: no element has a relative error below 1e-3.
        const QJsonObject histogram = o[QLatin1String("histogram")].toObject();
        const QJsonArray rel = histogram[QLatin1String("rel")].toArray();
        const QJsonArray buckets = histogram[QLatin1String("buckets")].toArray();
        QCOMPARE(buckets.size(), rel.size());
        const qsizetype firstAtMilli = buckets.toVariantList().indexOf(QStringLiteral("[1e-03,1e-02)"));
        QVERIFY(firstAtMilli > 0);
        for (qsizetype b = 0; b < firstAtMilli; ++b)
            QCOMPARE(rel[b].toInt(), 0);
        QCOMPARE(sum(rel), qint64(20));
        QCOMPARE(sum(histogram[QLatin1String("abs")].toArray()), qint64(20));
        // Float32 against float32, torch's tolerance 1.3e-6 / 1e-5: every element of this run is beyond it.
        QCOMPARE(o[QLatin1String("beyond_tolerance")].toInt(), 20);
        const QJsonObject heat = o[QLatin1String("heat_map")].toObject();
        QCOMPARE(heat[QLatin1String("rows")].toInt(), 2);
        QCOMPARE(heat[QLatin1String("columns")].toInt(), 10);
        QCOMPARE(heat[QLatin1String("max_abs")].toArray()[0].toArray()[1].toDouble(),
            worstAbs[QLatin1String("abs_error")].toDouble());

        // The same numbers as text; a looser tolerance changes the share.
        const Run text = cli({ QStringLiteral("tensor"), npu, bench, QStringLiteral("--rtol"), QStringLiteral("0.05"),
            QStringLiteral("--atol"), QStringLiteral("0") });
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains(QStringLiteral("max abs error at [0, 1]: NPU ")), qPrintable(text.out));
        QVERIFY(text.out.contains(QStringLiteral("tolerance: |NPU - bench| > 0.0 + 0.05 * |bench|")));
        QVERIFY(text.out.contains(QStringLiteral("elements: 20, both finite: 20")));
        QVERIFY(!text.out.contains(QStringLiteral("beyond tolerance: 20 of 20")));
    }

    void realWeightAgreesWithMsprobe()
    {
        // fc1's weight [64, 32]: msprobe 1.2.1 logged MaxAbsErr 0.003266915679, MaxRelativeErr 8.040076255798.
        const Run r
            = cli({ QStringLiteral("tensor"), caseTensor("npu", "Module.fc1.Linear.forward.0.parameters.weight"),
                caseTensor("bench", "Module.fc1.Linear.forward.0.parameters.weight"), QStringLiteral("--json") });
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = jsonOf(r);
        QVERIFY(
            std::fabs(o[QLatin1String("worst_abs")].toObject()[QLatin1String("abs_error")].toDouble() - 0.003266915679)
            < 1e-12);
        QVERIFY(
            std::fabs(o[QLatin1String("worst_rel")].toObject()[QLatin1String("rel_error")].toDouble() - 8.040076255798)
            < 1e-5);
        QCOMPARE(o[QLatin1String("heat_map")].toObject()[QLatin1String("max_abs")].toArray().size(), 64);
    }

    void npyWithNanAndInf()
    {
        QTemporaryDir dir;
        const std::string d = dir.path().toStdString();
        const float nan = std::numeric_limits<float>::quiet_NaN();
        const float inf = std::numeric_limits<float>::infinity();
        QVERIFY(tensorfiles::writeNpy(
            d, "npu.npy", tensorfiles::kFloat32, { 2, 2 }, tensorfiles::floats({ 1, nan, inf, 5 })));
        QVERIFY(tensorfiles::writeNpy(
            d, "bench.npy", tensorfiles::kFloat32, { 2, 2 }, tensorfiles::floats({ 1, 2, inf, 4 })));
        const Run r = cli({ QStringLiteral("tensor"), dir.filePath(QStringLiteral("npu.npy")),
            dir.filePath(QStringLiteral("bench.npy")), QStringLiteral("--json") });
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = jsonOf(r);
        QCOMPARE(o[QLatin1String("npu_nan")].toInt(), 1);
        QCOMPARE(o[QLatin1String("npu_inf")].toInt(), 1);
        QCOMPARE(o[QLatin1String("bench_inf")].toInt(), 1);
        QCOMPARE(o[QLatin1String("non_finite_mismatch")].toInt(), 1);
        QCOMPARE(o[QLatin1String("beyond_tolerance")].toInt(), 2); // the NaN, and 5 against 4
        QCOMPARE(o[QLatin1String("worst_abs")].toObject()[QLatin1String("index")].toArray(), (QJsonArray { 1, 1 }));
        QCOMPARE(o[QLatin1String("heat_map")].toObject()[QLatin1String("non_finite")].toArray()[0].toArray(),
            (QJsonArray { 0, 1 }));
    }

    void clearErrors()
    {
        const QString npu = caseTensor("npu", "Module.fc1.Linear.forward.0.parameters.weight");
        const QString bias = caseTensor("bench", "Module.fc1.Linear.forward.0.parameters.bias");
        Run r = cli({ QStringLiteral("tensor"), npu, bias });
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(npu) && r.err.contains(bias)
                && r.err.contains(QStringLiteral("the shapes differ: NPU [64, 32], bench [64]")),
            qPrintable(r.err));
        const QString broken = QStringLiteral(PROBESCOPE_TEST_DATA "/tensor/generated/err_truncated.pt");
        r = cli({ QStringLiteral("tensor"), broken, npu });
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.startsWith(QStringLiteral("probescope-cli: error: ") + broken + QStringLiteral(": ")),
            qPrintable(r.err));
        r = cli({ QStringLiteral("tensor"), npu, QStringLiteral("/nonexistent/bench.pt") });
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains(QStringLiteral("/nonexistent/bench.pt")));
        QVERIFY(r.out.isEmpty());
        r = cli({ QStringLiteral("tensor"), npu });
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("tensor takes two tensor files")));
        r = cli({ QStringLiteral("tensor"), npu, npu, QStringLiteral("--rtol"), QStringLiteral("-1") });
        QCOMPARE(r.exitCode, 2);
        r = cli({ QStringLiteral("tensor"), npu, npu, QStringLiteral("--atol"), QStringLiteral("x") });
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("argument --atol")));
        r = cli({ QStringLiteral("--help") });
        QVERIFY(r.out.contains(QStringLiteral("probescope-cli tensor NPU_TENSOR BENCH_TENSOR")));
    }
};

QTEST_APPLESS_MAIN(TestCliTensor)
#include "tst_cli_tensor.moc"
