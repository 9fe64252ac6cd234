#include "io/write_behind.h"

#include <algorithm>
#include <fcntl.h>

namespace ps {

void WriteBehind::wrote(int fd, uint64_t end)
{
    uint64_t high = m_high.load(std::memory_order_relaxed);
    while (end > high && !m_high.compare_exchange_weak(high, end, std::memory_order_relaxed)) { }
    high = std::max(high, end);
    if (high < m_sizes.lag + m_sizes.chunk)
        return; // the common case for small files: nothing to do, no lock taken
    std::unique_lock lock(m_flushing, std::try_to_lock);
    if (lock.owns_lock()) // another writer is flushing: it catches up with this write too, or the next one will
        flush(fd, high);
}

void WriteBehind::flush(int fd, uint64_t high)
{
    const uint64_t chunk = m_sizes.chunk;
    while (m_started + chunk + m_sizes.lag <= high) {
#ifdef __linux__
        ::sync_file_range(fd, off_t(m_started), off_t(chunk), SYNC_FILE_RANGE_WRITE);
        const uint64_t dropped = m_dropped.load();
        if (dropped + chunk <= m_started) {
            // The previous chunk: wait until it is on the disk, then let it leave the page cache.
            ::sync_file_range(fd, off_t(dropped), off_t(chunk),
                SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_AFTER);
            ::posix_fadvise(fd, off_t(dropped), off_t(chunk), POSIX_FADV_DONTNEED);
            m_dropped = dropped + chunk;
        }
#else
        (void)fd;
#endif
        m_started += chunk;
    }
}

} // namespace ps
