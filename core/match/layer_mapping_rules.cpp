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

size_t segmentCount(std::string_view path)
{
    return size_t(std::count(path.begin(), path.end(), '.')) + 1;
}

std::string firstSegment(std::string_view path)
{
    return std::string(path.substr(0, path.find('.')));
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

LayerMappingTable LayerMappingRules::candidateTable() const
{
    // Effective class -> ordered {source -> target}: first position, last value (a Python dict from YAML).
    std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>> effective;
    const LayerClassRules* cell = nullptr;
    for (const LayerClassRules& cls : classes) {
        if (cls.className == "Cell")
            cell = &cls;
        std::vector<std::pair<std::string, std::string>> rules;
        for (const LayerMappingRule& r : cls.rules) {
            auto same = std::find_if(rules.begin(), rules.end(), [&](const auto& p) { return p.first == r.source; });
            if (same != rules.end())
                same->second = r.target;
            else
                rules.emplace_back(r.source, r.target);
        }
        auto same
            = std::find_if(effective.begin(), effective.end(), [&](const auto& p) { return p.first == cls.className; });
        if (same != effective.end())
            same->second = std::move(rules);
        else
            effective.emplace_back(cls.className, std::move(rules));
    }
    LayerMappingTable table;
    for (auto& [name, rules] : effective) {
        if (name == "Cell")
            continue;
        if (name == "TopLayer" && cell)
            continue; // replaced by Cell's rules below
        auto& byPrefix = table[name];
        for (auto& [source, target] : rules)
            byPrefix[firstSegment(source)].push_back({ source, target, segmentCount(source) });
    }
    if (cell) {
        auto it = std::find_if(effective.begin(), effective.end(), [](const auto& p) { return p.first == "Cell"; });
        auto& byPrefix = table["TopLayer"];
        byPrefix.clear();
        for (auto& [source, target] : it->second)
            byPrefix[firstSegment(source)].push_back({ source, target, segmentCount(source) });
    }
    for (auto& [name, byPrefix] : table)
        for (auto& [prefix, list] : byPrefix)
            std::stable_sort(list.begin(), list.end(),
                [](const LayerMappingCandidate& a, const LayerMappingCandidate& b) { return a.segments > b.segments; });
    return table;
}

} // namespace ps
