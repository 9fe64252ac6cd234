#include "analysis/graph_report.h"

#include "analysis/call_site.h"
#include "analysis/divergence.h"
#include "io/file_io.h"
#include "source/source.h"
#include "util/error.h"

#include <algorithm>
#include <charconv>
#include <cmath>
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

// The names, caller, stack and worst row's fields of a row that is shown.
void describeRow(const Comparison& c, SuspectRow& row)
{
    const Graph& g = c.graph(Side::Npu);
    row.npuNode = std::string(g.nameOf(row.node));
    row.benchNode = std::string(c.graph(Side::Bench).nameOf(c.counterpart[0][row.node]));
    CodeFrame caller = userCallerOf(g, row.node);
    row.caller = caller.location();
    row.callerCode = caller.code;
    // The stack an export writes (one kept line without -cs): the report of the dumps equals the one of their .vis.
    for (StrId line : g.exportStackOf(row.node))
        row.stack += (row.stack.empty() ? "" : "\n") + std::string(g.strings.view(line));
    if (row.worst.npuItem == kNoItem)
        return;
    row.npuItem = g.dump->itemKey(g.dump->items[row.worst.npuItem]);
    row.npuFields = formattedItem(c, Side::Npu, row.worst.npuItem);
    const uint32_t bench = benchItemOf(c, row.node, row.worst.npuItem);
    if (bench == kNoItem)
        return;
    const DumpData& bd = *c.graph(Side::Bench).dump;
    row.benchItem = bd.itemKey(bd.items[bench]);
    row.benchFields = formattedItem(c, Side::Bench, bench);
}

// `file`: the source named in the error ("" for none).
void requireColorMetric(const Comparison& c, ColorMetric metric, const std::string& file)
{
    if (!colorMetricApplies(c, metric))
        throw Error(ErrorCode::BadArgument, file,
            std::string("--metric ") + colorMetricName(metric) + ": a " + taskName(c.mode) + " comparison under "
                + rulesProfileName(c.profile) + " rules has no such value");
}

} // namespace

GraphSummary summarizeComparison(const Comparison& c, const ReportOptions& options)
{
    GraphSummary out;
    out.compare = c.isCompare;
    out.mode = c.mode;
    out.profile = c.profile;
    out.microSteps = c.graphs[0] ? c.graphs[0]->microSteps : 1;
    out.sides[0] = summarizeSide(c, Side::Npu);
    if (!c.isCompare)
        return out;
    out.sides[1] = summarizeSide(c, Side::Bench);
    requireColorMetric(c, options.metric, "");
    out.metric = options.metric;
    out.bins = colorMetricBins(c, options.metric);
    out.nodesPerBin.assign(out.bins.size(), 0);
    const Graph& g = c.graph(Side::Npu);
    const std::vector<double> values = colorMetricValues(c, options.metric);
    std::vector<SuspectRow> suspects;
    for (NodeId n = 0; n < g.size(); ++n) {
        const int bin = std::isnan(values[n]) ? -1 : colorBinOf(out.bins, values[n]);
        if (bin < 0)
            continue;
        ++out.nodesPerBin[size_t(bin)];
        const Severity severity = severityOfBin(out.bins, bin);
        if (severity == Severity::None)
            continue;
        ++(severity == Severity::Error ? out.errors : out.warnings);
        SuspectRow row;
        row.node = n;
        row.bin = bin;
        row.verdict = binLabel(out.bins, bin);
        row.severity = severity;
        row.precision = c.precision[n];
        row.worst = worstMetricOf(c, n);
        suspects.push_back(std::move(row));
    }
    if (!suspects.empty()) {
        std::vector<size_t> divergenceRank(g.size(), 0);
        std::vector<Divergence> found = findDivergences(c, DiagnoseOptions {});
        for (size_t k = 0; k < found.size(); ++k)
            if (found[k].npu < g.size())
                divergenceRank[found[k].npu] = k + 1;
        for (SuspectRow& row : suspects)
            row.divergenceRank = divergenceRank[row.node];
    }
    auto divergenceKey = [](size_t rank) { return rank == 0 ? SIZE_MAX : rank; };
    std::stable_sort(suspects.begin(), suspects.end(), [&](const SuspectRow& a, const SuspectRow& b) {
        if (a.bin != b.bin)
            return a.bin > b.bin;
        if (a.worst.worseThan(b.worst) || b.worst.worseThan(a.worst))
            return a.worst.worseThan(b.worst);
        return divergenceKey(a.divergenceRank) < divergenceKey(b.divergenceRank);
    });
    if (options.rows && suspects.size() > options.rows)
        suspects.resize(options.rows);
    for (SuspectRow& row : suspects)
        describeRow(c, row);
    out.suspects = std::move(suspects);
    return out;
}

