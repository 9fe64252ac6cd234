#include "match/layer_mapping_rules.h"

#include "io/file_io.h"
#include "util/error.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <regex>
#include <set>

namespace ps {

namespace {

constexpr uint64_t kMaxYamlBytes = 16ull << 20;

int lineOf(const YAML::Node& node)
{
    return node.Mark().is_null() ? 0 : node.Mark().line + 1;
}

// PyYAML (msprobe) refuses text that is not UTF-8 or holds non-printable characters; yaml-cpp would accept the
// bytes but its emitter rewrites them, so saved rules would not load back unchanged. Returns the 1-based line of
// the first such byte, 0 when the text is clean.
int firstUnacceptableLine(std::string_view text)
{
    int line = 1;
    for (size_t i = 0; i < text.size();) {
        unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == '\n')
            ++line;
        if (c < 0x80) {
            if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f)
                return line;
            ++i;
            continue;
        }
        size_t len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 0;
        if (len == 0 || c > 0xf4 || i + len > text.size())
            return line;
        uint32_t cp = c & (0x7f >> len);
        for (size_t k = 1; k < len; ++k) {
            unsigned char cc = static_cast<unsigned char>(text[i + k]);
            if ((cc & 0xc0) != 0x80)
                return line;
            cp = (cp << 6) | (cc & 0x3f);
        }
        bool overlong = (len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
        if (overlong || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || (cp >= 0x80 && cp <= 0x9f && cp != 0x85)
            || cp == 0xfffe || cp == 0xffff)
            return line;
        i += len;
    }
    return 0;
}

Error yamlError(const std::string& file, int line, const std::string& detail)
{
    return Error(ErrorCode::BadContent, file, line > 0 ? "line " + std::to_string(line) + ": " + detail : detail);
}

// What PyYAML (YAML 1.1) makes of a plain scalar that is not a string (nullptr for a string): msprobe fails on
// such keys and values.
const char* plainScalarKind(const std::string& s)
{
    static const std::regex kNull("^(~|null|Null|NULL|)$");
    static const std::regex kBool("^(yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$");
    static const std::regex kInt(
        "^[-+]?(0b[0-1_]+|0[0-7_]+|0|[1-9][0-9_]*|0x[0-9a-fA-F_]+|[1-9][0-9_]*(:[0-5]?[0-9])+)$");
    static const std::regex kFloat(
        "^([-+]?[0-9][0-9_]*\\.[0-9_]*([eE][-+][0-9]+)?|\\.[0-9_]+([eE][-+][0-9]+)?"
        "|[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\\.[0-9_]*|[-+]?\\.(inf|Inf|INF)|\\.(nan|NaN|NAN))$");
    if (std::regex_match(s, kNull))
        return "null";
    if (std::regex_match(s, kBool))
        return "a boolean";
    if (std::regex_match(s, kInt))
        return "an integer";
    if (std::regex_match(s, kFloat))
        return "a number";
    return nullptr;
}

const char* nonStringKind(const YAML::Node& node)
{
    return node.Tag() == "?" ? plainScalarKind(node.Scalar()) : nullptr; // quoted or tagged: a string
}

// Names that YAML would read as something else are written quoted, so that a saved file loads back the same.
void emitName(YAML::Emitter& out, const std::string& name)
{
    if (plainScalarKind(name))
        out << YAML::DoubleQuoted;
    out << name;
}

std::string stringScalar(const YAML::Node& node, const std::string& file, const char* what)
{
    if (!node.IsScalar())
        throw yamlError(file, lineOf(node), std::string(what) + " must be a plain name, not a list or a mapping");
    if (const char* kind = nonStringKind(node))
        throw yamlError(file, lineOf(node),
            std::string(what) + " \"" + node.Scalar() + "\" is read as " + kind + "; quote it to make it a name");
    return node.Scalar();
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
    if (int line = firstUnacceptableLine(text))
        throw yamlError(sourceName, line, "not valid YAML: not UTF-8 text, or a control character");
    std::vector<YAML::Node> documents;
    try {
        documents = YAML::LoadAll(std::string(text));
    } catch (const YAML::Exception& e) {
        throw yamlError(sourceName, e.mark.is_null() ? 0 : e.mark.line + 1, "not valid YAML: " + e.msg);
    }
    if (documents.size() > 1)
        throw yamlError(sourceName, lineOf(documents[1]), "only one YAML document is allowed");
    if (documents.empty() || documents[0].IsNull())
        throw yamlError(sourceName, 0, "the file has no mapping rules");
    const YAML::Node& top = documents[0];
    if (!top.IsMap())
        throw yamlError(sourceName, lineOf(top), "the top level must map class names to {npu child: bench child}");
    LayerMappingRules out;
    for (auto it = top.begin(); it != top.end(); ++it) {
        LayerClassRules cls;
        cls.className = stringScalar(it->first, sourceName, "the class name");
        cls.line = lineOf(it->first);
        if (!it->second.IsMap())
            throw yamlError(sourceName, !it->second.IsNull() && lineOf(it->second) > 0 ? lineOf(it->second) : cls.line,
                "the rules of class \"" + cls.className + "\" must be a mapping {npu child: bench child}");
        for (auto rule = it->second.begin(); rule != it->second.end(); ++rule) {
            LayerMappingRule r;
            r.source = stringScalar(rule->first, sourceName, "the NPU child name");
            r.target = stringScalar(rule->second, sourceName, "the Bench child name");
            r.line = lineOf(rule->first);
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
    YAML::Emitter out;
    out << YAML::BeginMap;
    for (const LayerClassRules& cls : classes) {
        out << YAML::Key;
        emitName(out, cls.className);
        out << YAML::Value << YAML::BeginMap;
        for (const LayerMappingRule& r : cls.rules) {
            out << YAML::Key;
            emitName(out, r.source);
            out << YAML::Value;
            emitName(out, r.target);
        }
        out << YAML::EndMap;
    }
    out << YAML::EndMap;
    std::string text = out.c_str();
    if (classes.empty())
        text = "{}";
    return text + "\n";
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
