#include "merge/distributed_params.h"

#include "io/item_fields.h"

#include <cmath>

namespace ps {

const CommConfig* commConfigOf(std::string_view api)
{
    static const std::pair<std::string_view, CommConfig> kTable[] = {
        { "send", { "recv", "dst", "send", CommKind::PointToPoint } },
        { "isend", { "irecv", "dst", "send", CommKind::PointToPoint } },
        { "recv", { "send", "src", "receive", CommKind::PointToPoint } },
        { "irecv", { "isend", "src", "receive", CommKind::PointToPoint } },
        { "broadcast", { "broadcast", "1", "send", CommKind::Collective } },
        { "scatter", { "scatter", "src", "send", CommKind::Collective } },
        { "gather", { "gather", "dst", "receive", CommKind::Collective } },
        { "reduce", { "reduce", "1", "receive", CommKind::Collective } },
    };
    for (const auto& [name, config] : kTable)
        if (name == api)
            return &config;
    return nullptr;
}

std::string_view oppositeCommType(std::string_view type)
{
    return type == "send" ? "receive" : type == "receive" ? "send" : type;
}

bool ParamValue::truthy() const
{
    switch (value.type) {
    case JType::Null:
        return false;
    case JType::Bool:
        return value.b;
    case JType::Int:
        return value.i != 0;
    case JType::BigInt:
        return true;
    case JType::Float:
        return value.d != 0;
    case JType::String:
        return !dump->pool.view(value.str()).empty();
    case JType::Array:
    case JType::Object:
        return value.n != 0;
    }
    return false;
}

std::string ParamValue::str() const
{
    std::string out;
    if (dump)
        appendPyStr(out, *dump, value);
    else
        out = "None";
    return out;
}

std::optional<int> ParamValue::asRank() const
{
    switch (value.type) {
    case JType::Int:
        return int(value.i);
    case JType::Bool:
        return value.b ? 1 : 0;
    case JType::Float:
        if (std::isfinite(value.d) && value.d == std::floor(value.d) && std::fabs(value.d) < 1e9)
            return int(value.d);
        return std::nullopt;
    default:
        return std::nullopt;
    }
}

const DumpItem* nodeInputItem(const Graph& g, NodeId n, std::string_view param)
{
    if (!g.dump)
        return nullptr;
    std::string key = std::string(g.nameOf(n)) + ".input." + std::string(param), buffer;
    const DumpItem* found = nullptr;
    for (uint32_t item : g.inputItems(n))
        if (g.dump->itemKey(g.dump->items[item], buffer) == key)
            found = &g.dump->items[item];
    return found;
}

const DumpItem* nodeFirstOutput(const Graph& g, NodeId n)
{
    if (!g.dump)
        return nullptr;
    std::string key = std::string(g.nameOf(n)) + ".output.0", buffer;
    const DumpItem* found = nullptr;
    for (uint32_t item : g.outputItems(n))
        if (g.dump->itemKey(g.dump->items[item], buffer) == key)
            found = &g.dump->items[item];
    return found;
}

ParamValue leafMember(const Graph& g, const DumpItem* item, std::string_view field)
{
    ParamValue out;
    out.dump = g.dump.get();
    if (out.dump && item)
        if (const JValue* v = out.dump->leaves.member(item->leaf, out.dump->pool.find(field)))
            out.value = *v;
    return out;
}

} // namespace ps
