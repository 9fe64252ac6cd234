#pragma once
// `probescope-cli diagnose` as one call: every step and rank of a compare.json compared, the first-divergence
// finder run on each, the findings as one report (docs/diagnose.md). The command line only parses and prints.
#include "analysis/divergence.h"
#include "batch/engine.h"

#include <functional>
#include <string>

namespace ps {

struct DiagnoseRequest {
    std::string compareJson; // needs a bench_path
    EngineOptions engine;
    DiagnoseOptions diagnose;
    bool json = false; // {"graphs": [{"step", "rank", "task", "divergences"}, ...]} instead of the table
};

// The report: the table of each graph (under "== step S, rank R ==" when there are several) or the JSON document.
// Engine warnings go to `warn` as they arise. Throws ps::Error (no bench side, no dump, unreadable input).
std::string diagnoseReport(const DiagnoseRequest& request, const std::function<void(const std::string&)>& warn);

} // namespace ps
