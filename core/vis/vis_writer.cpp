#include "vis/vis_writer.h"

#include "io/file_io.h"
#include "util/pyformat.h"
#include "vis/item_format.h"
#include "vis/vis_export_common.h"
#include "vis/json_writer.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <future>
#include <thread>
#include <vector>

namespace ps {

namespace {

void writeNumberLiteral(PyJsonWriter& w, double v)
{
    // Range bounds print as msprobe's literals: 0, 1 as ints, 0.2 as a float.
    if (v == std::floor(v) && std::fabs(v) < 1e15)
        w.integer((long long)v);
    else
        w.real(v);
}

void writeItems(PyJsonWriter& w, const Comparison& c, const Graph& g, bool npuSide, std::span<const uint32_t> items)
{
    w.beginObject();
    const DumpData& d = *g.dump;
    std::string keyBuffer;
    for (uint32_t item : items) {
        const MetricRow metrics = npuSide && c.isCompare ? c.metricsOf(item) : MetricRow();
        FormattedItem f = formatItem(
            d, d.items[item], c.metricKeys(), metrics.span(), c.profile, c.isCompare && c.mode == CompareMode::Md5);
        w.key(d.itemKey(d.items[item], keyBuffer));
        w.beginObject();
        for (auto& [k, v] : f) {
            w.key(k);
            w.string(v);
        }
        w.endObject();
    }
    w.endObject();
}

void writeNameList(PyJsonWriter& w, const Graph& g, const std::vector<NodeId>& ids)
{
    w.beginArray();
    for (NodeId id : ids)
        w.string(g.nameOf(id));
    w.endArray();
}

void writeNode(PyJsonWriter& w, const Comparison& c, size_t side, NodeId n)
{
    const Graph& g = *c.graphs[side];
    w.key(g.nameOf(n));
    w.beginObject();
    w.key("id");
    w.string(g.nameOf(n));
    w.key("node_type");
    w.integer(int(g.type[n]));
    w.key("output_data");
    writeItems(w, c, g, side == 0, g.outputItems(n));
    w.key("input_data");
    writeItems(w, c, g, side == 0, g.inputItems(n));
    w.key("upnode");
    w.string(g.parent[n] == kNoNode ? std::string_view("None") : g.nameOf(g.parent[n]));
    w.key("subnodes");
    w.beginArray();
    for (NodeId k : g.children(n))
        w.string(g.nameOf(k));
    w.endArray();
    w.key("matched_node_link");
    NodeId other = c.isCompare ? c.counterpart[side][n] : kNoNode;
    if (other == kNoNode) {
        w.beginArray();
        w.endArray();
    } else {
        const Graph& og = *c.graphs[1 - side];
        std::vector<NodeId> path = og.ancestors(other);
        path.push_back(other);
        writeNameList(w, og, path);
    }
    w.key("suggestions");
    w.beginObject();
    w.endObject();
    w.key("stack_info");
    w.beginArray();
    for (StrId line : g.stackOf(n))
        w.string(g.strings.view(line));
    w.endArray();
    if (g.microStep[n] >= 0) {
        w.key("micro_step_id");
        w.integer(g.microStep[n]);
    }
    w.key("data");
    w.beginObject();
    if (side == 0 && c.isCompare && c.precision[n].has) {
        const Precision& p = c.precision[n];
        w.key("precision_index");
        if (p.isInt)
            w.integer((long long)p.value);
        else
            w.real(p.value);
        if (c.mode == CompareMode::Md5 && g.type[n] != NodeType::ApiCollection) {
            w.key("Result");
            w.string(p.value == 1 ? "pass" : "Different");
        }
    }
    if (c.overflowCheck && c.overflow[side][n] != OverflowLevel::None) {
        w.key("overflow_level");
        w.string(overflowLevelName(c.overflow[side][n]));
    }
    w.endObject();
    auto dist = c.distributed[side].find(n);
    if (dist != c.distributed[side].end()) {
        w.key("matched_distributed");
        w.beginObject();
        w.key("communications_type");
        w.string(dist->second.type);
        w.key("nodes_info");
        w.beginObject();
        for (const DistributedPeer& p : dist->second.peers) {
            w.key(std::to_string(p.rank));
            w.beginArray();
            w.string(p.index);
            w.string(p.node);
            w.endArray();
        }
        w.endObject();
        w.endObject();
    }
    w.endObject();
}

// Where finished text goes: appended to the writer's string (visJson), or, when set, handed to a file in pieces
// so that a GB-sized .vis is never held in memory whole (writeVisFile).
using Sink = std::function<void(std::string_view)>;

// Formatting is nearly all of the writer's time and each node's text depends only on the comparison, so runs of
// nodes are formatted on all cores and emitted in order. A wave of runs at a time bounds the extra memory.
void writeNodesInParallel(PyJsonWriter& w, const Comparison& c, size_t side, const Sink& sink)
{
    constexpr NodeId kRun = 2048;
    const NodeId count = NodeId(c.graphs[side]->size());
    const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    if (threads == 1 || count <= kRun) {
        for (NodeId n = 0; n < count; ++n)
            writeNode(w, c, side, n);
        return;
    }
    std::string& out = w.output();
    if (sink) {
        sink(out);
        out.clear();
    }
    std::vector<std::string> texts(2 * threads);
    for (NodeId waveBegin = 0; waveBegin < count; waveBegin += NodeId(texts.size()) * kRun) {
        std::vector<std::future<void>> jobs;
        for (size_t r = 0; r < texts.size(); ++r) {
            NodeId begin = waveBegin + NodeId(r) * kRun;
            if (begin >= count)
                break;
            NodeId end = std::min(count, begin + kRun);
            jobs.push_back(std::async(std::launch::async, [&, r, begin, end] {
                texts[r].clear();
                PyJsonWriter part(texts[r], w, begin > 0);
                for (NodeId n = begin; n < end; ++n)
                    writeNode(part, c, side, n);
            }));
        }
        for (size_t r = 0; r < jobs.size(); ++r) {
            jobs[r].get(); // rethrows a worker's exception
            if (sink)
                sink(texts[r]);
            else
                out += texts[r];
        }
    }
    w.membersAppended();
}

void writeGraphBody(PyJsonWriter& w, const Comparison& c, size_t side, const Sink& sink)
{
    const Graph& g = *c.graphs[side];
    w.key("root");
    w.string(g.nameOf(g.root));
    w.key("dump_data_dir");
    if (!g.dump || g.dump->dumpDataDirIsNull)
        w.null();
    else
        w.string(g.dump->dumpDataDir);
    w.key("node");
    w.beginObject();
    writeNodesInParallel(w, c, side, sink);
    w.endObject();
}

// The whole document; text not yet handed to the sink is left in `out`.
void emitVis(const Comparison& c, std::string& out, const Sink& sink)
{
    PyJsonWriter w(out);
    w.beginObject();
    if (!c.isCompare) {
        writeGraphBody(w, c, 0, sink);
        w.key("MicroSteps");
        w.integer(c.graphs[0]->microSteps);
        w.key("OverflowCheck");
        w.boolean(c.overflowCheck);
        w.endObject();
        return;
    }
    for (size_t side = 0; side < 2; ++side) {
        w.key(side == 0 ? "NPU" : "Bench");
        w.beginObject();
        writeGraphBody(w, c, side, sink);
        w.endObject();
    }
    w.key("ToolTip");
    w.string(defaultToolTipJson(c.mode));
    w.key("Colors");
    w.beginObject();
    for (const ColorBin& bin : c.colorBins()) {
        w.key(bin.hex);
        w.beginObject();
        w.key("value");
        w.beginArray();
        if (!bin.unmatched) {
            writeNumberLiteral(w, bin.lo);
            writeNumberLiteral(w, bin.hi);
        }
        w.endArray();
        w.key("description");
        w.string(bin.description);
        w.endObject();
    }
    w.endObject();
    w.key("MicroSteps");
    w.integer(c.graphs[0]->microSteps);
    w.key("task");
    w.string(taskName(c.mode));
    w.key("OverflowCheck");
    w.boolean(c.overflowCheck);
    w.endObject();
}

} // namespace

std::string visJson(const Comparison& c)
{
    std::string out;
    emitVis(c, out, nullptr);
    return out;
}

void writeVisFile(const Comparison& c, const std::string& path)
{
    AtomicFile file(path);
    std::string out;
    emitVis(c, out, [&](std::string_view text) { file.write(text); });
    file.write(out);
    file.commit();
}

} // namespace ps
