#include "vis/vis_export_common.h"

#include "util/pyformat.h"
#include "vis/item_format.h"
#include "vis/json_emit.h"
#include "vis/vis_writer.h"

#include <cmath>

namespace ps {

namespace {

// Legend bounds print as msprobe's literals: 0 and 1 as ints, 0.2 as a float.
void appendBound(std::string& out, double v) {
    if (v == std::floor(v) && std::fabs(v) < 1e15)
        out += std::to_string((long long)v);
    else
        py::appendJsonFloat(out, v);
}

bool isVerbatim(const Graph& g) {
    return g.dump && g.dump->verbatim;
}

// Whether items keep their md5 field (msprobe 26.0.0 keeps it only in md5 comparisons).
bool isMd5(const Comparison& c)
{
    return c.isCompare && c.mode == CompareMode::Md5;
}

} // namespace

std::string defaultToolTipJson(CompareMode mode) {
    std::string s = "{";
    bool first = true;
    for (auto& [k, v] : toolTips(mode)) {
        if (!first)
            s += ", ";
        first = false;
        py::appendJsonString(s, k);
        s += ": ";
        py::appendJsonString(s, v);
    }
    return s + "}";
}

std::string colorsJson(const Comparison& c) {
    std::string s = "{";
    bool first = true;
    for (const ColorBin& bin : c.colorBins()) {
        if (!first)
            s += ", ";
        first = false;
        py::appendJsonString(s, bin.hex);
        s += ": {\"value\": [";
        if (!bin.unmatched) {
            appendBound(s, bin.lo);
            s += ", ";
            appendBound(s, bin.hi);
        }
        s += "], \"description\": ";
        py::appendJsonString(s, bin.description);
        if (!bin.accuracyLevel.empty()) {
            s += ", \"accuracy_level\": ";
            py::appendJsonString(s, bin.accuracyLevel);
        }
        s += "}";
    }
    return s + "}";
}

void writeColors(PyJsonWriter& w, const Comparison& c) {
    w.beginObject();
    std::string bound;
    for (const ColorBin& bin : c.colorBins()) {
        w.key(bin.hex);
        w.beginObject();
        w.key("value");
        w.beginArray();
        if (!bin.unmatched) {
            for (double v : { bin.lo, bin.hi }) {
                bound.clear();
                appendBound(bound, v);
                w.raw(bound);
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

std::vector<std::string_view> matchedLink(const Comparison& c, size_t side, NodeId n) {
    std::vector<std::string_view> out;
    if (!c.isCompare || side >= c.counterpart.size() || n >= c.counterpart[side].size())
        return out;
    NodeId other = c.counterpart[side][n];
    if (other == kNoNode || !c.graphs[1 - side])
        return out;
    const Graph& og = *c.graphs[1 - side];
    for (NodeId a : og.ancestors(other))
        out.push_back(og.nameOf(a));
    out.push_back(og.nameOf(other));
    return out;
}

void appendItemsJson(std::string& out, const Comparison& c, size_t side, std::span<const uint32_t> items) {
    const Graph& g = *c.graphs[side];
    out += '{';
    bool first = true;
    std::string keyBuffer;
    for (uint32_t item : items) {
        const DumpData& d = *g.dump;
        if (!first)
            out += ", ";
        first = false;
        py::appendJsonString(out, d.itemKey(d.items[item], keyBuffer));
        out += ": ";
        if (isVerbatim(g)) {
            appendCompactLeaf(out, d, d.items[item]);
            continue;
        }
        const MetricRow metrics = side == 0 && c.isCompare ? c.metricsOf(item) : MetricRow();
        out += '{';
        bool firstField = true;
        for (auto& [k, v] : formatItem(d, d.items[item], c.metricKeys(), metrics.span(), c.profile, isMd5(c))) {
            if (!firstField)
                out += ", ";
            firstField = false;
            py::appendJsonString(out, k);
            out += ": ";
            py::appendJsonString(out, v);
        }
        out += '}';
    }
    out += '}';
}

void writeItems(PyJsonWriter& w, const Comparison& c, size_t side, std::span<const uint32_t> items) {
    const Graph& g = *c.graphs[side];
    const DumpData& d = *g.dump;
    w.beginObject();
    std::string keyBuffer;
    for (uint32_t item : items) {
        w.key(d.itemKey(d.items[item], keyBuffer));
        if (isVerbatim(g)) {
            writeLeaf(w, d, d.items[item]);
            continue;
        }
        const MetricRow metrics = side == 0 && c.isCompare ? c.metricsOf(item) : MetricRow();
        w.beginObject();
        for (auto& [k, v] : formatItem(d, d.items[item], c.metricKeys(), metrics.span(), c.profile, isMd5(c))) {
            w.key(k);
            w.string(v);
        }
        w.endObject();
    }
    w.endObject();
}

const Precision* precisionOf(const Comparison& c, size_t side, NodeId n) {
    if (side != 0 || !c.isCompare || n >= c.precision.size() || !c.precision[n].has)
        return nullptr;
    return &c.precision[n];
}

OverflowLevel overflowOf(const Comparison& c, size_t side, NodeId n) {
    if (!c.overflowCheck || side >= c.overflow.size() || n >= c.overflow[side].size())
        return OverflowLevel::None;
    return c.overflow[side][n];
}

} // namespace ps
