// The view state belongs to a comparison: the filters set on one (legend bins, overflow levels, "show only",
// overflow colours, the search) never empty the trees of the next one unseen, and whatever restricts the trees is
// said by a bar above them that undoes it, even with the legend dock closed.
#include "models/nodefilterproxy.h"
#include "testutil.h"
#include "widgets/legendpanel.h"
#include "widgets/searchbar.h"
#include "widgets/sidebysidetreeview.h"
#include "widgets/treefilterbar.h"

#include <QCheckBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QPushButton>
#include <QtTest>

using namespace psui;

class TestViewStateReset : public QObject {
    Q_OBJECT
private:
    test::WindowFixture m_ui;

    SideBySideTreeView* trees() const { return test::part<SideBySideTreeView>(m_ui.window.get()); }
    LegendPanel* legend() const { return test::part<LegendPanel>(m_ui.window.get()); }
    TreeFilterBar* filterBar() const { return test::part<TreeFilterBar>(m_ui.window.get()); }
    QCheckBox* check(const char* name) const
    {
        return test::part<QCheckBox>(m_ui.window.get(), QString::fromLatin1(name));
    }
    // Rows the trees show under each side's root (0 when the filter hides everything).
    int shownRows(Side side) const
    {
        NodeFilterProxy* proxy = trees()->proxy(side);
        const QModelIndex root = proxy->index(0, 0);
        return root.isValid() ? proxy->rowCount(root) : 0;
    }
    // Every ticked box of the legend and the search bar can be seen (and so unticked) by the user.
    void verifyNoHiddenTick() const
    {
        QList<QCheckBox*> boxes = legend()->findChildren<QCheckBox*>();
        boxes += test::part<SearchBar>(m_ui.window.get())->findChildren<QCheckBox*>();
        for (const QCheckBox* box : boxes)
            QVERIFY2(!box->isChecked() || box->isVisibleTo(m_ui.window.get()), qPrintable(box->text()));
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_ui.start(1366, 768)); }

    // Every kind of filter set on mlp_nan with -oc (overflow level high ticked, a legend bin, "show only", overflow
    // colours, a search with "Only matches"), then gpt opened without -oc: its trees show its nodes, the filters
    // are reset, and nothing ticked is hidden.
    void anotherComparisonStartsUnfiltered()
    {
        ps::EngineOptions overflow;
        overflow.overflowCheck = true;
        QVERIFY(m_ui.session->openPaths(
            { test::caseDir("mlp_nan_mix_statistics") + QStringLiteral("/compare.json") }, overflow));
        QVERIFY(test::waitForSession(m_ui.session.get()));
        QVERIFY(check("overflowLevel2") && check("overflowLevel2")->isVisibleTo(m_ui.window.get()));
        check("overflowLevel2")->setChecked(true); // high
        legend()->setBinChecked(m_ui.session->snapshot()->worstValueBin(), true);
        check("filterOnlyHits")->setChecked(true);
        check("overflowColours")->setChecked(true);
        QVERIFY(test::waitUntilIdle());
        QCOMPARE(filterBar()->restriction(), ViewState::Restriction::Filter);
        QVERIFY(filterBar()->isVisible());
        QVERIFY(trees()->proxy(Side::Npu)->isFiltering());
        auto* search = test::part<QLineEdit>(m_ui.window.get(), QStringLiteral("searchEdit"));
        search->setText(QStringLiteral("Linear"));
        check("searchOnlyHits")->setChecked(true);
        QSignalSpy searched(m_ui.session.get(), &SessionController::searchFinished);
        QTest::keyClick(search, Qt::Key_Return);
        QVERIFY(test::waitForSignal(searched));
        QVERIFY(test::waitUntilIdle());
        QCOMPARE(filterBar()->restriction(), ViewState::Restriction::Search);

        QVERIFY(m_ui.open(test::caseDir("gpt_mix_statistics") + QStringLiteral("/compare.json")));
        QVERIFY(test::waitUntilIdle());
        QVERIFY(!m_ui.session->snapshot()->comparison->overflowCheck);
        for (Side side : { Side::Npu, Side::Bench }) {
            QVERIFY(!trees()->proxy(side)->isFiltering());
            QVERIFY2(shownRows(side) > 0, "the trees show the new comparison's nodes");
        }
        QVERIFY(legend()->checkedBins().empty());
        QVERIFY(legend()->checkedOverflowLevels().empty());
        QVERIFY(!legend()->showOnlyHits());
        QVERIFY(!check("overflowColours")->isChecked());
        QVERIFY(search->text().isEmpty());
        QVERIFY(filterBar()->isHidden());
        verifyNoHiddenTick();

        // A session file (or a carried view) naming overflow levels ticks none on a comparison without them.
        legend()->setChecked({}, { 1, 2, 3 });
        QVERIFY(test::waitUntilIdle());
        QVERIFY(legend()->checkedOverflowLevels().empty());
        QVERIFY(shownRows(Side::Npu) > 0);
        verifyNoHiddenTick();
        check("searchOnlyHits")->setChecked(false);
    }

    // With the legend dock closed, "show only these nodes" is said above the trees, and its button shows every
    // node again (and unticks the box).
    void theBarShowsAndUndoesAHiddenFilter()
    {
        QVERIFY(m_ui.open(test::caseDir("gpt_mix_statistics") + QStringLiteral("/compare.json")));
        const int allRows = shownRows(Side::Npu);
        legend()->setBinChecked(m_ui.session->snapshot()->worstValueBin(), true);
        check("filterOnlyHits")->setChecked(true);
        QVERIFY(test::waitUntilIdle());
        test::part<QDockWidget>(m_ui.window.get(), QStringLiteral("legendDock"))->close();
        QVERIFY(!legend()->isVisible());
        QVERIFY(filterBar()->isVisible());
        QVERIFY(trees()->proxy(Side::Npu)->isFiltering());
        test::part<QPushButton>(filterBar(), QStringLiteral("showAllNodes"))->click();
        QVERIFY(filterBar()->isHidden());
        QVERIFY(!legend()->showOnlyHits());
        QVERIFY(!trees()->proxy(Side::Npu)->isFiltering());
        QCOMPARE(shownRows(Side::Npu), allRows);
    }
};

QTEST_MAIN(TestViewStateReset)
#include "tst_view_state_reset.moc"
