#pragma once
// Layer mapping (spec §5.3): an op-level name map NPU dump key -> Bench dump key ("N/A" for no counterpart)
// built from both dump folders and a mapping YAML.
#include <string>
#include <unordered_map>
#include <vector>

namespace ps {

class LayerMappingRules;

// msprobe's warning when the mapping cannot be built; the run goes on without it.
inline constexpr const char* kLayerMappingFailed
    = "The layer mapping file parsing failed, please check file format, mapping is not effective.";

// Throws ps::Error when the YAML file is missing, unreadable or too large (msprobe stops there too). Returns an
// empty map (and a warning) when the mapping cannot be built from it, so matching falls back. An empty yamlPath
// builds the map from the two module trees alone (no renaming rules).
std::unordered_map<std::string, std::string> buildLayerNameMap(const std::string& npuDir, const std::string& benchDir,
    const std::string& yamlPath, const std::string& framework, std::vector<std::string>& warnings);
// The same with rules given as data; `sourceName` names them in warnings.
std::unordered_map<std::string, std::string> buildLayerNameMap(const std::string& npuDir, const std::string& benchDir,
    const LayerMappingRules& rules, const std::string& sourceName, std::vector<std::string>& warnings);

} // namespace ps
