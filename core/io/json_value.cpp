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
    // A container's children are appended as one run first, then nested containers are copied and patched in,
    // so runs stay contiguous without temporary vectors.
    if (v.type == JType::Array) {
        JValue out = v;
        out.off = m_elems.size();
        auto src = other.elements(v);
        m_elems.insert(m_elems.end(), src.begin(), src.end());
        for (size_t i = 0; i < src.size(); ++i)
            if (src[i].type == JType::Array || src[i].type == JType::Object) {
                JValue child = copyFrom(other, src[i]);
                m_elems[out.off + i] = child;
            }
        return out;
    }
    if (v.type == JType::Object) {
        JValue out = v;
        out.off = m_members.size();
        auto src = other.members(v);
        m_members.insert(m_members.end(), src.begin(), src.end());
        for (size_t i = 0; i < src.size(); ++i)
            if (src[i].value.type == JType::Array || src[i].value.type == JType::Object) {
                JValue child = copyFrom(other, src[i].value);
                m_members[out.off + i].value = child;
            }
        return out;
    }
    return v;
}

} // namespace ps
