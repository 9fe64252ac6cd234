#pragma once
// A map from string ids (dense, small integers) to 32-bit values, kept as a flat array: one indexed load instead
// of a hash table's bucket and node, which both miss the cache once a table of millions of names outgrows it.
#include "util/string_pool.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace ps {

class IdIndex {
public:
    static constexpr uint32_t kNone = 0xffffffffu;

    uint32_t find(StrId id) const { return id < m_values.size() ? m_values[id] : kNone; }

    // Stores id -> value unless id already has one; returns the value stored and whether it is the new one.
    std::pair<uint32_t, bool> emplace(StrId id, uint32_t value)
    {
        if (id == kNoStr)
            return { kNone, false }; // not a name
        if (id >= m_values.size())
            m_values.resize(std::max<size_t>(size_t(id) + 1, m_values.size() * 3 / 2), kNone);
        if (m_values[id] != kNone)
            return { m_values[id], false };
        m_values[id] = value;
        return { value, true };
    }

    // Stores id -> value, replacing any value id had (a Python dict's assignment).
    void assign(StrId id, uint32_t value)
    {
        if (id != kNoStr && emplace(id, value).first != value)
            m_values[id] = value;
    }

    size_t memoryBytes() const { return m_values.capacity() * sizeof(uint32_t); }

private:
    std::vector<uint32_t> m_values;
};

} // namespace ps
