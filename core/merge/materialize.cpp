#include "merge/materialize.h"

#include "graph/tree_check.h"

#include <algorithm>
#include <cassert>
#include <map>
#include <unordered_map>

namespace ps::merge {

namespace {

// Copies a JSON value of one dump's arena and pool into another's, without recursion (nesting comes from input).
class CrossCopy {
public:
    CrossCopy(const DumpData& from, JArena& to)
        : m_from(from)
        , m_to(to)
    {
    }

    StrId string(StrId id) const { return m_to.pool().intern(m_from.pool.view(id)); }

    JValue scalar(const JValue& v) const
    {
        JValue out = v;
        if (v.type == JType::String || v.type == JType::BigInt)
            out.n = string(v.n);
        return out;
    }

    JValue value(const JValue& root)
    {
        if (root.type != JType::Array && root.type != JType::Object)
            return scalar(root);
        std::vector<Frame> stack(1);
        stack[0].source = root;
        JValue done;
        while (!stack.empty()) {
            Frame& top = stack.back();
            const bool array = top.source.type == JType::Array;
            if (top.next == top.source.n) {
                done = array ? m_to.makeArray(top.elems) : m_to.makeObject(top.members);
                stack.pop_back();
                if (!stack.empty())
                    put(stack.back(), done);
                continue;
            }
            JValue child;
            if (array) {
                child = m_from.arena.elements(top.source)[top.next];
            } else {
                const JMember& m = m_from.arena.members(top.source)[top.next];
                top.members.push_back({ string(m.key), {} });
                child = m.value;
            }
            ++top.next;
            if (child.type == JType::Array || child.type == JType::Object) {
                Frame nested;
                nested.source = child;
                stack.push_back(std::move(nested)); // `top` is not used past this point
            } else {
                put(top, scalar(child));
            }
        }
        return done;
    }

private:
    struct Frame {
        JValue source;
        uint32_t next = 0;
        std::vector<JValue> elems;
        std::vector<JMember> members;
    };
    static void put(Frame& parent, const JValue& v)
    {
        if (parent.source.type == JType::Array)
            parent.elems.push_back(v);
        else
            parent.members.back().value = v;
    }

    const DumpData& m_from;
    JArena& m_to;
};

JValue statJson(const Stat& s, StringPool& pool)
{
    JValue v;
    switch (s.kind) {
    case Stat::Kind::None:
        break;
    case Stat::Kind::Int:
        v.type = JType::Int;
        v.i = s.i;
        break;
    case Stat::Kind::Float:
        v.type = JType::Float;
        v.d = s.d;
        break;
    case Stat::Kind::Str:
        v.type = JType::String;
        v.n = pool.intern(s.s);
        break;
    }
    return v;
}

class Materializer {
public:
    Materializer(const Forest& f, uint16_t graph)
        : m_f(f)
        , m_mg(f.graphs[graph])
    {
    }

