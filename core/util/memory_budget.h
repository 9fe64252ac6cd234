#pragma once
// The memory budget of a run (limits().maxMemoryBytes, `max_memory`): a hostile or simply huge input ends in a
// clear error instead of swapping the machine to a halt or meeting the kernel's OOM killer.
//
// Two mechanisms share the budget:
//  * checkMemory(): long loops call it where they report progress; it compares the process's anonymous resident
//    memory (heap and stacks; file pages of memory-mapped inputs are not counted, the kernel can drop them) with
//    the budget. It reads /proc at most every few milliseconds, so it is cheap to call often.
//  * MemoryReservation: a buffer whose size the input decides (an inflated .vis, a tensor's storage) is reserved
//    before it is allocated. A reservation that can never fit fails at once; one that fits only once other
//    workers release theirs waits for them, so N workers never hold N big tensors beyond the budget at once.
#include <cstdint>
#include <string>

namespace ps {

// Anonymous resident memory of this process in bytes (0 when /proc cannot be read).
uint64_t residentAnonymousBytes();

// Throws Error(MemoryLimit) naming `file` (may be empty) when the process holds more than the budget.
void checkMemory(const std::string& file = {});
void checkMemoryAtNextCall(); // the next checkMemory looks, however soon (setLimits calls it)

// Throws Error(MemoryLimit) naming `file` when `bytes` more would not fit in the budget now (no waiting): for one
// buffer grown step by step on the calling thread (gzip inflation).
void checkMemoryFor(uint64_t bytes, const std::string& what, const std::string& file);

class MemoryReservation {
public:
    MemoryReservation() = default;
    // Reserves `bytes`, waiting while other reservations hold the budget. Throws Error(MemoryLimit) naming
    // `file` and saying `what` needs the memory when `bytes` cannot fit even with no other reservation.
    MemoryReservation(uint64_t bytes, const std::string& what, const std::string& file);
    ~MemoryReservation();
    MemoryReservation(MemoryReservation&& other) noexcept;
    MemoryReservation& operator=(MemoryReservation&& other) noexcept;
    MemoryReservation(const MemoryReservation&) = delete;
    MemoryReservation& operator=(const MemoryReservation&) = delete;
    uint64_t bytes() const { return m_bytes; }

private:
    void release();
    uint64_t m_bytes = 0;
};

} // namespace ps
