#pragma once
// Formatting a long output on all cores while one consumer writes it in order: chunk k is formatted by any worker
// into a reused buffer, and the calling thread drains the chunks 0, 1, 2... as they become ready. Only a few
// buffers exist at once (twice the workers), so memory stays bounded however long the output is, and buffers
// keep their capacity (no page faults of fresh allocations after the first chunks). The threads are util/parallel's.
#include <cstddef>
#include <functional>
#include <string>

namespace ps {

struct OrderedPipeline {
    // Fills `buffer` (cleared, capacity kept) with chunk `index`; runs on a worker thread, many at once.
    std::function<void(size_t index, std::string& buffer)> format;
    // Consumes chunk `index`; runs on the calling thread, chunks strictly in order. The buffer may be modified.
    std::function<void(size_t index, std::string& buffer)> drain;
    unsigned workers = 0; // 0: one per core; 1 formats and drains on the calling thread (no thread started)

    // Runs chunks [0, count). The first exception of a format or drain call stops every worker and is rethrown
    // here once they have all stopped.
    void run(size_t count) const;
};

} // namespace ps
