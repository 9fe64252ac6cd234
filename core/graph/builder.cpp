#include "graph/builder.h"

#include "graph/naming.h"
#include "graph/parameters_grad.h"
#include "graph/parent_repair.h"
#include "graph/recompute.h"
#include "graph/stack_simplify.h"
#include "graph/tree_check.h"
#include "io/file_io.h"
#include "util/error.h"

#include <cassert>
#include <filesystem>
#include <system_error>
#include <unordered_map>

namespace ps {

namespace {

constexpr const char* kRootName = "DefaultModel";
constexpr const char* kNoForwardStack
    = "This backward node cannot find the forward node and cannot retrieve stack information.";

// A record's items by name, as a Python dict keeps them: a repeated name keeps its first position and takes the
// later item. A scan beats hashing for the few items of a typical record; long records get an index.
class ItemsByName {
public:
    void clear()
    {
        m_keys.clear();
        m_items.clear();
        m_index.clear();
    }
    void put(uint64_t key, uint32_t item)
    {
        if (m_keys.size() <= kScan) {
            for (size_t i = 0; i < m_keys.size(); ++i)
                if (m_keys[i] == key) {
                    m_items[i] = item;
                    return;
                }
        } else {
            if (m_index.empty())
                for (size_t i = 0; i < m_keys.size(); ++i)
                    m_index.emplace(m_keys[i], i);
            auto [it, inserted] = m_index.emplace(key, m_keys.size());
            if (!inserted) {
                m_items[it->second] = item;
                return;
            }
        }
        m_keys.push_back(key);
        m_items.push_back(item);
    }
    const std::vector<uint32_t>& items() const { return m_items; }

private:
    static constexpr size_t kScan = 16;
    std::vector<uint64_t> m_keys; // DumpItem::keyId
    std::vector<uint32_t> m_items;
    std::unordered_map<uint64_t, size_t> m_index; // only past kScan names
};

std::string sharedGroupNameWarning(const std::string& name)
{
    return "the node \"" + name + "\" has the name of a group of top-level APIs; as msprobe 26.0.0 does, the group "
        + "takes the name and the database keeps only the one of the two written first (the other's nodes are "
        + "left out and its parent lists the name again)";
}

class Builder {
public:
    Builder(Graph& g, const ConstructData& c, const StackData& s, const BuildOptions& o, std::vector<std::string>& w)
        : m_g(g)
        , m_construct(c)
        , m_stack(s)
        , m_options(o)
        , m_warnings(w)
    {
    }

    void run()
    {
        m_g.stacks.assign(1, {}); // stack 0: empty
        if (!m_options.completeStack)
            simplifyStacks();
        // step 1: the root
        m_g.root = addNode(m_g.strings.intern(kRootName), NodeType::Module);
        // step 2: nodes in construct order, each attached to its (repaired) parent
        const size_t count = m_construct.entries.size();
        for (size_t k = 0; k < count; ++k) {
            if (k % 8192 == 0)
                m_options.progress.advance(Stage::Build, 0.8 * double(k) / double(count));
            const ConstructEntry& e = m_construct.entries[k];
            StrId parentName = repairedParent(m_options.profile, m_g.strings, m_construct, e.node, e.parent);
            NodeId up = m_g.root;
            if (parentName != kNoStr)
                up = ensureNode(parentName);
            NodeId child = ensureNode(e.node);
            attach(child, up);
        }
        // construct.json may close a cycle (even through DefaultModel) or nest too deeply: refused before any step
        // below walks up the parent links
        checkParentLinks(m_g, m_construct.path);
        // step 3 (msprobe 26.0.0): recompute calls move under the backward of their first call's parent
        if (m_options.profile == RulesProfile::Msprobe26)
            moveRecomputeCalls(
                m_g, m_kids, m_stack, !m_g.dump || m_g.dump->framework.empty() || m_g.dump->framework == "pytorch");
        // step 4: runs of top-level APIs become Apis_Between_Modules groups
        groupTopLevelApis();
        if (m_options.profile == RulesProfile::Msprobe26 && m_construct.megatronMicroSteps >= 0)
            takeMicroStepsFromConstruct();
        // step 5 (msprobe 26.0.0): parameters_grad records become nodes
        if (m_options.profile == RulesProfile::Msprobe26)
            addParametersGradNodes();
        // step 6: data items and the CSR layout
        assignItems();
        freeze();
        // the moves and groups above keep a tree; checked again on the final layout
        checkHierarchy(m_g, m_construct.path);
        m_options.progress.advance(Stage::Build, 1);
    }

private:
    NodeId addNode(StrId name, NodeType type)
    {
        NodeId id = NodeId(m_g.name.size());
        m_g.name.push_back(name);
        m_g.type.push_back(type);
        m_g.parent.push_back(kNoNode);
        m_g.record.push_back(-1);
        m_g.stack.push_back(0);
        if (!m_options.completeStack)
            m_g.exportStack.push_back(0);
        m_g.microStep.push_back(-1);
        m_kids.emplace_back();
        m_g.byName.emplace(name, id);
        return id;
    }

