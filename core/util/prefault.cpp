#include "util/prefault.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <sys/mman.h>
#include <unistd.h>

namespace ps {

bool prefaultForWriting(const void* begin, size_t bytes)
{
#ifdef MADV_POPULATE_WRITE
    static const size_t page = size_t(::sysconf(_SC_PAGESIZE));
    const auto start = reinterpret_cast<uintptr_t>(begin);
    const uintptr_t from = (start + page - 1) / page * page, to = (start + bytes) / page * page;
    if (to <= from)
        return true;
    // A kernel before 5.14 answers EINVAL; memory that cannot be populated (a limit) is left to fault as usual.
    return ::madvise(reinterpret_cast<void*>(from), to - from, MADV_POPULATE_WRITE) == 0 || errno != EINVAL;
#else
    (void)begin;
    (void)bytes;
    return false;
#endif
}

void PrefaultAhead::populate(const void* base, size_t used, size_t capacity)
{
    if (base != m_base) { // the array moved (or is new): nothing of the new block is known to be populated
        m_base = base;
        m_populated = 0;
    }
    if (m_unsupported)
        return;
    const size_t from = m_populated;
    const size_t to = std::min(used + kRun, capacity);
    if (to > from && !prefaultForWriting(static_cast<const char*>(base) + from, to - from))
        m_unsupported = true;
    m_populated = std::max(m_populated, to);
}

} // namespace ps