GraphReport reportSource(const Source& source, const ReportOptions& options)
{
    GraphReport report;
    report.path = source.label();
    report.format = sourceKindName(source.kind());
    if (source.kind() == SourceKind::Vis) {
        char magic[2] = {};
        std::ifstream(source.label(), std::ios::binary).read(magic, 2);
        if (magic[0] == '\x1f' && magic[1] == '\x8b')
            report.format = "gzip'ed .vis";
    }
    for (size_t i = 0; i < source.jobs().size(); ++i) {
        std::shared_ptr<const Comparison> c = source.load(i, report.warnings);
        requireColorMetric(*c, options.metric, source.label());
        report.graphs.push_back(summarizeComparison(*c, options));
        GraphSummary& g = report.graphs.back();
        g.step = source.jobs()[i].step;
        g.rank = source.jobs()[i].rank;
        if (const std::shared_ptr<const TruthJudgement> truth = source.judge(i, *c, options.truth)) {
            g.truth = summarizeTruth(*c, *truth, options.rows);
            for (SuspectRow& row : g.suspects)
                if (row.node < truth->nodes.size()) {
                    row.truth = truth->nodes[row.node].verdict;
                    row.npuTruthError = truth->nodes[row.node].npuError;
                    row.benchTruthError = truth->nodes[row.node].benchError;
                }
        }
    }
    return report;
}

GraphReport reportGraphFile(const std::string& path, size_t rows)
{
    return reportSource(Source::open({ path }, EngineOptions {}), ReportOptions { rows });
}

FailOn parseFailOn(const std::string& text)
{
    FailOn f;
    if (text == "error") {
        f.kind = FailOn::Kind::Error;
    } else if (text == "warning") {
        f.kind = FailOn::Kind::Warning;
    } else if (text == "npu-worse") {
        f.kind = FailOn::Kind::NpuWorse;
    } else if (text.starts_with("bin=")) {
        const char* first = text.data() + 4;
        const char* last = text.data() + text.size();
        auto [end, ec] = std::from_chars(first, last, f.bin);
        if (ec != std::errc() || end != last || first == last || f.bin < 0)
            throw Error(
                ErrorCode::BadArgument, "", "--fail-on " + text + ": N must be a legend bin number (0, 1, ...)");
        f.kind = FailOn::Kind::Bin;
    } else {
        throw Error(ErrorCode::BadArgument, "", "--fail-on " + text + ": expected error, warning, bin=N or npu-worse");
    }
    return f;
}

size_t failOnFindings(const GraphReport& report, const FailOn& failOn)
{
    size_t found = 0;
    for (const GraphSummary& g : report.graphs) {
        switch (failOn.kind) {
        case FailOn::Kind::Never:
            break;
        case FailOn::Kind::Error:
            found += g.errors;
            break;
        case FailOn::Kind::Warning:
            found += g.errors + g.warnings;
            break;
        case FailOn::Kind::Bin:
            for (size_t b = size_t(failOn.bin); b < g.nodesPerBin.size(); ++b)
                found += g.nodesPerBin[b];
            break;
        case FailOn::Kind::NpuWorse:
            if (!g.truth)
                throw Error(ErrorCode::BadArgument, report.path, "--fail-on npu-worse needs a truth run (--reference)");
            found += g.truth->npuWorse;
            break;
        }
    }
    return found;
}

} // namespace ps
