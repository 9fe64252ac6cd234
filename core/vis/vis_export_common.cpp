#include "vis/vis_export_common.h"

#include "io/json_writer.h"
#include "util/pyformat.h"
#include "vis/vis_node_writer.h"
#include "vis/vis_writer.h"

namespace ps {

std::string defaultToolTipJson(CompareMode mode)
{
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

std::string colorsJson(const Comparison& c)
{
    return compactJson([&](PyJsonWriter& w) { writeVisColors(w, c); });
}

void appendItemsJson(std::string& out, const Comparison& c, size_t side, std::span<const uint32_t> items)
{
    PyJsonWriter w(out, PyJsonWriter::kCompact);
    writeVisItems(w, c, side, items);
}

std::vector<std::string_view> matchedLink(const Comparison& c, size_t side, NodeId n)
{
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

const Precision* precisionOf(const Comparison& c, size_t side, NodeId n)
{
    if (side != 0 || !c.isCompare || n >= c.precision.size() || !c.precision[n].has)
        return nullptr;
    return &c.precision[n];
}

OverflowLevel overflowOf(const Comparison& c, size_t side, NodeId n)
{
    if (!c.overflowCheck || side >= c.overflow.size() || n >= c.overflow[side].size())
        return OverflowLevel::None;
    return c.overflow[side][n];
}

} // namespace ps
