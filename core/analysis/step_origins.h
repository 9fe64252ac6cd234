#pragma once
// The cross-rank tracer (analysis/cross_rank.h) over one step of a Source: the step's ranks are compared together
// so that their communication nodes are linked, each is judged by the first-divergence finder, and the findings
// are traced across the links. Shared by `probescope-cli diagnose` and the viewer's First divergence dock.
#include "analysis/cross_rank.h"
#include "source/source.h"

#include <functional>
#include <string>
#include <vector>

namespace ps {

struct StepOrigins {
    int step = 0;
    std::vector<size_t> jobs; // the step's rank jobs (indexes of the source's jobs), in rank order
    std::vector<CrossRankOrigin> origins;
};

// `ranks`: Source::stepRanks of one job (two or more). `eachRank(i, comparison, found)` sees rank i's comparison
// and its divergences (at most options.limit) before the comparison is freed. With `run`: progress by rank and
// cancellation (Error(Cancelled)). Throws what Source::load throws.
StepOrigins traceStep(const Source& source, const std::vector<size_t>& ranks, const DiagnoseOptions& options,
    std::vector<std::string>& warnings, RunContext* run = nullptr,
    const std::function<void(size_t, const Comparison&, const std::vector<Divergence>&)>& eachRank = {});

} // namespace ps
