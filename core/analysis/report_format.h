#pragma once
// The report as text (terminals), CSV (spreadsheets and CI artefacts; msprobe compare's column names where they
// apply) and JSON (scripts).
#include "analysis/graph_report.h"

#include <span>
#include <string>
#include <vector>

namespace ps {

std::string reportText(const GraphReport& report);

// One header, then one line per shown suspect of every graph: ProbeScope's columns (Step, Rank, Order, NPU Node,
// Bench Node, Verdict, Precision Index, Worst Metric, Worst Value, First Divergence, Caller, Caller Code), then
// msprobe compare's columns for the node's worst row (NPU Name .. Err_message of the first compared graph's mode,
// NPU_Stack_Info). RFC 4180 quoting; a text cell starting with = + - @ gets a leading ' so that a spreadsheet
// does not run it as a formula.
std::vector<std::string> reportCsvHeader(const GraphReport& report);
std::string reportCsv(const GraphReport& report);
std::string csvCell(std::string_view value);
std::string csvLine(std::span<const std::string> cells); // cells joined by commas, "\r\n" at the end

std::string reportJson(const GraphReport& report);

} // namespace ps
