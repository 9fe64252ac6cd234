#pragma once
// Prefaulting the growing end of a large reserved array. A fresh anonymous page costs a page fault when it is
// first written; on a virtual machine that fault is several microseconds, most of it the exception and not the
// zeroing. Asking the kernel to populate a whole run of pages at once (MADV_POPULATE_WRITE) pays one system call
// per run instead of one fault per page. Where the kernel lacks it, the pages simply fault as before.
#include <cstddef>

namespace ps {

// Populates the whole pages within [begin, begin + bytes) for writing. False when the kernel cannot (the pages then
// fault one by one when written, as they would have).
bool prefaultForWriting(const void* begin, size_t bytes);

class PrefaultAhead {
public:
    // `used` bytes of the array at `base` (reserved for `capacity` bytes) are written or about to be: make sure
    // the run of pages after them is populated.
    void advance(const void* base, size_t used, size_t capacity)
    {
        if (base != m_base || used + kSlack > m_populated)
            populate(base, used, capacity);
    }

private:
    static constexpr size_t kRun = size_t(2) << 20; // populated per call
    static constexpr size_t kSlack = size_t(64) << 10; // repopulate this close to the end of the populated run
    void populate(const void* base, size_t used, size_t capacity);
    const void* m_base = nullptr;
    size_t m_populated = 0; // bytes from m_base known to be populated
    bool m_unsupported = false;
};

} // namespace ps
