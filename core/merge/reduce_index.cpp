#include "merge/reduce_index.h"

#include "merge/param_merge.h"

namespace ps::merge {

namespace {

// Positions (bits 0-3) holding a number; `nan` gets the NaN positions, which equal nothing.
unsigned numberMask(const ReduceIndex::Stats& stats, unsigned* nan)
{
    unsigned mask = 0;
    *nan = 0;
    for (unsigned k = 0; k < 4; ++k)
        if (stats[k].isNumber()) {
            mask |= 1u << k;
            if (!exactStatKey(stats[k]))
                *nan |= 1u << k;
        }
    return mask;
}

// The key of a reduce with number positions `mask`, compared at positions `subset` (of mask) with `stats`.
std::string keyOf(unsigned mask, unsigned subset, const ReduceIndex::Stats& stats)
{
    std::string key { char(mask), char(subset) };
    for (unsigned k = 0; k < 4; ++k)
        if (subset & (1u << k)) {
            StatKey s = *exactStatKey(stats[k]);
            key += char(s.bigInt);
            key.append(reinterpret_cast<const char*>(&s.bits), sizeof s.bits);
        }
    return key;
}

} // namespace

std::vector<std::string> ReduceIndex::keysOf(const Stats& stats) const
{
    unsigned nan = 0;
    const unsigned mask = numberMask(stats, &nan);
    std::vector<std::string> keys;
    // every subset of the number positions, but none holding a NaN (no query can equal it there)
    for (unsigned subset = mask;; subset = (subset - 1) & mask) {
        if (!(subset & nan))
            keys.push_back(keyOf(mask, subset, stats));
        if (subset == 0)
            break;
    }
    return keys;
}

void ReduceIndex::add(uint32_t order, const Stats& input)
{
    unsigned nan = 0;
    m_masks |= uint16_t(1u << numberMask(input, &nan));
    std::vector<std::string>& keys = m_keys[order];
    keys = keysOf(input);
    for (const std::string& key : keys)
        m_byKey[key].insert(order);
}

void ReduceIndex::update(uint32_t order, const Stats& input)
{
    if (!m_keys.count(order))
        return;
    remove(order);
    add(order, input);
}

void ReduceIndex::remove(uint32_t order)
{
    auto it = m_keys.find(order);
    if (it == m_keys.end())
        return;
    for (const std::string& key : it->second) {
        auto list = m_byKey.find(key);
        list->second.erase(order);
        if (list->second.empty())
            m_byKey.erase(list);
    }
    m_keys.erase(it);
}

std::optional<uint32_t> ReduceIndex::first(const Stats& output) const
{
    unsigned nan = 0;
    const unsigned mine = numberMask(output, &nan);
    std::optional<uint32_t> best;
    for (unsigned mask = 0; mask < 16; ++mask) {
        if (!(m_masks & (1u << mask)))
            continue;
        const unsigned subset = mask & mine; // where both hold numbers, they must be equal
        if (subset & nan)
            continue;
        auto list = m_byKey.find(keyOf(mask, subset, output));
        if (list != m_byKey.end() && (!best || *list->second.begin() < *best))
            best = *list->second.begin();
    }
    return best;
}

} // namespace ps::merge
