#include "io/leaf_store.h"

#include "util/error.h"

#include <cstring>
#include <limits>

namespace ps {

namespace {

constexpr size_t kMaxSharedArray = 16; // shapes; longer arrays are rare and rarely repeated

bool isContainer(const JValue& v)
{
    return v.type == JType::Array || v.type == JType::Object;
}

// The bytes that tell two scalars apart (what json.loads would make of them).
void appendScalarKey(std::string& key, const JValue& v)
{
    uint64_t bits = 0;
    if (v.type == JType::Float)
        std::memcpy(&bits, &v.d, sizeof bits);
    else if (v.type == JType::Int)
        bits = uint64_t(v.i);
    else if (v.type == JType::String || v.type == JType::BigInt)
        bits = v.n;
    else if (v.type == JType::Bool)
        bits = v.b;
    key += char(v.type);
    key.append(reinterpret_cast<const char*>(&bits), sizeof bits);
}

} // namespace

LeafRef LeafStore::add(const JArena& from, const JValue& entry)
{
    LeafRef ref;
    if (entry.isNull())
        return ref;
    // An object stores one value per member, anything else one value (its n is a string id or a length).
    const size_t adding = entry.isObject() ? entry.n : 1;
    if (m_values.size() + adding > std::numeric_limits<uint32_t>::max() - 1)
        throw Error(ErrorCode::BadContent, "", "more than 4G leaf values in one dump");
    ref.firstValue = uint32_t(m_values.size());
    m_valuesPrefault.advance(
        m_values.data(), (m_values.size() + adding) * sizeof(JValue), m_values.capacity() * sizeof(JValue));
    if (!entry.isObject()) {
        ref.layout = LeafRef::kRaw;
        m_values.push_back(copyValue(from, entry));
        return ref;
    }
    auto members = from.members(entry);
    ref.layout = layoutOf(members);
    for (const JMember& m : members)
        m_values.push_back(copyValue(from, m.value));
    return ref;
}

uint32_t LeafStore::layoutOf(std::span<const JMember> members)
{
    m_scratchKey.clear();
    for (const JMember& m : members)
        m_scratchKey.append(reinterpret_cast<const char*>(&m.key), sizeof m.key);
    auto it = m_layoutIndex.find(m_scratchKey);
    if (it != m_layoutIndex.end())
        return it->second;
    uint32_t id = uint32_t(m_layouts.size());
    m_layouts.push_back({ uint32_t(m_layoutKeys.size()), uint32_t(members.size()) });
    for (const JMember& m : members)
        m_layoutKeys.push_back(m.key);
    m_layoutIndex.emplace(m_scratchKey, id);
    return id;
}

JValue LeafStore::copyValue(const JArena& from, const JValue& v)
{
    if (!isContainer(v))
        return v;
    if (v.type != JType::Array || v.n > kMaxSharedArray)
        return m_arena->copyFrom(from, v);
    auto elems = from.elements(v);
    m_scratchKey.clear();
    for (const JValue& e : elems) {
        if (isContainer(e))
            return m_arena->copyFrom(from, v);
        appendScalarKey(m_scratchKey, e);
    }
    auto it = m_sharedArrays.find(m_scratchKey);
    if (it != m_sharedArrays.end())
        return it->second;
    JValue shared = m_arena->makeArray(elems);
    m_sharedArrays.emplace(m_scratchKey, shared);
    return shared;
}

LeafFields LeafStore::fields(LeafRef ref) const
{
    if (!ref.isObject())
        return {};
    const Layout& l = m_layouts[ref.layout];
    return { { m_layoutKeys.data() + l.first, l.count }, { m_values.data() + ref.firstValue, l.count } };
}

const JValue* LeafStore::member(LeafRef ref, StrId key) const
{
    LeafFields f = fields(ref);
    for (size_t i = f.size(); i-- > 0;)
        if (f.keys[i] == key)
            return &f.values[i];
    return nullptr;
}

size_t LeafStore::memoryBytes() const
{
    return m_values.size() * sizeof(JValue) + m_layoutKeys.capacity() * sizeof(StrId)
        + m_layouts.capacity() * sizeof(Layout);
}

} // namespace ps
