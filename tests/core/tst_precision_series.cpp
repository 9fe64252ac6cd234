// Chart data: the naming rules (pass, layer number, sub-module kind) and, on real msprobe outputs, the series
// against an independent reading of the same .vis (Qt's JSON parser, walking `subnodes` from the root).
#include "analysis/precision_series.h"
#include "vis/vis_reader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

namespace {

const QString kCases = QStringLiteral(PROBESCOPE_CASES "/");

QString casePath(const QString& relative)
{
    const QString path = kCases + relative;
    return QFile::exists(path) ? path : path + QStringLiteral(".gz");
}

struct Expected {
    QString name;
    double precision;
    QString overflow;
    bool nonFinite;
};

// The oracle: NPU nodes with data.precision_index, pre-order from the root through `subnodes`, split by the
// `forward` / `backward` part of the name.
std::array<QList<Expected>, 2> expectedSeries(const QString& path)
{
    const QByteArray text = QByteArray::fromStdString(ps::readMaybeGzipped(path.toStdString()));
    const QJsonObject npu = QJsonDocument::fromJson(text).object().value(QStringLiteral("NPU")).toObject();
    const QJsonObject nodes = npu.value(QStringLiteral("node")).toObject();
    std::array<QList<Expected>, 2> out;
    QStringList stack { npu.value(QStringLiteral("root")).toString() };
    while (!stack.isEmpty()) {
        const QString name = stack.takeLast();
        const QJsonObject node = nodes.value(name).toObject();
        const QJsonObject data = node.value(QStringLiteral("data")).toObject();
        const QStringList parts = name.split(QLatin1Char('.'));
        const int pass = parts.lastIndexOf(QStringLiteral("forward")) > parts.lastIndexOf(QStringLiteral("backward"))
            ? 0
            : (parts.contains(QStringLiteral("backward")) ? 1 : -1);
        if (data.contains(QStringLiteral("precision_index")) && pass >= 0) {
            bool nonFinite = false;
            const QJsonObject outputs = node.value(QStringLiteral("output_data")).toObject();
            for (const QJsonValue& entry : outputs)
                for (const QString& key : { QStringLiteral("Max"), QStringLiteral("Min") }) {
                    const QString v = entry.toObject().value(key).toString().toLower();
                    nonFinite
                        |= v == QStringLiteral("nan") || v == QStringLiteral("inf") || v == QStringLiteral("-inf");
                }
            out[size_t(pass)].append({ name, data.value(QStringLiteral("precision_index")).toDouble(),
                data.value(QStringLiteral("overflow_level")).toString(), nonFinite });
        }
        const QJsonArray kids = node.value(QStringLiteral("subnodes")).toArray();
        for (qsizetype i = kids.size() - 1; i >= 0; --i)
            stack.append(kids[i].toString());
    }
    return out;
}

} // namespace

