// The window at laptop sizes: its minimum fits a 1366x768 screen (resize(1000, 640) is honoured), and with every
// dock open (Matches, First divergence, Layer mapping, Trends, the diff legend) the trees keep their name and
// Verdict columns whole while the details table shows six rows, also for a node with both "Why error" and
// "Parallel merge"; the Matches dock closes when it has nothing to show.
#include "models/nodefilterproxy.h"
#include "models/roles.h"
#include "models/verdicts.h"
#include "testutil.h"

#include "session/analysiscontroller.h"
#include "widgets/detailspanel.h"
#include "widgets/sidebysidetreeview.h"

#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTableView>
#include <QToolButton>
#include <QTreeView>
#include <QtTest>

using namespace psui;

class TestLaptopLayout : public QObject {
    Q_OBJECT
private:
    static QString compareJson(const char* name) { return test::caseDir(name) + QStringLiteral("/compare.json"); }

    static QDockWidget* dock(const test::WindowFixture& ui, const char* name)
    {
        return test::part<QDockWidget>(ui.window.get(), QString::fromLatin1(name));
    }

    // Each tree shows its name column and the columns up to Verdict (Precision) whole, unscrolled.
    static void verifyTreesReadable(const test::WindowFixture& ui)
    {
        auto* trees = test::part<SideBySideTreeView>(ui.window.get());
        // The layout settles in steps (a dock tabified, then narrowed): wait for the last one.
        const auto readable = [trees](Side side) {
            const QHeaderView* header = trees->view(side)->header();
            return header->sectionViewportPosition(PrecisionColumn) + header->sectionSize(PrecisionColumn)
                <= trees->view(side)->viewport()->width();
        };
        QTRY_VERIFY(readable(Side::Npu) && readable(Side::Bench));
        for (Side side : { Side::Npu, Side::Bench }) {
            QTreeView* view = trees->view(side);
            QVERIFY(view->isVisible());
            const QHeaderView* header = view->header();
            const int right = header->sectionViewportPosition(PrecisionColumn) + header->sectionSize(PrecisionColumn);
            QVERIFY2(header->sectionViewportPosition(NameColumn) == 0 && right <= view->viewport()->width(),
                qPrintable(QStringLiteral("%1: Verdict ends at %2, viewport %3 wide")
                               .arg(view->objectName())
                               .arg(right)
                               .arg(view->viewport()->width())));
            QVERIFY2(
                header->sectionSize(NameColumn) >= 160, qPrintable(QString::number(header->sectionSize(NameColumn))));
        }
    }

    // Rows of the details table in view (the dock raised in front of its tabs).
    static int tableRowsShown(const test::WindowFixture& ui)
    {
        dock(ui, "detailsDock")->raise();
        QCoreApplication::processEvents();
        const QTableView* table = test::part<DetailsPanel>(ui.window.get())->table();
        return table->isVisible() ? table->viewport()->height() / table->verticalHeader()->defaultSectionSize() : 0;
    }

private Q_SLOTS:
    void minimumFitsALaptop()
    {
        test::WindowFixture ui;
        QVERIFY(ui.start(1366, 768));
        QVERIFY(ui.open(test::exampleDir() + QStringLiteral("/compare.json")));
        for (const char* name : { "divergenceDock", "layerMappingDock" })
            dock(ui, name)->show();
        QVERIFY(test::waitUntilIdle());
        const QSize least = ui.window->minimumSizeHint().expandedTo(ui.window->minimumSize());
        qInfo("minimum size with the docks open: %dx%d", least.width(), least.height());
        ui.window->resize(1000, 640);
        QTest::qWait(50);
        QCOMPARE(ui.window->size(), QSize(1000, 640));
        verifyTreesReadable(ui);
    }

