#pragma once
// A compact JSON value store: values are 16-byte handles, arrays and objects are contiguous runs in an arena,
// strings (and keys) are interned in a StringPool. Integers and floats stay apart, as Python's json does;
// integers beyond int64 keep their digits as text (BigInt).
#include "util/string_pool.h"

#include <cstdint>
#include <span>
#include <vector>

namespace ps {

enum class JType : uint8_t { Null, Bool, Int, BigInt, Float, String, Array, Object };

struct JValue {
    JType type = JType::Null;
    bool b = false;
    uint32_t n = 0; // String/BigInt: StrId; Array/Object: element count
    union {
        int64_t i;
        double d;
        uint64_t off; // Array/Object: first index in the arena
    };
    JValue()
        : i(0)
    {
    }
    bool isNull() const { return type == JType::Null; }
    bool isString() const { return type == JType::String; }
    bool isNumber() const { return type == JType::Int || type == JType::Float || type == JType::BigInt; }
    bool isArray() const { return type == JType::Array; }
    bool isObject() const { return type == JType::Object; }
    StrId str() const { return n; }
};

struct JMember {
    StrId key;
    JValue value;
};

class JArena {
public:
    explicit JArena(StringPool& pool)
        : m_pool(&pool)
    {
    }
    StringPool& pool() const { return *m_pool; }
    std::span<const JValue> elements(const JValue& v) const { return { m_elems.data() + v.off, v.n }; }
    std::span<const JMember> members(const JValue& v) const { return { m_members.data() + v.off, v.n }; }
    const JValue* member(const JValue& obj, std::string_view key) const; // nullptr when absent (last wins)
    std::string_view text(const JValue& v) const { return m_pool->view(v.n); }

    // Building: append a finished run of children and get the container handle.
    JValue makeArray(std::span<const JValue> elems);
    JValue makeObject(std::span<const JMember> members);
    // Deep copy of a value owned by another arena (sharing the same pool).
    JValue copyFrom(const JArena& other, const JValue& v);

    void clear()
    {
        m_elems.clear();
        m_members.clear();
    }
    size_t memoryBytes() const { return m_elems.capacity() * sizeof(JValue) + m_members.capacity() * sizeof(JMember); }

private:
    StringPool* m_pool;
    std::vector<JValue> m_elems;
    std::vector<JMember> m_members;
};

} // namespace ps
