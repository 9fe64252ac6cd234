#pragma once
// Interned strings: each distinct string is stored once and named by a 32-bit id. An open-addressing table
// with a cheap word-at-a-time hash keeps interning off the profile when millions of strings stream past.
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace ps {

using StrId = uint32_t;
constexpr StrId kNoStr = 0xffffffffu;

class StringPool {
public:
    StringPool();
    StrId intern(std::string_view s);
    StrId find(std::string_view s) const; // kNoStr when absent
    // Room for `strings` distinct strings without growing the table (a reader that knows its file's size): every
    // doubling rehashes the table into fresh, zeroed memory, a tenth of reading a 1 GiB dump.json.
    void reserve(size_t strings);
    std::string_view view(StrId id) const { return m_views[id]; }
    size_t size() const { return m_views.size(); }
    size_t memoryBytes() const;

    static uint64_t hash(std::string_view s);

private:
    struct Slot {
        uint32_t hashLow = 0;
        StrId id = kNoStr;
    };
    std::string_view store(std::string_view s);
    void grow();
    void rehash(size_t slots);
    size_t probe(std::string_view s, uint64_t h) const;
    std::vector<std::string_view> m_views;
    std::vector<uint32_t> m_slotHash; // per id: the hash bits that pick its slot, so growing rehashes no text
    std::vector<Slot> m_slots; // power-of-two size, at most half full
    // Stable storage: strings appended within each block's reserved capacity (never reallocated, never zeroed),
    // blocks doubling from 4 KiB to 1 MiB, so that the many small pools of a run of hundreds of ranks (one per dump
    // and per graph read back) neither reserve nor zero a megabyte each.
    std::deque<std::string> m_blocks;
    size_t m_blockSize = 0; // reserved for the tail block
    size_t m_blockBytes = 0; // reserved for all blocks
    // The last id of each short-string class: JSON keys and values such as "type", "Max" or "torch.float32"
    // repeat millions of times, and a hit here skips hashing and the table.
    static constexpr size_t kRecent = 64, kRecentMaxLength = 24;
    StrId m_recent[kRecent];
};

} // namespace ps
