#pragma once
// The rules of a layer mapping YAML (spec §5.3): for each NPU layer class, {child path on the NPU side -> child
// path on the Bench side}. Loaded from and saved to YAML, checked for mistakes, and turned into the candidate
// lists the scope conversion walks (spec §5.3.1 step 7). Kept small and editable: a GUI editor works on it.
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ps {

struct LayerMappingRule {
    std::string source; // NPU child path, e.g. "language_model.embedding"
    std::string target; // Bench child path, e.g. "embedding"
    int line = 0; // 1-based YAML line, 0 when made in memory
};

struct LayerClassRules {
    std::string className; // NPU class containing the children; "TopLayer" (or legacy "Cell") for the outermost
    std::vector<LayerMappingRule> rules; // YAML order, duplicates kept as written
    int line = 0;
};

struct LayerMappingMessage {
    int line = 0; // 1-based YAML line, 0 when unknown
    std::string text;
};

// One conversion candidate: `source` spans `segments` scope segments and becomes `target`.
struct LayerMappingCandidate {
    std::string source;
    std::string target;
    size_t segments = 1;
};

// class name -> first segment of source -> candidates, longest source first (stable).
using LayerMappingTable
    = std::unordered_map<std::string, std::unordered_map<std::string, std::vector<LayerMappingCandidate>>>;

class LayerMappingRules {
public:
    std::vector<LayerClassRules> classes; // YAML order

    // Reads a .yaml or .yml file. Throws ps::Error naming the file and the YAML line that is wrong.
    static LayerMappingRules load(const std::string& path);
    static LayerMappingRules parse(std::string_view text, const std::string& sourceName);
    // Writes the rules as YAML (atomically). Throws ps::Error naming the file.
    void save(const std::string& path) const;
    std::string toYaml() const;

    // Mistakes that make a rule useless or ambiguous (empty names, empty path segments, duplicates, both Cell and
    // TopLayer). Matching still runs with such rules; the editor shows these next to the line.
    std::vector<LayerMappingMessage> validate() const;

    // The effective candidates, with msprobe's semantics: a repeated key keeps its first position and last value,
    // `Cell` stands for `TopLayer`, and candidates sharing a first segment are ordered longest first.
    LayerMappingTable candidateTable() const;
};

} // namespace ps
