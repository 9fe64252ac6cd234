#include "util/memory_budget.h"

#include "util/error.h"
#include "util/limits.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <fcntl.h>
#include <mutex>
#include <unistd.h>

namespace ps {

namespace {

std::string gib(uint64_t bytes)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.2f GiB", double(bytes) / double(1ull << 30));
    return text;
}

Error overBudget(const std::string& what, const std::string& file)
{
    return Error(ErrorCode::MemoryLimit, file, overLimit(what, "max_memory", limits().maxMemoryBytes));
}

// Reservations: the anonymous memory measured when none was held, and the bytes held now.
struct Reservations {
    std::mutex mutex;
    std::condition_variable released;
    uint64_t held = 0;
    uint64_t baseline = 0;
};

Reservations& reservations()
{
    static Reservations r;
    return r;
}

} // namespace

uint64_t residentAnonymousBytes()
{
    // statm: size resident shared text lib data dt (pages); shared counts file-backed and shared pages.
    const int fd = ::open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    char text[128] = {};
    const ssize_t got = ::read(fd, text, sizeof text - 1);
    ::close(fd);
    unsigned long long size = 0, resident = 0, shared = 0;
    if (got <= 0 || std::sscanf(text, "%llu %llu %llu", &size, &resident, &shared) != 3 || shared > resident)
        return 0;
    return (resident - shared) * uint64_t(::sysconf(_SC_PAGESIZE));
}

namespace {
std::atomic<int64_t> g_lastCheck { 0 }; // microseconds of the last look at /proc
}

void checkMemoryAtNextCall()
{
    g_lastCheck.store(0, std::memory_order_relaxed);
}

void checkMemory(const std::string& file)
{
    std::atomic<int64_t>& lastCheck = g_lastCheck;
    const int64_t now
        = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now().time_since_epoch())
              .count();
    constexpr int64_t kIntervalUs = 5000;
    int64_t last = lastCheck.load(std::memory_order_relaxed);
    if (now - last < kIntervalUs || !lastCheck.compare_exchange_strong(last, now, std::memory_order_relaxed))
        return;
    const uint64_t used = residentAnonymousBytes();
    if (used > limits().maxMemoryBytes)
        throw overBudget("the run holds " + gib(used) + " of memory", file);
}

void checkMemoryFor(uint64_t bytes, const std::string& what, const std::string& file)
{
    const uint64_t used = residentAnonymousBytes();
    if (bytes > limits().maxMemoryBytes || used > limits().maxMemoryBytes - bytes)
        throw overBudget(what + " needs " + gib(bytes) + " more while the run holds " + gib(used), file);
}

MemoryReservation::MemoryReservation(uint64_t bytes, const std::string& what, const std::string& file)
{
    if (bytes == 0)
        return;
    Reservations& r = reservations();
    std::unique_lock lock(r.mutex);
    if (r.held == 0)
        r.baseline = residentAnonymousBytes();
    const uint64_t budget = limits().maxMemoryBytes;
    if (r.baseline > budget || bytes > budget - r.baseline)
        throw overBudget(what + " needs " + gib(bytes) + " while the run already holds " + gib(r.baseline), file);
    r.released.wait(lock, [&] { return r.held <= budget - r.baseline - bytes; });
    r.held += bytes;
    m_bytes = bytes;
}

void MemoryReservation::release()
{
    if (m_bytes == 0)
        return;
    Reservations& r = reservations();
    {
        std::lock_guard lock(r.mutex);
        r.held -= m_bytes;
    }
    m_bytes = 0;
    r.released.notify_all();
}

MemoryReservation::~MemoryReservation()
{
    release();
}

MemoryReservation::MemoryReservation(MemoryReservation&& other) noexcept
    : m_bytes(other.m_bytes)
{
    other.m_bytes = 0;
}

MemoryReservation& MemoryReservation::operator=(MemoryReservation&& other) noexcept
{
    if (this != &other) {
        release();
        m_bytes = other.m_bytes;
        other.m_bytes = 0;
    }
    return *this;
}

} // namespace ps
