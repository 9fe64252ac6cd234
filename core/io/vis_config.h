#pragma once
// The `.vis.config` manual-match file of tb_graph_ascend: one JSON object
// {"<NPU node name>": "<bench node name>", ...}, in the order the pairs were made.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ps {

using MatchPairs = std::vector<std::pair<std::string, std::string>>;

// Throws ps::Error naming the file: unreadable, not JSON, not an object of non-empty strings, duplicate NPU name.
MatchPairs readVisConfig(const std::string& path);
MatchPairs parseVisConfig(std::string_view text, const std::string& path);

std::string visConfigJson(const MatchPairs& pairs); // json.dumps(indent=4) layout
void writeVisConfig(const std::string& path, const MatchPairs& pairs); // temporary file + rename, mode 0640

} // namespace ps
