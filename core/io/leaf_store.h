#pragma once
// The leaf entries of a dump's data items, stored compactly. A leaf is a JSON object such as
// {"type": ..., "dtype": ..., "shape": [...], "Max": ..., "Min": ..., "Mean": ..., "Norm": ..., "requires_grad": ...};
// a dump repeats a handful of key sequences millions of times and most shapes thousands of times. So a leaf is
// kept as a shared layout (its keys, in order) plus its values, and small scalar arrays (shapes) are shared: about
// half the memory of a JSON object per item, with the same fields in the same order.
#include "io/json_value.h"
#include "util/prefault.h"

#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace ps {

// What a data item's leaf is.
struct LeafRef {
    static constexpr uint32_t kNone = 0xffffffffu; // no leaf: a placeholder item (null argument), or a null in a file
    static constexpr uint32_t kRaw = 0xfffffffeu; // a leaf read from a file that is not an object: one value
    uint32_t layout = kNone;
    uint32_t firstValue = 0;
    bool isObject() const { return layout < kRaw; }
};

// The fields of an object leaf: keys[i] -> values[i], in file order (a repeated key appears twice).
struct LeafFields {
    std::span<const StrId> keys;
    std::span<const JValue> values;
    size_t size() const { return keys.size(); }
};

class LeafStore {
public:
    explicit LeafStore(JArena& arena)
        : m_arena(&arena)
    {
    }
    LeafStore(const LeafStore&) = delete;
    LeafStore& operator=(const LeafStore&) = delete;

    // Stores `entry`, a value of `from` (which shares the store's string pool); nested values are copied into
    // the store's arena. Null gives kNone; anything but an object gives kRaw.
    LeafRef add(const JArena& from, const JValue& entry);

    LeafFields fields(LeafRef ref) const; // empty unless ref.isObject()
    const JValue* raw(LeafRef ref) const { return ref.layout == LeafRef::kRaw ? &m_values[ref.firstValue] : nullptr; }
    const JValue* member(LeafRef ref, StrId key) const; // the last field named key, nullptr when absent

    size_t memoryBytes() const;
    // Address space for this many values: pages are only used as values arrive, and the store never copies
    // itself into a doubled buffer (which zeroes and touches twice the memory) before it holds that many.
    void reserve(size_t values) { m_values.reserve(values); }

private:
    uint32_t layoutOf(std::span<const JMember> members);
    JValue copyValue(const JArena& from, const JValue& v);

    struct Layout {
        uint32_t first;
        uint32_t count;
    };
    JArena* m_arena;
    std::vector<StrId> m_layoutKeys;
    std::vector<Layout> m_layouts;
    std::unordered_map<std::string, uint32_t> m_layoutIndex; // key sequence bytes -> layout
    std::vector<JValue> m_values;
    PrefaultAhead m_valuesPrefault;
    std::unordered_map<std::string, JValue> m_sharedArrays; // small scalar arrays by content
    std::string m_scratchKey;
};

} // namespace ps
