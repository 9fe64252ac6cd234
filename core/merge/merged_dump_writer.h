#pragma once
// `graph_visualize --file_type json`: a merged graph written back as an msprobe dump folder (construct.json,
// dump.json, stack.json, indent 2), as msprobe's GraphJsonExporter writes it, so that msprobe and ProbeScope can
// open the merged run like any rank's dump. A node the main rank dumped keeps that rank's record with the merged
// statistics laid over its items; any other node's record is rebuilt from its items.
#include "graph/graph.h"

#include <string>
#include <vector>

namespace ps::merge {

// Writes the three files into `outDir` (created if missing; each file atomically). `mainRankDir` is the folder of
// the rank the graph was merged into (its dump.json is read again for the records). Returns the files' paths.
std::vector<std::string> writeMergedDumpFolder(
    const Graph& g, const std::string& mainRankDir, const std::string& outDir);

} // namespace ps::merge
