// Dumps open in two steps: the trees show the matched structure while the pair is compared,
// then the metrics and colours arrive on the same nodes; what needs the metrics (an export) waits for them.
#include "testutil.h"

#include "session/analysiscontroller.h"

#include <QtTest>

using namespace psui;

class TestProgressiveLoad : public QObject {
    Q_OBJECT

    test::WindowFixture m_ui;

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_ui.start(1280, 800)); }

    void structureFirstThenTheMetrics()
    {
        const QString json = test::caseDir("gpt_mix_statistics") + QStringLiteral("/compare.json");
        const QString during = m_ui.tmp.filePath(QStringLiteral("during/out.vis"));
        const QString after = m_ui.tmp.filePath(QStringLiteral("after/out.vis"));
        QVERIFY(QDir().mkpath(QFileInfo(during).absolutePath()) && QDir().mkpath(QFileInfo(after).absolutePath()));
        std::shared_ptr<const Snapshot> first;
        QSignalSpy exported(m_ui.session->analysis(), &AnalysisController::exportFinished);
        QSignalSpy compared(m_ui.session.get(), &SessionController::comparisonCompleted);
        // What the window shows at the first sessionChanged, and an export asked for right then.
        auto connection = connect(m_ui.session.get(), &SessionController::sessionChanged, this, [&]() {
            if (first)
                return;
            first = m_ui.session->snapshot();
            m_ui.session->analysis()->exportVis(during);
        });
        QVERIFY(m_ui.session->openPaths({ json }, ps::EngineOptions {}));
        QVERIFY(test::waitForSignal(compared));
        QVERIFY(test::waitForSignal(exported));
        disconnect(connection);
        QVERIFY(test::waitUntilIdle());

        QVERIFY(first && first->comparing && !first->isComplete());
        for (const ps::Precision& p : first->comparison->precision)
            QVERIFY(!p.has); // no metrics yet: the trees are white but for the unmatched nodes
        const auto whole = m_ui.session->snapshot();
        QVERIFY(!whole->comparing && whole->isComplete());
        for (Side side : { Side::Npu, Side::Bench }) {
            QCOMPARE(whole->comparison->graphs[size_t(side)], first->comparison->graphs[size_t(side)]); // same nodes
            QVERIFY(whole->comparison->counterpart[size_t(side)] == first->comparison->counterpart[size_t(side)]);
            QVERIFY(whole->rollup(side).microStep == first->rollup(side).microStep);
        }
        QCOMPARE(whole->microSteps(), first->microSteps());
        size_t rated = 0;
        for (const ps::Precision& p : whole->comparison->precision)
            rated += p.has;
        QVERIFY(rated > 0);
        QVERIFY(!whole->charts->series.forward.empty() && first->charts->series.forward.empty());

        // The export asked for while comparing waited for the metrics: the file equals one written afterwards.
        QCOMPARE(exported[0][1].toString(), QString());
        exported.clear();
        m_ui.session->analysis()->exportVis(after);
        QVERIFY(test::waitForSignal(exported));
        QCOMPARE(exported[0][1].toString(), QString());
        QFile a(during), b(after);
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        const QByteArray bytes = a.readAll();
        QVERIFY(bytes.size() > 1000);
        QVERIFY(bytes == b.readAll());
    }
};

QTEST_MAIN(TestProgressiveLoad)
#include "tst_progressive_load.moc"
