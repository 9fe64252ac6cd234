#pragma once
// The one .vis JSON writer: msprobe 1.2.1's layout (byte for byte for engine results and for files it or
// ProbeScope wrote), with a file's own top-level key order, Colors, ToolTip and the node keys the model has no
// place for when the comparison was read from one (VisMeta). vis_writer.h is the same for engine results.
#include "util/run_context.h"
#include "vis/vis_document.h"

#include <string>

namespace ps {

std::string visDocumentJson(const VisDocument& doc);
// Temp file + rename, mode 0640. Reports Stage::Write and stops with Error(Cancelled) when `progress` says so.
void writeVisDocument(const VisDocument& doc, const std::string& path, const ProgressPart& progress = {});

// The same for a comparison and the extras of the file it came from (a default VisMeta: msprobe's defaults).
std::string visJson(const Comparison& c, const VisMeta& meta);
void writeVisFile(const Comparison& c, const VisMeta& meta, const std::string& path, const ProgressPart& progress = {});

} // namespace ps
