#include "compare/layer_mapping_rows.h"

#include "graph/naming.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace ps {

std::vector<LayerMappingRow> layerMappingRows(const LayerMappingRules& rules)
{
    std::vector<LayerMappingRow> rows;
    for (const LayerClassRules& cls : rules.classes)
        for (const LayerMappingRule& r : cls.rules)
            rows.push_back({ cls.className, r.source, r.target });
    return rows;
}

LayerMappingRules layerMappingRulesFromRows(const std::vector<LayerMappingRow>& rows)
{
    LayerMappingRules rules;
    for (const LayerMappingRow& row : rows) {
        auto cls = std::find_if(rules.classes.begin(), rules.classes.end(),
            [&](const LayerClassRules& c) { return c.className == row.className; });
        if (cls == rules.classes.end()) {
            rules.classes.push_back({ row.className, {}, 0 });
            cls = rules.classes.end() - 1;
        }
        cls->rules.push_back({ row.source, row.target, 0 });
    }
    return rules;
}

std::string layerMappingPathProblem(const std::string& path)
{
    if (path.empty())
        return "the path is empty";
    for (std::string_view seg : splitDots(path)) {
        if (seg.empty())
            return "the path has an empty segment";
        for (char c : seg) {
            if (c == ' ' || c == '\t')
                return "the path contains whitespace";
            if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-')
                return std::string("the path contains the character '") + c + "'";
        }
    }
    return {};
}

std::vector<LayerMappingRowIssue> checkLayerMappingRows(
    const std::vector<LayerMappingRow>& rows, const std::set<std::string>& knownClasses)
{
    std::vector<LayerMappingRowIssue> out;
    std::set<std::pair<std::string, std::string>> seen;
    for (int i = 0; i < int(rows.size()); ++i) {
        const LayerMappingRow& r = rows[size_t(i)];
        if (r.className.empty())
            out.push_back({ i, LayerMappingColumn::Class, "the class name is empty" });
        else if (!knownClasses.empty() && !knownClasses.count(r.className) && r.className != "Cell")
            out.push_back({ i, LayerMappingColumn::Class,
                "\"" + r.className + "\" is not a module class of the NPU graph (nor TopLayer)" });
        if (std::string p = layerMappingPathProblem(r.source); !p.empty())
            out.push_back({ i, LayerMappingColumn::Source, "NPU path: " + p });
        else if (!seen.insert({ r.className, r.source }).second)
            out.push_back({ i, LayerMappingColumn::Source,
                "the NPU path \"" + r.source + "\" is already mapped for class " + r.className });
        if (std::string p = layerMappingPathProblem(r.target); !p.empty())
            out.push_back({ i, LayerMappingColumn::Target, "Bench path: " + p });
    }
    return out;
}

namespace {

// Module node names are Module.<path...>.<Class>.<forward|backward>.<n>.
void addModule(std::string_view name, std::set<std::string>* classes, std::set<std::string>* segments)
{
    std::vector<std::string_view> parts = splitDots(name);
    if (parts.size() < 4)
        return;
    if (classes)
        classes->insert(std::string(parts[parts.size() - 3]));
    if (segments)
        for (size_t i = 1; i + 3 < parts.size(); ++i)
            if (!allDigits(parts[i]))
                segments->insert(std::string(parts[i]));
}

} // namespace

LayerMappingVocabulary layerMappingVocabulary(const Comparison& comparison)
{
    LayerMappingVocabulary v;
    v.npuClasses.insert("TopLayer");
    for (int s = 0; s < 2; ++s) {
        const Graph* g = comparison.graphs[size_t(s)].get();
        if (!g)
            continue;
        const auto& partners = comparison.counterpart[size_t(s)];
        for (NodeId n = 0; n < g->size(); ++n) {
            if (g->type[n] != NodeType::Module)
                continue;
            const bool unmatched = n >= partners.size() || partners[n] == kNoNode;
            addModule(g->nameOf(n), s == 0 ? &v.npuClasses : nullptr,
                unmatched ? (s == 0 ? &v.npuSegments : &v.benchSegments) : nullptr);
        }
    }
    return v;
}

size_t matchedNodeCount(const Comparison& comparison)
{
    const auto& partners = comparison.counterpart[0];
    return size_t(std::count_if(partners.begin(), partners.end(), [](NodeId n) { return n != kNoNode; }));
}

} // namespace ps
