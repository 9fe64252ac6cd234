// The load of the session shown is one explicit phase (SessionLoader): dumps go Matched -> Whole, a .vis.db
// Part -> Structure -> Whole, a .vis is Whole at once. Each test acts the moment a phase is entered (the phase
// signal runs on the GUI thread before any later result of the load is delivered, so the action always lands in
// that phase): a cancel, or a second open; then it waits until every job is done and checks where the session
// ended and what it shows.
#include "testutil.h"

#include "session/analysiscontroller.h"

#include <QtTest>

#include <algorithm>
#include <functional>

using namespace psui;

Q_DECLARE_METATYPE(psui::LoadPhase)

namespace {

enum class Input { Dumps, VisDb, Vis, OtherDumps };

// The precision indices of two comparisons agree node for node.
bool samePrecision(const ps::Comparison& a, const ps::Comparison& b)
{
    return std::equal(a.precision.begin(), a.precision.end(), b.precision.begin(), b.precision.end(),
        [](const ps::Precision& x, const ps::Precision& y) { return x.has == y.has && x.value == y.value; });
}

} // namespace

Q_DECLARE_METATYPE(Input)

class TestLoadPhases : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_visDb, m_vis;
    std::unique_ptr<SessionController> m_session;
    std::vector<LoadPhase> m_phases; // every phase entered since the last fresh()

    QString pathOf(Input input) const
    {
        switch (input) {
        case Input::Dumps:
            return test::caseDir("gpt_mix_statistics") + QStringLiteral("/compare.json");
        case Input::OtherDumps:
            return test::caseDir("mlp_mix_statistics") + QStringLiteral("/compare.json");
        case Input::VisDb:
            return m_visDb;
        case Input::Vis:
            return m_vis;
        }
        return {};
    }

    bool open(Input input) { return m_session->openPaths({ pathOf(input) }, ps::EngineOptions {}); }

    // A new session controller (phase Empty); `onPhase` runs once, the first time `phase` is entered.
    void fresh(LoadPhase phase = LoadPhase::Empty, std::function<void()> onPhase = {})
    {
        m_session = std::make_unique<SessionController>();
        m_phases.clear();
        auto done = std::make_shared<bool>(false);
        connect(m_session.get(), &SessionController::loadPhaseChanged, m_session.get(),
            [this, phase, onPhase = std::move(onPhase), done](LoadPhase entered) {
                m_phases.push_back(entered);
                if (entered == phase && onPhase && !*done) {
                    *done = true;
                    onPhase();
                }
            });
    }

    // Waits until nothing runs and nothing waits to be delivered on the load's channels: a result delivered may
    // start the next job (a phase handler, a .vis.db's structure), so one wait for idle workers is not enough.
    bool settle()
    {
        for (int i = 0; i < 1000; ++i) {
            if (!test::waitUntilIdle())
                return false;
            if (!m_session->isBusy(Channel::Load) && !m_session->isBusy(Channel::Details))
                return true;
        }
        return false;
    }

    // The whole graph of `input`, as a session reads it with nothing else going on.
    std::shared_ptr<const Snapshot> wholeOf(Input input)
    {
        fresh();
        if (!open(input) || !test::waitForSession(m_session.get()))
            return nullptr;
        bool read = false;
        m_session->withNodeData([&read] { read = true; });
        return settle() && read ? m_session->snapshot() : nullptr;
    }

    // The phase a first open of `input` reaches before anything is done to it.
    static LoadPhase firstPhase(Input input)
    {
        return input == Input::VisDb ? LoadPhase::Part : input == Input::Vis ? LoadPhase::Whole : LoadPhase::Matched;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_visDb = m_tmp.filePath(QStringLiteral("compare.vis.db"));
        QVERIFY2(
            test::unpackXz(
                test::caseDir("gpt_mix_statistics") + QStringLiteral("/ref_26.0.0/compare/compare.vis.db.xz"), m_visDb),
            "python3 (the golden tests need it too)");
        // A .vis written by the viewer's own export of the dumps.
        fresh();
        QVERIFY(open(Input::Dumps) && test::waitForSession(m_session.get()));
        m_vis = m_tmp.filePath(QStringLiteral("vis/compare.vis")); // not beside the .vis.db: the plugin hides it
        QVERIFY(QDir().mkpath(QFileInfo(m_vis).absolutePath()));
        QSignalSpy exported(m_session->analysis(), &AnalysisController::exportFinished);
        m_session->analysis()->exportVis(m_vis);
        QVERIFY(test::waitForSignal(exported));
        QCOMPARE(exported[0][1].toString(), QString());
    }

    // Left alone, each input goes through its phases to the end.
    void phasesOfEachInput_data()
    {
        QTest::addColumn<Input>("input");
        QTest::addColumn<std::vector<LoadPhase>>("phases");
        QTest::newRow("dumps") << Input::Dumps << std::vector { LoadPhase::Matched, LoadPhase::Whole };
        QTest::newRow(".vis.db") << Input::VisDb << std::vector { LoadPhase::Part, LoadPhase::Structure };
        QTest::newRow(".vis") << Input::Vis << std::vector { LoadPhase::Whole };
    }
    void phasesOfEachInput()
    {
        QFETCH(Input, input);
        QFETCH(std::vector<LoadPhase>, phases);
        fresh();
        QCOMPARE(m_session->loadPhase(), LoadPhase::Empty);
        QVERIFY(open(input));
        QVERIFY(test::waitForSession(m_session.get()) && settle());
        QVERIFY(m_phases == phases);
        QCOMPARE(m_session->loadPhase(), phases.back());
        QCOMPARE(m_session->isWhole(), true);
        // What needs every item reads a .vis.db's node data: then it is whole too.
        bool ran = false;
        m_session->withNodeData([&ran] { ran = true; });
        QVERIFY(settle() && ran);
        QCOMPARE(m_session->loadPhase(), LoadPhase::Whole);
    }

    // A cancel in each phase stops what runs there and keeps what is shown.
    void cancelInEachPhase_data()
    {
        QTest::addColumn<Input>("input");
        QTest::addColumn<LoadPhase>("phase");
        QTest::addColumn<LoadPhase>("after");
        QTest::newRow("empty: nothing arrives") << Input::Dumps << LoadPhase::Empty << LoadPhase::Empty;
        QTest::newRow("matched: no metrics") << Input::Dumps << LoadPhase::Matched << LoadPhase::Uncompared;
        QTest::newRow("part: no structure") << Input::VisDb << LoadPhase::Part << LoadPhase::Part;
        QTest::newRow("structure: no node data") << Input::VisDb << LoadPhase::Structure << LoadPhase::Structure;
        QTest::newRow("whole: nothing runs") << Input::Dumps << LoadPhase::Whole << LoadPhase::Whole;
    }
    void cancelInEachPhase()
    {
        QFETCH(Input, input);
        QFETCH(LoadPhase, phase);
        QFETCH(LoadPhase, after);
        std::shared_ptr<const Snapshot> shown;
        bool dataRan = false;
        fresh(phase, [&] {
            shown = m_session->snapshot();
            if (phase == LoadPhase::Structure) // something to stop: the node data being read
                m_session->withNodeData([&dataRan] { dataRan = true; });
            m_session->cancel(Channel::Load);
        });
        QSignalSpy failed(m_session.get(), &SessionController::loadFailed);
        QVERIFY(open(input));
        if (phase == LoadPhase::Empty)
            m_session->cancel(Channel::Load); // before the first result: nothing is ever shown
        QVERIFY(settle());
        QCOMPARE(m_session->loadPhase(), after);
        QCOMPARE(m_session->snapshot(), shown); // nothing replaced what was shown when the cancel came
        QVERIFY(!dataRan);
        QVERIFY(failed.isEmpty());
        QVERIFY(!m_session->isBusy(Channel::Load));
        if (after == LoadPhase::Uncompared) {
            // The matched nodes stay without metrics; an export asks for them, and the comparing runs again.
            QVERIFY(shown->comparing);
            const QString path = m_tmp.filePath(QStringLiteral("vis/after-cancel.vis"));
            QSignalSpy exported(m_session->analysis(), &AnalysisController::exportFinished);
            m_session->analysis()->exportVis(path);
            QCOMPARE(m_session->loadPhase(), LoadPhase::Matched);
            QVERIFY(test::waitForSignal(exported));
            QCOMPARE(exported[0][1].toString(), QString());
            QCOMPARE(m_session->loadPhase(), LoadPhase::Whole);
            QVERIFY(!m_session->snapshot()->comparing);
            QCOMPARE(m_session->snapshot()->graph(Side::Npu).size(), shown->graph(Side::Npu).size()); // same nodes
            QVERIFY(std::any_of(m_session->snapshot()->comparison->precision.begin(),
                m_session->snapshot()->comparison->precision.end(), [](const ps::Precision& p) { return p.has; }));
        }
        if (phase == LoadPhase::Part) { // the structure can still be asked for
            m_session->readStructure();
            QVERIFY(settle());
            QCOMPARE(m_session->loadPhase(), LoadPhase::Structure);
        }
    }

    // A second open in each phase: what the first load had left to do is dropped, the second source is shown whole.
    void secondOpenInEachPhase_data()
    {
        QTest::addColumn<Input>("input");
        QTest::addColumn<LoadPhase>("phase");
        QTest::newRow("empty") << Input::Dumps << LoadPhase::Empty;
        QTest::newRow("matched") << Input::Dumps << LoadPhase::Matched;
        QTest::newRow("uncompared") << Input::Dumps << LoadPhase::Uncompared;
        QTest::newRow("part") << Input::VisDb << LoadPhase::Part;
        QTest::newRow("structure") << Input::VisDb << LoadPhase::Structure;
        QTest::newRow("whole") << Input::Vis << LoadPhase::Whole;
    }
    void secondOpenInEachPhase()
    {
        QFETCH(Input, input);
        QFETCH(LoadPhase, phase);
        const std::shared_ptr<const Snapshot> other = wholeOf(Input::OtherDumps);
        QVERIFY(other);
        fresh(phase, [&] { QVERIFY(open(Input::OtherDumps)); });
        QSignalSpy compared(m_session.get(), &SessionController::comparisonCompleted);
        QSignalSpy completed(m_session.get(), &SessionController::graphCompleted);
        QVERIFY(open(input));
        if (phase == LoadPhase::Empty)
            QVERIFY(open(Input::OtherDumps)); // before the first result: the first source is never shown
        else if (phase == LoadPhase::Uncompared)
            connect(m_session.get(), &SessionController::loadPhaseChanged, m_session.get(), [this](LoadPhase p) {
                if (p == LoadPhase::Matched && m_phases.size() == 1)
                    m_session->cancel(Channel::Load);
            });
        QVERIFY(settle());

        QCOMPARE(m_session->loadPhase(), LoadPhase::Whole);
        QCOMPARE(m_session->request().compareJson, pathOf(Input::OtherDumps));
        const Snapshot& shown = *m_session->snapshot();
        QCOMPARE(shown.graph(Side::Npu).size(), other->graph(Side::Npu).size());
        QVERIFY(samePrecision(*shown.comparison, *other->comparison));
        // The first source's metrics or structure never arrived after the second open.
        if (phase != LoadPhase::Empty && firstPhase(input) == LoadPhase::Matched)
            QCOMPARE(compared.count(), 1); // the second's
        if (input == Input::VisDb)
            QCOMPARE(completed.count(), phase == LoadPhase::Structure ? 1 : 0);
        // Matched dumps whose comparing was replaced went through Uncompared on the way.
        if (phase == LoadPhase::Matched)
            QVERIFY(m_phases.size() >= 2 && m_phases[1] == LoadPhase::Uncompared);
    }
};

QTEST_MAIN(TestLoadPhases)
#include "tst_load_phases.moc"
