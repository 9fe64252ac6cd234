#include "analysis/precision_series.h"

#include "graph/naming.h"
#include "io/item_fields.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <string>

namespace ps {

namespace {

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool contains(std::string_view s, std::string_view what)
{
    return s.find(what) != std::string_view::npos;
}

bool oneOf(std::string_view s, std::initializer_list<std::string_view> words)
{
    return std::find(words.begin(), words.end(), s) != words.end();
}

std::optional<ModuleKind> kindOfPart(std::string_view rawPart)
{
    const std::string p = lower(rawPart);
    if (oneOf(p,
            { "all_reduce", "all_gather", "reduce_scatter", "broadcast", "all_to_all", "all_to_all_single", "send",
                "recv", "isend", "irecv", "barrier", "all_gather_into_tensor", "reduce_scatter_tensor" }))
        return ModuleKind::Communication;
    if (contains(p, "norm") || p == "ln" || (p.size() > 2 && p.substr(0, 3) == "ln_"))
        return ModuleKind::Norm;
    if (contains(p, "attn") || contains(p, "attention")
        || oneOf(p,
            { "q_proj", "k_proj", "v_proj", "o_proj", "out_proj", "qkv", "query_key_value", "query", "key", "value" }))
        return ModuleKind::Attention;
    if (contains(p, "mlp") || contains(p, "ffn") || contains(p, "feed_forward") || contains(p, "feedforward")
        || oneOf(p,
            { "fc1", "fc2", "c_fc", "linear1", "linear2", "dense_h_to_4h", "dense_4h_to_h", "gate_proj", "up_proj",
                "down_proj", "w1", "w2", "w3" }))
        return ModuleKind::Mlp;
    return std::nullopt;
}

std::optional<ModuleKind> kindOfNameIfAny(std::string_view name)
{
    if (name.substr(0, 12) == "Distributed.")
        return ModuleKind::Communication;
    const auto parts = splitDots(name);
    for (size_t i = parts.size(); i-- > 0;)
        if (auto k = kindOfPart(parts[i]))
            return k;
    return std::nullopt;
}

bool isNonFiniteText(std::string_view text)
{
    const std::string t = lower(text);
    return t == "nan" || t == "inf" || t == "-inf" || t == "infinity" || t == "-infinity";
}

bool isNonFiniteField(const DumpData& dump, const FieldValue& f)
{
    if (f.isText)
        return isNonFiniteText(f.text);
    if (f.json.type == JType::Float)
        return !std::isfinite(f.json.d);
    if (f.json.isString())
        return isNonFiniteText(dump.pool.view(f.json.str()));
    return false;
}

// Whether any output item of the NPU node has a NaN or infinite Max or Min (what msprobe scores as 1).
bool outputsNonFinite(const Graph& g, NodeId n)
{
    if (!g.dump)
        return false;
    ItemStats stats;
    for (uint32_t item : g.outputItems(n)) {
        itemStats(*g.dump, g.dump->items[item], stats);
        if (isNonFiniteField(*g.dump, stats.stats[0]) || isNonFiniteField(*g.dump, stats.stats[1]))
            return true;
    }
    return false;
}

} // namespace

Pass passOfName(std::string_view name)
{
    const auto parts = splitDots(name);
    for (size_t i = parts.size(); i-- > 0;) {
        if (parts[i] == "forward")
            return Pass::Forward;
        if (parts[i] == "backward")
            return Pass::Backward;
    }
    return Pass::Other;
}

std::optional<int> layerNumberOfName(std::string_view name)
{
    const auto parts = splitDots(name);
    for (size_t i = 0; i + 1 < parts.size(); ++i) {
        if (!oneOf(parts[i], { "layers", "h", "encoder", "layer" }) || !allDigits(parts[i + 1])
            || parts[i + 1].size() > 6)
            continue;
        return std::stoi(std::string(parts[i + 1]));
    }
    return std::nullopt;
}

ModuleKind moduleKindOfName(std::string_view name)
{
    return kindOfNameIfAny(name).value_or(ModuleKind::Other);
}

const char* moduleKindName(ModuleKind kind)
{
    switch (kind) {
    case ModuleKind::Attention:
        return "attention";
    case ModuleKind::Mlp:
        return "mlp";
    case ModuleKind::Norm:
        return "norm";
    case ModuleKind::Communication:
        return "communication";
    case ModuleKind::Other:
        break;
    }
    return "other";
}

PrecisionSeries precisionSeries(const Comparison& c)
{
    PrecisionSeries out;
    if (!c.isCompare || !c.graphs[size_t(Side::Npu)])
        return out;
    const Graph& g = c.graph(Side::Npu);
    const auto& overflow = c.overflow[size_t(Side::Npu)];
    // Pre-order walk with an explicit stack; layer and kind are inherited from the nearest ancestor that has one.
    struct Frame {
        NodeId node;
        int layer;
        ModuleKind kind;
        bool hasKind;
    };
    std::vector<Frame> stack { { g.root, -1, ModuleKind::Other, false } };
    std::vector<bool> seen(g.size(), false);
    while (!stack.empty()) {
        Frame f = stack.back();
        stack.pop_back();
        if (seen[f.node])
            continue;
        seen[f.node] = true;
        const std::string_view name = g.nameOf(f.node);
        if (auto layer = layerNumberOfName(name))
            f.layer = *layer;
        if (auto kind = kindOfNameIfAny(name)) {
            f.kind = *kind;
            f.hasKind = true;
        }
        const Pass pass = passOfName(name);
        if (f.node < c.precision.size() && c.precision[f.node].has && pass != Pass::Other) {
            auto& series = pass == Pass::Forward ? out.forward : out.backward;
            PrecisionPoint p;
            p.node = f.node;
            p.order = uint32_t(series.size());
            p.precision = c.precision[f.node].value;
            p.overflow = f.node < overflow.size() ? overflow[f.node] : OverflowLevel::None;
            p.nonFinite = outputsNonFinite(g, f.node);
            p.layer = f.layer;
            p.kind = f.kind;
            series.push_back(p);
        }
        const auto kids = g.children(f.node);
        for (size_t i = kids.size(); i-- > 0;)
            stack.push_back({ kids[i], f.layer, f.kind, f.hasKind });
    }
    return out;
}

void WorstCell::add(const PrecisionPoint& p)
{
    ++count;
    overflow |= p.overflow != OverflowLevel::None;
    nonFinite |= p.nonFinite;
    if (node == kNoNode || p.precision > worst) {
        worst = p.precision;
        node = p.node;
    }
}

LayerTable layerTable(const PrecisionSeries& series)
{
    LayerTable t;
    std::map<int, size_t> rowOf;
    for (const auto* pass : { &series.forward, &series.backward })
        for (const PrecisionPoint& p : *pass)
            if (p.layer >= 0)
                rowOf.emplace(p.layer, 0);
    for (auto& [layer, row] : rowOf) {
        row = t.layers.size();
        t.layers.push_back(layer);
    }
    t.forward.resize(t.layers.size());
    t.backward.resize(t.layers.size());
    t.byKind.resize(t.layers.size());
    for (Pass pass : { Pass::Forward, Pass::Backward })
        for (const PrecisionPoint& p : series.of(pass)) {
            if (p.layer < 0)
                continue;
            const size_t row = rowOf[p.layer];
            (pass == Pass::Forward ? t.forward : t.backward)[row].add(p);
            t.byKind[row][size_t(p.kind)].add(p);
        }
    return t;
}

} // namespace ps
