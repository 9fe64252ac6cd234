#include "graph/parent_repair.h"

#include "graph/naming.h"

#include <optional>

namespace ps {

namespace {

// `X.forward.N` -> `X.backward.N`; any other name unchanged (msprobe's forward_pattern.sub).
std::string forwardToBackward(std::string_view name)
{
    auto dot = name.rfind('.');
    if (dot == std::string_view::npos || dot < 8 || !allDigits(name.substr(dot + 1))
        || name.substr(dot - 8, 8) != ".forward")
        return std::string(name);
    return std::string(name.substr(0, dot - 8)) + ".backward" + std::string(name.substr(dot));
}

class Lookup {
public:
    Lookup(const StringPool& pool, const ConstructData& construct)
        : m_pool(pool)
        , m_construct(construct)
    {
    }
    // construct.json key `name`, or kNoStr.
    StrId key(std::string_view name) const
    {
        StrId id = m_pool.find(name);
        return m_construct.entry(id) ? id : kNoStr;
    }
    // construct.get(name): nullopt when `name` is no key, kNoStr when its value is null or "".
    std::optional<StrId> parentOf(std::string_view name) const
    {
        const ConstructEntry* entry = m_construct.entry(m_pool.find(name));
        if (!entry)
            return std::nullopt;
        return entry->parent;
    }
    std::string_view text(StrId id) const { return m_pool.view(id); }

private:
    const StringPool& m_pool;
    const ConstructData& m_construct;
};

// The backward twin of the parent of `forward` when that twin is a construct.json key; nullopt otherwise.
std::optional<StrId> backwardTwinOfParent(const Lookup& look, std::string_view forward, bool allOccurrences)
{
    auto fwdParent = look.parentOf(forward);
    if (!fwdParent || *fwdParent == kNoStr)
        return std::nullopt;
    std::string_view f = look.text(*fwdParent);
    StrId twin = look.key(allOccurrences ? replaceAll(f, "forward", "backward") : forwardToBackward(f));
    return twin != kNoStr ? std::optional<StrId>(twin) : std::nullopt;
}

StrId repaired121(const Lookup& look, StrId node, StrId parent)
{
    if (parent != kNoStr)
        return parent;
    auto fwd = moduleBackwardToForward(look.text(node), false);
    if (!fwd)
        return kNoStr;
    return backwardTwinOfParent(look, *fwd, false).value_or(kNoStr);
}

// The module path of a name: everything before its last `drop` segments.
std::vector<std::string_view> headSegments(std::string_view name, size_t drop)
{
    std::vector<std::string_view> parts = splitDots(name);
    parts.resize(parts.size() - drop);
    return parts;
}

StrId repaired26(const Lookup& look, StrId node, StrId parent)
{
    std::string_view name = look.text(node);
    const bool moduleBackward = isModuleBackwardName(name);
    if (parent == kNoStr) {
        if (moduleBackward)
            if (auto twin = backwardTwinOfParent(look, *moduleBackwardToForward(name, false), false))
                return *twin;
        if (isApiBackwardName(name))
            if (auto twin = backwardTwinOfParent(look, replaceAll(name, "backward", "forward"), true))
                return *twin;
        return kNoStr;
    }
    // An inplace layer fires no backward hook, so its children's backwards point at the wrong module.
    if (!moduleBackward || splitDots(name).size() < 5 || splitDots(look.text(parent)).size() < 4)
        return parent;
    if (headSegments(name, 4) == headSegments(look.text(parent), 3))
        return parent;
    std::string forward = *moduleBackwardToForward(name, false);
    auto fwdParent = look.parentOf(forward);
    if (!fwdParent)
        return parent;
    if (*fwdParent == kNoStr)
        return kNoStr;
    StrId twin = look.key(forwardToBackward(look.text(*fwdParent)));
    return twin != kNoStr ? twin : parent;
}

} // namespace

StrId repairedParent(
    RulesProfile profile, const StringPool& pool, const ConstructData& construct, StrId node, StrId parent)
{
    Lookup look(pool, construct);
    return profile == RulesProfile::Msprobe26 ? repaired26(look, node, parent) : repaired121(look, node, parent);
}

} // namespace ps
