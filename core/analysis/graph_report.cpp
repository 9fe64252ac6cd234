#include "analysis/graph_report.h"

#include "analysis/divergence_report.h"
#include "io/file_io.h"
#include "vis/vis_db_reader.h"
#include "vis/vis_reader.h"

#include <algorithm>
#include <cstdio>
#include <fstream>

namespace ps {

namespace {

SideSummary summarizeSide(const Comparison& c, Side side)
{
    SideSummary s;
    const Graph& g = c.graph(side);
    s.nodes = g.size();
    std::vector<uint32_t> depth(g.size(), 0);
    std::vector<NodeId> stack { g.root };
    while (!stack.empty()) { // the readers guarantee a tree of bounded depth
        NodeId n = stack.back();
        stack.pop_back();
        s.depth = std::max<size_t>(s.depth, depth[n]);
        for (NodeId child : g.children(n)) {
            depth[child] = depth[n] + 1;
            stack.push_back(child);
        }
    }
    const auto& overflow = c.overflow[size_t(side)];
    for (NodeId n = 0; n < g.size(); ++n) {
        if (g.type[n] == NodeType::Module)
            ++s.modules;
        else if (g.type[n] == NodeType::Api)
            ++s.apis;
        else
            ++s.groups;
        if (c.isCompare)
            ++(c.counterpart[size_t(side)][n] != kNoNode ? s.matched : s.unmatched);
        if (n < overflow.size() && overflow[n] != OverflowLevel::None)
            ++s.overflowing;
    }
    return s;
}

std::string precisionText(const Precision& p)
{
    if (p.isInt)
        return std::to_string(int64_t(p.value));
    return formatError(p.value);
}

} // namespace

GraphSummary summarizeComparison(const Comparison& c, size_t worstCount)
{
    GraphSummary out;
    out.compare = c.isCompare;
    out.mode = c.mode;
    out.microSteps = c.graphs[0] ? c.graphs[0]->microSteps : 1;
    out.sides[0] = summarizeSide(c, Side::Npu);
    if (!c.isCompare)
        return out;
    out.sides[1] = summarizeSide(c, Side::Bench);
    // Worst first: the legend's bins are ordered by severity; within a bin, higher values are worse except in md5
    // mode, whose two bins hold one value each.
    const std::vector<ColorBin> bins = c.colorBins();
    struct Ranked {
        int bin;
        double value;
        NodeId node;
    };
    std::vector<Ranked> ranked;
    const Graph& g = c.graph(Side::Npu);
    for (NodeId n = 0; n < g.size() && n < c.precision.size(); ++n)
        if (c.counterpart[0][n] != kNoNode && c.precision[n].has)
            ranked.push_back({ colorBinOf(bins, c.precision[n].value), c.precision[n].value, n });
    std::stable_sort(ranked.begin(), ranked.end(),
        [](const Ranked& a, const Ranked& b) { return a.bin != b.bin ? a.bin > b.bin : a.value > b.value; });
    for (size_t k = 0; k < ranked.size() && k < worstCount; ++k)
        out.worst.push_back({ std::string(g.nameOf(ranked[k].node)), c.precision[ranked[k].node] });
    return out;
}

GraphReport reportGraphFile(const std::string& path, size_t worstCount)
{
    GraphReport report;
    report.path = path;
    checkInputFile(path);
    // The content decides, as when the viewer opens a file.
    if (looksLikeSqlite(path)) {
        report.format = ".vis.db";
        for (const auto& [step, rank] : listVisDb(path).graphs) {
            VisDocument doc = readVisDbGraph(path, step, rank);
            report.graphs.push_back(summarizeComparison(*doc.comparison, worstCount));
            report.graphs.back().step = step;
            report.graphs.back().rank = rank;
        }
        return report;
    }
    VisDocument doc = readVisFile(path);
    char magic[2] = {};
    std::ifstream(path, std::ios::binary).read(magic, 2);
    report.format = magic[0] == '\x1f' && magic[1] == '\x8b' ? "gzip'ed .vis" : ".vis";
    report.graphs.push_back(summarizeComparison(*doc.comparison, worstCount));
    return report;
}

std::string reportText(const GraphReport& report)
{
    std::string out = report.path + ": " + report.format + ", " + std::to_string(report.graphs.size())
        + (report.graphs.size() == 1 ? " graph\n" : " graphs\n");
    char line[256];
    for (const GraphSummary& g : report.graphs) {
        out += "\nstep " + std::to_string(g.step) + ", rank " + std::to_string(g.rank) + ": "
            + (g.compare ? std::string("comparison (") + taskName(g.mode) + ")" : std::string("build")) + ", "
            + std::to_string(g.microSteps) + (g.microSteps == 1 ? " micro step\n" : " micro steps\n");
        for (size_t s = 0; s < (g.compare ? 2u : 1u); ++s) {
            const SideSummary& side = g.sides[s];
            std::snprintf(line, sizeof line, "  %-6s %zu nodes (%zu modules, %zu APIs, %zu groups), depth %zu",
                s == 0 ? "NPU" : "Bench", side.nodes, side.modules, side.apis, side.groups, side.depth);
            out += line;
            if (g.compare)
                out += ", " + std::to_string(side.matched) + " matched, " + std::to_string(side.unmatched)
                    + " unmatched";
            if (side.overflowing)
                out += ", " + std::to_string(side.overflowing) + " overflowing";
            out += "\n";
        }
        if (!g.worst.empty()) {
            out += "  worst NPU nodes (precision index):\n";
            for (const ReportedNode& n : g.worst)
                out += "    " + precisionText(n.precision) + "  " + n.name + "\n";
        }
    }
    return out;
}

} // namespace ps
