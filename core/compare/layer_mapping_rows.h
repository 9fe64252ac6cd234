#pragma once
// The layer mapping as the editor shows it: one row per rule (class, NPU path, Bench path), plus the checks that
// block applying it and the names it can complete from. Rows of one class keep their order; classes keep the
// order of their first row, so rules -> rows -> rules gives the same YAML.
#include "compare/comparison.h"
#include "match/layer_mapping_rules.h"

#include <set>
#include <string>
#include <vector>

namespace ps {

struct LayerMappingRow {
    std::string className;
    std::string source; // NPU child path
    std::string target; // Bench child path
    bool operator==(const LayerMappingRow&) const = default;
};

enum class LayerMappingColumn { Class = 0, Source = 1, Target = 2 };

struct LayerMappingRowIssue {
    int row = 0;
    LayerMappingColumn column = LayerMappingColumn::Class;
    std::string text;
};

std::vector<LayerMappingRow> layerMappingRows(const LayerMappingRules& rules);
LayerMappingRules layerMappingRulesFromRows(const std::vector<LayerMappingRow>& rows);

// A path is malformed when a segment is empty or holds anything but letters, digits, '_' and '-' (whitespace
// included): such a rule can never match a module name. Returns the reason, empty when fine.
std::string layerMappingPathProblem(const std::string& path);

// Problems that block applying: unknown class (when knownClasses is non-empty), malformed paths, a source
// path given twice for one class (msprobe silently keeps the last one).
std::vector<LayerMappingRowIssue> checkLayerMappingRows(
    const std::vector<LayerMappingRow>& rows, const std::set<std::string>& knownClasses);

// What the editor checks and completes against, from a comparison.
struct LayerMappingVocabulary {
    std::set<std::string> npuClasses; // class names of the NPU modules, plus "TopLayer"
    std::set<std::string> npuSegments; // module-name segments of unmatched NPU modules
    std::set<std::string> benchSegments; // same for the Bench side
};
LayerMappingVocabulary layerMappingVocabulary(const Comparison& comparison);

size_t matchedNodeCount(const Comparison& comparison); // NPU nodes with a counterpart

} // namespace ps