class TestPrecisionSeries : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void passFromName()
    {
        QCOMPARE(ps::passOfName("Module.fc1.Linear.forward.0"), ps::Pass::Forward);
        QCOMPARE(ps::passOfName("Torch.matmul.3.backward"), ps::Pass::Backward);
        QCOMPARE(ps::passOfName("DefaultModel"), ps::Pass::Other);
        QCOMPARE(ps::passOfName("Apis_Between_Modules.0"), ps::Pass::Other);
    }

    void layerNumbers_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("layer");
        QTest::newRow("gpt2 h.N") << "Module.h.1.attn.c_attn.Linear.forward.0" << 1;
        QTest::newRow("megatron layers.N") << "Module.layers.12.self_attention.query_key_value.Linear.forward.0" << 12;
        QTest::newRow("encoder.layers.N") << "Module.encoder.layers.47.linear1.Linear.backward.0" << 47;
        QTest::newRow("encoder.N") << "Module.encoder.3.Block.forward.0" << 3;
        QTest::newRow("layer.N") << "Module.bert.layer.5.output.dense.Linear.forward.0" << 5;
        QTest::newRow("resnet layer1.0 is not a layer") << "Module.layer1.0.conv1.Conv2d.forward.0" << -1;
        QTest::newRow("api") << "Torch.matmul.0.forward" << -1;
        QTest::newRow("h at the end") << "Module.h" << -1;
    }
    void layerNumbers()
    {
        QFETCH(QString, name);
        QFETCH(int, layer);
        QCOMPARE(ps::layerNumberOfName(name.toStdString()).value_or(-1), layer);
    }

    void kinds_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("kind");
        QTest::newRow("gpt2 attn proj") << "Module.h.0.attn.c_proj.Linear.forward.0"
                                        << "attention";
        QTest::newRow("gpt2 mlp proj") << "Module.h.0.mlp.c_proj.Linear.forward.0"
                                       << "mlp";
        QTest::newRow("rmsnorm") << "Module.h.0.ln_1.RMSNorm.forward.0"
                                 << "norm";
        QTest::newRow("megatron qkv") << "Module.layers.0.self_attention.query_key_value.ColumnParallelLinear.forward.0"
                                      << "attention";
        QTest::newRow("post attention norm") << "Module.layers.0.post_attention_layernorm.RMSNorm.forward.0"
                                             << "norm";
        QTest::newRow("megatron mlp") << "Module.layers.0.mlp.dense_h_to_4h.Linear.forward.0"
                                      << "mlp";
        QTest::newRow("torch encoder linear1") << "Module.encoder.layers.0.linear1.Linear.forward.0"
                                               << "mlp";
        QTest::newRow("torch encoder self_attn") << "Module.encoder.layers.0.self_attn.MultiheadAttention.forward.0"
                                                 << "attention";
        QTest::newRow("layer_norm api") << "Functional.layer_norm.0.forward"
                                        << "norm";
        QTest::newRow("collective") << "Distributed.all_reduce.0.forward"
                                    << "communication";
        QTest::newRow("plain api") << "Torch.matmul.0.forward"
                                   << "other";
        QTest::newRow("block") << "Module.h.0.Block.forward.0"
                               << "other";
    }
    void kinds()
    {
        QFETCH(QString, name);
        QFETCH(QString, kind);
        QCOMPARE(QString::fromLatin1(ps::moduleKindName(ps::moduleKindOfName(name.toStdString()))), kind);
    }

    // Chart series equal the precision values in execution order, with the overflow and NaN markers.
    void seriesMatchTheFile_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("nan with overflow check") << "mlp_nan_mix_statistics/ref_1.2.1/compare_oc/compare.vis";
        QTest::newRow("nan") << "mlp_nan_mix_statistics/ref_1.2.1/compare/compare.vis";
        QTest::newRow("gpt bf16") << "gpt_mix_statistics/ref_1.2.1/compare/compare.vis";
    }
    void seriesMatchTheFile()
    {
        QFETCH(QString, file);
        const QString path = casePath(file);
        QVERIFY2(QFile::exists(path), qPrintable(path));
        const auto doc = ps::readVisFile(path.toStdString());
        const ps::PrecisionSeries series = ps::precisionSeries(*doc.comparison);
        const auto expected = expectedSeries(path);
        const ps::Graph& g = doc.comparison->graph(ps::Side::Npu);
        bool anyNonFinite = false;
        for (ps::Pass pass : { ps::Pass::Forward, ps::Pass::Backward }) {
            const auto& got = series.of(pass);
            const auto& want = expected[size_t(pass)];
            QCOMPARE(qsizetype(got.size()), want.size());
            QVERIFY(!got.empty());
            for (size_t i = 0; i < got.size(); ++i) {
                const ps::PrecisionPoint& p = got[i];
                QCOMPARE(QString::fromStdString(std::string(g.nameOf(p.node))), want[qsizetype(i)].name);
                QCOMPARE(p.order, uint32_t(i));
                QCOMPARE(p.precision, want[qsizetype(i)].precision);
                QCOMPARE(QString::fromLatin1(ps::overflowLevelName(p.overflow)), want[qsizetype(i)].overflow);
                QCOMPARE(p.nonFinite, want[qsizetype(i)].nonFinite);
                anyNonFinite |= p.nonFinite;
            }
        }
        if (file.startsWith(QStringLiteral("mlp_nan")))
            QVERIFY(anyNonFinite); // the injected NaN shows up as markers
    }

    // Per-layer and layer x kind tables: each cell is the maximum over exactly the points it claims.
    void layerTableOnGpt()
    {
        const QString path = casePath(QStringLiteral("gpt_mix_statistics/ref_1.2.1/compare/compare.vis"));
        QVERIFY2(QFile::exists(path), qPrintable(path));
        const auto doc = ps::readVisFile(path.toStdString());
        const ps::Graph& g = doc.comparison->graph(ps::Side::Npu);
        const ps::PrecisionSeries series = ps::precisionSeries(*doc.comparison);
        const ps::LayerTable table = ps::layerTable(series);
        QCOMPARE(table.layers, std::vector<int>({ 0, 1 })); // the tiny GPT has two blocks h.0 and h.1
        for (size_t row = 0; row < table.layers.size(); ++row) {
            for (ps::Pass pass : { ps::Pass::Forward, ps::Pass::Backward }) {
                double worst = -1;
                uint32_t count = 0;
                for (const ps::PrecisionPoint& p : series.of(pass))
                    if (p.layer == table.layers[row]) {
                        worst = std::max(worst, p.precision);
                        ++count;
                    }
                const ps::WorstCell& cell = (pass == ps::Pass::Forward ? table.forward : table.backward)[row];
                QCOMPARE(cell.count, count);
                QCOMPARE(cell.worst, worst);
                QVERIFY(count > 0);
            }
            // Every kind but communication occurs in a GPT block; the APIs inside the attention module
            // (matmul, softmax, masked_fill) count as attention.
            for (ps::ModuleKind k : { ps::ModuleKind::Attention, ps::ModuleKind::Mlp, ps::ModuleKind::Norm })
                QVERIFY(!table.byKind[row][size_t(k)].empty());
            QVERIFY(table.byKind[row][size_t(ps::ModuleKind::Communication)].empty());
        }
        for (const ps::PrecisionPoint& p : series.forward)
            if (g.nameOf(p.node) == "Functional.softmax.0.forward") {
                QCOMPARE(p.kind, ps::ModuleKind::Attention);
                QCOMPARE(p.layer, 0);
            }
    }

    void buildHasNoSeries()
    {
        const QString path = casePath(QStringLiteral("mlp_nan_mix_statistics/ref_1.2.1/build/build.vis"));
        QVERIFY2(QFile::exists(path), qPrintable(path));
        const auto doc = ps::readVisFile(path.toStdString());
        const auto series = ps::precisionSeries(*doc.comparison);
        QVERIFY(series.forward.empty() && series.backward.empty());
        QVERIFY(ps::layerTable(series).empty());
    }
};

QTEST_GUILESS_MAIN(TestPrecisionSeries)
#include "tst_precision_series.moc"