    std::shared_ptr<Graph> run()
    {
        m_out = std::make_shared<Graph>();
        m_dump = std::make_shared<DumpData>();
        m_scratchArena = std::make_unique<JArena>(m_dump->pool);
        const DumpData* mainDump = m_f.parts[m_mg.part].graph->dump.get();
        if (mainDump) {
            m_dump->path = mainDump->path;
            m_dump->task = mainDump->task;
            m_dump->level = mainDump->level;
            m_dump->framework = mainDump->framework;
            m_dump->dumpDataDir = mainDump->dumpDataDir;
            m_dump->dumpDataDirIsNull = mainDump->dumpDataDirIsNull;
        }
        m_out->mainRank = m_mg.rank;
        order();
        Graph& g = *m_out;
        g.stacks.assign(1, {});
        // Without -cs the parts keep the one stack line exports write; the merged graph keeps it too.
        const bool keepsExportStacks = std::any_of(
            m_f.parts.begin(), m_f.parts.end(), [](const auto& part) { return !part.graph->exportStack.empty(); });
        for (MNodeId m : m_order) {
            const MNode& node = m_f.nodes[m];
            NodeId n = NodeId(g.name.size());
            g.name.push_back(g.strings.intern(m_f.nameOf(m)));
            g.type.push_back(node.type);
            g.parent.push_back(kNoNode);
            g.stack.push_back(stackOf(node, StackKind::Whole));
            if (keepsExportStacks)
                g.exportStack.push_back(stackOf(node, StackKind::Exported));
            g.microStep.push_back(-1);
            g.sourceRank.push_back(node.rank);
            g.byName.emplace(g.name.back(), n);
            if (const auto* info = m_f.infoIfAny(m); info && !info->empty())
                g.mergeInfo.emplace(n, *info);
            addRecord(node);
        }
        g.root = m_id.at(m_mg.root);
        links();
        m_dump->resolveKeys();
        g.dump = m_dump;
        // The merge nests API groups one level deeper: the graph must still be a tree within max_depth, as every
        // graph file reader demands (ProbeScope reads back what it writes).
        checkHierarchy(g, m_f.parts[m_mg.part].dir);
        return m_out;
    }

private:
    // The nodes the root reaches, in node_map order (any the map lost follow in pre-order).
    void order()
    {
        std::vector<uint8_t> reached(m_f.nodes.size(), 0);
        std::vector<MNodeId> preorder, stack { m_mg.root };
        while (!stack.empty()) {
            MNodeId n = stack.back();
            stack.pop_back();
            if (reached[n])
                continue;
            reached[n] = 1;
            preorder.push_back(n);
            const std::vector<MNodeId>& kids = m_f.nodes[n].children;
            for (size_t k = kids.size(); k-- > 0;)
                if (!reached[kids[k]] && m_f.nodes[kids[k]].parent == n)
                    stack.push_back(kids[k]);
        }
        for (MNodeId n : m_mg.values())
            if (reached[n] == 1) {
                reached[n] = 2;
                m_order.push_back(n);
            }
        for (MNodeId n : preorder)
            if (reached[n] == 1)
                m_order.push_back(n);
        for (size_t i = 0; i < m_order.size(); ++i)
            m_id.emplace(m_order[i], NodeId(i));
    }

    // A rank's stacks are shared by many nodes (one stack group for a whole layer): each is copied once per part,
    // so a large stack shared by every node costs its size once, not once per node.
    enum class StackKind { Whole, Exported };
    uint32_t stackOf(const MNode& node, StackKind kind)
    {
        if (node.source == kNoNode)
            return 0;
        const Graph& src = *m_f.parts[node.part].graph;
        // Both kinds index the part's `stacks`, so one cache serves them.
        const uint32_t srcStack = kind == StackKind::Whole ? src.stack[node.source] : src.exportStackIndex(node.source);
        const uint64_t key = (uint64_t(node.part) << 32) | srcStack;
        if (auto known = m_stackOfSource.find(key); known != m_stackOfSource.end())
            return known->second;
        std::span<const StrId> lines = src.stacks[srcStack];
        uint32_t id = 0;
        if (!lines.empty()) {
            std::vector<StrId> mine;
            mine.reserve(lines.size());
            for (StrId l : lines)
                mine.push_back(m_out->strings.intern(src.strings.view(l)));
            auto [it, inserted] = m_stacks.emplace(std::move(mine), uint32_t(m_out->stacks.size()));
            if (inserted)
                m_out->stacks.push_back(it->first);
            id = it->second;
        }
        m_stackOfSource.emplace(key, id);
        return id;
    }

