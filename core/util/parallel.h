#pragma once
// The engine's one thread pool: a fixed number of workers, the calling thread being worker 0, joined before
// returning. Exceptions never escape a worker thread (that would abort the process): they are rethrown on the
// calling thread once every worker is done, the lowest worker's first, as a serial run would throw it.
#include <cstddef>
#include <functional>

namespace ps {

// How many workers for `items` items: `requested` (0: all cores), at most one more per `minPerWorker` items
// (below that a thread costs more than it saves), at least 1.
unsigned workerCount(int requested, size_t items, size_t minPerWorker);

// Runs work(worker) for worker = 0 .. workers-1 at once (worker 0 on the calling thread).
void runWorkers(unsigned workers, const std::function<void(unsigned worker)>& work);

// Runs task(0) .. task(count - 1), each worker taking the next task not started yet: for a few pieces of work of
// unequal size. Once a task has thrown no further task starts; the exception is rethrown as runWorkers does.
void runTasks(size_t count, unsigned workers, const std::function<void(size_t task)>& task);

// Splits [0, count) into `workers` contiguous chunks and runs work(worker, begin, end) on each.
void parallelFor(
    size_t count, unsigned workers, const std::function<void(unsigned worker, size_t begin, size_t end)>& work);

} // namespace ps
