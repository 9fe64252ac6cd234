// The Tensor error window on the real-data case mlp_mix_tensor: the details' button opens it for the selected
// output, the numbers come from the session's Tensor job (the worst element is msprobe 1.2.1's MaxAbsErr of that
// output), the histogram has both series over every bucket, the heat map's hover names the block and values, the
// PNG export writes a picture, and a cancelled job leaves no result. Statistics mode shows no button.
#include "testutil.h"

#include "models/nodedetailsmodel.h"
#include "widgets/detailspanel.h"
#include "widgets/errorheatmapview.h"
#include "widgets/sidebysidetreeview.h"
#include "widgets/tensorerrorwindow.h"

#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QHorizontalBarSeries>
#include <QImage>
#include <QMenu>
#include <QPushButton>
#include <QTableView>
#include <QtTest>

#include <cmath>

using namespace psui;

class TestTensorErrorView : public QObject {
    Q_OBJECT

    test::WindowFixture m_ui;

    // Selects `node` on the NPU side and makes the details row of `slot` current; the row, or -1.
    int selectRow(const char* node, const QString& slot)
    {
        const NodeId id = m_ui.session->snapshot()->graph(Side::Npu).find(node);
        if (id == ps::kNoNode)
            return -1;
        test::part<SideBySideTreeView>(m_ui.window.get())->selectNode(Side::Npu, id);
        auto* details = test::part<DetailsPanel>(m_ui.window.get());
        QTest::qWait(50);
        for (int row = 0; row < details->model()->rowCount(); ++row)
            if (details->model()->tensorFilesOf(row).slot == slot) {
                details->table()->setCurrentIndex(details->model()->index(row, 0));
                return row;
            }
        return -1;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_ui.start(1366, 768));
        QVERIFY(m_ui.open(test::caseDir("mlp_mix_tensor") + QStringLiteral("/compare.json")));
    }

    void buttonOpensTheWindow()
    {
        const int row = selectRow("Functional.linear.2.forward", QStringLiteral("output.0"));
        QVERIFY(row >= 0);
        auto* details = test::part<DetailsPanel>(m_ui.window.get());
        auto* button = details->findChild<QPushButton*>(QStringLiteral("tensorErrorButton"));
        QVERIFY(button && button->isVisible());
        QVERIFY(button->isEnabled());
        const TensorErrorRequest request = details->tensorErrorRequest();
        QVERIFY(request.npuPath.endsWith(QStringLiteral("/npu/step0/rank/dump_tensor_data/"
                                                        "Functional.linear.2.forward.output.0.pt")));
        QVERIFY(request.benchPath.endsWith(QStringLiteral("/bench/step0/rank/dump_tensor_data/"
                                                          "Functional.linear.2.forward.output.0.pt")));
        // Either row of the pair asks for the same files: the bench row is the one after the NPU's.
        QCOMPARE(details->model()->tensorFilesOf(row + 1).npuPath, request.npuPath);

        QTest::mouseClick(button, Qt::LeftButton);
        auto* window = test::part<TensorErrorWindow>(m_ui.window.get());
        QVERIFY(window);
        QSignalSpy computed(window, &TensorErrorWindow::computed);
        QVERIFY(window->isComputing() || !computed.isEmpty() || window->result());
        QVERIFY(test::waitForSignal(computed) || window->result());
        QVERIFY(window->isVisible());
        QVERIFY2(window->result(), qPrintable(window->errorText()));
        const ps::TensorError& e = window->result()->error;
        QCOMPARE(e.elements, int64_t(20));
        // msprobe 1.2.1 logged MaxAbsErr 0.008479893208 for this output.
        QVERIFY(std::fabs(e.worstAbs.absError - 0.008479893208) < 1e-12);
        QVERIFY(window->summaryText().contains(QStringLiteral("[0, 1]")));
        QVERIFY(window->windowTitle().contains(QStringLiteral("Functional.linear.2.forward")));

        // The histogram: two series over all twenty buckets, the counts of the result.
        auto* series = qobject_cast<QHorizontalBarSeries*>(window->histogram()->chart()->series().value(0));
        QVERIFY(series);
        QCOMPARE(series->count(), 2);
        QCOMPARE(series->barSets()[0]->count(), int(ps::kErrorBucketCount));
        double total = 0;
        for (int b = 0; b < series->barSets()[1]->count(); ++b)
            total += series->barSets()[1]->at(b);
        QCOMPARE(total, 20.0);

        // The heat map: 2 x 10 cells, the worst one darkest, its tooltip naming the element and both values.
        ErrorHeatMapView* heat = window->heatMap();
        QCOMPARE(heat->cellAt(heat->mapRect().topLeft()), QPoint(0, 0));
        const QString tip = heat->toolTipOf(0, 1);
        QVERIFY2(
            tip.contains(QStringLiteral("[0, 1]")) && tip.contains(QStringLiteral("NPU 0.32351")), qPrintable(tip));
        QVERIFY(heat->scaleHigh() >= e.worstAbs.absError && heat->scaleLow() <= e.worstAbs.absError);
        const QColor worst = heat->colorOf(e.heatMap.at(0, 1));
        for (const ps::ErrorCell& cell : e.heatMap.cells)
            QVERIFY(heat->colorOf(cell).lightness() >= worst.lightness());
        auto* measure = window->findChild<QComboBox*>(QStringLiteral("tensorErrorMeasure"));
        measure->setCurrentIndex(1);
        QCOMPARE(heat->measure(), ErrorHeatMapView::Measure::Relative);
        QVERIFY(heat->scaleHigh() >= e.worstRel.relError);

        // Export.
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("tensor.png"));
        QVERIFY(window->exportPng(png));
        const QImage image(png);
        QVERIFY(!image.isNull() && image.width() > 300 && image.height() > 200);
        QVERIFY(!window->exportPng(dir.filePath(QStringLiteral("missing/folder/tensor.png"))));
    }

    void toleranceIsSettable()
    {
        auto* window = test::part<TensorErrorWindow>(m_ui.window.get());
        QVERIFY(window && window->result());
        const ps::TensorFilesError before = *window->result();
        QCOMPARE(before.error.tolerance.rtol, 1.3e-6); // float32's default
        QVERIFY(!window->applyTolerance(QStringLiteral("-1"), QStringLiteral("0")));
        QVERIFY(!window->applyTolerance(QStringLiteral("x"), QStringLiteral("0")));
        QSignalSpy computed(window, &TensorErrorWindow::computed);
        QVERIFY(window->applyTolerance(QStringLiteral("0.05"), QStringLiteral("0")));
        QVERIFY(test::waitForSignal(computed));
        QVERIFY(window->result());
        const ps::TensorError& e = window->result()->error;
        QCOMPARE(e.tolerance.rtol, 0.05);
        QCOMPARE(e.tolerance.atol, 0.0);
        // The same count as the engine's on the same files, fewer than with float32's tolerance.
        ps::TensorFilesRequest direct;
        direct.npuPath = window->result()->npuPath;
        direct.benchPath = window->result()->benchPath;
        direct.rtol = 0.05;
        direct.atol = 0.0;
        QCOMPARE(e.beyondTolerance, ps::compareTensorFiles(direct).error.beyondTolerance);
        QVERIFY(e.beyondTolerance < before.error.beyondTolerance);
        QCOMPARE(e.worstAbs.flatIndex, before.error.worstAbs.flatIndex); // the rest does not change
        QVERIFY(window->summaryText().contains(QStringLiteral("0 + 0.05 ×")));
    }

    void contextMenuOpensTheWindow()
    {
        auto* details = test::part<DetailsPanel>(m_ui.window.get());
        const int row = selectRow("Functional.linear.2.forward", QStringLiteral("input.0"));
        QVERIFY(row >= 0);
        auto* window = test::part<TensorErrorWindow>(m_ui.window.get());
        QSignalSpy computed(window, &TensorErrorWindow::computed);
        bool triggered = false;
        QTimer::singleShot(100, this, [&triggered]() {
            auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
            auto* action = menu ? menu->findChild<QAction*>(QStringLiteral("tensorErrorAction")) : nullptr;
            if (action && action->isEnabled()) {
                triggered = true;
                action->trigger();
            }
            if (menu)
                menu->close();
        });
        const QRect cell = details->table()->visualRect(details->model()->index(row, 0));
        Q_EMIT details->table()->customContextMenuRequested(cell.center());
        QVERIFY(triggered);
        QVERIFY(test::waitForSignal(computed));
        QVERIFY(window->result());
        QVERIFY(window->windowTitle().endsWith(QStringLiteral("input.0")));
        QCOMPARE(window->result()->error.shape, (std::vector<int64_t> { 2, 64 }));
    }

    void cancelledJobLeavesNoResult()
    {
        auto* window = test::part<TensorErrorWindow>(m_ui.window.get());
        QVERIFY(window);
        const TensorErrorRequest request = test::part<DetailsPanel>(m_ui.window.get())->tensorErrorRequest();
        QVERIFY(!request.npuPath.isEmpty());
        window->compute(request);
        QVERIFY(window->isComputing());
        m_ui.session->cancel(Channel::Tensor); // before the worker's result can be delivered
        QVERIFY(!window->isComputing());
        QVERIFY(!window->result());
        QVERIFY(test::waitUntilIdle());
        QVERIFY(!window->result()); // the dropped result never arrives
    }

    void unreadableFileIsNamed()
    {
        auto* window = test::part<TensorErrorWindow>(m_ui.window.get());
        QSignalSpy computed(window, &TensorErrorWindow::computed);
        const QString missing = QDir::temp().filePath(QStringLiteral("probescope_no_such_tensor.pt"));
        TensorErrorRequest request;
        request.npuPath = request.benchPath = missing;
        request.label = QStringLiteral("missing");
        window->compute(request);
        QVERIFY(test::waitForSignal(computed));
        QVERIFY(!window->result());
        QVERIFY2(window->errorText().contains(missing), qPrintable(window->errorText()));
    }

    void noButtonInStatisticsMode()
    {
        test::WindowFixture statistics;
        QVERIFY(statistics.start(1000, 700));
        QVERIFY(statistics.open(test::caseDir("mlp_mix_statistics") + QStringLiteral("/compare.json")));
        const NodeId id = statistics.session->snapshot()->graph(Side::Npu).find("Functional.linear.2.forward");
        QVERIFY(id != ps::kNoNode);
        test::part<SideBySideTreeView>(statistics.window.get())->selectNode(Side::Npu, id);
        auto* details = test::part<DetailsPanel>(statistics.window.get());
        details->table()->setCurrentIndex(details->model()->index(0, 0));
        QVERIFY(!details->findChild<QPushButton*>(QStringLiteral("tensorErrorButton"))->isVisible());
        QVERIFY(details->tensorErrorRequest().npuPath.isEmpty());
    }
};

QTEST_MAIN(TestTensorErrorView)
#include "tst_tensor_error_view.moc"
