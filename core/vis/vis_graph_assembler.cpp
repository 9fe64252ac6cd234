#include "vis/vis_graph_assembler.h"

#include "graph/tree_check.h"
#include "util/error.h"
#include "util/limits.h"

namespace ps {

VisGraphAssembler::VisGraphAssembler(std::string file)
    : m_file(std::move(file))
    , m_dump(std::make_shared<DumpData>())
    , m_graph(std::make_shared<Graph>())
{
    m_dump->verbatim = true;
    m_dump->path = m_file;
    m_graph->stacks.assign(1, {}); // stack 0: empty
}

NodeId VisGraphAssembler::addNode(std::string_view name, int nodeType)
{
    return addNode(m_graph->strings.intern(name), nodeType);
}

NodeId VisGraphAssembler::addNode(StrId name, int nodeType)
{
    Graph& g = *m_graph;
    if (g.size() >= limits().maxNodes)
        throw Error(ErrorCode::BadContent, m_file,
            overLimit("a graph of more than " + std::to_string(limits().maxNodes) + " nodes", "max_nodes",
                limits().maxNodes));
    NodeId n = NodeId(g.size());
    if (!g.byName.emplace(name, n).second)
        throw Error(
            ErrorCode::BadContent, m_file, "the node \"" + std::string(g.strings.view(name)) + "\" is listed twice");
    g.name.push_back(name);
    g.type.push_back(NodeType(uint8_t(nodeType)));
    g.parent.push_back(kNoNode);
    g.record.push_back(-1);
    g.stack.push_back(0);
    g.items.push_back({});
    g.microStep.push_back(-1);
    m_parentName.push_back(kNoStr);
    m_childBegin.push_back(uint32_t(m_childNames.size()));
    m_linkBegin.push_back(uint32_t(m_linkNames.size()));
    return n;
}

void VisGraphAssembler::setParent(NodeId n, std::string_view parentName)
{
    m_parentName[n] = parentName.empty() || parentName == "None" ? kNoStr : m_graph->strings.intern(parentName);
}

void VisGraphAssembler::addChild(std::string_view childName)
{
    m_childNames.push_back(m_graph->strings.intern(childName));
}

void VisGraphAssembler::addLinkName(std::string_view name)
{
    m_linkNames.push_back(m_graph->strings.intern(name));
}

std::span<const StrId> VisGraphAssembler::linkOf(NodeId n) const
{
    uint32_t end = n + 1 < m_linkBegin.size() ? m_linkBegin[n + 1] : uint32_t(m_linkNames.size());
    return { m_linkNames.data() + m_linkBegin[n], end - m_linkBegin[n] };
}

void VisGraphAssembler::setStack(NodeId n, const std::vector<std::string>& lines)
{
    setStackIndex(n, addStack(lines));
}

uint32_t VisGraphAssembler::addStack(const std::vector<std::string>& lines)
{
    if (lines.empty())
        return 0;
    std::vector<StrId> ids;
    ids.reserve(lines.size());
    for (const std::string& line : lines)
        ids.push_back(m_graph->strings.intern(line));
    std::string key(reinterpret_cast<const char*>(ids.data()), ids.size() * sizeof(StrId)); // equal lines, equal ids
    auto [it, inserted] = m_stackIndex.emplace(std::move(key), uint32_t(m_graph->stacks.size()));
    if (inserted)
        m_graph->stacks.push_back(std::move(ids));
    return it->second;
}

uint32_t VisGraphAssembler::addItem(std::string_view key, const JArena& from, const JValue& leaf, ItemSource source)
{
    return m_dump->addItem(key, kNoStr, from, leaf, source);
}

void VisGraphAssembler::setItems(NodeId n, const std::vector<uint32_t>& inputs, const std::vector<uint32_t>& outputs)
{
    Graph& g = *m_graph;
    NodeItems& ni = g.items[n];
    ni.inputBegin = uint32_t(g.itemIndex.size());
    g.itemIndex.insert(g.itemIndex.end(), inputs.begin(), inputs.end());
    ni.inputEnd = ni.outputBegin = uint32_t(g.itemIndex.size());
    g.itemIndex.insert(g.itemIndex.end(), outputs.begin(), outputs.end());
    ni.outputEnd = uint32_t(g.itemIndex.size());
}

std::shared_ptr<Graph> VisGraphAssembler::finish(std::string_view rootName, const std::string& what)
{
    Graph& g = *m_graph;
    size_t count = g.size();
    if (count == 0)
        throw Error(ErrorCode::BadContent, m_file, "the " + what + " has no nodes");
    g.root = g.find(rootName);
    if (g.root == kNoNode)
        throw Error(ErrorCode::BadContent, m_file,
            "the root \"" + std::string(rootName) + "\" of the " + what + " is not one of its nodes");
    m_childBegin.push_back(uint32_t(m_childNames.size()));
    g.childBegin.assign(count + 1, 0);
    g.rowInParent.assign(count, 0);
    g.childIds.clear();
    // A hand-edited or hostile file may list a node under two parents, list the root, or close a cycle; views
    // walk parent chains and children, so each node is placed once, under the first node listing it, unless
    // that would close a cycle. An upnode that no subnodes list confirms is dropped (an orphan). Union-find over
    // the placed trees, each represented by its top node, answers "is the parent inside the child's tree".
    std::vector<NodeId> set(count);
    std::vector<bool> placed(count, false);
    for (NodeId n = 0; n < count; ++n)
        set[n] = n;
    auto find = [&](NodeId x) {
        while (set[x] != x)
            x = set[x] = set[set[x]];
        return x;
    };
    for (NodeId n = 0; n < count; ++n) {
        g.childBegin[n] = uint32_t(g.childIds.size());
        for (uint32_t i = m_childBegin[n]; i < m_childBegin[n + 1]; ++i) {
            NodeId child = g.find(g.strings.view(m_childNames[i])); // names absent from the file are skipped
            if (child == kNoNode || child == g.root || placed[child] || find(n) == child)
                continue;
            placed[child] = true;
            set[child] = find(n); // child was the top of its own tree, so its representative
            g.parent[child] = n;
            g.rowInParent[child] = uint32_t(g.childIds.size() - g.childBegin[n]);
            g.childIds.push_back(child);
        }
    }
    g.childBegin[count] = uint32_t(g.childIds.size());
    m_childBegin.pop_back();
    checkHierarchy(g, m_file); // a tree by construction; the depth is bounded as for built graphs
    assert(hasTreeShape(g));
    g.dump = m_dump;
    return m_graph;
}

} // namespace ps
