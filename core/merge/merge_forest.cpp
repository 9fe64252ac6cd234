#include "merge/merge_forest.h"

#include "graph/naming.h"
#include "io/item_fields.h"
#include "util/error.h"

#include <limits>

namespace ps::merge {

const char* const kStatNames[4] = { "Max", "Min", "Mean", "Norm" };

MNodeId MGraph::find(StrId name) const
{
    auto it = m_map.find(name);
    return it == m_map.end() ? kNone : it->second.node;
}

void MGraph::insert(StrId name, MNodeId node)
{
    m_map[name] = { node, m_seq };
    m_log.emplace_back(name, m_seq++);
}

void MGraph::erase(StrId name)
{
    m_map.erase(name);
}

std::vector<MNodeId> MGraph::values() const
{
    std::vector<MNodeId> out;
    out.reserve(m_map.size());
    for (const auto& [name, seq] : m_log) {
        auto it = m_map.find(name);
        if (it != m_map.end() && it->second.seq == seq)
            out.push_back(it->second.node);
    }
    return out;
}

uint16_t Forest::addPart(int rank, std::string dir, std::shared_ptr<const Graph> graph)
{
    if (parts.size() >= std::numeric_limits<uint16_t>::max())
        throw Error(ErrorCode::BadArgument, dir, "too many ranks to merge");
    const uint16_t part = uint16_t(parts.size());
    const Graph& g = *graph;
    parts.push_back({ rank, std::move(dir), std::move(graph) });
    MGraph mg;
    mg.rank = rank;
    mg.part = part;
    const MNodeId first = MNodeId(nodes.size());
    nodes.reserve(nodes.size() + g.size());
    for (NodeId n = 0; n < g.size(); ++n) {
        MNodeId m = addNode(g.nameOf(n), g.type[n], rank, part);
        nodes[m].source = n;
        nodes[m].in = { part, n, kNone, false };
        nodes[m].out = { part, n, kNone, true };
        mg.insert(nodes[m].name, m);
    }
    for (NodeId n = 0; n < g.size(); ++n) {
        if (g.parent[n] != kNoNode && n != g.root)
            nodes[first + n].parent = first + g.parent[n];
        for (NodeId c : g.children(n))
            nodes[first + n].children.push_back(first + c);
    }
    mg.root = first + g.root;
    graphs.push_back(std::move(mg));
    return part;
}

MNodeId Forest::addNode(std::string_view name, NodeType type, int rank, uint16_t part)
{
    MNode node;
    node.name = names.intern(name);
    node.type = type;
    node.rank = rank;
    node.part = part;
    nodes.push_back(std::move(node));
    return MNodeId(nodes.size() - 1);
}

void Forest::attach(MNodeId child, MNodeId parent)
{
    nodes[child].parent = parent;
    nodes[parent].children.push_back(child);
}

void Forest::setName(MNodeId n, std::string_view newName, bool keys)
{
    std::string oldName(nameOf(n));
    nodes[n].name = names.intern(newName);
    if (keys) {
        renameKeys(nodes[n].in, oldName, newName);
        renameKeys(nodes[n].out, oldName, newName);
    }
}

void Forest::renameKeys(DataRef& ref, std::string_view oldName, std::string_view newName)
{
    if (ref.node == kNoNode || oldName == newName)
        return;
    // A chain may be shared by two nodes that took the same data: extend a copy.
    std::vector<std::pair<StrId, StrId>> chain;
    if (ref.renames != kNone)
        chain = renameChains[ref.renames];
    chain.emplace_back(names.intern(oldName), names.intern(newName));
    ref.renames = uint32_t(renameChains.size());
    renameChains.push_back(std::move(chain));
}

std::vector<Param> Forest::params(const DataRef& ref) const
{
    std::vector<Param> out;
    if (ref.node == kNoNode)
        return out;
    const Graph& g = *parts[ref.part].graph;
    if (!g.dump)
        return out;
    auto items = ref.output ? g.outputItems(ref.node) : g.inputItems(ref.node);
    out.reserve(items.size());
    for (uint32_t item : items) {
        std::string key = g.dump->itemKey(g.dump->items[item]);
        if (ref.renames != kNone)
            for (const auto& [from, to] : renameChains[ref.renames])
                key = replaceAll(key, names.view(from), names.view(to));
        out.push_back({ std::move(key), { ref.part, item } });
    }
    return out;
}

namespace {

Stat statOf(const DumpData& d, const FieldValue& f)
{
    if (f.isText)
        return Stat::str(f.text);
    switch (f.json.type) {
    case JType::Int:
        return Stat::integer(f.json.i);
    case JType::Float:
        return Stat::real(f.json.d);
    case JType::Bool:
        return Stat::str(f.json.b ? "True" : "False");
    case JType::String:
        return Stat::str(std::string(d.pool.view(f.json.str())));
    case JType::Null:
        return Stat::none();
    default: {
        std::string text;
        appendPyStr(text, d, f.json);
        return Stat::str(std::move(text)); // a big integer or a container: never merged
    }
    }
}

} // namespace

Stat Forest::stat(ItemRef item, int index) const
{
    auto it = m_overrides.find(item.key());
    if (it != m_overrides.end() && it->second.set[size_t(index)])
        return it->second.value[size_t(index)];
    const DumpData& d = dumpOf(item.part);
    ItemStats stats;
    itemStats(d, d.items[item.item], stats, RulesProfile::Msprobe26);
    return statOf(d, stats.stats[index]);
}

void Forest::setStat(ItemRef item, int index, Stat value)
{
    Overrides& o = m_overrides[item.key()];
    o.set[size_t(index)] = true;
    o.value[size_t(index)] = std::move(value);
}

std::string_view Forest::dtype(ItemRef item) const
{
    const DumpData& d = dumpOf(item.part);
    const DumpItem& it = d.items[item.item];
    if (d.keys.dtype == kNoStr || !it.leaf.isObject())
        return {};
    const JValue* v = d.leaves.member(it.leaf, d.keys.dtype);
    return v && v->isString() ? d.pool.view(v->str()) : std::string_view();
}

std::vector<std::string>& Forest::infoOf(MNodeId n)
{
    if (nodes[n].info == kNone) {
        nodes[n].info = uint32_t(infos.size());
        infos.emplace_back();
    }
    return infos[nodes[n].info];
}

const std::vector<std::string>* Forest::infoIfAny(MNodeId n) const
{
    return nodes[n].info == kNone ? nullptr : &infos[nodes[n].info];
}

uint32_t Forest::pathOf(MNodeId n) const
{
    constexpr uint32_t kCycle = kNone - 1;
    if (n >= m_path.size() || m_pathStamp[n] != m_pathRound || m_path[n] == kCycle)
        return 0;
    return m_path[n];
}

void Forest::computePaths(const std::vector<MNodeId>& starts)
{
    constexpr uint32_t kCycle = kNone - 1;
    m_path.resize(nodes.size(), 0);
    m_pathStamp.resize(nodes.size(), 0);
    if (++m_pathRound == 0) {
        std::fill(m_pathStamp.begin(), m_pathStamp.end(), 0);
        m_pathRound = 1;
    }
    auto known = [&](MNodeId n) { return m_pathStamp[n] == m_pathRound; };
    WalkMarks onWalk;
    std::vector<MNodeId> walk;
    for (MNodeId start : starts) {
        if (known(start))
            continue;
        // step 1: climb until a known path, the top, or a node already on this climb (a cycle)
        walk.clear();
        onWalk.begin(nodes.size());
        MNodeId cur = start;
        uint32_t base = 0; // the path of the node above the climb's top
        bool cycle = false;
        while (true) {
            if (!onWalk.firstVisit(cur)) {
                cycle = true;
                break;
            }
            walk.push_back(cur);
            MNodeId up = nodes[cur].parent;
            if (up == kNone)
                break;
            if (known(up)) {
                cycle = m_path[up] == kCycle;
                base = cycle ? 0 : m_path[up];
                break;
            }
            cur = up;
        }
        // step 2: assign from the top down (a climb into a cycle gives every node on it the empty path)
        for (size_t k = walk.size(); k-- > 0;) {
            MNodeId n = walk[k];
            m_pathStamp[n] = m_pathRound;
            MNodeId up = nodes[n].parent;
            if (cycle) {
                m_path[n] = kCycle;
            } else if (up == kNone) {
                m_path[n] = 0;
            } else {
                uint32_t parentPath = k + 1 < walk.size() ? m_path[walk[k + 1]] : base;
                uint64_t key = (uint64_t(parentPath) << 32) | nodes[up].name;
                m_path[n] = m_pathIds.emplace(key, uint32_t(m_pathIds.size() + 1)).first->second;
            }
        }
    }
}

} // namespace ps::merge
