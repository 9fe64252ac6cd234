#pragma once
// Streams a large output file to the disk while it is still being written.
//
// A file larger than the kernel's dirty limit (vm.dirty_ratio, 20 % of RAM by default) makes every further write
// wait inside the kernel for writeback: on this project's 2-core VM, 5.5 GiB of 64 KiB writes took 12.9 s of
// system time, against 2.4 s when the writer hands finished ranges to the disk itself and drops them from the
// page cache (docs/performance.md). So once more than `lag` bytes lie behind the highest offset written, the
// oldest `chunk` is started on its way to the disk (sync_file_range), and the chunk before it is waited for and
// dropped from the cache (posix_fadvise DONTNEED). Files smaller than `lag` stay in the page cache as before.
//
// Only a hint to the kernel: a range written again after it was dropped is simply dirty again, and the final
// fsync still makes the whole file durable. Thread-safe: writers on several threads report their writes, and one
// of them at a time does the flushing.
#include <atomic>
#include <cstdint>
#include <mutex>

namespace ps {

class WriteBehind {
public:
    struct Sizes {
        uint64_t chunk;
        uint64_t lag;
    };
    static constexpr Sizes kDefault { 64ull << 20, 512ull << 20 };

    explicit WriteBehind(Sizes sizes = kDefault)
        : m_sizes(sizes)
    {
    }
    // `fd` has just been written up to offset `end`.
    void wrote(int fd, uint64_t end);
    uint64_t droppedBytes() const { return m_dropped.load(); } // written to the disk and left the page cache

private:
    void flush(int fd, uint64_t high);

    const Sizes m_sizes;
    std::atomic<uint64_t> m_high { 0 }; // highest end offset written
    std::mutex m_flushing;
    uint64_t m_started = 0; // [0, m_started) handed to the disk
    std::atomic<uint64_t> m_dropped { 0 }; // [0, m_dropped) on the disk and out of the cache
};

} // namespace ps
