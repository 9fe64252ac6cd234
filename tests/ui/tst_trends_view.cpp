// Issue 21 item 4 in the GUI: the Trends dock over a session of several graphs (steps of mlp_steps_mix_statistics
// compared from its dumps; steps x ranks of msprobe 26.0.0's database of dist_tp_mix_statistics). The model holds
// what ps::computeTrends computes on the same source, the dock is unavailable for one graph, a click on a heatmap
// cell opens that graph at that module, and the job can be cancelled.
#include "analysis/step_trends.h"
#include "models/roles.h"
#include "models/trendsmodel.h"
#include "source/source.h"
#include "testutil.h"

#include "session/analysiscontroller.h"
#include "widgets/sidebysidetreeview.h"
#include "widgets/trendsheatmap.h"
#include "widgets/trendslines.h"
#include "widgets/trendspanel.h"

#include <QAction>
#include <QChart>
#include <QCheckBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineSeries>
#include <QSpinBox>
#include <QTabWidget>
#include <QtTest>

#include <cmath>

using namespace psui;

class TestTrendsView : public QObject {
    Q_OBJECT
private:
    test::WindowFixture m_ui;

    QDockWidget* dock() const { return test::part<QDockWidget>(m_ui.window.get(), QStringLiteral("trendsDock")); }
    TrendsPanel* panel() const { return test::part<TrendsPanel>(m_ui.window.get()); }

    QString mlpSteps() const { return test::caseDir("mlp_steps_mix_statistics") + QStringLiteral("/compare.json"); }
    QString distDb()
    {
        QString db = m_ui.tmp.filePath(QStringLiteral("dist/compare.vis.db"));
        if (!QFileInfo::exists(db))
            unpacked = test::unpackXz(
                test::caseDir("dist_tp_mix_statistics") + QStringLiteral("/ref_26.0.0/compare/compare.vis.db.xz"), db);
        return db;
    }
    bool unpacked = false;

    // Opens `path`, shows the Trends dock and waits for its trends (a shown dock computes them by itself).
    bool openAndCompute(const QString& path)
    {
        QSignalSpy finished(m_ui.session->analysis(), &AnalysisController::trendsFinished);
        if (!m_ui.session->openPaths({ path }, {}) || !test::waitForSession(m_ui.session.get()))
            return false;
        if (!dock()->isVisible())
            dock()->toggleViewAction()->trigger();
        return dock()->isVisible() && test::waitForSignal(finished, 120000) && panel()->model()->trends();
    }

