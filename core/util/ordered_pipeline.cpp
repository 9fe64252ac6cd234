#include "util/ordered_pipeline.h"

#include "util/parallel.h"

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <vector>

namespace ps {

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
        buffer.clear();
        p.format(k, buffer);
        std::lock_guard lock(s.mutex);
        s.ready[k % slots] = k;
        s.chunkReady.notify_all();
    }
}

// The calling thread: consumes chunks 0, 1, 2... as they become ready and frees their slots.
void drainLoop(PipelineState& s, size_t count, const OrderedPipeline& p)
{
    const size_t slots = s.buffers.size();
    for (size_t k = 0; k < count; ++k) {
        {
            std::unique_lock lock(s.mutex);
            s.chunkReady.wait(lock, [&] { return s.stop || s.ready[k % slots] == k; });
            if (s.stop)
                return;
        }
        p.drain(k, s.buffers[k % slots]);
        std::lock_guard lock(s.mutex);
        s.ready[k % slots] = PipelineState::kNone;
        s.drained = k + 1;
        s.slotFree.notify_all();
    }
}

} // namespace

void OrderedPipeline::run(size_t count) const
{
    const unsigned threads = workers ? workers : workerCount(0, count, 1);
    if (threads <= 1 || count <= 1) {
        std::string buffer;
        for (size_t k = 0; k < count; ++k) {
            buffer.clear();
            format(k, buffer);
            drain(k, buffer);
        }
        return;
    }
    // Worker 0 (this thread) drains while `threads` workers format; the first failure stops them all and
    // runWorkers rethrows it here.
    PipelineState s(2 * size_t(threads));
    runWorkers(threads + 1, [&](unsigned worker) {
        try {
            if (worker == 0)
                drainLoop(s, count, *this);
            else
                workerLoop(s, count, *this);
        } catch (...) {
            s.fail(std::current_exception());
            throw;
        }
    });
}

} // namespace ps
