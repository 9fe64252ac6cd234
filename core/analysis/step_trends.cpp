#include "analysis/step_trends.h"

#include "analysis/divergence_report.h"
#include "analysis/precision_series.h"
#include "analysis/report_format.h"
#include "io/json_writer.h"

#include <cstdio>
#include <unordered_map>

namespace ps {

size_t StepTrends::firstErrorGraph() const
{
    for (size_t i = 0; i < graphs.size(); ++i)
        if (graphs[i].errors)
            return i;
    return graphs.size();
}

namespace {

// The first error in execution order: forward pass, then backward, then nodes of neither (by node order).
NodeId firstErrorNode(const Comparison& c, const std::vector<ColorBin>& bins)
{
    const PrecisionSeries series = precisionSeries(c);
    for (const auto* pass : { &series.forward, &series.backward })
        for (const PrecisionPoint& p : *pass)
            if (severityOfBin(bins, nodeBin(c, bins, p.node)) == Severity::Error)
                return p.node;
    for (NodeId n = 0; n < c.graph(Side::Npu).size(); ++n)
        if (severityOfBin(bins, nodeBin(c, bins, n)) == Severity::Error)
            return n;
    return kNoNode;
}

std::string metricText(const WorstMetric& m)
{
    return m.name.empty() ? std::string() : m.name + " " + m.value;
}

std::string where(int step, int rank)
{
    return "step " + std::to_string(step) + ", rank " + std::to_string(rank);
}

} // namespace

StepTrends computeTrends(const Source& source, const TrendsProgress& progress)
{
    RunContext cancellable({}, progress.cancel);
    StepTrends t;
    t.source = source.label();
    std::unordered_map<std::string, size_t> moduleRow;
    std::vector<std::string> warnings;
    const size_t count = source.jobs().size();
    for (size_t i = 0; i < count; ++i) {
        cancellable.checkCancelled();
        std::shared_ptr<const Comparison> c = source.load(i, warnings, progress.cancel ? &cancellable : nullptr);
        GraphSummary summary = summarizeComparison(*c, ReportOptions { 1 });
        GraphTrend g;
        g.step = source.jobs()[i].step;
        g.rank = source.jobs()[i].rank;
        g.errors = summary.errors;
        g.warnings = summary.warnings;
        if (!summary.suspects.empty())
            g.worst = std::move(summary.suspects.front());
        if (!c->isCompare) {
            t.graphs.push_back(std::move(g));
            if (progress.graphDone)
                progress.graphDone(i + 1, count);
            continue;
        }
        if (t.bins.empty())
            t.bins = summary.bins;
        if (t.binLabels.empty())
            for (size_t b = 0; b < summary.bins.size(); ++b)
                if (!summary.bins[b].unmatched)
                    t.binLabels.push_back(binLabel(summary.bins, int(b)));
        if (g.errors) {
            const NodeId first = firstErrorNode(*c, summary.bins);
            if (first != kNoNode) {
                g.firstError = std::string(c->graph(Side::Npu).nameOf(first));
                g.firstErrorMetric = metricText(worstMetricOf(*c, first));
            }
        }
        const Graph& npu = c->graph(Side::Npu);
        for (NodeId n = 0; n < npu.size(); ++n) {
            if (npu.type[n] != NodeType::Module || n == npu.root)
                continue;
            auto [it, added] = moduleRow.emplace(std::string(npu.nameOf(n)), t.modules.size());
            if (added) {
                t.modules.push_back(it->first);
                t.cells.emplace_back(count);
            }
            TrendCell& cell = t.cells[it->second][i];
            cell.bin = nodeBin(*c, summary.bins, n);
            if (cell.bin >= 0)
                cell.badness = worstMetricOf(*c, n).badness;
        }
        t.graphs.push_back(std::move(g));
        c.reset(); // before the callback: one graph in memory at a time
        if (progress.graphDone)
            progress.graphDone(i + 1, count);
    }
    return t;
}

std::string trendsText(const StepTrends& t)
{
    std::string out = t.source + ": " + std::to_string(t.graphs.size()) + " graphs by step, "
        + std::to_string(t.modules.size()) + " modules\n";
    char line[256];
    std::snprintf(line, sizeof line, "%-6s %-6s %-7s %-8s %s\n", "step", "rank", "errors", "warnings",
        "worst node (verdict, worst metric) / first error in execution order");
    out += line;
    for (const GraphTrend& g : t.graphs) {
        std::snprintf(line, sizeof line, "%-6d %-6d %-7zu %-8zu ", g.step, g.rank, g.errors, g.warnings);
        out += line;
        if (g.worst.npuNode.empty()) {
            out += "-\n";
            continue;
        }
        out += g.worst.npuNode + " (" + g.worst.verdict
            + (g.worst.worst.name.empty() ? "" : ", " + metricText(g.worst.worst)) + ")\n";
        if (!g.firstError.empty())
            out += std::string(30, ' ') + "first error: " + g.firstError
                + (g.firstErrorMetric.empty() ? "" : " (" + g.firstErrorMetric + ")") + "\n";
    }
    const size_t first = t.firstErrorGraph();
    if (first == t.graphs.size())
        out += "no error in any step\n";
    else
        out += "the first error appears at " + where(t.graphs[first].step, t.graphs[first].rank) + ": "
            + t.graphs[first].firstError + "\n";
    return out;
}

std::string trendsCsv(const StepTrends& t)
{
    std::vector<std::string> cells { "Module" };
    for (const GraphTrend& g : t.graphs)
        cells.push_back("step" + std::to_string(g.step) + "/rank" + std::to_string(g.rank));
    std::string out = csvLine(cells);
    for (size_t m = 0; m < t.modules.size(); ++m) {
        cells.assign(1, t.modules[m]);
        for (const TrendCell& cell : t.cells[m])
            cells.push_back(cell.present() && cell.badness >= 0 ? formatError(cell.badness) : std::string());
        out += csvLine(cells);
    }
    return out;
}

std::string trendsJson(const StepTrends& t)
{
    std::string out;
    PyJsonWriter w(out, 2);
    w.beginObject();
    w.key("source");
    w.string(t.source);
    w.key("bins");
    w.beginArray();
    for (const std::string& b : t.binLabels)
        w.string(b);
    w.endArray();
    w.key("graphs");
    w.beginArray();
    for (const GraphTrend& g : t.graphs) {
        w.beginObject();
        w.key("step");
        w.integer(g.step);
        w.key("rank");
        w.integer(g.rank);
        w.key("errors");
        w.integer((long long)g.errors);
        w.key("warnings");
        w.integer((long long)g.warnings);
        w.key("worst_node");
        w.string(g.worst.npuNode);
        w.key("first_error");
        w.string(g.firstError);
        w.endObject();
    }
    w.endArray();
    w.key("modules");
    w.beginArray();
    for (size_t m = 0; m < t.modules.size(); ++m) {
        w.beginObject();
        w.key("name");
        w.string(t.modules[m]);
        w.key("bins"); // per graph, -1 when absent or unmatched
        w.beginArray();
        for (const TrendCell& cell : t.cells[m])
            w.integer(cell.bin);
        w.endArray();
        w.key("worst"); // per graph: the worst metric as a badness (relative error, 1 - cosine, md5 0/1)
        w.beginArray();
        for (const TrendCell& cell : t.cells[m])
            if (cell.present() && cell.badness >= 0)
                w.real(cell.badness);
            else
                w.null();
        w.endArray();
        w.endObject();
    }
    w.endArray();
    w.endObject();
    return out + "\n";
}

} // namespace ps
