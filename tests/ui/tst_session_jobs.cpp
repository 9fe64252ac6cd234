// The session's background jobs as the window shows them: Cancel stops the work the window shows and
// nothing of it lands afterwards; a manual match finishing while a load runs leaves the load's progress shown.
// Runs on the bundled example only (repository data).
#include "session/analysiscontroller.h"
#include "session/sessioncontroller.h"
#include "testutil.h"
#include "widgets/mainwindow.h"

#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QThreadPool>

using namespace psui;

namespace {

// A matched NPU node of the example with its bench counterpart (both found by name in the snapshot).
struct Pair {
    NodeId npu = ps::kNoNode;
    NodeId bench = ps::kNoNode;
};

Pair matchedPair(const Snapshot& snap)
{
    const ps::Graph& npu = snap.graph(Side::Npu);
    for (NodeId n = 0; n < npu.size(); ++n)
        if (n != npu.root && npu.parent[n] == npu.root && snap.counterpart(Side::Npu, n) != ps::kNoNode)
            return { n, snap.counterpart(Side::Npu, n) };
    return {};
}

} // namespace

class TestSessionJobs : public QObject {
    Q_OBJECT
private:
    test::WindowFixture m_ui;

    QString exampleJson() const { return test::exampleDir() + QStringLiteral("/compare.json"); }
    QPushButton* cancelButton() const { return m_ui.window->findChild<QPushButton*>(QStringLiteral("cancelLoad")); }
    QProgressBar* progressBar() const { return m_ui.window->findChild<QProgressBar*>(QStringLiteral("loadProgress")); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_ui.start(1200, 800));
        QVERIFY(cancelButton());
        QVERIFY(progressBar());
    }

    void cancelDuringAManualMatchKeepsTheOldSnapshot()
    {
        QVERIFY(m_ui.open(exampleJson()));
        const Pair pair = matchedPair(*m_ui.session->snapshot());
        QVERIFY(pair.npu != ps::kNoNode);
        // Unmatch first (and let it land), so that matching the pair again changes the comparison.
        QSignalSpy updated(m_ui.session.get(), &SessionController::snapshotUpdated);
        m_ui.session->analysis()->unmatchNodes(pair.npu, pair.bench, true);
        QVERIFY(updated.wait(60000));
        const auto unmatched = m_ui.session->snapshot();
        QCOMPARE(unmatched->counterpart(Side::Npu, pair.npu), ps::kNoNode);
        updated.clear();

        m_ui.session->analysis()->matchNodes(pair.npu, pair.bench, true);
        QVERIFY(cancelButton()->isVisible()); // the window shows the match running, with its Cancel
        QTest::mouseClick(cancelButton(), Qt::LeftButton);
        QVERIFY(!cancelButton()->isVisible());
        QVERIFY(test::waitUntilIdle()); // a result that was going to land has landed

        QCOMPARE(updated.size(), 0); // the cancelled match never lands
        QCOMPARE(m_ui.session->snapshot(), unmatched);
        QCOMPARE(m_ui.session->snapshot()->counterpart(Side::Npu, pair.npu), ps::kNoNode);
        QVERIFY(!cancelButton()->isVisible());
    }

    void aMatchFinishingDuringALoadLeavesTheLoadBusy()
    {
        QVERIFY(m_ui.open(exampleJson()));
        const Pair pair = matchedPair(*m_ui.session->snapshot());
        QVERIFY(pair.npu != ps::kNoNode);
        // One worker thread: the match runs first, the load after it, so the match always finishes first.
        QThreadPool* pool = QThreadPool::globalInstance();
        const int threads = pool->maxThreadCount();
        pool->setMaxThreadCount(1);
        QSignalSpy matched(m_ui.session->analysis(), &AnalysisController::matchFinished);
        QSignalSpy loaded(m_ui.session.get(), &SessionController::sessionChanged);
        // Read when the match's result is delivered: the load's result is posted after it, so it cannot have
        // landed yet however slow the machine (a check after matched.wait() could see both delivered).
        bool loadBusy = false;
        const auto probe = connect(m_ui.session->analysis(), &AnalysisController::matchFinished, this,
            [&]() { loadBusy = loaded.isEmpty() && progressBar()->isVisible() && cancelButton()->isVisible(); });
        m_ui.session->analysis()->unmatchNodes(pair.npu, pair.bench, true);
        QVERIFY(m_ui.session->openPaths({ exampleJson() }, ps::EngineOptions {}));
        const bool matchDone = test::waitForSignal(matched, 60000);
        disconnect(probe);
        const bool loadDone = !loaded.isEmpty() || loaded.wait(60000);
        pool->setMaxThreadCount(threads);
        QVERIFY(matchDone);
        QVERIFY2(loadBusy, "the load's progress and Cancel stay shown after the match finished");
        QVERIFY(loadDone);
        QVERIFY(!progressBar()->isVisible());
        QVERIFY(!cancelButton()->isVisible());
    }
};

QTEST_MAIN(TestSessionJobs)
#include "tst_session_jobs.moc"
