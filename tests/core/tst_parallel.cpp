// The engine's task runner: every task runs exactly once whatever the number of workers, and a task that throws
// stops the hand-out of further tasks and reaches the caller.
#include "util/parallel.h"

#include <QtTest>

#include <atomic>
#include <stdexcept>
#include <vector>

class TestParallel : public QObject {
    Q_OBJECT
private slots:
    void everyTaskRunsOnce_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("workers");
        for (int workers : { 1, 2, 5 })
            for (int count : { 0, 1, 3, 100 })
                QTest::addRow("%d tasks, %d workers", count, workers) << count << workers;
    }
    void everyTaskRunsOnce()
    {
        QFETCH(int, count);
        QFETCH(int, workers);
        std::vector<std::atomic<int>> runs(static_cast<size_t>(count));
        ps::runTasks(size_t(count), unsigned(workers), [&](size_t t) { ++runs[t]; });
        for (const auto& r : runs)
            QCOMPARE(r.load(), 1);
    }

    // One worker takes the tasks in order: the one after the failing task never starts.
    void aFailingTaskStopsTheRest()
    {
        std::vector<int> started;
        bool thrown = false;
        try {
            ps::runTasks(10, 1, [&](size_t t) {
                started.push_back(int(t));
                if (t == 3)
                    throw std::runtime_error("task 3");
            });
        } catch (const std::runtime_error& e) {
            thrown = QByteArray(e.what()) == "task 3";
        }
        QVERIFY(thrown);
        QCOMPARE(started, (std::vector<int> { 0, 1, 2, 3 }));
    }
};

QTEST_MAIN(TestParallel)
#include "tst_parallel.moc"
