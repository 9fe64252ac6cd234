#include "string_pool.h"

#include "util/prefault.h"

#include <algorithm>
#include <cstring>

namespace ps {

namespace {
constexpr size_t kBlockSize = 1 << 20, kFirstBlockSize = 4096;

uint64_t mix(uint64_t a, uint64_t b)
{
    __uint128_t r = __uint128_t(a) * b;
    return uint64_t(r) ^ uint64_t(r >> 64);
}
} // namespace

uint64_t StringPool::hash(std::string_view s)
{
    const char* p = s.data();
    size_t n = s.size();
    uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
    while (n >= 8) {
        uint64_t w;
        std::memcpy(&w, p, 8);
        h = mix(h ^ w, 0xA0761D6478BD642Full);
        p += 8;
        n -= 8;
    }
    uint64_t w = 0;
    std::memcpy(&w, p, n);
    return mix(h ^ w, 0xE7037ED1A0B428DBull);
}

StringPool::StringPool()
{
    m_slots.resize(1024);
    std::fill(std::begin(m_recent), std::end(m_recent), kNoStr);
}

size_t StringPool::memoryBytes() const
{
    return m_blockBytes + m_views.capacity() * sizeof(std::string_view) + m_slotHash.capacity() * sizeof(uint32_t)
        + m_slots.capacity() * sizeof(Slot);
}

std::string_view StringPool::store(std::string_view s)
{
    if (s.size() > kBlockSize / 4) {
        m_blocks.emplace_front(s); // big strings get a block of their own (front: keeps the tail block current)
        m_blockBytes += s.size();
        return m_blocks.front();
    }
    if (m_blocks.empty() || m_blocks.back().size() + s.size() > m_blocks.back().capacity()) {
        m_blockSize = std::max(s.size(), m_blockSize ? std::min(2 * m_blockSize, kBlockSize) : kFirstBlockSize);
        m_blocks.emplace_back().reserve(m_blockSize);
        m_blockBytes += m_blockSize;
        if (m_blockSize == kBlockSize) // a pool this large fills its blocks: one call maps the block, not 256 faults
            prefaultForWriting(m_blocks.back().data(), m_blocks.back().capacity());
    }
    std::string& block = m_blocks.back();
    const size_t at = block.size();
    block.append(s); // within the capacity: the block's earlier strings stay where they are
    return { block.data() + at, s.size() };
}

void StringPool::reserve(size_t strings)
{
    size_t slots = m_slots.size();
    while (slots < 2 * strings)
        slots *= 2;
    if (slots != m_slots.size())
        rehash(slots);
    m_views.reserve(strings);
    m_slotHash.reserve(strings);
}

void StringPool::grow()
{
    rehash(m_slots.size() * 2);
}

void StringPool::rehash(size_t slots)
{
    std::vector<Slot> old = std::move(m_slots);
    m_slots.assign(slots, Slot {});
    size_t mask = m_slots.size() - 1;
    for (const Slot& s : old) {
        if (s.id == kNoStr)
            continue;
        size_t i = m_slotHash[s.id] & mask;
        while (m_slots[i].id != kNoStr)
            i = (i + 1) & mask;
        m_slots[i] = s;
    }
}

size_t StringPool::probe(std::string_view s, uint64_t h) const
{
    // Linear probing: the slot holding s, or the empty slot where it would go.
    size_t mask = m_slots.size() - 1;
    size_t i = h & mask;
    while (m_slots[i].id != kNoStr) {
        if (m_slots[i].hashLow == uint32_t(h >> 32) && m_views[m_slots[i].id] == s)
            return i;
        i = (i + 1) & mask;
    }
    return i;
}

StrId StringPool::intern(std::string_view s)
{
    StrId* recent = nullptr;
    if (!s.empty() && s.size() <= kRecentMaxLength) {
        recent = &m_recent[(s.size() * 7 + size_t(uint8_t(s.front())) * 3 + uint8_t(s.back())) % kRecent];
        if (*recent != kNoStr && m_views[*recent] == s)
            return *recent;
    }
    uint64_t h = hash(s);
    size_t i = probe(s, h);
    if (m_slots[i].id != kNoStr) {
        if (recent)
            *recent = m_slots[i].id;
        return m_slots[i].id;
    }
    StrId id = StrId(m_views.size());
    m_views.push_back(store(s));
    m_slotHash.push_back(uint32_t(h));
    m_slots[i] = { uint32_t(h >> 32), id };
    if (recent)
        *recent = id;
    if (m_views.size() * 2 > m_slots.size())
        grow();
    return id;
}

StrId StringPool::find(std::string_view s) const
{
    return m_slots[probe(s, hash(s))].id;
}

} // namespace ps
