#include "graph/parameters_grad.h"

#include "graph/naming.h"

#include <charconv>
#include <unordered_map>

namespace ps {

namespace {

constexpr std::string_view kSuffix = ".parameters_grad";

// Where `\.parameters_grad(?:\.\d+)?$` matches, or npos.
size_t parametersGradSuffix(std::string_view name)
{
    if (name.size() >= kSuffix.size() && name.substr(name.size() - kSuffix.size()) == kSuffix)
        return name.size() - kSuffix.size();
    size_t dot = name.rfind('.');
    if (dot == std::string_view::npos || !allDigits(name.substr(dot + 1)) || dot < kSuffix.size()
        || name.substr(dot - kSuffix.size(), kSuffix.size()) != kSuffix)
        return std::string_view::npos;
    return dot - kSuffix.size();
}

struct ModuleRecords {
    std::string prefix;
    std::vector<uint32_t> records;
    uint64_t lastBackward = 0;
};

} // namespace

std::vector<ParametersGradNode> parametersGradNodes(const Graph& graph, const DumpData& dump)
{
    // step 1: parameters_grad records that are no node yet, grouped by module
    std::vector<ModuleRecords> modules;
    std::unordered_map<std::string, size_t> moduleIndex;
    for (uint32_t r = 0; r < dump.records.size(); ++r) {
        std::string_view name = dump.pool.view(dump.records[r].name);
        size_t at = parametersGradSuffix(name);
        if (at == std::string_view::npos || graph.find(name) != kNoNode)
            continue;
        std::string prefix(name.substr(0, at));
        auto [it, inserted] = moduleIndex.emplace(prefix, modules.size());
        if (inserted)
            modules.push_back({ prefix, {}, 0 });
        modules[it->second].records.push_back(r);
    }
    if (modules.empty())
        return {};
    // step 2: the highest backward call number of each of these modules
    for (NodeId n = 0; n < graph.size(); ++n) {
        std::string_view name = graph.nameOf(n);
        if (!isModuleBackwardName(name))
            continue;
        size_t dot = name.rfind('.');
        auto it = moduleIndex.find(std::string(name.substr(0, dot - 9)));
        if (it == moduleIndex.end())
            continue;
        uint64_t number = 0;
        std::string_view digits = name.substr(dot + 1);
        if (std::from_chars(digits.data(), digits.data() + digits.size(), number).ec != std::errc())
            continue; // more digits than a number holds: msprobe's int() would take it, no real name does
        ModuleRecords& m = modules[it->second];
        m.lastBackward = std::max(m.lastBackward, number);
    }
    // step 3: one node per record under that backward node
    std::vector<ParametersGradNode> out;
    for (const ModuleRecords& m : modules) {
        NodeId parent = graph.find(m.prefix + ".backward." + std::to_string(m.lastBackward));
        if (parent == kNoNode)
            continue;
        for (uint32_t r : m.records)
            out.push_back({ std::string(dump.pool.view(dump.records[r].name)), r, parent });
    }
    return out;
}

} // namespace ps