    NodeId ensureNode(StrId name)
    {
        if (NodeId known = m_g.byName.find(name); known != kNoNode)
            return known;
        std::string_view text = m_g.strings.view(name);
        auto type = nodeTypeOfName(text, m_options.profile);
        if (!type) {
            // msprobe 1.2.1 aborts the run here; newer msprobe treats the node as a module (docs/deviations.md).
            m_warnings.push_back("node \"" + std::string(text)
                + "\" has no known name prefix (Module., Tensor., Torch., ...); it is shown as a module");
            type = NodeType::Module;
        }
        NodeId id = addNode(name, *type);
        if (m_g.dump) {
            if (const DumpRecord* r = m_g.dump->record(text, m_nextRecord)) {
                m_g.record[id] = int32_t(r - m_g.dump->records.data());
                m_nextRecord = size_t(m_g.record[id]) + 1;
            }
        }
        m_g.stack[id] = stackFor(name, text, false);
        if (!m_options.completeStack)
            m_g.exportStack[id] = stackFor(name, text, true);
        return id;
    }

    void attach(NodeId child, NodeId parent)
    {
        if (parent == kNoNode || parent == child || m_g.parent[child] != kNoNode)
            return;
        m_g.parent[child] = parent;
        m_kids[parent].push_back(child);
    }

    // Stacks are shared, never copied per node: a whole group once, a kept line once.
    uint32_t stackOfGroup(uint32_t group)
    {
        auto [it, inserted] = m_groupStack.emplace(group, uint32_t(m_g.stacks.size()));
        if (inserted)
            m_g.stacks.push_back(m_stack.groups[group]);
        return it->second;
    }

    uint32_t stackOfLine(StrId line)
    {
        auto [it, inserted] = m_lineStack.emplace(line, uint32_t(m_g.stacks.size()));
        if (inserted)
            m_g.stacks.push_back({ line });
        return it->second;
    }

    // The kept line of every node with a stack, found group by group: each group's lines are scanned
    // once for the call sites of all the modules sharing it.
    void simplifyStacks()
    {
        std::vector<std::vector<StrId>> modulesOfGroup(m_stack.groups.size());
        std::vector<StrId> names;
        for (const ConstructEntry& e : m_construct.entries)
            for (StrId name : { e.node, e.parent })
                if (name != kNoStr && !m_keptLine.count(name)) {
                    auto group = m_stack.groupOf.find(name);
                    if (group == m_stack.groupOf.end())
                        continue;
                    m_keptLine[name] = -1;
                    names.push_back(name);
                }
        std::vector<int> templateLine(m_stack.groups.size(), -2); // -2: not computed yet
        std::vector<std::string_view> views;
        auto viewsOf = [&](uint32_t group) -> std::span<const std::string_view> {
            views.clear();
            for (StrId l : m_stack.groups[group])
                views.push_back(m_g.strings.view(l));
            return views;
        };
        std::vector<std::vector<std::string>> needles(m_stack.groups.size());
        for (StrId name : names) {
            uint32_t group = m_stack.groupOf.at(name);
            std::string_view text = m_g.strings.view(name);
            if (nodeTypeOfName(text) == NodeType::Module) {
                if (std::string needle = callSiteNeedle(text); !needle.empty()) {
                    modulesOfGroup[group].push_back(name);
                    needles[group].push_back(std::move(needle));
                }
                continue;
            }
            if (templateLine[group] == -2)
                templateLine[group] = lineAfterTemplateCall(viewsOf(group));
            m_keptLine[name] = templateLine[group];
        }
        for (uint32_t group = 0; group < m_stack.groups.size(); ++group) {
            if (needles[group].empty())
                continue;
            std::vector<int> first = firstLinesContaining(needles[group], viewsOf(group));
            for (size_t k = 0; k < first.size(); ++k)
                m_keptLine[modulesOfGroup[group][k]] = first[k];
        }
    }

