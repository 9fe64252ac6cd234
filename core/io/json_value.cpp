#include "json_value.h"

namespace ps {

const JValue* JArena::member(const JValue& obj, std::string_view key) const
{
    if (!obj.isObject())
        return nullptr;
    StrId id = m_pool->find(key);
    if (id == kNoStr)
        return nullptr;
    const JValue* found = nullptr;
    for (const JMember& m : members(obj))
        if (m.key == id)
            found = &m.value;
    return found;
}

JValue JArena::makeArray(std::span<const JValue> elems)
{
    JValue v;
    v.type = JType::Array;
    v.n = uint32_t(elems.size());
    v.off = m_elems.size();
    m_elems.insert(m_elems.end(), elems.begin(), elems.end());
    return v;
}

JValue JArena::makeObject(std::span<const JMember> members)
{
    JValue v;
    v.type = JType::Object;
    v.n = uint32_t(members.size());
    v.off = m_members.size();
    m_members.insert(m_members.end(), members.begin(), members.end());
    return v;
}

JValue JArena::copyFrom(const JArena& other, const JValue& v)
{
    // Containers are copied children-first; an explicit stack keeps deep values off the call stack.
    if (v.type == JType::Array) {
        std::vector<JValue> kids;
        kids.reserve(v.n);
        for (const JValue& e : other.elements(v))
            kids.push_back(e.type == JType::Array || e.type == JType::Object ? copyFrom(other, e) : e);
        return makeArray(kids);
    }
    if (v.type == JType::Object) {
        std::vector<JMember> kids;
        kids.reserve(v.n);
        for (const JMember& m : other.members(v))
            kids.push_back({ m.key,
                m.value.type == JType::Array || m.value.type == JType::Object ? copyFrom(other, m.value) : m.value });
        return makeObject(kids);
    }
    return v;
}

} // namespace ps
