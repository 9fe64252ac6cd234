// The job runner's rules: latest request wins per channel, Cancel drops the result at once, channels
// are independent, the export channel delivers every job, stale progress is dropped, and destruction waits for
// the workers. Workers are held at gates the test opens, so the order of events is fixed.
#include "session/jobrunner.h"

#include <QSignalSpy>
#include <QTest>
#include <QThreadPool>

#include <atomic>
#include <memory>
#include <semaphore>
#include <thread>

using namespace psui;

namespace {

// A worker waits at the gate until the test opens it; `entered` tells the test the worker got there.
struct Gate {
    std::binary_semaphore open { 0 };
    std::binary_semaphore entered { 0 };
    void pass()
    {
        entered.release();
        open.acquire();
    }
};

void settle()
{
    for (int round = 0; round < 5; ++round) {
        QThreadPool::globalInstance()->waitForDone();
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
}

} // namespace

class TestJobRunner : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aNewerRequestMakesTheRunningOneStale()
    {
        JobRunner runner;
        Gate first;
        std::vector<int> delivered;
        const std::atomic<bool>* firstCancel = nullptr;
        runner.run(
            Channel::Load, QStringLiteral("one"),
            [&](const JobContext& context) {
                firstCancel = context.cancelFlag();
                first.pass();
                return 1;
            },
            [&](int v) { delivered.push_back(v); });
        first.entered.acquire();
        runner.run(
            Channel::Load, QStringLiteral("two"), [](const JobContext&) { return 2; },
            [&](int v) { delivered.push_back(v); });
        QVERIFY(firstCancel && firstCancel->load()); // the engine stops the superseded load
        first.open.release();
        QSignalSpy busy(&runner, &JobRunner::busyChanged);
        settle();
        QCOMPARE(delivered, std::vector<int> { 2 });
        QVERIFY(!runner.busy(Channel::Load));
        QCOMPARE(busy.size(), 1); // idle once, after the latest job
        QCOMPARE(busy[0][1].toBool(), false);
    }

    void cancelDropsTheResultAndIsIdleAtOnce()
    {
        JobRunner runner;
        Gate gate;
        bool delivered = false;
        QSignalSpy busy(&runner, &JobRunner::busyChanged);
        runner.run(
            Channel::Edit, QStringLiteral("matching"),
            [&](const JobContext& context) {
                gate.pass();
                return context.isCancelled();
            },
            [&](bool) { delivered = true; });
        QVERIFY(runner.busy(Channel::Edit));
        QCOMPARE(busy.size(), 1);
        QCOMPARE(busy[0][2].toString(), QStringLiteral("matching"));
        gate.entered.acquire();
        runner.cancel(Channel::Edit, QStringLiteral("stopped"));
        QVERIFY(!runner.busy(Channel::Edit));
        QCOMPARE(busy.size(), 2);
        QCOMPARE(busy[1][1].toBool(), false);
        QCOMPARE(busy[1][2].toString(), QStringLiteral("stopped"));
        gate.open.release();
        settle();
        QVERIFY(!delivered);
        QCOMPARE(busy.size(), 2); // the cancelled job's end says nothing more
    }

    void channelsAreIndependent()
    {
        JobRunner runner;
        Gate load;
        int edits = 0;
        runner.run(
            Channel::Load, {},
            [&](const JobContext&) {
                load.pass();
                return 0;
            },
            [](int) {});
        load.entered.acquire();
        runner.run(
            Channel::Edit, {}, [](const JobContext&) { return 0; }, [&](int) { ++edits; });
        QTRY_COMPARE(edits, 1);
        QVERIFY(runner.busy(Channel::Load)); // the edit finishing leaves the load busy
        QVERIFY(!runner.busy(Channel::Edit));
        runner.cancel(Channel::Search); // cancelling an idle channel changes nothing
        QVERIFY(runner.busy(Channel::Load));
        load.open.release();
        QTRY_VERIFY(!runner.busy(Channel::Load));
    }

    void theExportChannelDeliversEveryJob()
    {
        JobRunner runner;
        Gate first;
        std::vector<int> delivered;
        runner.run(
            Channel::Export, {},
            [&](const JobContext&) {
                first.pass();
                return 1;
            },
            [&](int v) { delivered.push_back(v); });
        first.entered.acquire();
        runner.run(
            Channel::Export, {}, [](const JobContext&) { return 2; }, [&](int v) { delivered.push_back(v); });
        QTRY_COMPARE(delivered.size(), size_t(1));
        QVERIFY(runner.busy(Channel::Export)); // the first still writes
        first.open.release();
        QTRY_COMPARE(delivered.size(), size_t(2));
        QVERIFY(!runner.busy(Channel::Export));
    }

    void progressOfAStaleJobIsDropped()
    {
        JobRunner runner;
        Gate first;
        QSignalSpy progress(&runner, &JobRunner::progressChanged);
        runner.run(
            Channel::Load, QStringLiteral("one"),
            [&](const JobContext& context) {
                first.pass();
                context.progress(500, QStringLiteral("stale"));
                return 0;
            },
            [](int) {});
        first.entered.acquire();
        Gate second;
        runner.run(
            Channel::Load, QStringLiteral("two"),
            [&](const JobContext& context) {
                context.progress(250, QStringLiteral("current"));
                second.pass();
                return 0;
            },
            [](int) {});
        first.open.release();
        second.entered.acquire();
        QTRY_VERIFY(std::any_of(progress.begin(), progress.end(),
            [](const QList<QVariant>& a) { return a[2].toString() == QLatin1String("current"); }));
        second.open.release();
        settle();
        QStringList stages;
        for (const QList<QVariant>& a : progress)
            stages << a[2].toString();
        QCOMPARE(stages, (QStringList { QStringLiteral("one"), QStringLiteral("two"), QStringLiteral("current") }));
    }

    void destructionCancelsAndWaitsForTheWorkers()
    {
        auto finished = std::make_shared<std::atomic<bool>>(false);
        std::binary_semaphore started { 0 };
        {
            JobRunner runner;
            runner.run(
                Channel::Diagnose, {},
                [&started, finished](const JobContext& context) {
                    started.release();
                    while (!context.isCancelled()) // runs until the destructor cancels it
                        std::this_thread::yield();
                    *finished = true;
                    return 0;
                },
                [](int) { QFAIL("a destroyed runner delivers nothing"); });
            started.acquire();
        } // the destructor sets the flag and returns only once the worker is done
        QVERIFY(finished->load());
        settle();
    }
};

QTEST_GUILESS_MAIN(TestJobRunner)
#include "tst_jobrunner.moc"
