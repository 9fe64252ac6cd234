#include "util/parallel.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <exception>
#include <system_error>
#include <thread>
#include <vector>

namespace ps {

unsigned workerCount(int requested, size_t items, size_t minPerWorker)
{
    const unsigned wanted = requested > 0 ? unsigned(requested) : std::thread::hardware_concurrency();
    const size_t cap = items / std::max<size_t>(minPerWorker, 1) + 1;
    return unsigned(std::clamp<size_t>(wanted, 1, cap));
}

void runWorkers(unsigned workers, const std::function<void(unsigned worker)>& work)
{
    workers = std::max(1u, workers);
    std::vector<std::exception_ptr> failures(workers);
    auto guarded = [&](unsigned w) {
        try {
            work(w);
        } catch (...) {
            failures[w] = std::current_exception();
        }
    };
    std::vector<std::thread> pool;
    pool.reserve(workers - 1);
    unsigned started = 1;
    try {
        for (; started < workers; ++started)
            pool.emplace_back(guarded, started);
    } catch (const std::system_error&) {
        // No more threads to be had: the calling thread does the rest of the work itself.
    }
    guarded(0);
    for (unsigned w = started; w < workers; ++w)
        guarded(w);
    for (std::thread& t : pool)
        t.join();
    for (const std::exception_ptr& failure : failures)
        if (failure)
            std::rethrow_exception(failure);
}

void runTasks(size_t count, unsigned workers, const std::function<void(size_t task)>& task)
{
    std::atomic<size_t> next { 0 };
    runWorkers(workers, [&](unsigned) {
        for (size_t t; (t = next++) < count;) {
            try {
                task(t);
            } catch (...) {
                next = count; // the other workers stop after their current task
                throw;
            }
        }
    });
}

void parallelFor(
    size_t count, unsigned workers, const std::function<void(unsigned worker, size_t begin, size_t end)>& work)
{
    workers = std::max(1u, workers);
    const size_t chunk = (count + workers - 1) / workers;
    runWorkers(workers, [&](unsigned w) {
        const size_t begin = std::min(count, size_t(w) * chunk);
        const size_t end = std::min(count, begin + chunk);
        assert(begin <= end && end <= count);
        work(w, begin, end);
    });
}

} // namespace ps
