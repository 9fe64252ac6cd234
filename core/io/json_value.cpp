#include "json_value.h"

#include <vector>

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
    if (v.type != JType::Array && v.type != JType::Object)
        return v;
    // Each container's children are appended as one run; nested containers are copied with an explicit stack
    // (no recursion as deep as the input nests) and their handles patched into the parent's run.
    auto appendRun = [&](const JValue& c) {
        if (c.type == JType::Array) {
            auto src = other.elements(c);
            size_t off = m_elems.size();
            m_elems.insert(m_elems.end(), src.begin(), src.end());
            return off;
        }
        auto src = other.members(c);
        size_t off = m_members.size();
        m_members.insert(m_members.end(), src.begin(), src.end());
        return off;
    };
    JValue out = v;
    out.off = appendRun(v);
    struct Pending {
        JValue source; // a container of `other`
        uint64_t off; // where its copied children start here
    };
    std::vector<Pending> stack { { v, out.off } };
    while (!stack.empty()) {
        Pending p = stack.back();
        stack.pop_back();
        for (size_t i = 0; i < p.source.n; ++i) {
            const bool array = p.source.type == JType::Array;
            const JValue& child = array ? other.elements(p.source)[i] : other.members(p.source)[i].value;
            if (child.type != JType::Array && child.type != JType::Object)
                continue;
            const uint64_t off = appendRun(child);
            (array ? m_elems[p.off + i] : m_members[p.off + i].value).off = off;
            stack.push_back({ child, off });
        }
    }
    return out;
}

} // namespace ps
