#include "models/nonfinite.h"

#include <cmath>
#include <string_view>

namespace psui {

namespace {

uint8_t bitsOfValue(const ps::DumpData& dump, const ps::JValue& v)
{
    if (v.type == ps::JType::Float)
        return std::isnan(v.d) ? kHasNan : std::isinf(v.d) ? kHasInf : 0;
    if (!v.isString())
        return 0;
    // Written as text ("nan", "inf", "-inf", msprobe's table's "Nan"), in any case.
    std::string_view s = dump.arena.text(v);
    if (!s.empty() && (s.front() == '-' || s.front() == '+'))
        s.remove_prefix(1);
    const auto is = [s](std::string_view word) {
        if (s.size() != word.size())
            return false;
        for (size_t i = 0; i < s.size(); ++i)
            if ((s[i] | 0x20) != word[i])
                return false;
        return true;
    };
    return is("nan") ? kHasNan : is("inf") || is("infinity") ? kHasInf : 0;
}

} // namespace

std::vector<uint8_t> nonFiniteNodes(const ps::Graph& graph)
{
    std::vector<uint8_t> bits(graph.size(), 0);
    const ps::DumpData* dump = graph.dump.get();
    if (!dump || graph.items.size() < graph.size())
        return bits;
    std::vector<ps::StrId> keys;
    for (const char* name : { "Max", "Min", "Mean", "Norm" })
        if (const ps::StrId id = dump->pool.find(name); id != ps::kNoStr)
            keys.push_back(id);
    if (keys.empty())
        return bits;
    const auto itemBits = [&](uint32_t item) {
        uint8_t b = 0;
        if (item >= dump->items.size())
            return b;
        const ps::LeafRef leaf = dump->items[item].leaf;
        for (ps::StrId key : keys)
            if (const ps::JValue* v = dump->leaves.member(leaf, key))
                b |= bitsOfValue(*dump, *v);
        return b;
    };
    for (ps::NodeId n = 0; n < graph.size(); ++n) {
        for (uint32_t item : graph.inputItems(n))
            bits[n] |= itemBits(item);
        for (uint32_t item : graph.outputItems(n))
            bits[n] |= itemBits(item);
    }
    return bits;
}

} // namespace psui
