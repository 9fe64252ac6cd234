// The First divergence dock across ranks: on the real two-rank case with an error made on rank 1 and sent to rank
// 0 (isend -> irecv), "Across ranks" lists rank 1's node first, reaching both ranks, with the path; activating it
// opens rank 1 at that node. A single-rank comparison has nothing to trace.
#include "../core/injected_case.h"
#include "session/analysisjobs.h"
#include "testutil.h"

#include "session/analysiscontroller.h"
#include "widgets/divergencepanel.h"
#include "widgets/originslist.h"
#include "widgets/sidebysidetreeview.h"

#include <QPushButton>
#include <QtTest>

using namespace psui;

class TestDivergenceRanks : public QObject {
    Q_OBJECT
private:
    test::WindowFixture m_ui;

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_ui.start(1366, 768)); }

    void acrossRanksNamesTheSendingRankAndOpensIt()
    {
        const QString dir = m_ui.tmp.filePath(QStringLiteral("dist"));
        QVERIFY(injected::distCaseWithErrorSentByRank1(QStringLiteral(PROBESCOPE_CASES), dir));
        QVERIFY(m_ui.open(dir + QStringLiteral("/compare.json")));
        QVERIFY(test::waitUntilIdle());
        auto* panel = m_ui.window->findChild<DivergencePanel*>();
        QVERIFY(panel);
        QVERIFY(panel->acrossRanksButton()->isEnabled());

        QSignalSpy finished(m_ui.session->analysis(), &AnalysisController::originsFinished);
        panel->acrossRanksButton()->click();
        QVERIFY(test::waitForSignal(finished, 120000));
        OriginsList* list = panel->originsList();
        QVERIFY(list->isVisibleTo(panel));
        QVERIFY(list->topLevelItemCount() > 0);
        QTreeWidgetItem* first = list->topLevelItem(0);
        QCOMPARE(first->text(1), QStringLiteral("1"));
        QCOMPARE(first->text(2), QStringLiteral("Tensor.__add__.3.forward"));
        QCOMPARE(first->text(3), QStringLiteral("0,1"));
        QCOMPARE(first->childCount(), 1);
        QCOMPARE(first->child(0)->text(2),
            QStringLiteral("rank 1 Tensor.__add__.3.forward → rank 1 Distributed.isend.0.forward → rank 0 "
                           "Distributed.irecv.0.forward"));

        // Activating the origin opens rank 1 of step 0 and selects the node there.
        QSignalSpy changed(m_ui.session.get(), &SessionController::sessionChanged);
        Q_EMIT list->itemActivated(first, 2);
        if (m_ui.session->jobs()[size_t(m_ui.session->currentJob())].rank != 1)
            QVERIFY(test::waitForSignal(changed));
        QVERIFY(test::waitUntilIdle());
        const ps::GraphJob shown = m_ui.session->jobs()[size_t(m_ui.session->currentJob())];
        QCOMPARE(shown.rank, 1);
        QCOMPARE(shown.step, 0);
        auto* trees = test::part<SideBySideTreeView>(m_ui.window.get());
        QTRY_VERIFY(trees->currentNode(Side::Npu) != ps::kNoNode);
        QCOMPARE(m_ui.session->snapshot()->graph(Side::Npu).nameOf(trees->currentNode(Side::Npu)),
            std::string_view("Tensor.__add__.3.forward"));
    }

    void aSingleGraphHasNothingToTrace()
    {
        QVERIFY(m_ui.open(test::caseDir("mlp_mix_statistics") + QStringLiteral("/compare.json")));
        auto* panel = m_ui.window->findChild<DivergencePanel*>();
        QVERIFY(!panel->acrossRanksButton()->isEnabled());
        QVERIFY(!m_ui.session->analysis()->traceAcrossRanks({}));
        QVERIFY(!panel->originsList()->isVisibleTo(panel));
    }
};

QTEST_MAIN(TestDivergenceRanks)
#include "tst_divergence_ranks.moc"
