#include "util/ordered_pipeline.h"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace ps {

unsigned defaultWorkerCount(int requested)
{
    if (requested > 0)
        return unsigned(requested);
    return std::max(1u, std::thread::hardware_concurrency());
}

namespace {

// The shared state of one run: slot s holds chunk `ready[s]` once it is formatted; chunk k may use slot k % slots
// when chunk k - slots has been drained.
struct PipelineState {
    explicit PipelineState(size_t slots)
        : buffers(slots)
        , ready(slots, kNone)
    {
    }
    static constexpr size_t kNone = size_t(-1);
    std::mutex mutex;
    std::condition_variable slotFree; // workers wait here
    std::condition_variable chunkReady; // the drain waits here
    std::vector<std::string> buffers;
    std::vector<size_t> ready;
    size_t next = 0; // next chunk to hand to a worker
    size_t drained = 0; // chunks [0, drained) are consumed
    std::exception_ptr error;
    bool stop = false;

    void fail(std::exception_ptr e)
    {
        std::lock_guard lock(mutex);
        if (!error)
            error = e;
        stop = true;
        slotFree.notify_all();
        chunkReady.notify_all();
    }
};

void workerLoop(PipelineState& s, size_t count, const OrderedPipeline& p)
{
    const size_t slots = s.buffers.size();
    while (true) {
        size_t k;
        {
            std::unique_lock lock(s.mutex);
            if (s.stop || s.next >= count)
                return;
            k = s.next++;
            s.slotFree.wait(lock, [&] { return s.stop || k < s.drained + slots; });
            if (s.stop)
                return;
        }
        std::string& buffer = s.buffers[k % slots];
        try {
            buffer.clear();
            p.format(k, buffer);
        } catch (...) {
            s.fail(std::current_exception());
            return;
        }
        std::lock_guard lock(s.mutex);
        s.ready[k % slots] = k;
        s.chunkReady.notify_all();
    }
}

} // namespace

void OrderedPipeline::run(size_t count) const
{
    const unsigned threads = workers ? workers : defaultWorkerCount();
    if (threads <= 1 || count <= 1) {
        std::string buffer;
        for (size_t k = 0; k < count; ++k) {
            buffer.clear();
            format(k, buffer);
            drain(k, buffer);
        }
        return;
    }
    PipelineState s(2 * size_t(threads));
    std::vector<std::thread> pool;
    pool.reserve(threads);
    for (unsigned t = 0; t < threads; ++t)
        pool.emplace_back([&] { workerLoop(s, count, *this); });
    const size_t slots = s.buffers.size();
    for (size_t k = 0; k < count; ++k) {
        {
            std::unique_lock lock(s.mutex);
            s.chunkReady.wait(lock, [&] { return s.stop || s.ready[k % slots] == k; });
            if (s.stop)
                break;
        }
        try {
            drain(k, s.buffers[k % slots]);
        } catch (...) {
            s.fail(std::current_exception());
            break;
        }
        std::lock_guard lock(s.mutex);
        s.ready[k % slots] = PipelineState::kNone;
        s.drained = k + 1;
        s.slotFree.notify_all();
    }
    for (std::thread& t : pool)
        t.join();
    if (s.error)
        std::rethrow_exception(s.error);
}

} // namespace ps
