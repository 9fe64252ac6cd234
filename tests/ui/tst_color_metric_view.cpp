// The metric behind the colours in the viewer: the legend's "Colour by" offers the comparison's metrics, and the
// colours, the legend's rows and counts, its filter and F3 follow the one chosen; the choice is remembered for the
// comparison, and msprobe's own colours come back with their colour-ranges editor.
#include "analysis/color_metric.h"
#include "models/graphtreemodel.h"
#include "models/nodesearch.h"
#include "models/roles.h"
#include "models/verdicts.h"
#include "testutil.h"
#include "widgets/legendpanel.h"
#include "widgets/sidebysidetreeview.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QtTest>

#include <cmath>
#include <set>

using namespace psui;

namespace {

// gpt_mix_statistics under msprobe 26.0.0's rules: its NPU ran some ops in another dtype than the bench, and 26.0.0
// rates every such node an error (Tensor.split.0.forward among them).
const char* kCase = "gpt_mix_statistics";
const char* kDtypeErrorNode = "Tensor.split.0.forward";

} // namespace

class TestColorMetricView : public QObject {
    Q_OBJECT
private:
    test::WindowFixture m_ui;

    bool openCase26()
    {
        ps::EngineOptions options;
        options.profile = ps::RulesProfile::Msprobe26;
        m_ui.session->openPaths({ test::caseDir(kCase) + QStringLiteral("/compare.json") }, options);
        return test::waitForSession(m_ui.session.get(), 120000);
    }

    QComboBox* metricBox() const { return m_ui.window->findChild<QComboBox*>(QStringLiteral("colorMetric")); }

    // Chooses the metric as a user does (the combo box's activation) and waits until the snapshot is coloured by it.
    bool choose(ps::ColorMetric metric)
    {
        QComboBox* box = metricBox();
        const int index = box ? box->findData(int(metric)) : -1;
        if (index < 0)
            return false;
        box->setCurrentIndex(index);
        Q_EMIT box->activated(index);
        QDeadlineTimer deadline(60000);
        while (m_ui.session->snapshot()->metric != metric && !deadline.hasExpired())
            QTest::qWait(10);
        return m_ui.session->snapshot()->metric == metric && test::waitUntilIdle();
    }

    QList<QCheckBox*> binChecks() const
    {
        auto* box = m_ui.window->findChild<QGroupBox*>(QStringLiteral("legendBins"));
        return box->findChildren<QCheckBox*>(QString(), Qt::FindDirectChildrenOnly);
    }