    void everyDockOpen_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1024x700") << QSize(1024, 700);
        QTest::newRow("1366x768") << QSize(1366, 768);
    }

    void everyDockOpen()
    {
        QFETCH(QSize, size);
        test::WindowFixture ui;
        QVERIFY(ui.start(size.width(), size.height()));
        QVERIFY(ui.open(compareJson("mlp_steps_mix_statistics")));
        // The diff legend: compared with itself.
        QSignalSpy changed(ui.session->analysis(), &AnalysisController::changesChanged);
        ui.session->analysis()->compareWith(compareJson("mlp_steps_mix_statistics"));
        QVERIFY(test::waitForSignal(changed, 120000));
        auto* search = test::part<QLineEdit>(ui.window.get(), QStringLiteral("searchEdit"));
        search->setText(QStringLiteral("Linear"));
        QTest::keyClick(search, Qt::Key_Return);
        QVERIFY(test::waitUntilIdle());
        QTRY_VERIFY(dock(ui, "matchesDock")->toggleViewAction()->isChecked());
        for (const char* name : { "divergenceDock", "layerMappingDock", "trendsDock" }) {
            dock(ui, name)->show(); // one at a time, as from the View menu
            QTest::qWait(50);
        }
        QVERIFY(test::waitUntilIdle());
        const NodeId node = ui.session->snapshot()->graph(Side::Npu).find("Module.fc1.Linear.forward.0");
        QVERIFY(node != ps::kNoNode);
        ui.window->jumpTo(Side::Npu, node);
        QTest::qWait(100);
        QCOMPARE(ui.window->size(), size);
        verifyTreesReadable(ui);
        QVERIFY2(tableRowsShown(ui) >= 6, qPrintable(QString::number(tableRowsShown(ui))));
        for (const char* name : { "matchesDock", "divergenceDock", "layerMappingDock", "trendsDock", "legendDock" })
            QVERIFY2(dock(ui, name)->toggleViewAction()->isChecked(), name); // open (in front or as a tab)

        // Nothing to show: the Matches dock closes.
        search->clear();
        QTest::keyClick(search, Qt::Key_Return);
        QVERIFY(test::waitUntilIdle());
        QTRY_VERIFY(!dock(ui, "matchesDock")->toggleViewAction()->isChecked());
    }

    // A merged tensor-parallel comparison under msprobe 26.0 rules: a node with both boxes keeps six table rows on a
    // 1366x768 window, and the boxes fold away under their titles.
    void bothBoxesLeaveSixRows()
    {
        test::WindowFixture ui;
        QVERIFY(ui.start(1366, 768));
        const QString dir = test::caseDir("megatron_tp2_vs_tp1_mix_statistics");
        OpenRequest request;
        request.npuPath = dir + QStringLiteral("/npu/step0");
        request.benchPath = dir + QStringLiteral("/bench/step0");
        request.options.profile = ps::RulesProfile::Msprobe26;
        request.options.parallel = { { 2, 2, 1, 1 }, { 1, 1, 1, 1 } };
        ui.session->open(request);
        QVERIFY(test::waitForSession(ui.session.get()));
        const auto snap = ui.session->snapshot();
        NodeId both = ps::kNoNode;
        for (NodeId n : snap->rollup(Side::Npu).exec->nodes)
            if (both == ps::kNoNode && !verdictReasons(*snap, n).isEmpty()
                && !mergeInfoOf(snap->graph(Side::Npu), n).isEmpty())
                both = n;
        QVERIFY2(both != ps::kNoNode, "a merged node that is not a pass");
        ui.window->jumpTo(Side::Npu, both);
        QTest::qWait(100);
        auto* details = test::part<DetailsPanel>(ui.window.get());
        auto* verdictBox = test::part<QWidget>(details, QStringLiteral("verdictBox"));
        auto* mergeBox = test::part<QWidget>(details, QStringLiteral("mergeBox"));
        QVERIFY(verdictBox->isVisible() && mergeBox->isVisible());
        QVERIFY(test::part<QLabel>(details, QStringLiteral("verdictReasons"))->isVisible());
        QVERIFY2(tableRowsShown(ui) >= 6, qPrintable(QString::number(tableRowsShown(ui))));
        const int rows = tableRowsShown(ui);
        auto* fold = verdictBox->findChild<QToolButton*>();
        QVERIFY(fold);
        fold->click();
        QTest::qWait(50);
        QVERIFY(!test::part<QLabel>(details, QStringLiteral("verdictReasons"))->isVisible());
        QVERIFY(tableRowsShown(ui) >= rows);
        fold->click();
        QVERIFY(test::part<QLabel>(details, QStringLiteral("verdictReasons"))->isVisible());
    }

    // A layout saved with the Matches dock open comes back without it (no search after a restart), and a restored
    // layout is held to the same rule: the trees readable.
    void restoredLayoutKeepsTheTreesReadable()
    {
        QTemporaryDir dir;
        const QString ini = dir.filePath(QStringLiteral("settings.ini"));
        {
            Settings settings(ini);
            SessionController session;
            MainWindow window(&settings, &session);
            window.resize(1920, 1080);
            window.show();
            QVERIFY(session.openPaths({ test::exampleDir() + QStringLiteral("/compare.json") }, {}));
            QVERIFY(test::waitForSession(&session));
            for (const char* name : { "divergenceDock", "layerMappingDock" })
                window.findChild<QDockWidget*>(QString::fromLatin1(name))->show();
            auto* search = window.findChild<QLineEdit*>(QStringLiteral("searchEdit"));
            search->setText(QStringLiteral("Linear"));
            QTest::keyClick(search, Qt::Key_Return);
            QVERIFY(test::waitUntilIdle());
            QTRY_VERIFY(window.findChild<QDockWidget*>(QStringLiteral("matchesDock"))->isVisible());
            window.close(); // saves the layout
        }
        Settings settings(ini);
        SessionController session;
        MainWindow window(&settings, &session);
        window.show();
        window.resize(1024, 700);
        QVERIFY(session.openPaths({ test::exampleDir() + QStringLiteral("/compare.json") }, {}));
        QVERIFY(test::waitForSession(&session));
        QTest::qWait(100);
        auto* trees = window.findChild<SideBySideTreeView*>();
        for (Side side : { Side::Npu, Side::Bench }) {
            QTreeView* tree = trees->view(side);
            const QHeaderView* header = tree->header();
            QVERIFY(header->sectionViewportPosition(PrecisionColumn) + header->sectionSize(PrecisionColumn)
                <= tree->viewport()->width());
        }
        QVERIFY(!window.findChild<QDockWidget*>(QStringLiteral("matchesDock"))->isVisible());
    }
};

QTEST_MAIN(TestLaptopLayout)
#include "tst_laptop_layout.moc"
