#pragma once
// Opens a .vis graph file (msprobe 1.2.1, msprobe 8.x before the SQLite switch, ProbeScope, or edited by
// tb_graph_ascend; gzip-compressed files too) into the engine's model, streaming through the JSON so that
// large files load fast. Throws ps::Error naming the file and the problem.
#include "vis/vis_document.h"

#include <string>
#include <string_view>

namespace ps {

VisDocument readVisFile(const std::string& path);
VisDocument parseVisJson(std::string_view text, const std::string& fileName);

// The whole file, gunzipped when it starts with the gzip magic bytes.
std::string readMaybeGzipped(const std::string& path);

} // namespace ps