    static QAction* actionWithKey(const test::WindowFixture& ui, const QKeySequence& key)
    {
        for (QAction* a : ui.window->findChildren<QAction*>())
            if (a->shortcut() == key)
                return a;
        return nullptr;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_ui.start(1366, 768));
        QVERIFY(openCase26());
    }

    void offersTheMetricsOfTheComparison()
    {
        QComboBox* box = metricBox();
        QVERIFY(box);
        QVERIFY(box->isVisible());
        QCOMPARE(box->count(), 5); // msprobe's verdict, Max, Mean and Norm relative error, verdict on values alone
        QCOMPARE(box->currentData().toInt(), int(ps::ColorMetric::Precision));
        QVERIFY(box->currentText().contains(QLatin1String("verdict")));
        QVERIFY(m_ui.window->findChild<QPushButton*>(QStringLiteral("editColors"))->isVisible());
    }

    // On values alone the errors for a dtype alone pass (this case has no error left, only warnings); the legend's
    // rows are the new bins with their counts.
    void valueVerdictMovesTheDtypeErrors()
    {
        const auto before = m_ui.session->snapshot();
        const NodeId split = before->graph(Side::Npu).find(kDtypeErrorNode);
        QVERIFY(split != ps::kNoNode);
        QCOMPARE(before->rollup(Side::Npu).bin[split], int8_t(before->worstValueBin()));
        const uint32_t errorsBefore = before->rollup(Side::Npu).binTotals[size_t(before->worstValueBin())];

        QVERIFY(choose(ps::ColorMetric::ValueVerdict));
        const auto snap = m_ui.session->snapshot();
        const SideRollup& npu = snap->rollup(Side::Npu);
        const int worst = snap->worstValueBin();
        QVERIFY(npu.bin[split] < worst); // its other rows only warn
        QVERIFY(binVerdict(*snap, 0) == ps::Verdict::Pass);
        QVERIFY(npu.binTotals[size_t(worst)] < errorsBefore);
        // Errors for their dtype alone now pass.
        std::set<NodeId> dtypeOnly;
        for (NodeId n = 0; n < snap->graph(Side::Npu).size(); ++n)
            if (before->rollup(Side::Npu).bin[n] == before->worstValueBin() && npu.bin[n] == 0)
                dtypeOnly.insert(n);
        QVERIFY(!dtypeOnly.empty());
        // The same ratings as `report --metric value-verdict`.
        const std::vector<double> values = ps::colorMetricValues(*snap->comparison, ps::ColorMetric::ValueVerdict);
        for (NodeId n = 0; n < snap->graph(Side::Npu).size(); ++n)
            if (snap->counterpart(Side::Npu, n) != ps::kNoNode && !std::isnan(values[n]))
                QCOMPARE(int(npu.bin[n]), ps::colorBinOf(snap->bins, values[n]));

        // The legend: one row per bin of the new legend, each with its count.
        const QList<QCheckBox*> checks = binChecks();
        QCOMPARE(size_t(checks.size()), snap->bins.size());
        QVERIFY2(checks[worst]->text().contains(QString::number(npu.binTotals[size_t(worst)])),
            qPrintable(checks[worst]->text()));
        QVERIFY(checks[0]->toolTip().contains(QLatin1String("dtype")));
    }

    // A metric's bands are labelled in its own unit; msprobe's colour-ranges editor is for msprobe's colours. The
    // legend's filter on the worst band lists exactly its nodes, and F3 visits them, not msprobe's errors.
    void aMetricShowsItsBands()
    {
        const auto verdicts = m_ui.session->snapshot();
        QVERIFY(choose(ps::ColorMetric::MeanRelativeErr));
        const auto snap = m_ui.session->snapshot();
        const SideRollup& npu = snap->rollup(Side::Npu);
        const int worst = snap->worstValueBin();
        QVERIFY(npu.binTotals[size_t(worst)] > 0);
        std::set<NodeId> worstByMetric, worstByVerdict;
        for (NodeId n = 0; n < snap->graph(Side::Npu).size(); ++n) {
            if (npu.bin[n] == worst)
                worstByMetric.insert(n);
            if (verdicts->rollup(Side::Npu).bin[n] == verdicts->worstValueBin())
                worstByVerdict.insert(n);
        }
        QVERIFY(worstByMetric != worstByVerdict);
        // The trees say the band of the worst node inside, in the metric's terms; the status bar counts the band.
        const GraphTreeModel& model = *m_ui.session->model(Side::Npu);
        QCOMPARE(model.indexOfNode(*worstByMetric.begin(), WorstColumn).data().toString(), QStringLiteral("≥ 10 %"));
        auto* status = m_ui.window->findChild<QLabel*>(QStringLiteral("statusText"));
        QVERIFY(status);
        QVERIFY2(status->text().contains(QLatin1String("in the worst bin")), qPrintable(status->text()));

        QCOMPARE(snap->bins.size(), size_t(6));
        // The filter on the worst band lists exactly the nodes of that band.
        auto* legend = test::part<LegendPanel>(m_ui.window.get());
        QSignalSpy filtered(legend, &LegendPanel::resultChanged);
        legend->setBinChecked(worst, true);
        QVERIFY(filtered.wait(30000));
        const QueryResult result = filtered.takeLast().at(0).value<QueryResult>();
        QVERIFY(result.sides[0]);
        QCOMPARE(result.sides[0]->hits.size(), size_t(npu.binTotals[size_t(worst)]));
        for (NodeId n : result.sides[0]->hits)
            QCOMPARE(int(npu.bin[n]), worst);
        legend->setBinChecked(worst, false);
        QVERIFY(test::waitUntilIdle());

        // F3 steps to nodes of the worst band (or with NaN / inf).
        QAction* f3 = actionWithKey(m_ui, QKeySequence(Qt::Key_F3));
        QVERIFY(f3);
        std::set<NodeId> visited;
        for (int i = 0; i < 6; ++i) {
            f3->trigger();
            const NodeId at = test::part<SideBySideTreeView>(m_ui.window.get())->currentNode(Side::Npu);
            QVERIFY(at != ps::kNoNode);
            QVERIFY(worstByMetric.count(at) || snap->nonFinite(Side::Npu, at));
            visited.insert(at);
        }
        QVERIFY(!visited.empty());

        const QList<QCheckBox*> checks = binChecks();
        QVERIFY2(checks[0]->text().startsWith(QLatin1String("< 0.01 %")), qPrintable(checks[0]->text()));
        QVERIFY2(checks[4]->text().startsWith(QStringLiteral("≥ 10 %")), qPrintable(checks[4]->text()));
        QVERIFY(!m_ui.window->findChild<QPushButton*>(QStringLiteral("editColors"))->isVisible());
        size_t coloured = 0;
        for (size_t b = 0; b < 5; ++b)
            coloured += snap->rollup(Side::Npu).binTotals[b];
        QVERIFY(coloured > 0);
    }

    // The choice is remembered for this comparison: opened again, it is coloured by it once compared.
    void theChoiceIsRemembered()
    {
        const QString entry = m_ui.session->request().recentEntry();
        QCOMPARE(m_ui.settings->colorMetric(entry), ps::ColorMetric::MeanRelativeErr);
        QVERIFY(openCase26());
        QTRY_COMPARE_WITH_TIMEOUT(m_ui.session->snapshot()->metric, ps::ColorMetric::MeanRelativeErr, 60000);
        QCOMPARE(metricBox()->currentData().toInt(), int(ps::ColorMetric::MeanRelativeErr));
    }

    void msprobesColoursComeBack()
    {
        QVERIFY(choose(ps::ColorMetric::Precision));
        const auto snap = m_ui.session->snapshot();
        QVERIFY(!snap->metricValues);
        QCOMPARE(snap->bins.size(), defaultLegend(ps::CompareMode::Summary, ps::RulesProfile::Msprobe26).size());
        const NodeId split = snap->graph(Side::Npu).find(kDtypeErrorNode);
        QCOMPARE(snap->rollup(Side::Npu).bin[split], int8_t(snap->worstValueBin()));
        QVERIFY(m_ui.window->findChild<QPushButton*>(QStringLiteral("editColors"))->isVisible());
        QCOMPARE(m_ui.settings->colorMetric(m_ui.session->request().recentEntry()), ps::ColorMetric::Precision);
        // A metric the comparison has not is refused.
        QVERIFY(!m_ui.session->setColorMetric(ps::ColorMetric::Cosine).isEmpty());
    }

    // Cancelled before its values came (their delivery waits for the event loop), a metric leaves the colours and
    // the legend's choice as they were.
    void cancellingKeepsTheColours()
    {
        const auto before = m_ui.session->snapshot();
        QCOMPARE(before->metric, ps::ColorMetric::Precision);
        QVERIFY(m_ui.session->setColorMetric(ps::ColorMetric::NormRelativeErr).isEmpty());
        QCOMPARE(m_ui.session->colorMetric(), ps::ColorMetric::NormRelativeErr);
        m_ui.session->cancel(Channel::Colors);
        QCOMPARE(m_ui.session->colorMetric(), ps::ColorMetric::Precision);
        QVERIFY(test::waitUntilIdle());
        QCOMPARE(m_ui.session->snapshot(), before);
        QCOMPARE(metricBox()->currentData().toInt(), int(ps::ColorMetric::Precision));
    }
};

QTEST_MAIN(TestColorMetricView)
#include "tst_color_metric_view.moc"
