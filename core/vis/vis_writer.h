#pragma once
// The .vis file msprobe 1.2.1 writes: build or compare JSON, key order and number formatting
// compatible byte for byte.
#include "compare/comparison.h"
#include "util/run_context.h"

#include <string>

namespace ps {

std::string visJson(const Comparison& c);
// Temp file + rename, mode 0640. Reports Stage::Write and stops with Error(Cancelled) when `progress` says so.
void writeVisFile(const Comparison& c, const std::string& path, const ProgressPart& progress = {});

// The tooltip texts of each mode; the legend is compare/color_bins.h.
std::vector<std::pair<const char*, const char*>> toolTips(CompareMode mode);

} // namespace ps