    // The model says what ps::computeTrends says on the same source: graph by graph, module by module.
    static void compareWithCore(const TrendsModel& model, const ps::StepTrends& expected)
    {
        const ps::StepTrends* t = model.trends();
        QVERIFY(t);
        QCOMPARE(model.columnCount(), int(expected.graphs.size()));
        QCOMPARE(model.rowCount(), int(expected.modules.size()));
        QVERIFY(model.rowCount() > 0);
        for (size_t g = 0; g < expected.graphs.size(); ++g) {
            QCOMPARE(t->graphs[g].step, expected.graphs[g].step);
            QCOMPARE(t->graphs[g].rank, expected.graphs[g].rank);
            QCOMPARE(t->graphs[g].errors, expected.graphs[g].errors);
            QCOMPARE(t->graphs[g].firstError, expected.graphs[g].firstError);
        }
        int valued = 0;
        for (int m = 0; m < model.rowCount(); ++m) {
            QCOMPARE(model.moduleName(m), QString::fromStdString(expected.modules[size_t(m)]));
            for (int g = 0; g < model.columnCount(); ++g) {
                const ps::TrendCell& want = expected.cells[size_t(m)][size_t(g)];
                const QModelIndex index = model.index(m, g);
                QCOMPARE(index.data(BinRole).toInt(), want.bin);
                const double badness = index.data(TrendsModel::BadnessRole).toDouble();
                if (want.present() && want.badness >= 0) {
                    QCOMPARE(badness, want.badness);
                    ++valued;
                } else {
                    QVERIFY(std::isnan(badness));
                }
                const QString hex = index.data(TrendsModel::BinColorRole).toString();
                QCOMPARE(hex.isEmpty(), !want.present());
            }
        }
        QVERIFY(valued > 0);
        const size_t first = expected.firstErrorGraph();
        QCOMPARE(model.firstErrorColumn(), first < expected.graphs.size() ? int(first) : -1);
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_ui.start(1280, 800)); }

    void oneGraphHasNoTrends()
    {
        QVERIFY(m_ui.open(test::caseDir("mlp_mix_statistics") + QStringLiteral("/compare.json")));
        QVERIFY(!m_ui.session->analysis()->hasTrends());
        QVERIFY(!dock()->toggleViewAction()->isEnabled());
        QVERIFY(!dock()->isVisible());
        QSignalSpy finished(m_ui.session->analysis(), &AnalysisController::trendsFinished);
        m_ui.session->analysis()->computeTrends(); // refused at once, with a reason
        QCOMPARE(finished.size(), 1);
        QVERIFY(!finished[0][0].value<std::shared_ptr<const ps::StepTrends>>());
        QVERIFY(!finished[0][1].toString().isEmpty());
    }

    void stepsOfDumpsEqualTheCore()
    {
        QSignalSpy progress(m_ui.session->analysis(), &AnalysisController::trendsProgressChanged);
        QVERIFY(openAndCompute(mlpSteps()));
        QVERIFY(dock()->toggleViewAction()->isEnabled());
        QCOMPARE(m_ui.session->jobs().size(), size_t(2));
        QVERIFY(!progress.isEmpty()); // per graph, ending complete
        QCOMPARE(progress.last()[0].toInt(), 1000);

        const ps::Source source = ps::Source::open({ mlpSteps().toStdString() }, {});
        compareWithCore(*panel()->model(), ps::computeTrends(source));

        // Lines: the N worst modules, worst first, plus the first-error mark when a graph has an error.
        TrendsLines* lines = panel()->lines();
        const std::vector<int> worst = panel()->model()->worstModules(size_t(lines->worstCount()->value()));
        QCOMPARE(lines->shownRows(), worst);
        for (int row : worst)
            QVERIFY(lines->seriesOf(row));
        const bool marked = lines->chart()->findChild<QLineSeries*>(QStringLiteral("trendsFirstError")) != nullptr
            || std::any_of(lines->chart()->series().begin(), lines->chart()->series().end(),
                [](QAbstractSeries* s) { return s->objectName() == QStringLiteral("trendsFirstError"); });
        QCOMPARE(marked, panel()->model()->firstErrorColumn() >= 0);
        // Log scale by default (errors span magnitudes), linear when unticked.
        QVERIFY(lines->logScale()->isChecked());
        QCOMPARE(lines->chart()->axes(Qt::Vertical).value(0)->type(), QAbstractAxis::AxisTypeLogValue);
        lines->logScale()->setChecked(false);
        QCOMPARE(lines->chart()->axes(Qt::Vertical).value(0)->type(), QAbstractAxis::AxisTypeValue);
        lines->logScale()->setChecked(true);
        lines->worstCount()->setValue(1);
        QCOMPARE(lines->shownRows().size(), size_t(1));
    }

    void stepsAndRanksOfADatabaseEqualTheCore()
    {
        const QString db = distDb();
        QVERIFY(unpacked);
        QVERIFY(openAndCompute(db));
        QVERIFY(m_ui.session->jobs().size() >= 2);
        const ps::Source source = ps::Source::open({ db.toStdString() }, {});
        compareWithCore(*panel()->model(), ps::computeTrends(source));
        // Another rank of the same source keeps the trends (nothing is recomputed).
        QSignalSpy finished(m_ui.session->analysis(), &AnalysisController::trendsFinished);
        const ps::StepTrends* before = panel()->model()->trends();
        m_ui.session->selectJob(1);
        QVERIFY(test::waitForSession(m_ui.session.get()));
        QVERIFY(test::waitUntilIdle());
        QVERIFY(finished.isEmpty());
        QCOMPARE(panel()->model()->trends(), before);
    }

    void clickOnACellOpensThatGraphAtThatModule()
    {
        QVERIFY(openAndCompute(distDb()));
        m_ui.session->selectJob(0);
        QVERIFY(m_ui.session->currentJob() == 0 || test::waitForSession(m_ui.session.get()));
        QVERIFY(test::waitUntilIdle());
        const TrendsModel* model = panel()->model();
        // The worst module's cell in the last graph (another job than the one shown).
        const int column = model->columnCount() - 1;
        int row = -1;
        for (int r : model->worstModules(size_t(model->rowCount())))
            if (row < 0 && model->cell(r, column).present())
                row = r;
        QVERIFY(row >= 0);
        panel()->tabs()->setCurrentIndex(1);
        TrendsHeatmap* heatmap = panel()->heatmap();
        QSignalSpy changed(m_ui.session.get(), &SessionController::sessionChanged);
        QTest::mouseClick(heatmap, Qt::LeftButton, {}, heatmap->cellRect(row, column).center());
        QVERIFY(test::waitForSignal(changed));
        QVERIFY(test::waitUntilIdle());
        QCOMPARE(m_ui.session->currentJob(), column);
        const NodeId selected = test::part<SideBySideTreeView>(m_ui.window.get())->currentNode(Side::Npu);
        QVERIFY(selected != ps::kNoNode);
        QCOMPARE(
            QString::fromUtf8(m_ui.session->snapshot()->graph(Side::Npu).nameOf(selected)), model->moduleName(row));
    }

    void cancelledTrendsDeliverNothing()
    {
        QVERIFY(m_ui.session->openPaths({ mlpSteps() }, {}));
        QVERIFY(test::waitForSession(m_ui.session.get()));
        QVERIFY(test::waitUntilIdle());
        QSignalSpy finished(m_ui.session->analysis(), &AnalysisController::trendsFinished);
        m_ui.session->analysis()->computeTrends();
        QVERIFY(m_ui.session->isBusy(Channel::Trends));
        m_ui.session->cancel(Channel::Trends);
        QVERIFY(!m_ui.session->isBusy(Channel::Trends));
        QVERIFY(test::waitUntilIdle());
        QVERIFY(finished.isEmpty());
        QCOMPARE(test::part<QLabel>(m_ui.window.get(), QStringLiteral("trendsStatus"))->text(),
            TrendsPanel::tr("Computing the trends was cancelled."));
    }
};

QTEST_MAIN(TestTrendsView)
#include "tst_trends_view.moc"
