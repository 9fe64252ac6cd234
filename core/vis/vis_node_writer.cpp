#include "vis/vis_node_writer.h"

#include "vis/item_format.h"
#include "vis/json_emit.h"
#include "vis/vis_export_common.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <string>

namespace ps {

namespace {

// Node keys the writer places itself (in msprobe 1.2.1's order); extras with other names follow them.
constexpr std::string_view kPlacedKeys[] = { "id", "node_type", "output_data", "input_data", "upnode", "subnodes",
    "matched_node_link", "suggestions", "stack_info", "micro_step_id", "data", "matched_distributed", "modified" };

void writeData(PyJsonWriter& w, const Comparison& c, size_t side, NodeId n)
{
    const Graph& g = *c.graphs[side];
    w.key("data");
    w.beginObject();
    if (const Precision* p = precisionOf(c, side, n)) {
        w.key("precision_index");
        if (p->isInt)
            w.integer((long long)p->value);
        else
            w.real(p->value);
        if (c.mode == CompareMode::Md5 && g.type[n] != NodeType::ApiCollection) {
            w.key("Result");
            w.string(p->value == 1 ? "pass" : "Different");
        }
    }
    if (OverflowLevel level = overflowOf(c, side, n); level != OverflowLevel::None) {
        w.key("overflow_level");
        w.string(overflowLevelName(level));
    }
    w.endObject();
}

void writeOtherExtras(PyJsonWriter& w, const VisMeta& meta, size_t side, NodeId n)
{
    if (side >= meta.nodeExtras.size() || n >= meta.nodeExtras[side].size())
        return;
    const JValue& extras = meta.nodeExtras[side][n];
    if (!extras.isObject())
        return;
    for (const JMember& m : meta.arena().members(extras)) {
        std::string_view key = meta.arena().pool().view(m.key);
        if (std::find(std::begin(kPlacedKeys), std::end(kPlacedKeys), key) != std::end(kPlacedKeys))
            continue;
        w.key(key);
        writeJsonValue(w, meta.arena(), m.value);
    }
}

} // namespace

void writeNameList(PyJsonWriter& w, const std::vector<std::string_view>& names)
{
    w.beginArray();
    for (std::string_view name : names)
        w.string(name);
    w.endArray();
}

void writeVisItems(PyJsonWriter& w, const Comparison& c, size_t side, std::span<const uint32_t> items)
{
    assert(side < 2 && c.graphs[side] && c.graphs[side]->dump);
    const DumpData& d = *c.graphs[side]->dump;
    // msprobe 26.0.0 keeps the md5 field only in md5 comparisons.
    const bool md5Mode = c.isCompare && c.mode == CompareMode::Md5;
    w.beginObject();
    std::string keyBuffer;
    for (uint32_t item : items) {
        assert(item < d.items.size());
        w.key(d.itemKey(d.items[item], keyBuffer));
        if (d.verbatim) {
            writeLeaf(w, d, d.items[item]);
            continue;
        }
        const MetricRow metrics = side == 0 && c.isCompare ? c.metricsOf(item) : MetricRow();
        thread_local ItemText text; // one buffer per thread: no allocation per field
        formatItemInto(text, d, d.items[item], c.metricKeys(), metrics.span(), c.profile, md5Mode, c.msprobe26Release);
        w.beginObject();
        for (size_t k = 0; k < text.size(); ++k) {
            w.key(text.key(k));
            w.string(text.value(k));
        }
        w.endObject();
    }
    w.endObject();
}

void writeMatchedNodeLink(PyJsonWriter& w, const Comparison& c, const VisMeta& meta, size_t side, NodeId n)
{
    if (const JValue* link = meta.nodeExtra(side, n, "matched_node_link"))
        writeJsonValue(w, meta.arena(), *link);
    else
        writeNameList(w, matchedLink(c, side, n));
}

bool hasMatchedDistributed(const Comparison& c, const VisMeta& meta, size_t side, NodeId n)
{
    return meta.nodeExtra(side, n, "matched_distributed") || c.distributed[side].contains(n);
}

void writeMatchedDistributed(PyJsonWriter& w, const Comparison& c, const VisMeta& meta, size_t side, NodeId n)
{
    if (const JValue* raw = meta.nodeExtra(side, n, "matched_distributed")) {
        writeJsonValue(w, meta.arena(), *raw);
        return;
    }
    const auto it = c.distributed[side].find(n);
    assert(it != c.distributed[side].end());
    w.beginObject();
    w.key("communications_type");
    w.string(it->second.type);
    w.key("nodes_info");
    w.beginObject();
    for (const DistributedPeer& p : it->second.peers) {
        w.key(std::to_string(p.rank));
        w.beginArray();
        w.string(p.index);
        w.string(p.node);
        w.endArray();
    }
    w.endObject();
    w.endObject();
}

void writeVisNode(PyJsonWriter& w, const Comparison& c, const VisMeta& meta, size_t side, NodeId n)
{
    assert(side < 2 && c.graphs[side] && n < c.graphs[side]->size());
    const Graph& g = *c.graphs[side];
    w.key(g.nameOf(n));
    w.beginObject();
    w.key("id");
    w.string(g.nameOf(n));
    w.key("node_type");
    w.integer(int(g.type[n]));
    w.key("output_data");
    writeVisItems(w, c, side, g.outputItems(n));
    w.key("input_data");
    writeVisItems(w, c, side, g.inputItems(n));
    w.key("upnode");
    w.string(g.parent[n] == kNoNode ? std::string_view("None") : g.nameOf(g.parent[n]));
    w.key("subnodes");
    w.beginArray();
    for (NodeId k : g.children(n))
        w.string(g.nameOf(k));
    w.endArray();
    w.key("matched_node_link");
    writeMatchedNodeLink(w, c, meta, side, n);
    if (const JValue* suggestions = meta.nodeExtra(side, n, "suggestions")) {
        w.key("suggestions");
        writeJsonValue(w, meta.arena(), *suggestions);
    } else if (!meta.fromFile) {
        w.key("suggestions");
        w.beginObject();
        w.endObject();
    }
    w.key("stack_info");
    w.beginArray();
    for (StrId line : g.exportStackOf(n))
        w.string(g.strings.view(line));
    w.endArray();
    if (g.microStep[n] >= 0) {
        w.key("micro_step_id");
        w.integer(g.microStep[n]);
    }
    writeData(w, c, side, n);
    if (hasMatchedDistributed(c, meta, side, n)) {
        w.key("matched_distributed");
        writeMatchedDistributed(w, c, meta, side, n);
    }
    writeOtherExtras(w, meta, side, n);
    w.endObject();
}

void writeVisColors(PyJsonWriter& w, const Comparison& c)
{
    w.beginObject();
    for (const ColorBin& bin : c.colorBins()) {
        w.key(bin.hex);
        w.beginObject();
        w.key("value");
        w.beginArray();
        if (!bin.unmatched) {
            for (double v : { bin.lo, bin.hi }) {
                if (v == std::floor(v) && std::fabs(v) < 1e15)
                    w.integer((long long)v);
                else
                    w.real(v);
            }
        }
        w.endArray();
        w.key("description");
        w.string(bin.description);
        if (!bin.accuracyLevel.empty()) {
            w.key("accuracy_level");
            w.string(bin.accuracyLevel);
        }
        w.endObject();
    }
    w.endObject();
}

} // namespace ps
