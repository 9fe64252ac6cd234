#pragma once
// The rules of a layer mapping YAML: for each NPU layer class, {child path on the NPU side -> child
// path on the Bench side}. Loaded from and saved to YAML, checked for mistakes, and turned into the candidate
// lists the scope conversion walks. Kept small and editable: a GUI editor works on it.
#include <span>
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

// The effective rules of one class as a trie over the '.'-separated segments of their NPU paths: the longest
// rule matching a scope is found in the scope's length, however many rules there are (msprobe tries the
// candidates sharing the first segment one by one, longest first; the first that matches is the longest).
class LayerRuleTrie {
public:
    struct Rule {
        std::string target;
        size_t segments = 0;
    };
    void add(std::string_view source, std::string target); // a repeated source takes the later target
    // The longest rule whose source equals segs[0 .. k) for some k, or nullptr.
    const Rule* longest(std::span<const std::string_view> segs) const;
    size_t size() const { return m_rules.size(); }

private:
    std::unordered_map<std::string, uint32_t> m_next; // (node id bytes + segment) -> child node id
    std::unordered_map<uint32_t, uint32_t> m_ruleOf; // node -> index into m_rules
    std::vector<Rule> m_rules;
    uint32_t m_nodes = 1; // node 0 is the root
};

// class name -> its rules
using LayerMappingTable = std::unordered_map<std::string, LayerRuleTrie>;

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

    // The effective rules, with msprobe's semantics: a repeated class or source takes its last value and `Cell`
    // stands for `TopLayer`. Linear in the number of rules.
    LayerMappingTable candidateTable() const;
};

} // namespace ps
