// Offscreen widget tests on the real main window: open the bundled example (and real msprobe cases), select a red
// node, check the counterpart and details, search, filter, export a .vis equal to the CLI's, fail gracefully.
#include "models/nodedetailsmodel.h"
#include "models/nodefilterproxy.h"
#include "models/roles.h"
#include "session/analysiscontroller.h"
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "testutil.h"
#include "widgets/callerpanel.h"
#include "widgets/detailspanel.h"
#include "widgets/legendpanel.h"
#include "widgets/mainwindow.h"
#include "widgets/searchbar.h"
#include "widgets/sidebysidetreeview.h"
#include "widgets/stackpanel.h"

#include <QComboBox>
#include <QDropEvent>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMimeData>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QTreeView>
#include <QTreeWidget>

using namespace psui;

class TestMainWindow : public QObject {
    Q_OBJECT
private:
    test::WindowFixture m_ui;

    QString runCliVis(const QString& compareJson, const QString& outDir)
    {
        QProcess cli;
        cli.setWorkingDirectory(QFileInfo(compareJson).absolutePath());
        cli.start(QStringLiteral(PROBESCOPE_CLI),
            { QStringLiteral("graph"), QStringLiteral("-i"), compareJson, QStringLiteral("-o"), outDir });
        if (!cli.waitForFinished(120000) || cli.exitCode() != 0)
            return {};
        const QStringList files = QDir(outDir).entryList({ QStringLiteral("*.vis") }, QDir::Files);
        return files.isEmpty() ? QString() : QDir(outDir).filePath(files.first());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_ui.start(1400, 900));
        QVERIFY(!MainWindow::exampleDirectory().isEmpty());
        m_ui.window->openExample();
        QVERIFY(test::waitForSession(m_ui.session.get()));
        QVERIFY(m_ui.session->snapshot());
    }

    void selectRedNodeShowsCounterpartAndDetails()
    {
        auto snap = m_ui.session->snapshot();
        QTest::keyClick(m_ui.window.get(), Qt::Key_F3);
        const NodeId npu = test::part<SideBySideTreeView>(m_ui.window.get())->currentNode(Side::Npu);
        QVERIFY(npu != ps::kNoNode);
        QCOMPARE(int(snap->rollup(Side::Npu).bin[npu]), snap->worstValueBin());
        // The counterpart is selected and revealed on the bench side.
        const NodeId bench = test::part<SideBySideTreeView>(m_ui.window.get())->currentNode(Side::Bench);
        QCOMPARE(bench, snap->counterpart(Side::Npu, npu));
        QTreeView* benchView = test::part<SideBySideTreeView>(m_ui.window.get())->view(Side::Bench);
        QVERIFY(benchView->visualRect(benchView->currentIndex()).isValid());
        // Details and stack follow.
        QVERIFY(test::part<DetailsPanel>(m_ui.window.get())->model()->rowCount() > 0);
        QVERIFY(test::part<DetailsPanel>(m_ui.window.get())
                    ->headerText()
                    .contains(QString::fromUtf8(snap->graph(Side::Npu).nameOf(npu))));
        QVERIFY(!test::part<StackPanel>(m_ui.window.get())->text(Side::Npu).isEmpty());
        // Selecting on the bench side selects the NPU counterpart back.
        test::part<SideBySideTreeView>(m_ui.window.get())->selectNode(Side::Bench, bench);
        QCOMPARE(test::part<SideBySideTreeView>(m_ui.window.get())->currentNode(Side::Npu), npu);
    }

    void redNodeDetailsHighlightTheBadMetric()
    {
        auto snap = m_ui.session->snapshot();
        const NodeId red = snap->graph(Side::Npu).find("Module.norm1.LayerNorm.forward.0");
        m_ui.window->jumpTo(Side::Npu, red);
        QCOMPARE(test::part<SideBySideTreeView>(m_ui.window.get())->currentNode(Side::Npu), red);
        QVERIFY(test::part<DetailsPanel>(m_ui.window.get())->model()->suspiciousCellCount() >= 1);
    }

    void mirroredExpansion()
    {
        auto snap = m_ui.session->snapshot();
        const NodeId npu = snap->graph(Side::Npu).find("Module.fc1.Linear.forward.0");
        const NodeId bench = snap->counterpart(Side::Npu, npu);
        QTreeView* nv = test::part<SideBySideTreeView>(m_ui.window.get())->view(Side::Npu);
        QTreeView* bv = test::part<SideBySideTreeView>(m_ui.window.get())->view(Side::Bench);
        nv->expand(test::part<SideBySideTreeView>(m_ui.window.get())->proxy(Side::Npu)->indexOfNode(npu));
        QVERIFY(
            bv->isExpanded(test::part<SideBySideTreeView>(m_ui.window.get())->proxy(Side::Bench)->indexOfNode(bench)));
        nv->collapse(test::part<SideBySideTreeView>(m_ui.window.get())->proxy(Side::Npu)->indexOfNode(npu));
        QVERIFY(
            !bv->isExpanded(test::part<SideBySideTreeView>(m_ui.window.get())->proxy(Side::Bench)->indexOfNode(bench)));
    }

    void searchIsDebouncedAndHighlights()
    {
        QSignalSpy finished(m_ui.session.get(), &SessionController::searchFinished);
        QLineEdit* edit = test::part<SearchBar>(m_ui.window.get())->lineEdit();
        QTest::keyClicks(edit, QStringLiteral("relu"));
        QVERIFY(finished.isEmpty()); // debounced: nothing before 300 ms
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 5000);
        const auto result = finished.first().first().value<QueryResult>();
        QVERIFY(result.hitCount() >= 2);
        auto* count = test::part<SearchBar>(m_ui.window.get())->findChild<QLabel*>(QStringLiteral("hitCount"));
        QVERIFY(count->text().contains(QString::number(result.hitCount())));
        // The first hit is current and highlighted.
        const NodeId current = test::part<SideBySideTreeView>(m_ui.window.get())->currentNode(Side::Npu);
        QVERIFY(QString::fromUtf8(m_ui.session->snapshot()->graph(Side::Npu).nameOf(current))
                    .contains(QStringLiteral("relu"), Qt::CaseInsensitive));
        QVERIFY(
            test::part<SideBySideTreeView>(m_ui.window.get())->view(Side::Npu)->currentIndex().data(HitRole).toBool());
        edit->clear();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 5000);
    }

    void filterByWorstBin()
    {
        auto snap = m_ui.session->snapshot();
        QSignalSpy finished(m_ui.session.get(), &SessionController::filterFinished);
        test::part<LegendPanel>(m_ui.window.get())->setBinChecked(snap->worstValueBin(), true);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 5000);
        const auto result = finished.first().first().value<QueryResult>();
        QCOMPARE(
            result.sides[0]->hits.size(), size_t(snap->rollup(Side::Npu).binTotals[size_t(snap->worstValueBin())]));
        test::part<LegendPanel>(m_ui.window.get())->setBinChecked(snap->worstValueBin(), false);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 5000);
    }

    void callerPanelGroupsRedNodes()
    {
        QVERIFY(test::part<CallerPanel>(m_ui.window.get())->tree()->topLevelItemCount() >= 1);
    }

    void exportEqualsCli()
    {
        QTemporaryDir out;
        const QString path = out.filePath(QStringLiteral("exported.vis"));
        QSignalSpy finished(m_ui.session->analysis(), &AnalysisController::exportFinished);
        m_ui.session->analysis()->exportVis(path);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
        QCOMPARE(finished.first().at(1).toString(), QString());
        QCOMPARE(QFile::permissions(path) & 0x7777,
            QFile::ReadOwner | QFile::WriteOwner | QFile::ReadUser | QFile::WriteUser | QFile::ReadGroup);
        const QString cli
            = runCliVis(test::exampleDir() + QStringLiteral("/compare.json"), out.filePath(QStringLiteral("cli")));
        QVERIFY2(!cli.isEmpty(), "the CLI did not produce a .vis");
        QFile a(path), b(cli);
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QCOMPARE(a.readAll(), b.readAll());
        QProcess score;
        score.start(QStringLiteral("python3"), { QStringLiteral(PROBESCOPE_VIS_COMPARE), cli, path });
        if (score.waitForFinished(60000))
            QCOMPARE(score.exitCode(), 0);
    }

    void exportRefusesVisNextToVisDb()
    {
        QTemporaryDir out;
        QFile db(out.filePath(QStringLiteral("run.vis.db")));
        QVERIFY(db.open(QIODevice::WriteOnly));
        db.close();
        QSignalSpy finished(m_ui.session->analysis(), &AnalysisController::exportFinished);
        m_ui.session->analysis()->exportVis(out.filePath(QStringLiteral("x.vis")));
        QCOMPARE(finished.size(), 1);
        QVERIFY(finished.first().at(1).toString().contains(QStringLiteral("run.vis.db")));
        QVERIFY(!QFileInfo::exists(out.filePath(QStringLiteral("x.vis"))));
    }

    void failedLoadKeepsTheSession()
    {
        auto before = m_ui.session->snapshot();
        QTemporaryDir empty;
        QSignalSpy failed(m_ui.session.get(), &SessionController::loadFailed);
        OpenRequest r;
        r.npuPath = empty.path();
        m_ui.session->open(r);
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 30000);
        QVERIFY(!failed.first().first().toString().isEmpty());
        QCOMPARE(m_ui.session->snapshot(), before);
        QCOMPARE(test::part<SideBySideTreeView>(m_ui.window.get())->view(Side::Npu)->model()->rowCount(), 1);
        QTRY_VERIFY(m_ui.window->findChild<QWidget*>(QStringLiteral("errorBox")));
        m_ui.window->findChild<QWidget*>(QStringLiteral("errorBox"))->close();
    }

    void latestRequestWins()
    {
        QSignalSpy changed(m_ui.session.get(), &SessionController::sessionChanged);
        OpenRequest bad;
        bad.npuPath = m_ui.tmp.path();
        m_ui.session->open(bad); // superseded at once
        m_ui.window->openExample();
        QTRY_COMPARE_WITH_TIMEOUT(changed.size(), 1, 60000);
        QVERIFY(test::waitUntilIdle()); // the superseded request's result, if any, has been delivered and dropped
        QCOMPARE(changed.size(), 1);
        QVERIFY(m_ui.session->snapshot());
    }

    void opensARealCase()
    {
        const QString path = test::caseDir("resnet18_mix_statistics") + QStringLiteral("/compare.json");
        QVERIFY2(QFileInfo::exists(path), qPrintable(path));
        QVERIFY(m_ui.session->openPaths({ path }, {}));
        QVERIFY(test::waitForSession(m_ui.session.get()));
        auto snap = m_ui.session->snapshot();
        m_ui.window->nextSuspicious(1);
        const NodeId npu = test::part<SideBySideTreeView>(m_ui.window.get())->currentNode(Side::Npu);
        QVERIFY(npu != ps::kNoNode);
        QCOMPARE(test::part<SideBySideTreeView>(m_ui.window.get())->currentNode(Side::Bench),
            snap->counterpart(Side::Npu, npu));
        QVERIFY(test::part<DetailsPanel>(m_ui.window.get())->model()->rowCount() > 0);
    }

    void batchLayoutHasStepSelector()
    {
        const QString path = test::caseDir("mlp_steps_mix_statistics") + QStringLiteral("/compare.json");
        QVERIFY2(QFileInfo::exists(path), qPrintable(path));
        QVERIFY(m_ui.session->openPaths({ path }, {}));
        QVERIFY(test::waitForSession(m_ui.session.get()));
        QCOMPARE(m_ui.session->jobLabels().size(), 2);
        QCOMPARE(test::part<QComboBox>(m_ui.window.get(), QStringLiteral("jobSelector"))->count(), 2);
        QVERIFY(test::part<QComboBox>(m_ui.window.get(), QStringLiteral("jobSelector"))
                    ->itemText(1)
                    .startsWith(QStringLiteral("step1")));
        m_ui.session->selectJob(1);
        QVERIFY(test::waitForSession(m_ui.session.get()));
        QCOMPARE(m_ui.session->currentJob(), 1);
        QCOMPARE(test::part<QComboBox>(m_ui.window.get(), QStringLiteral("jobSelector"))->currentIndex(), 1);
    }

    void openVisFileShowsTheSameColours()
    {
        const QString path = test::caseDir("mlp_mix_statistics") + QStringLiteral("/ref_1.2.1/compare/compare.vis.gz");
        QVERIFY2(QFileInfo::exists(path), qPrintable(path));
        auto computed = test::loadSnapshot(test::exampleDir() + QStringLiteral("/compare.json"));
        QVERIFY(m_ui.session->openPaths({ path }, {}));
        QVERIFY(test::waitForSession(m_ui.session.get()));
        auto snap = m_ui.session->snapshot();
        QVERIFY(snap->comparison->isCompare);
        QCOMPARE(snap->rollup(Side::Npu).binTotals, computed->rollup(Side::Npu).binTotals);
        QCOMPARE(snap->rollup(Side::Bench).unmatched, computed->rollup(Side::Bench).unmatched);
    }

    void languageSwitchRetranslates()
    {
        QTranslator zh;
        QVERIFY(zh.load(QStringLiteral(":/i18n/probescope_zh_CN.qm")));
        QCoreApplication::installTranslator(&zh);
        QTRY_COMPARE(m_ui.window->menuBar()->actions().first()->text(), QStringLiteral("文件(&F)"));
        QCOMPARE(test::part<SideBySideTreeView>(m_ui.window.get())
                     ->view(Side::Npu)
                     ->model()
                     ->headerData(0, Qt::Horizontal)
                     .toString(),
            QStringLiteral("NPU 节点"));
        QCoreApplication::removeTranslator(&zh);
        QTRY_COMPARE(m_ui.window->menuBar()->actions().first()->text(), QStringLiteral("&File"));
    }

    void buildModeShowsOneTree()
    {
        const QString npu = test::exampleDir() + QStringLiteral("/npu/step0/rank");
        QVERIFY(m_ui.session->openPaths({ npu }, {}));
        QVERIFY(test::waitForSession(m_ui.session.get()));
        auto snap = m_ui.session->snapshot();
        QVERIFY(!snap->comparison->isCompare);
        QVERIFY(!test::part<SideBySideTreeView>(m_ui.window.get())->view(Side::Bench)->isVisible());
        QCOMPARE(test::part<SideBySideTreeView>(m_ui.window.get())->view(Side::Npu)->model()->rowCount(), 1);
        m_ui.window->nextSuspicious(1); // nothing to find, nothing to crash
        m_ui.window->jumpTo(Side::Npu, 3);
        QCOMPARE(test::part<SideBySideTreeView>(m_ui.window.get())->currentNode(Side::Npu), NodeId(3));
        QVERIFY(test::part<DetailsPanel>(m_ui.window.get())->model()->rowCount() > 0);
    }

    void dropTwoFoldersComparesThem()
    {
        QMimeData mime;
        mime.setUrls({ QUrl::fromLocalFile(test::exampleDir() + QStringLiteral("/npu/step0/rank")),
            QUrl::fromLocalFile(test::exampleDir() + QStringLiteral("/bench/step0/rank")) });
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_ui.window.get(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_ui.window.get(), &drop);
        QVERIFY(test::waitForSession(m_ui.session.get()));
        QVERIFY(m_ui.session->snapshot()->comparison->isCompare);
        QVERIFY(test::part<SideBySideTreeView>(m_ui.window.get())->view(Side::Bench)->isVisible());
    }

    void settingsPersistRecentFiles()
    {
        m_ui.window->close();
        QVERIFY(!m_ui.settings->recentFiles().isEmpty());
        QVERIFY(m_ui.settings->value(Settings::Key::StateVersion).toInt() == Settings::kStateVersion);
        QVERIFY(!m_ui.settings->value(Settings::Key::WindowState).toByteArray().isEmpty());
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
