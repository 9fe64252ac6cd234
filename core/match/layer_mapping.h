#pragma once
// Layer mapping: an op-level name map NPU dump key -> Bench dump key ("N/A" for no counterpart)
// built from both dump folders and a mapping YAML.
#include <exception>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace ps {

class LayerMappingRules;

// A layer mapping as a run uses it: read once, before any pair, and shared by every pair. What went wrong reading
// a file is kept and raised where each pair builds its map, so that each pair warns and falls back as msprobe does.
struct LayerMapping {
    std::string name; // the file, or how rules given as data are named in warnings
    std::shared_ptr<const LayerMappingRules> rules; // null when `failure` is set
    std::exception_ptr failure;
    std::string contentCrc; // crc32 of the file's bytes, 8 hex digits ("" for rules given as data)
};

// Reads a mapping YAML (.yaml or .yml). `stopOnUnreadable` (msprobe 1.2.1): a missing, unreadable or oversized
// file throws ps::Error; otherwise (26.0.0) that is kept as the failure too. A file that does not parse is always a
// failure, not an error.
std::shared_ptr<const LayerMapping> readLayerMapping(const std::string& path, bool stopOnUnreadable);
// Rules given as data (the viewer's editor).
std::shared_ptr<const LayerMapping> layerMappingOf(LayerMappingRules rules, std::string name);

// msprobe's warning when the mapping cannot be built; the run goes on without it.
inline constexpr const char* kLayerMappingFailed
    = "The layer mapping file parsing failed, please check file format, mapping is not effective.";

// The name map of one pair. Returns an empty map (and a warning) when the mapping cannot be built (the file
// failed, or the dumps do not fit it), so matching falls back. Empty rules build the map from the two module trees
// alone (no renaming rules).
std::unordered_map<std::string, std::string> buildLayerNameMap(const std::string& npuDir, const std::string& benchDir,
    const LayerMapping& mapping, std::vector<std::string>& warnings);

} // namespace ps
