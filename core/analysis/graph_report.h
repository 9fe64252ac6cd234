#pragma once
// `probescope-cli report`: what a graph file holds, read through the readers the viewer uses (.vis, gzip'ed
// .vis, .vis.db one step and rank at a time), so that every reader can be tried from the command line. The
// summary is plain data; formatting is separate (reportText), so that other sources (dump folders) and other
// formats (CSV, JSON) can be added beside them.
#include "compare/comparison.h"

#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace ps {

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

struct ReportedNode {
    std::string name;
    Precision precision;
};

struct GraphSummary {
    int step = 0;
    int rank = 0;
    bool compare = false;
    CompareMode mode = CompareMode::Summary;
    uint32_t microSteps = 1;
    std::array<SideSummary, 2> sides; // [Bench] is empty for a build graph
    std::vector<ReportedNode> worst; // matched NPU nodes, worst precision bin first
};

struct GraphReport {
    std::string path;
    std::string format; // ".vis", "gzip'ed .vis", ".vis.db"
    std::vector<GraphSummary> graphs;
};

// The summary of one comparison (also used for results computed from dumps).
GraphSummary summarizeComparison(const Comparison& c, size_t worstCount);

// Reads a .vis / .vis.db file. Throws ps::Error naming the file and the problem.
GraphReport reportGraphFile(const std::string& path, size_t worstCount = 10);

std::string reportText(const GraphReport& report);

} // namespace ps
