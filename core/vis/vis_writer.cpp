#include "vis/vis_writer.h"

#include "io/file_io.h"
#include "util/ordered_pipeline.h"
#include "util/pyformat.h"
#include "vis/json_writer.h"
#include "vis/vis_export_common.h"

#include <algorithm>
#include <cmath>
#include <functional>
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

void writeNameList(PyJsonWriter& w, const Graph& g, const std::vector<NodeId>& ids)
{
    w.beginArray();
    for (NodeId id : ids)
        w.string(g.nameOf(id));
    w.endArray();
}

// The stack_info arrays of one side, formatted once: many nodes share a stack.
struct SideTexts {
    std::vector<std::string> stacks; // by Graph::stacks index
};

// json.dumps(list of str, indent) of an array whose closing bracket sits at `depth` levels of indentation.
std::string indentedStringArray(const Graph& g, const std::vector<StrId>& lines, size_t depth, int indent)
{
    if (lines.empty())
        return "[]";
    std::string s = "[";
    for (size_t i = 0; i < lines.size(); ++i) {
        s += i ? ",\n" : "\n";
        s.append((depth + 1) * size_t(indent), ' ');
        py::appendJsonString(s, g.strings.view(lines[i]));
    }
    s += '\n';
    s.append(depth * size_t(indent), ' ');
    return s + "]";
}

void writeNode(PyJsonWriter& w, const Comparison& c, size_t side, NodeId n, const SideTexts& texts)
{
    const Graph& g = *c.graphs[side];
    w.key(g.nameOf(n));
    w.beginObject();
    w.key("id");
    w.string(g.nameOf(n));
    w.key("node_type");
    w.integer(int(g.type[n]));
    w.key("output_data");
    writeItems(w, c, side, g.outputItems(n), VerbatimItems::AsFields);
    w.key("input_data");
    writeItems(w, c, side, g.inputItems(n), VerbatimItems::AsFields);
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
    w.raw(texts.stacks[g.stack[n]]);
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
// nodes are formatted on all cores into reused buffers and emitted in order (OrderedPipeline).
void writeNodesInParallel(
    PyJsonWriter& w, const Comparison& c, size_t side, const Sink& sink, const ProgressPart& progress)
{
    constexpr NodeId kRun = 256;
    const Graph& g = *c.graphs[side];
    const NodeId count = NodeId(g.size());
    SideTexts texts;
    // A node's stack_info array is opened inside the node's object, one level below the node map.
    for (const std::vector<StrId>& lines : g.stacks)
        texts.stacks.push_back(indentedStringArray(g, lines, w.depth() + 1, w.indent()));
    std::string& out = w.output();
    if (sink) {
        sink(out);
        out.clear();
    }
    OrderedPipeline pipeline;
    pipeline.format = [&](size_t run, std::string& text) {
        const NodeId begin = NodeId(run) * kRun, end = std::min(count, begin + kRun);
        PyJsonWriter part(text, w, begin > 0);
        for (NodeId n = begin; n < end; ++n)
            writeNode(part, c, side, n, texts);
    };
    const size_t runs = (size_t(count) + kRun - 1) / kRun;
    const double sides = c.isCompare ? 2 : 1;
    pipeline.drain = [&](size_t run, std::string& text) {
        if (sink)
            sink(text);
        else
            out += text;
        progress.advance(Stage::Write, (double(side) + double(run + 1) / double(runs)) / sides);
    };
    pipeline.run(runs);
    if (count > 0)
        w.membersAppended();
}

void writeGraphBody(PyJsonWriter& w, const Comparison& c, size_t side, const Sink& sink, const ProgressPart& progress)
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
    writeNodesInParallel(w, c, side, sink, progress);
    w.endObject();
}

// The whole document; text not yet handed to the sink is left in `out`.
void emitVis(const Comparison& c, std::string& out, const Sink& sink, const ProgressPart& progress)
{
    PyJsonWriter w(out);
    w.beginObject();
    if (!c.isCompare) {
        writeGraphBody(w, c, 0, sink, progress);
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
        writeGraphBody(w, c, side, sink, progress);
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
    emitVis(c, out, nullptr, {});
    return out;
}

void writeVisFile(const Comparison& c, const std::string& path, const ProgressPart& progress)
{
    AtomicFile file(path);
    std::string out;
    emitVis(
        c, out, [&](std::string_view text) { file.write(text); }, progress);
    file.write(out);
    file.commit();
}

} // namespace ps
