#include "vis/vis_document.h"

namespace ps {

const JValue* VisMeta::topValue(std::string_view key) const
{
    for (const auto& [k, v] : topLevel)
        if (k == key)
            return &v;
    return nullptr;
}

const JValue* VisMeta::nodeExtra(size_t side, NodeId node, std::string_view key) const
{
    if (side >= nodeExtras.size() || node >= nodeExtras[side].size() || !nodeExtras[side][node].isObject())
        return nullptr;
    return store->arena.member(nodeExtras[side][node], key);
}

const VisMeta& engineVisMeta()
{
    static const VisMeta meta; // fromFile = false
    return meta;
}

} // namespace ps
