#include "analysis/report_format.h"

#include "analysis/divergence_report.h"
#include "io/json_writer.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

namespace ps {

namespace {

std::string precisionText(const Precision& p)
{
    if (!p.has)
        return {};
    if (p.isInt)
        return std::to_string(int64_t(p.value));
    return formatError(p.value);
}

const char* severityText(Severity s)
{
    return s == Severity::Error ? "error" : s == Severity::Warning ? "warning" : "pass";
}

std::string fieldText(const FormattedItem& fields, std::string_view key)
{
    for (const auto& [k, v] : fields)
        if (k == key)
            return v;
    return {};
}

// msprobe's compare CSV columns for a mode (msprobe/core/common/const.py, CompareConst), without NPU_Stack_Info.
std::vector<std::string> msprobeColumns(CompareMode mode)
{
    std::vector<std::string> cols { "NPU Name", "Bench Name", "NPU Dtype", "Bench Dtype", "NPU Tensor Shape",
        "Bench Tensor Shape", "NPU Requires_grad", "Bench Requires_grad" };
    const std::vector<std::string> stats { "NPU max", "NPU min", "NPU mean", "NPU l2norm", "Bench max", "Bench min",
        "Bench mean", "Bench l2norm" };
    if (mode == CompareMode::Md5) {
        cols.insert(cols.end(), { "NPU MD5", "BENCH MD5" });
    } else {
        if (mode == CompareMode::Summary)
            cols.insert(cols.end(),
                { "Max diff", "Min diff", "Mean diff", "L2norm diff", "MaxRelativeErr", "MinRelativeErr",
                    "MeanRelativeErr", "NormRelativeErr" });
        else
            cols.insert(cols.end(),
                { "Cosine", "EucDist", "MaxAbsErr", "MaxRelativeErr", "One Thousandth Err Ratio",
                    "Five Thousandths Err Ratio" });
        cols.insert(cols.end(), stats.begin(), stats.end());
    }
    cols.insert(cols.end(), { "Requires_grad Consistent", "Result", "Err_message" });
    return cols;
}

// The value of one msprobe column for a row: item names, then the field the column reads from each side.
std::string msprobeValue(const SuspectRow& r, const std::string& column)
{
    if (column == "NPU Name")
        return r.npuItem;
    if (column == "Bench Name")
        return r.benchItem;
    static const std::pair<const char*, const char*> kSideFields[]
        = { { "Dtype", "dtype" }, { "Tensor Shape", "shape" }, { "Requires_grad", "requires_grad" }, { "max", "Max" },
              { "min", "Min" }, { "mean", "Mean" }, { "l2norm", "Norm" }, { "MD5", "md5" } };
    for (const auto& [suffix, field] : kSideFields) {
        if (column == std::string("NPU ") + suffix)
            return fieldText(r.npuFields, field);
        if (column == std::string("Bench ") + suffix || column == std::string("BENCH ") + suffix)
            return fieldText(r.benchFields, field);
    }
    return fieldText(r.npuFields, column); // the metrics and verdict columns live on the NPU item
}

CompareMode reportMode(const GraphReport& report)
{
    for (const GraphSummary& g : report.graphs)
        if (g.compare)
            return g.mode;
    return CompareMode::Summary;
}

bool isNumber(std::string_view s)
{
    double v = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && end == s.data() + s.size();
}

} // namespace

std::string csvCell(std::string_view value)
{
    std::string v(value);
    if (!v.empty() && (v[0] == '=' || v[0] == '+' || v[0] == '-' || v[0] == '@') && !isNumber(v))
        v.insert(0, 1, '\'');
    if (v.find_first_of(",\"\r\n") == std::string::npos)
        return v;
    std::string quoted = "\"";
    for (char ch : v)
        quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return quoted + "\"";
}

std::string csvLine(std::span<const std::string> cells)
{
    std::string out;
    for (size_t i = 0; i < cells.size(); ++i)
        out += (i ? "," : "") + csvCell(cells[i]);
    return out + "\r\n";
}

std::string reportText(const GraphReport& report)
{
    std::string out = report.path + ": " + report.format + ", " + std::to_string(report.graphs.size())
        + (report.graphs.size() == 1 ? " graph\n" : " graphs\n");
    char line[512];
    for (const GraphSummary& g : report.graphs) {
        out += "\nstep " + std::to_string(g.step) + ", rank " + std::to_string(g.rank) + ": "
            + (g.compare ? std::string("comparison (") + taskName(g.mode) + ", " + rulesProfileName(g.profile) + ")"
                         : std::string("build"))
            + ", " + std::to_string(g.microSteps) + (g.microSteps == 1 ? " micro step\n" : " micro steps\n");
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
        if (!g.compare)
            continue;
        out += g.metric == ColorMetric::Precision
            ? std::string("  matched NPU nodes per bin:")
            : std::string("  matched NPU nodes per bin of ") + colorMetricName(g.metric) + ":";
        for (size_t b = 0; b < g.nodesPerBin.size(); ++b)
            if (!g.bins[b].unmatched)
                out += (b ? ", " : " ") + binLabel(g.bins, int(b)) + " " + std::to_string(g.nodesPerBin[b]);
        out += "\n";
        if (g.truth)
            appendTruthText(out, *g.truth);
        if (g.suspects.empty()) {
            out += "  no suspicious node\n";
            continue;
        }
        out += "  suspicious NPU nodes (" + std::to_string(g.errors) + " error, " + std::to_string(g.warnings)
            + " warning), worst first:\n";
        std::snprintf(line, sizeof line, "  %-4s %-8s %-34s %-5s %s\n", "#", "verdict", "worst metric", "div",
            "node / user code that called it");
        out += line;
        for (size_t k = 0; k < g.suspects.size(); ++k) {
            const SuspectRow& r = g.suspects[k];
            const std::string metric = r.worst.name.empty() ? "-" : r.worst.name + " " + r.worst.value;
            const std::string div = r.divergenceRank ? std::to_string(r.divergenceRank) : "-";
            std::snprintf(
                line, sizeof line, "  %-4zu %-8s %-34s %-5s ", k + 1, r.verdict.c_str(), metric.c_str(), div.c_str());
            out += line + r.npuNode + (r.benchNode != r.npuNode ? " (" + r.benchNode + ")" : "") + "\n";
            if (!r.caller.empty())
                out += std::string(56, ' ') + r.caller + (r.callerCode.empty() ? "" : "  " + r.callerCode) + "\n";
        }
    }
    return out;
}

namespace {

// Whether a graph was judged against a truth run: the CSV then has its three columns.
bool hasTruth(const GraphReport& report)
{
    return std::any_of(
        report.graphs.begin(), report.graphs.end(), [](const GraphSummary& g) { return g.truth.has_value(); });
}

} // namespace

std::vector<std::string> reportCsvHeader(const GraphReport& report)
{
    std::vector<std::string> cols { "Step", "Rank", "Order", "NPU Node", "Bench Node", "Verdict", "Precision Index",
        "Worst Metric", "Worst Value", "First Divergence", "Caller", "Caller Code" };
    for (std::string& c : msprobeColumns(reportMode(report)))
        cols.push_back(std::move(c));
    cols.push_back("NPU_Stack_Info");
    if (hasTruth(report))
        for (const char* c : { "Truth Verdict", "NPU Error vs Truth", "Bench Error vs Truth" })
            cols.emplace_back(c);
    return cols;
}

std::string reportCsv(const GraphReport& report)
{
    const std::vector<std::string> msprobe = msprobeColumns(reportMode(report));
    const bool truth = hasTruth(report);
    std::string out = csvLine(reportCsvHeader(report));
    for (const GraphSummary& g : report.graphs)
        for (size_t k = 0; k < g.suspects.size(); ++k) {
            const SuspectRow& r = g.suspects[k];
            std::vector<std::string> cells { std::to_string(g.step), std::to_string(g.rank), std::to_string(k + 1),
                r.npuNode, r.benchNode, r.verdict, precisionText(r.precision), r.worst.name, r.worst.value,
                r.divergenceRank ? std::to_string(r.divergenceRank) : "", r.caller, r.callerCode };
            for (const std::string& column : msprobe)
                cells.push_back(msprobeValue(r, column));
            cells.push_back(r.stack);
            if (truth) {
                cells.emplace_back(truthVerdictName(r.truth));
                cells.push_back(truthNumber(r.npuTruthError));
                cells.push_back(truthNumber(r.benchTruthError));
            }
            out += csvLine(cells);
        }
    return out;
}

std::string reportJson(const GraphReport& report)
{
    std::string out;
    PyJsonWriter w(out, 2);
    auto field = [&](const char* key, const std::string& value) {
        w.key(key);
        w.string(value);
    };
    auto count = [&](const char* key, size_t value) {
        w.key(key);
        w.integer((long long)value);
    };
    auto fields = [&](const char* key, const FormattedItem& items) {
        w.key(key);
        w.beginObject();
        for (const auto& [k, v] : items)
            field(k.c_str(), v);
        w.endObject();
    };
    w.beginObject();
    field("source", report.path);
    field("format", report.format);
    w.key("graphs");
    w.beginArray();
    for (const GraphSummary& g : report.graphs) {
        w.beginObject();
        count("step", size_t(g.step));
        count("rank", size_t(g.rank));
        w.key("compare");
        w.boolean(g.compare);
        field("task", taskName(g.mode));
        field("rules", rulesProfileName(g.profile));
        count("micro_steps", g.microSteps);
        for (size_t s = 0; s < (g.compare ? 2u : 1u); ++s) {
            const SideSummary& side = g.sides[s];
            w.key(s == 0 ? "npu" : "bench");
            w.beginObject();
            count("nodes", side.nodes);
            count("modules", side.modules);
            count("apis", side.apis);
            count("groups", side.groups);
            count("depth", side.depth);
            count("matched", side.matched);
            count("unmatched", side.unmatched);
            count("overflowing", side.overflowing);
            w.endObject();
        }
        field("color_metric", colorMetricName(g.metric));
        w.key("nodes_per_bin");
        w.beginObject();
        for (size_t b = 0; b < g.nodesPerBin.size(); ++b)
            if (!g.bins[b].unmatched)
                count(binLabel(g.bins, int(b)).c_str(), g.nodesPerBin[b]);
        w.endObject();
        count("errors", g.errors);
        count("warnings", g.warnings);
        if (g.truth) {
            w.key("truth");
            writeTruthJson(w, *g.truth);
        }
        w.key("suspects");
        w.beginArray();
        for (size_t k = 0; k < g.suspects.size(); ++k) {
            const SuspectRow& r = g.suspects[k];
            w.beginObject();
            count("order", k + 1);
            field("npu_node", r.npuNode);
            field("bench_node", r.benchNode);
            field("verdict", r.verdict);
            field("severity", severityText(r.severity));
            field("precision_index", precisionText(r.precision));
            field("worst_metric", r.worst.name);
            field("worst_value", r.worst.value);
            w.key("first_divergence");
            if (r.divergenceRank)
                w.integer((long long)r.divergenceRank);
            else
                w.null();
            field("caller", r.caller);
            field("caller_code", r.callerCode);
            field("npu_item", r.npuItem);
            field("bench_item", r.benchItem);
            fields("npu_fields", r.npuFields);
            fields("bench_fields", r.benchFields);
            if (g.truth) {
                field("truth_verdict", truthVerdictName(r.truth));
                writeTruthNumber(w, "npu_truth_error", r.npuTruthError);
                writeTruthNumber(w, "bench_truth_error", r.benchTruthError);
            }
            w.endObject();
        }
        w.endArray();
        w.endObject();
    }
    w.endArray();
    w.endObject();
    return out + "\n";
}

} // namespace ps