    // The node's items, copied with their merged statistics, as one record named after the node.
    void addRecord(const MNode& node)
    {
        Graph& g = *m_out;
        NodeItems ni;
        ni.inputBegin = ni.inputEnd = ni.outputBegin = ni.outputEnd = uint32_t(g.itemIndex.size());
        const Graph* src = node.source == kNoNode ? nullptr : m_f.parts[node.part].graph.get();
        const bool hadRecord = src && src->record[node.source] >= 0;
        std::vector<Param> in = m_f.params(node.in), out = m_f.params(node.out);
        if (!hadRecord && in.empty() && out.empty()) {
            g.items.push_back(ni);
            g.record.push_back(-1);
            return;
        }
        DumpRecord record;
        record.name = m_dump->pool.intern(g.strings.view(g.name.back()));
        record.firstItem = uint32_t(m_dump->items.size());
        if (hadRecord) {
            const DumpRecord& r = src->dump->records[size_t(src->record[node.source])];
            record.overflow = r.overflow;
            record.hasMd5Field = r.hasMd5Field;
        }
        for (const std::vector<Param>* list : { &in, &out }) {
            for (const Param& p : *list)
                g.itemIndex.push_back(copyItem(p, record.name));
            if (list == &in)
                ni.inputEnd = ni.outputBegin = uint32_t(g.itemIndex.size());
        }
        ni.outputEnd = uint32_t(g.itemIndex.size());
        record.itemCount = uint32_t(m_dump->items.size()) - record.firstItem;
        m_dump->byName.emplace(record.name, uint32_t(m_dump->records.size()));
        m_dump->records.push_back(record);
        g.record.push_back(int32_t(m_dump->records.size() - 1));
        g.items.push_back(ni);
    }

    uint32_t copyItem(const Param& p, StrId recordName)
    {
        const DumpData& from = m_f.dumpOf(p.item.part);
        const DumpItem& item = from.items[p.item.item];
        JArena& scratch = *m_scratchArena;
        scratch.clear();
        CrossCopy copy(from, scratch);
        JValue entry;
        if (const JValue* raw = from.leaves.raw(item.leaf))
            entry = copy.value(*raw);
        else if (item.leaf.isObject()) {
            LeafFields fields = from.leafOf(item);
            std::vector<JMember> members;
            for (size_t i = 0; i < fields.size(); ++i) {
                members.push_back({ copy.string(fields.keys[i]), copy.value(fields.values[i]) });
            }
            if (m_f.hasOverrides(p.item))
                for (int k = 0; k < 4; ++k) {
                    StrId key = m_dump->pool.intern(kStatNames[k]);
                    JValue v = statJson(m_f.stat(p.item, k), m_dump->pool);
                    auto it = std::find_if(
                        members.rbegin(), members.rend(), [&](const JMember& m) { return m.key == key; });
                    if (it != members.rend())
                        it->value = v;
                    else
                        members.push_back({ key, v });
                }
            entry = scratch.makeObject(members);
        }
        return m_dump->addItem(p.key, recordName, scratch, entry, item.source);
    }

    void links()
    {
        Graph& g = *m_out;
        const size_t n = g.size();
        g.childBegin.assign(n + 1, 0);
        g.rowInParent.assign(n, 0);
        for (size_t i = 0; i < n; ++i) {
            g.childBegin[i] = uint32_t(g.childIds.size());
            for (MNodeId c : m_f.nodes[m_order[i]].children) {
                auto it = m_id.find(c);
                if (it == m_id.end() || m_f.nodes[c].parent != m_order[i] || g.parent[it->second] != kNoNode)
                    continue; // listed twice, or under another parent
                g.parent[it->second] = NodeId(i);
                g.rowInParent[it->second] = uint32_t(g.childIds.size() - g.childBegin[i]);
                g.childIds.push_back(it->second);
            }
        }
        g.childBegin[n] = uint32_t(g.childIds.size());
    }

    const Forest& m_f;
    const MGraph& m_mg;
    std::shared_ptr<Graph> m_out;
    std::shared_ptr<DumpData> m_dump;
    std::vector<MNodeId> m_order;
    std::unordered_map<MNodeId, NodeId> m_id;
    std::map<std::vector<StrId>, uint32_t> m_stacks; // equal stacks of different parts become one
    std::unordered_map<uint64_t, uint32_t> m_stackOfSource; // (part, the part's stack) -> stack of the result
    std::unique_ptr<JArena> m_scratchArena; // on m_dump's pool: what addItem copies a leaf from
};

} // namespace

std::shared_ptr<Graph> materialize(const Forest& f, uint16_t graph)
{
    std::shared_ptr<Graph> g = Materializer(f, graph).run();
    assert(hasTreeShape(*g));
    return g;
}

} // namespace ps::merge
