#pragma once
// `probescope-cli report`: what a comparison source holds (compare.json, two dump folders, .vis, .vis.db; see
// source/source.h), graph by graph: nodes per side, matched and unmatched, nodes per legend bin, and the ranked
// table of suspicious NPU nodes (verdict or bin, worst metric, first-divergence rank, the user code line that
// called it). The report is plain data; report_format.h turns it into text, CSV or JSON, and failOnFindings
// counts what a CI gate (--fail-on) trips on.
#include "analysis/color_metric.h"
#include "analysis/node_assessment.h"
#include "analysis/truth_report.h"
#include "compare/comparison.h"

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace ps {

class Source;

struct SideSummary {
    size_t nodes = 0;
    size_t modules = 0;
    size_t apis = 0;
    size_t groups = 0; // Apis_Between_Modules and other collections
    size_t matched = 0;
    size_t unmatched = 0;
    size_t overflowing = 0; // nodes with an overflow level
    size_t depth = 0; // levels below the root
};

// One row of the ranked table.
struct SuspectRow {
    NodeId node = kNoNode; // NPU node (valid while its comparison lives; the rows keep names for later)
    std::string npuNode;
    std::string benchNode;
    int bin = -1;
    std::string verdict; // binLabel: "error", "warning", "bin 3"
    Severity severity = Severity::None;
    Precision precision;
    WorstMetric worst;
    size_t divergenceRank = 0; // 1-based rank in the first-divergence list; 0: not in it
    std::string caller; // "file:line" of the user code that called the node ("" when unknown)
    std::string callerCode; // that line's code
    std::string stack; // the NPU node's stack lines, one per line
    std::string npuItem, benchItem; // the worst row's item names
    FormattedItem npuFields, benchFields; // their fields as the .vis writers format them
    // Against a truth run (GraphSummary::truth): the node's verdict and the errors of its output judged.
    TruthVerdict truth = TruthVerdict::None;
    double npuTruthError = -1, benchTruthError = -1;
};

struct GraphSummary {
    int step = 0;
    int rank = 0;
    bool compare = false;
    CompareMode mode = CompareMode::Summary;
    RulesProfile profile = RulesProfile::Msprobe121;
    uint32_t microSteps = 1;
    std::array<SideSummary, 2> sides; // [Bench] is empty for a build graph
    ColorMetric metric = ColorMetric::Precision; // what the bins below are of
    std::vector<ColorBin> bins; // the legend
    std::vector<size_t> nodesPerBin; // matched NPU nodes per legend bin
    size_t warnings = 0, errors = 0; // matched NPU nodes of each severity
    std::vector<SuspectRow> suspects; // severity >= warning, worst first, at most ReportOptions::rows
    std::optional<TruthSummary> truth; // with a truth run (Source's referencePath)
};

struct GraphReport {
    std::string path; // the source as given
    std::string format; // ".vis", "gzip'ed .vis", ".vis.db", "compare.json", "dump folders"
    std::vector<GraphSummary> graphs;
    std::vector<std::string> warnings; // the engine's, for dump sources
};

struct ReportOptions {
    // A constructor rather than an aggregate: brace lists that leave the later fields out stay warning-free.
    ReportOptions(size_t rows_ = 10, ColorMetric metric_ = ColorMetric::Precision) // NOLINT: { rows } on purpose
        : rows(rows_)
        , metric(metric_)
    {
    }
    size_t rows = 10; // table rows per graph; 0: all
    ColorMetric metric = ColorMetric::Precision; // what bins, severities and the ranking follow (color_metric.h)
    TruthOptions truth; // the rule against a truth run, when the source has one
};

// The summary of one comparison (also used for every source kind). Rows are ranked by bin, then the worst row's
// verdict and metric, then the first-divergence rank, then node order. Throws ps::Error when options.metric does
// not apply to the comparison (a column its mode lacks).
GraphSummary summarizeComparison(const Comparison& c, const ReportOptions& options);

// Every graph of the source, loaded one at a time. Throws ps::Error naming the file and the problem.
GraphReport reportSource(const Source& source, const ReportOptions& options);
// A .vis / .vis.db file (the form the fuzzers and hostile tests use).
GraphReport reportGraphFile(const std::string& path, size_t rows = 10);

// --fail-on error | warning | bin=N | npu-worse: what trips a CI gate (npu-worse: a node where the NPU went wrong
// against the truth run).
struct FailOn {
    enum class Kind { Never, Error, Warning, Bin, NpuWorse } kind = Kind::Never;
    int bin = 0; // Kind::Bin: nodes in legend bin N or a later (worse) one
};
FailOn parseFailOn(const std::string& text); // throws ps::Error(BadArgument) naming the text
// Matched NPU nodes that trip the gate, over every graph (not only the rows shown).
size_t failOnFindings(const GraphReport& report, const FailOn& failOn);

} // namespace ps