    // The node's whole stack, or (`kept`, without -cs) the one line an export writes.
    uint32_t stackFor(StrId id, std::string_view name, bool kept)
    {
        auto group = m_stack.groupOf.find(id);
        if (group != m_stack.groupOf.end() && !m_stack.groups[group->second].empty()) {
            const std::vector<StrId>& lines = m_stack.groups[group->second];
            if (kept) {
                auto kept = m_keptLine.find(id);
                if (kept != m_keptLine.end() && kept->second >= 0)
                    return stackOfLine(lines[size_t(kept->second)]);
            }
            return stackOfGroup(group->second);
        }
        // Backward nodes without a stack borrow their forward node's, as it is at this moment.
        std::string forward;
        if (auto f = moduleBackwardToForward(name, true))
            forward = *f;
        else if (isApiBackwardName(name))
            forward = replaceAll(name, "backward", "forward");
        else
            return 0;
        NodeId fwd = m_g.find(forward);
        if (fwd == kNoNode)
            return stackOfLine(m_g.strings.intern(kNoForwardStack));
        return kept ? m_g.exportStack[fwd] : m_g.stack[fwd];
    }

    void groupTopLevelApis()
    {
        std::vector<NodeId> old = m_kids[m_g.root];
        std::vector<NodeId> regrouped;
        int counter = 0;
        size_t i = 0;
        while (i < old.size()) {
            size_t j = i;
            while (j < old.size() && m_g.type[old[j]] == NodeType::Api)
                ++j;
            if (j - i >= 2) {
                std::string groupName = "Apis_Between_Modules." + std::to_string(counter++);
                StrId groupId = m_g.strings.intern(groupName);
                const bool taken = m_g.byName.find(groupId) != kNoNode;
                if (taken && m_options.profile != RulesProfile::Msprobe26) // msprobe 1.2.1 fails here
                    throw Error(ErrorCode::BadName, m_construct.path,
                        "the node \"" + groupName
                            + "\" has the name of the group that holds a run of top-level APIs; rename the node");
                if (taken)
                    m_warnings.push_back(sharedGroupNameWarning(groupName));
                NodeId group = addNode(groupId, NodeType::ApiCollection);
                // msprobe 26.0.0 keeps the node where it is and gives its name to the group (its node_map entry):
                // lookups by name, and so matching, find the group; the database keeps the one of the two that
                // its walk writes first (postOrderFromRoot).
                if (taken)
                    m_g.byName.assign(groupId, group);
                m_g.parent[group] = m_g.root;
                for (size_t k = i; k < j; ++k) {
                    m_g.parent[old[k]] = group;
                    m_kids[group].push_back(old[k]);
                }
                regrouped.push_back(group);
                i = j;
            } else { // a single API, or a module: stays where it is
                regrouped.push_back(old[i++]);
            }
        }
        m_kids[m_g.root] = std::move(regrouped);
    }

    // msprobe 26.0.0 with megatron_micro_step_number: every node has the micro step construct.json gives it (0 when
    // it gives none; an API group takes its first member's) and nothing is paged or inherited.
    void takeMicroStepsFromConstruct()
    {
        std::unordered_map<StrId, int32_t> given;
        for (const ConstructEntry& e : m_construct.entries)
            given[e.node] = std::max(e.microStep, 0);
        for (NodeId n = 0; n < m_g.size(); ++n) {
            auto it = given.find(m_g.name[n]);
            m_g.microStep[n] = it != given.end() ? it->second : 0;
        }
        for (NodeId g : m_kids[m_g.root])
            if (m_g.type[g] == NodeType::ApiCollection && !m_kids[g].empty())
                m_g.microStep[g] = m_g.microStep[m_kids[g].front()];
        // Each micro step holds at least one node (the graph readers refuse more, and so would the viewer's list)
        if (uint64_t(m_construct.megatronMicroSteps) + 1 > std::max<uint64_t>(m_g.size(), 1))
            throw Error(ErrorCode::BadContent, m_construct.path,
                "megatron_micro_step_number is " + std::to_string(m_construct.megatronMicroSteps) + ", more than the "
                    + std::to_string(m_g.size()) + " nodes of the graph");
        m_g.microSteps = uint32_t(m_construct.megatronMicroSteps) + 1;
        m_g.microStepsFromDump = true;
    }

