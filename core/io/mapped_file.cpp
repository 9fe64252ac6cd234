// MappedFile and the SIGBUS handler that lets a read survive a file shrinking under its map (see io/file_io.h).
#include "io/file_io.h"

#include "util/error.h"

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ps {

namespace {

// The maps being read. The handler only reads this table, with atomics: a slot is published (end last) before
// its map is read and cleared after the reading is done.
struct MapSlot {
    std::atomic<uintptr_t> begin { 0 };
    std::atomic<uintptr_t> end { 0 };
    std::atomic<bool> faulted { false };
    std::atomic<bool> used { false };
};
constexpr size_t kSlots = 256;
std::array<MapSlot, kSlots> g_slots;
struct sigaction g_previous { };
uintptr_t g_pageSize = 4096; // set before the handler is installed (sysconf is not async-signal-safe)

void onSigbus(int signal, siginfo_t* info, void* context)
{
    const auto address = reinterpret_cast<uintptr_t>(info->si_addr);
    for (MapSlot& slot : g_slots) {
        const uintptr_t end = slot.end.load(std::memory_order_acquire);
        const uintptr_t begin = slot.begin.load(std::memory_order_acquire);
        if (end == 0 || address < begin || address >= end)
            continue;
        // The file ends before this page now: the rest of the map reads as zeros from here on.
        const uintptr_t from = address / g_pageSize * g_pageSize;
        void* zeros = ::mmap(
            reinterpret_cast<void*>(from), end - from, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
        if (zeros == MAP_FAILED)
            break;
        slot.faulted.store(true, std::memory_order_release);
        return; // the faulting read is retried and now reads a zero
    }
    // Not one of ours: what would have happened without this handler.
    if (g_previous.sa_flags & SA_SIGINFO) {
        if (g_previous.sa_sigaction) {
            g_previous.sa_sigaction(signal, info, context);
            return;
        }
    } else if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(signal);
        return;
    }
    ::signal(SIGBUS, SIG_DFL); // the access faults again on return and ends the process as before
}

void installHandler()
{
    static std::once_flag once;
    std::call_once(once, [] {
        g_pageSize = uintptr_t(::sysconf(_SC_PAGESIZE));
        struct sigaction action { };
        action.sa_sigaction = onSigbus;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&action.sa_mask);
        ::sigaction(SIGBUS, &action, &g_previous);
    });
}

int claimSlot(const void* data, size_t size)
{
    for (size_t i = 0; i < kSlots; ++i) {
        bool expected = false;
        if (!g_slots[i].used.compare_exchange_strong(expected, true))
            continue;
        g_slots[i].faulted.store(false);
        g_slots[i].begin.store(reinterpret_cast<uintptr_t>(data), std::memory_order_release);
        g_slots[i].end.store(reinterpret_cast<uintptr_t>(data) + size, std::memory_order_release);
        return int(i);
    }
    return -1;
}

int64_t mtimeNs(const struct stat& st)
{
    return int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

} // namespace

MappedFile::MappedFile(const std::string& path, uint64_t maxBytes)
    : m_path(path)
{
    m_size = size_t(checkInputFile(path, maxBytes));
    m_fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (m_fd < 0)
        throw Error(ErrorCode::FileUnreadable, path, std::string("cannot open: ") + std::strerror(errno));
    struct stat st { };
    if (::fstat(m_fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(m_fd);
        throw Error(ErrorCode::FileUnreadable, path, "is not a regular file");
    }
    m_size = size_t(st.st_size); // the file opened, should it have changed since the check
    m_mtimeNs = mtimeNs(st);
    if (m_size == 0)
        return;
    installHandler();
    m_data = ::mmap(nullptr, m_size, PROT_READ, MAP_PRIVATE, m_fd, 0);
    const int err = errno;
    if (m_data == MAP_FAILED) {
        m_data = nullptr;
        ::close(m_fd);
        throw Error(ErrorCode::FileUnreadable, path, std::string("cannot map the file: ") + std::strerror(err));
    }
    m_slot = claimSlot(m_data, m_size);
    if (m_slot < 0) {
        ::munmap(m_data, m_size);
        m_data = nullptr;
        ::close(m_fd);
        throw Error(ErrorCode::FileUnreadable, path, "too many files are being read at once");
    }
    ::madvise(m_data, m_size, MADV_SEQUENTIAL);
    ::madvise(m_data, m_size, MADV_WILLNEED); // read ahead now; pages are mapped as the reader reaches them
}

void MappedFile::release(size_t offset)
{
    const size_t page = size_t(::sysconf(_SC_PAGESIZE));
    size_t end = std::min(offset, m_size) / page * page;
    // Every release interrupts the other threads to flush their view of the mapping: give pages back in runs of
    // at least 8 MiB, not at each call.
    constexpr size_t kReleaseRun = size_t(8) << 20;
    if (!m_data || end <= m_released || end - m_released < kReleaseRun)
        return;
    ::madvise(static_cast<char*>(m_data) + m_released, end - m_released, MADV_DONTNEED);
    m_released = end;
}

void MappedFile::checkUnchanged() const
{
    bool changed = m_slot >= 0 && g_slots[size_t(m_slot)].faulted.load(std::memory_order_acquire);
    struct stat st { };
    if (!changed && m_fd >= 0 && ::fstat(m_fd, &st) == 0)
        changed = size_t(st.st_size) != m_size || mtimeNs(st) != m_mtimeNs;
    if (changed)
        throw Error(ErrorCode::FileChanged, m_path, "the file changed while being read");
}

MappedFile::~MappedFile()
{
    if (m_slot >= 0) {
        MapSlot& slot = g_slots[size_t(m_slot)];
        slot.end.store(0, std::memory_order_release);
        slot.begin.store(0, std::memory_order_release);
        slot.used.store(false, std::memory_order_release);
    }
    if (m_data)
        ::munmap(m_data, m_size);
    if (m_fd >= 0)
        ::close(m_fd);
}

bool MappedFile::isBlank() const
{
    for (char c : text())
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
            return false;
    return true;
}

} // namespace ps
