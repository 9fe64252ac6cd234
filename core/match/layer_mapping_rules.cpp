#include "match/layer_mapping_rules.h"

#include "io/file_io.h"
#include "io/yaml_subset.h"
#include "util/error.h"

#include <algorithm>
#include <set>

namespace ps {

namespace {

constexpr uint64_t kMaxYamlBytes = 16ull << 20;

Error yamlError(const std::string& file, int line, const std::string& detail)
{
    return Error(ErrorCode::BadContent, file, line > 0 ? "line " + std::to_string(line) + ": " + detail : detail);
}

// A name: a scalar that YAML 1.1 (PyYAML, so msprobe) reads as a string; msprobe fails on other keys and values.
std::string stringScalar(const yaml::Node& node, const std::string& file, const char* what)
{
    if (node.kind == yaml::Node::Kind::Map)
        throw yamlError(file, node.line, std::string(what) + " must be a plain name, not a mapping");
    if (node.kind == yaml::Node::Kind::Null)
        throw yamlError(file, node.line, std::string(what) + " is missing (YAML reads an empty value as null)");
    if (const char* kind = node.plain ? yaml::plainScalarKind(node.scalar) : nullptr)
        throw yamlError(file, node.line,
            std::string(what) + " \"" + node.scalar + "\" is read as " + kind + "; quote it to make it a name");
    return node.scalar;
}

bool hasEmptySegment(std::string_view path)
{
    return path.empty() || path.front() == '.' || path.back() == '.' || path.find("..") != std::string_view::npos;
}

} // namespace

LayerMappingRules LayerMappingRules::parse(std::string_view text, const std::string& sourceName)
{
    const yaml::Node top = yaml::parse(text, sourceName);
    if (top.kind == yaml::Node::Kind::Null)
        throw yamlError(sourceName, 0, "the file has no mapping rules");
    if (top.kind != yaml::Node::Kind::Map)
        throw yamlError(sourceName, top.line, "the top level must map class names to {npu child: bench child}");
    LayerMappingRules out;
    for (const auto& [key, value] : top.entries) {
        LayerClassRules cls;
        cls.className = stringScalar(key, sourceName, "the class name");
        cls.line = key.line;
        if (value.kind != yaml::Node::Kind::Map)
            throw yamlError(sourceName, value.line,
                "the rules of class \"" + cls.className + "\" must be a mapping {npu child: bench child}");
        for (const auto& [source, target] : value.entries) {
            LayerMappingRule r;
            r.source = stringScalar(source, sourceName, "the NPU child name");
            r.target = stringScalar(target, sourceName, "the Bench child name");
            r.line = source.line;
            cls.rules.push_back(std::move(r));
        }
        out.classes.push_back(std::move(cls));
    }
    return out;
}

LayerMappingRules LayerMappingRules::load(const std::string& path)
{
    auto endsWith = [&](std::string_view suffix) {
        return path.size() >= suffix.size() && path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    if (!endsWith(".yaml") && !endsWith(".yml"))
        throw Error(ErrorCode::BadArgument, path, "a layer mapping file must end with .yaml or .yml");
    return parse(readWholeFile(path, kMaxYamlBytes), path);
}

std::string LayerMappingRules::toYaml() const
{
    if (classes.empty())
        return "{}\n";
    std::string text;
    for (const LayerClassRules& cls : classes) {
        text += yaml::quoted(cls.className);
        if (cls.rules.empty()) {
            text += ": {}\n";
            continue;
        }
        text += ":\n";
        for (const LayerMappingRule& r : cls.rules)
            text += "  " + yaml::quoted(r.source) + ": " + yaml::quoted(r.target) + "\n";
    }
    return text;
}

void LayerMappingRules::save(const std::string& path) const
{
    writeFileAtomically(path, toYaml());
}

std::vector<LayerMappingMessage> LayerMappingRules::validate() const
{
    std::vector<LayerMappingMessage> out;
    std::set<std::string> seenClasses;
    bool hasCell = false, hasTopLayer = false;
    for (const LayerClassRules& cls : classes) {
        if (cls.className.empty())
            out.push_back({ cls.line, "the class name is empty" });
        if (!seenClasses.insert(cls.className).second)
            out.push_back({ cls.line, "class \"" + cls.className + "\" appears again; only its last rules are used" });
        hasCell = hasCell || cls.className == "Cell";
        hasTopLayer = hasTopLayer || cls.className == "TopLayer";
        std::set<std::string> seenSources;
        for (const LayerMappingRule& r : cls.rules) {
            if (hasEmptySegment(r.source))
                out.push_back({ r.line, "the NPU child \"" + r.source + "\" has an empty name segment" });
            if (hasEmptySegment(r.target))
                out.push_back({ r.line, "the Bench child \"" + r.target + "\" has an empty name segment" });
            if (!seenSources.insert(r.source).second)
                out.push_back({ r.line, "the NPU child \"" + r.source + "\" appears again; its last target is used" });
        }
    }
    if (hasCell && hasTopLayer)
        out.push_back({ 0, "both Cell and TopLayer are given; Cell (the legacy name) replaces TopLayer" });
    return out;
}

void LayerRuleTrie::add(std::string_view source, std::string target)
{
    uint32_t node = 0;
    size_t segments = 0;
    std::string key;
    size_t start = 0;
    while (true) {
        size_t dot = source.find('.', start);
        std::string_view seg
            = source.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
        key.assign(reinterpret_cast<const char*>(&node), sizeof node);
        key += seg;
        auto [it, inserted] = m_next.emplace(std::move(key), m_nodes);
        if (inserted)
            ++m_nodes;
        node = it->second;
        ++segments;
        if (dot == std::string_view::npos)
            break;
        start = dot + 1;
    }
    auto [rule, inserted] = m_ruleOf.emplace(node, uint32_t(m_rules.size()));
    if (inserted)
        m_rules.push_back({ std::move(target), segments });
    else
        m_rules[rule->second].target = std::move(target);
}

const LayerRuleTrie::Rule* LayerRuleTrie::longest(std::span<const std::string_view> segs) const
{
    const Rule* found = nullptr;
    uint32_t node = 0;
    std::string key;
    for (std::string_view seg : segs) {
        key.assign(reinterpret_cast<const char*>(&node), sizeof node);
        key += seg;
        auto it = m_next.find(key);
        if (it == m_next.end())
            break;
        node = it->second;
        if (auto rule = m_ruleOf.find(node); rule != m_ruleOf.end())
            found = &m_rules[rule->second];
    }
    return found;
}

LayerMappingTable LayerMappingRules::candidateTable() const
{
    // A repeated class takes its last rules (a Python dict from YAML); Cell's rules replace TopLayer's.
    std::unordered_map<std::string, const LayerClassRules*> last;
    for (const LayerClassRules& cls : classes)
        last[cls.className] = &cls;
    LayerMappingTable table;
    for (const auto& [name, cls] : last) {
        if (name == "Cell" || (name == "TopLayer" && last.count("Cell")))
            continue;
        LayerRuleTrie& trie = table[name];
        for (const LayerMappingRule& r : cls->rules)
            trie.add(r.source, r.target);
    }
    if (auto cell = last.find("Cell"); cell != last.end()) {
        LayerRuleTrie& trie = table["TopLayer"];
        for (const LayerMappingRule& r : cell->second->rules)
            trie.add(r.source, r.target);
    }
    return table;
}

} // namespace ps