    void addParametersGradNodes()
    {
        if (!m_g.dump)
            return;
        for (const ParametersGradNode& p : parametersGradNodes(m_g, *m_g.dump)) {
            NodeId id = addNode(m_g.strings.intern(p.name), NodeType::Module);
            m_g.record[id] = int32_t(p.record);
            if (m_g.microStepsFromDump)
                m_g.microStep[id] = 0; // msprobe leaves it None, written as 0
            attach(id, p.parent);
        }
    }

    void assignItems()
    {
        m_g.items.assign(m_g.size(), {});
        if (!m_g.dump)
            return;
        const DumpData& d = *m_g.dump;
        ItemsByName in, out;
        std::string keyBuffer;
        for (NodeId n = 0; n < m_g.size(); ++n) {
            if (m_g.record[n] < 0)
                continue;
            const DumpRecord& r = d.records[size_t(m_g.record[n])];
            in.clear();
            out.clear();
            for (uint32_t k = r.firstItem; k < r.firstItem + r.itemCount; ++k) {
                std::string_view key = d.itemKey(d.items[k], keyBuffer);
                if (key.empty())
                    continue;
                bool isOutput
                    = key.find(".output.") != std::string_view::npos && key.find(".input.") == std::string_view::npos;
                (isOutput ? out : in).put(d.items[k].keyId(), k);
            }
            NodeItems& ni = m_g.items[n];
            ni.inputBegin = uint32_t(m_g.itemIndex.size());
            m_g.itemIndex.insert(m_g.itemIndex.end(), in.items().begin(), in.items().end());
            ni.inputEnd = ni.outputBegin = uint32_t(m_g.itemIndex.size());
            m_g.itemIndex.insert(m_g.itemIndex.end(), out.items().begin(), out.items().end());
            ni.outputEnd = uint32_t(m_g.itemIndex.size());
        }
    }

    void freeze()
    {
        size_t n = m_g.size();
        m_g.childBegin.assign(n + 1, 0);
        m_g.rowInParent.assign(n, 0);
        m_g.childIds.clear();
        for (NodeId i = 0; i < n; ++i) {
            m_g.childBegin[i] = uint32_t(m_g.childIds.size());
            for (size_t row = 0; row < m_kids[i].size(); ++row) {
                m_g.childIds.push_back(m_kids[i][row]);
                m_g.rowInParent[m_kids[i][row]] = uint32_t(row);
            }
        }
        m_g.childBegin[n] = uint32_t(m_g.childIds.size());
        m_kids.clear();
    }

    Graph& m_g;
    size_t m_nextRecord = 0; // the dump record after the one found last (DumpData::record's hint)
    const ConstructData& m_construct;
    const StackData& m_stack;
    const BuildOptions& m_options;
    std::vector<std::string>& m_warnings;
    std::vector<std::vector<NodeId>> m_kids;
    std::unordered_map<uint32_t, uint32_t> m_groupStack; // stack group -> index into m_g.stacks
    std::unordered_map<StrId, uint32_t> m_lineStack; // a kept line -> index into m_g.stacks
    std::unordered_map<StrId, int> m_keptLine; // node -> its kept line (-1: the whole stack)
};

} // namespace

void buildGraph(Graph& graph, const ConstructData& construct, const StackData& stack, const BuildOptions& options,
    std::vector<std::string>& warnings)
{
    Builder(graph, construct, stack, options, warnings).run();
    assert(hasTreeShape(graph));
}

std::unique_ptr<Graph> buildGraphFromFolder(
    const std::string& dir, const BuildOptions& options, std::vector<std::string>& warnings)
{
    const std::string dumpJson = joinPath(dir, "dump.json");
    // The usual slip is a folder one level too high or too low: say what the folder lacks, not only that a file
    // is missing.
    std::error_code ec;
    if (isDirectory(dir)
        && std::filesystem::symlink_status(dumpJson, ec).type() == std::filesystem::file_type::not_found)
        throw Error(ErrorCode::FileNotFound, dumpJson, "this folder is not an msprobe dump (no dump.json)");
    auto graph = std::make_unique<Graph>();
    DumpReadOptions read;
    read.progress = options.progress;
    graph->dump = readDumpJson(dumpJson, read);
    graph->strings.reserve(graph->dump->records.size()); // construct.json names them all again
    ConstructData construct = readConstructJson(joinPath(dir, "construct.json"), graph->strings);
    options.progress.advance(Stage::ReadStructure, 0.5);
    StackData stack = readStackJson(joinPath(dir, "stack.json"), graph->strings);
    options.progress.advance(Stage::ReadStructure, 1);
    buildGraph(*graph, construct, stack, options, warnings);
    return graph;
}

} // namespace ps
