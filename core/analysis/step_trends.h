#pragma once
// Drift across steps and ranks: for a comparison source of many graphs (step<N>/rank<N> dumps, a .vis.db of every
// step), each NPU module's legend bin and worst metric per graph, and per graph where the first error appears.
// Graphs are loaded and summarised one at a time (only the module table grows with the steps), so hundreds of
// steps - token iterations of an inference dump - never sit in memory together.
#include "analysis/graph_report.h"
#include "source/source.h"

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace ps {

struct TrendCell {
    int bin = -1; // -1: absent, unmatched or no precision in that graph
    double badness = -1; // WorstMetric::badness of the module's own rows; -1 without a value
    bool present() const { return bin >= 0; }
};

struct GraphTrend {
    int step = 0;
    int rank = 0;
    size_t errors = 0, warnings = 0;
    SuspectRow worst; // the first row of the ranked table (empty npuNode when nothing is suspicious)
    std::string firstError; // the first NPU node rated error in execution order (forward pass first), or ""
    std::string firstErrorMetric; // its worst metric and value
};

struct StepTrends {
    std::string source;
    std::vector<GraphTrend> graphs; // source order (steps, then ranks)
    std::vector<std::string> modules; // NPU modules, in the order they were first seen
    std::vector<std::vector<TrendCell>> cells; // [module][graph]
    std::vector<std::string> binLabels; // the legend of the first compared graph
    std::vector<ColorBin> bins; // that legend as the cells' bins index it (colours, severities)
    // The first graph with an error, or graphs.size() when none.
    size_t firstErrorGraph() const;
};

// What a caller (the GUI's job) sees of the computation: a call after each graph, and a cancel flag polled
// between graphs and inside a comparison of dumps.
struct TrendsProgress {
    std::function<void(size_t done, size_t total)> graphDone;
    const std::atomic<bool>* cancel = nullptr;
};

// Throws ps::Error naming the file and the problem (ErrorCode::Cancelled once `progress.cancel` is set).
StepTrends computeTrends(const Source& source, const TrendsProgress& progress = {});

std::string trendsText(const StepTrends& trends);
std::string trendsCsv(const StepTrends& trends); // Module, then one badness column per graph ("" when absent)
std::string trendsJson(const StepTrends& trends);

} // namespace ps
