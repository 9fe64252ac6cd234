// The viewer with a truth run (Open ▸ Truth run, `probescope --reference`): the real three-run case of
// tests/data/golden/truth_mlp_bf16 (bf16 NPU with one LayerNorm made worse, fp32 bench, fp64 truth). "Colour by:
// Against the truth run" colours the worse LayerNorm alone red, the legend counts the verdicts, the details show
// the three values, and a manual match, which changes the pairs the truth judged, drops the verdicts.
#include "testutil.h"

#include "models/graphtreemodel.h"
#include "models/verdicts.h"
#include "session/analysiscontroller.h"
#include "widgets/legendpanel.h"
#include "widgets/sidebysidetreeview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QtTest>

using namespace psui;

namespace {

QString casePath(const char* side)
{
    return test::caseDir("truth_mlp_bf16") + QLatin1Char('/') + QLatin1String(side);
}

} // namespace

class TestTruthView : public QObject {
    Q_OBJECT

    test::WindowFixture m_ui;

    NodeId npuNode(const char* name) const { return m_ui.session->snapshot()->graph(Side::Npu).find(name); }
    int binOf(const char* name) const { return m_ui.session->snapshot()->rollup(Side::Npu).bin[npuNode(name)]; }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_ui.start(1366, 768));
        OpenRequest request;
        request.npuPath = casePath("npu");
        request.benchPath = casePath("bench");
        request.referencePath = casePath("reference");
        request.options.profile = ps::RulesProfile::Msprobe26;
        m_ui.session->open(request);
        QVERIFY(test::waitForSession(m_ui.session.get()));
        QVERIFY(test::waitUntilIdle());
    }

    void colourByTheTruthRun()
    {
        const auto snap = m_ui.session->snapshot();
        QVERIFY(snap->truth);
        const auto metrics = m_ui.session->colorMetrics();
        QVERIFY(std::find(metrics.begin(), metrics.end(), ps::ColorMetric::Truth) != metrics.end());
        auto* combo = test::part<QComboBox>(m_ui.window.get(), QStringLiteral("colorMetric"));
        QVERIFY(combo);
        const int item = combo->findData(int(ps::ColorMetric::Truth));
        QVERIFY(item >= 0);
        QVERIFY(combo->itemText(item).contains(QStringLiteral("Against the truth run")));

        QSignalSpy updated(m_ui.session.get(), &SessionController::snapshotUpdated);
        combo->setCurrentIndex(item); // as the user picks it
        Q_EMIT combo->activated(item);
        QVERIFY(test::waitForSignal(updated));
        QVERIFY(test::waitUntilIdle());
        QCOMPARE(m_ui.session->snapshot()->metric, ps::ColorMetric::Truth);
        QCOMPARE(binOf("Functional.layer_norm.1.forward"), 3); // npu worse
        QCOMPARE(binOf("Module.blocks.1.norm.LayerNorm.forward.0"), 1); // follows: the worse op is inside
        QCOMPARE(binOf("Functional.linear.5.forward"), 1); // follows: its input came from it
        QCOMPARE(binOf("Functional.linear.4.forward"), 0); // bf16 rounding alone: fine
        // The trees' "Worst inside" column names the verdict.
        GraphTreeModel* model = m_ui.session->model(Side::Npu);
        const QModelIndexList hits = model->match(model->index(0, 0), Qt::DisplayRole,
            QStringLiteral("blocks.1.Block.forward.0"), 1, Qt::MatchRecursive | Qt::MatchContains);
        QVERIFY(!hits.isEmpty());
        QString worst;
        for (int column = 0; column < model->columnCount(); ++column)
            if (model->headerData(column, Qt::Horizontal).toString() == QStringLiteral("Worst inside"))
                worst = model->index(hits[0].row(), column, hits[0].parent()).data().toString();
        QCOMPARE(worst, QStringLiteral("NPU worse"));

        // The legend counts the verdicts in the UI's words.
        QStringList legend;
        for (const QCheckBox* check : m_ui.window->findChildren<QCheckBox*>())
            if (check->isVisibleTo(m_ui.window.get()))
                legend << check->text();
        QVERIFY2(legend.contains(QStringLiteral("NPU worse   (1)")), qPrintable(legend.join(QLatin1Char('|'))));
        QVERIFY(legend.contains(QStringLiteral("both off   (0)")));
    }

    void detailsShowTheThreeValues()
    {
        auto* trees = test::part<SideBySideTreeView>(m_ui.window.get());
        trees->selectNode(Side::Npu, npuNode("Functional.layer_norm.1.forward"));
        QVERIFY(test::waitUntilIdle());
        const auto* header = test::part<QLabel>(m_ui.window.get(), QStringLiteral("detailsHeader"));
        QVERIFY(header);
        QVERIFY2(header->text().contains(QStringLiteral("Against the truth run: NPU worse: NPU error 5.1e-02, bench "
                                                        "error 8.4e-08, NPU floor 1.6e-02")),
            qPrintable(header->text()));
        QVERIFY(header->text().contains(QStringLiteral("Functional.layer_norm.1.forward.output.0")));
        if (const QString shot = qEnvironmentVariable("PROBESCOPE_TEST_GRAB"); !shot.isEmpty())
            m_ui.window->grab().save(shot);
    }

    // A manual match changes the pairs the truth run judged: its verdicts go, msprobe's colours come back.
    void manualMatchDropsTheVerdicts()
    {
        const NodeId n = npuNode("Functional.linear.7.forward");
        const NodeId b = m_ui.session->snapshot()->counterpart(Side::Npu, n);
        QSignalSpy finished(m_ui.session->analysis(), &AnalysisController::matchFinished);
        m_ui.session->analysis()->unmatchNodes(n, b, false);
        QVERIFY(test::waitForSignal(finished));
        QVERIFY(test::waitUntilIdle());
        QVERIFY(!m_ui.session->snapshot()->truth);
        QCOMPARE(m_ui.session->colorMetric(), ps::ColorMetric::Precision);
        QCOMPARE(m_ui.session->snapshot()->metric, ps::ColorMetric::Precision);
        const auto metrics = m_ui.session->colorMetrics();
        QVERIFY(std::find(metrics.begin(), metrics.end(), ps::ColorMetric::Truth) == metrics.end());
        QVERIFY(truthSummary(*m_ui.session->snapshot(), n).isEmpty());
    }
};

QTEST_MAIN(TestTruthView)
#include "tst_truth_view.moc"
