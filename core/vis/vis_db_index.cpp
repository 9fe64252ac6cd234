#include "vis/vis_db_index.h"

#include "util/parallel.h"
#include "util/pyformat.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <numeric>
#include <tuple>

namespace ps {

namespace {

constexpr uint32_t kNoRank = 0xffffffffu;

// Whether a byte is written into JSON text as itself (no escape; not part of a multi-byte character).
bool isPlainByte(unsigned char c)
{
    return c >= 0x20 && c < 0x80 && c != '"' && c != '\\';
}

int compareEscaped(std::string_view x, std::string_view y)
{
    std::string qx, qy;
    py::appendJsonString(qx, x);
    py::appendJsonString(qy, y);
    return qx.compare(qy);
}

} // namespace

int compareJsonQuoted(std::string_view x, std::string_view y)
{
    // A common prefix escapes alike on both sides, so the order is decided where the names first differ. This runs
    // inside sorts of whole graphs: it reads only up to the first difference, and escapes only when that difference
    // involves a character JSON escapes (or a multi-byte character), which names rarely have.
    const size_t n = std::min(x.size(), y.size());
    const size_t i = size_t(std::mismatch(x.begin(), x.begin() + ptrdiff_t(n), y.begin()).first - x.begin());
    const auto byte = [](std::string_view s, size_t k) { return static_cast<unsigned char>(s[k]); };
    if (i > 0 && byte(x, i - 1) >= 0x80)
        return compareEscaped(x, y);
    if (i < n) {
        if (isPlainByte(byte(x, i)) && isPlainByte(byte(y, i)))
            return int(byte(x, i)) - int(byte(y, i));
        return compareEscaped(x, y);
    }
    if (x.size() == y.size())
        return 0;
    // One name ends: its closing quote against the other's next character, which is itself when plain; an escape
    // (a backslash) and a raw byte >= 0x80 both sort after the quote.
    const bool xEnds = x.size() < y.size();
    const unsigned char next = xEnds ? byte(y, n) : byte(x, n);
    const int quoteFirst = isPlainByte(next) ? int('"') - int(next) : -1;
    return xEnds ? quoteFirst : -quoteFirst;
}

std::vector<DbIndexInfo> tbNodesIndexes(bool v26)
{
    std::vector<DbIndexInfo> out = {
        { DbIndex::PrimaryKey, "sqlite_autoindex_tb_nodes_1", nullptr },
        { DbIndex::UpNode, "index1", "CREATE INDEX index1 ON tb_nodes (step, rank, data_source, up_node, node_order)" },
        { DbIndex::Name, "index2", "CREATE INDEX index2 ON tb_nodes (step, rank, data_source, node_name)" },
        { DbIndex::SourceOrder, "index3", "CREATE INDEX index3 ON tb_nodes (step, rank, data_source, node_order)" },
        { DbIndex::Order, "index4", "CREATE INDEX index4 ON tb_nodes (step, rank, node_order)" },
        { DbIndex::MicroStep, "index5", "CREATE INDEX index5 ON tb_nodes (step, rank, micro_step_id, node_order)" },
        { DbIndex::Link, "index6", "CREATE INDEX index6 ON tb_nodes (step, rank, modified, matched_node_link)" },
    };
    if (v26)
        out.push_back({ DbIndex::Distributed, "index7", "CREATE INDEX index7 ON tb_nodes (is_distributed)" });
    return out;
}

DbRowSet::DbRowSet(const std::vector<DbSide>& sides)
    : m_sides(sides)
{
    m_base.push_back(0);
    for (const DbSide& s : sides)
        m_base.push_back(m_base.back() + s.rows());
    m_ranked = computeRanks();
}

void DbRowSet::appendIndexRecord(
    std::string& out, DbIndex index, size_t side, size_t row, sqlfile::Record& r, std::string& scratch) const
{
    const DbSide& s = m_sides[side];
    r.clear();
    if (index == DbIndex::PrimaryKey) {
        scratch.clear();
        s.appendId(scratch, row);
        r.text(scratch);
    } else if (index == DbIndex::Distributed) {
        r.integer(s.isDistributed(row));
    } else {
        r.integer(s.entry().step);
        r.integer(s.entry().rank);
        switch (index) {
        case DbIndex::UpNode:
            r.text(s.source());
            r.text(s.upNode(row));
            r.integer(int64_t(row));
            break;
        case DbIndex::Name:
            r.text(s.source());
            r.text(s.name(row));
            break;
        case DbIndex::SourceOrder:
            r.text(s.source());
            r.integer(int64_t(row));
            break;
        case DbIndex::Order:
            r.integer(int64_t(row));
            break;
        case DbIndex::MicroStep:
            r.integer(s.microStep(row));
            r.integer(int64_t(row));
            break;
        case DbIndex::Link:
            r.integer(s.modified(row));
            scratch.clear();
            s.appendLink(scratch, row);
            r.text(scratch);
            break;
        default:
            break;
        }
    }
    r.integer(int64_t(m_base[side] + row + 1)); // the rowid ends every index entry
    r.appendTo(out);
}

std::vector<uint32_t> DbRowSet::order(DbIndex index) const
{
    return m_ranked ? rankedOrder(index) : comparedOrder(index);
}

std::vector<uint32_t> DbRowSet::comparedOrder(DbIndex index) const
{
    std::string records;
    std::vector<uint64_t> ends;
    sqlfile::Record r;
    std::string scratch;
    for (size_t s = 0; s < m_sides.size(); ++s)
        for (size_t row = 0; row < m_sides[s].rows(); ++row) {
            appendIndexRecord(records, index, s, row, r, scratch);
            ends.push_back(records.size());
        }
    auto record = [&](uint32_t i) {
        const uint64_t begin = i ? ends[i - 1] : 0;
        return std::string_view(records.data() + begin, ends[i] - begin);
    };
    std::vector<uint32_t> order(ends.size());
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(),
        [&](uint32_t a, uint32_t b) { return sqlfile::compareRecords(record(a), record(b)) < 0; });
    return order;
}

bool DbRowSet::computeRanks()
{
    // step 1: the sides of each (step, rank), at most one per data_source, from fresh engine results only
    std::map<std::pair<int, int>, std::vector<size_t>> groups;
    for (size_t s = 0; s < m_sides.size(); ++s) {
        // A document read from a file may keep links and names the engine would not write; saveGraphFile gives
        // engine results a VisMeta too, which holds nothing of a file.
        const VisMeta* meta = m_sides[s].meta();
        if (meta && (meta->fromFile || !meta->nodeExtras[0].empty() || !meta->nodeExtras[1].empty()))
            return false;
        // A node that shares its name with another (msprobe 26.0.0's group name given to a construct node): the
        // trees then hold nodes the rows leave out, so the orders come from the rows themselves.
        const Graph& g = m_sides[s].graph();
        for (NodeId n = 0; n < g.size(); ++n)
            if (g.byName.find(g.name[n]) != n)
                return false;
        groups[{ m_sides[s].entry().step, m_sides[s].entry().rank }].push_back(s);
    }
    for (auto& [key, members] : groups) {
        std::sort(members.begin(), members.end(),
            [&](size_t a, size_t b) { return m_sides[a].source() < m_sides[b].source(); });
        for (size_t i = 1; i < members.size(); ++i)
            if (m_sides[members[i]].source() == m_sides[members[i - 1]].source())
                return false;
        if (members.size() > 1 && &m_sides[members[0]].entry() != &m_sides[members[1]].entry())
            return false;
        m_groups.push_back(members);
    }
    // steps 2 and 3 are independent sorts over whole graphs (a second each at 1.26 M nodes): one task per side
    // (its names in order, distinct as the PRIMARY KEY needs) and one per (step, rank) group (matched_node_link
    // order), on all cores.
    m_nameRank.resize(m_sides.size());
    m_nameRankByNode.resize(m_sides.size());
    m_linkRank.resize(m_sides.size());
    const size_t tasks = m_sides.size() + m_groups.size();
    std::vector<char> ok(tasks, 0);
    runTasks(tasks, workerCount(0, tasks, 1), [&](size_t t) {
        ok[t] = t < m_sides.size() ? computeNameRanks(t) : computeLinkRanks(m_groups[t - m_sides.size()]);
    });
    return std::all_of(ok.begin(), ok.end(), [](char b) { return b != 0; });
}

bool DbRowSet::computeNameRanks(size_t s)
{
    const DbSide& side = m_sides[s];
    std::vector<std::pair<std::string_view, uint32_t>> names(side.rows());
    for (size_t row = 0; row < side.rows(); ++row)
        names[row] = { side.name(row), uint32_t(row) };
    std::sort(names.begin(), names.end());
    m_nameRank[s].assign(side.rows(), 0);
    m_nameRankByNode[s].assign(side.graph().size(), kNoRank);
    for (size_t i = 0; i < names.size(); ++i) {
        if (i && names[i].first == names[i - 1].first)
            return false;
        m_nameRank[s][names[i].second] = uint32_t(i);
        m_nameRankByNode[s][side.node(names[i].second)] = uint32_t(i);
    }
    return true;
}

bool DbRowSet::computeLinkRanks(const std::vector<size_t>& group)
{
    for (size_t s : group)
        m_linkRank[s].assign(m_sides[s].rows(), kNoRank);
    const Comparison& c = m_sides[group.front()].comparison();
    if (!c.isCompare)
        return true; // every link is "[]"
    // A link is the JSON list of the counterpart's path from its root. Its text order is that of a post-order walk
    // over both sides' trees merged by name, children in the order of their quoted names (a path sorts before the
    // paths it is a prefix of, since ", " sorts before "]"). One rank per merged node.
    std::array<const Graph*, 2> graphs { c.graphs[0].get(), c.graphs[1].get() };
    if (!graphs[0] || !graphs[1])
        return false;
    std::array<std::vector<uint32_t>, 2> rank { std::vector<uint32_t>(graphs[0]->size(), kNoRank),
        std::vector<uint32_t>(graphs[1]->size(), kNoRank) };
    struct Member {
        std::string_view name;
        std::array<NodeId, 2> node;
    };
    struct Frame {
        std::vector<Member> children;
        size_t next = 0;
        std::array<NodeId, 2> node;
    };
    // The members below `node` on both sides, merged by name and sorted; false when the trees are inconsistent.
    auto mergeChildren = [&](std::array<NodeId, 2> node, std::vector<Member>& out) {
        std::vector<std::pair<std::string_view, std::pair<size_t, NodeId>>> all;
        for (size_t g = 0; g < 2; ++g) {
            if (node[g] == kNoNode)
                continue;
            for (NodeId k : graphs[g]->children(node[g])) {
                if (graphs[g]->parent[k] != node[g] || rank[g][k] != kNoRank)
                    return false;
                all.push_back({ graphs[g]->nameOf(k), { g, k } });
            }
        }
        std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) {
            const int q = compareJsonQuoted(a.first, b.first);
            return q != 0 ? q < 0 : a.second.first < b.second.first;
        });
        for (size_t i = 0; i < all.size(); ++i) {
            if (i && all[i].first == all[i - 1].first && all[i].second.first != all[i - 1].second.first) {
                out.back().node[all[i].second.first] = all[i].second.second;
                continue;
            }
            Member m { all[i].first, { kNoNode, kNoNode } };
            m.node[all[i].second.first] = all[i].second.second;
            out.push_back(m);
        }
        return true;
    };
    std::vector<Frame> stack(1);
    // The roots as the children of a virtual node.
    {
        std::vector<std::pair<std::string_view, std::pair<size_t, NodeId>>> roots;
        for (size_t g = 0; g < 2; ++g)
            if (graphs[g]->size())
                roots.push_back({ graphs[g]->nameOf(graphs[g]->root), { g, graphs[g]->root } });
        std::sort(roots.begin(), roots.end(), [](const auto& a, const auto& b) {
            const int q = compareJsonQuoted(a.first, b.first);
            return q != 0 ? q < 0 : a.second.first < b.second.first;
        });
        for (size_t i = 0; i < roots.size(); ++i) {
            if (i && roots[i].first == roots[i - 1].first) {
                stack[0].children.back().node[roots[i].second.first] = roots[i].second.second;
                continue;
            }
            Member m { roots[i].first, { kNoNode, kNoNode } };
            m.node[roots[i].second.first] = roots[i].second.second;
            stack[0].children.push_back(m);
        }
        stack[0].node = { kNoNode, kNoNode };
    }
    uint32_t next = 0;
    while (!stack.empty()) {
        Frame& top = stack.back();
        if (top.next == top.children.size()) {
            for (size_t g = 0; g < 2; ++g)
                if (top.node[g] != kNoNode)
                    rank[g][top.node[g]] = next;
            ++next;
            stack.pop_back();
            continue;
        }
        Frame child;
        child.node = top.children[top.next++].node;
        if (!mergeChildren(child.node, child.children))
            return false;
        stack.push_back(std::move(child));
    }
    // (the virtual root got the last rank; it is no node.) Each row's link rank is its counterpart's.
    for (size_t s : group) {
        const DbSide& side = m_sides[s];
        const size_t other = 1 - side.side();
        for (size_t row = 0; row < side.rows(); ++row) {
            NodeId counterpart;
            if (!side.linkIsPath(row, counterpart))
                return false;
            if (counterpart == kNoNode)
                continue;
            if (counterpart >= rank[other].size() || rank[other][counterpart] == kNoRank)
                return false;
            m_linkRank[s][row] = rank[other][counterpart];
        }
    }
    return true;
}

std::vector<uint32_t> DbRowSet::rankedOrder(DbIndex index) const
{
    std::vector<uint32_t> out;
    out.reserve(count());
    auto appendSorted = [&](std::vector<std::tuple<uint64_t, uint64_t, uint32_t>>& keys) {
        std::sort(keys.begin(), keys.end());
        for (const auto& k : keys)
            out.push_back(std::get<2>(k));
        keys.clear();
    };
    std::vector<std::tuple<uint64_t, uint64_t, uint32_t>> keys;
    if (index == DbIndex::PrimaryKey) {
        // id = graph_id + "_" + name: graph ids first (no "X_" is a prefix of another), then names
        std::vector<size_t> sides(m_sides.size());
        std::iota(sides.begin(), sides.end(), size_t(0));
        std::sort(sides.begin(), sides.end(),
            [&](size_t a, size_t b) { return m_sides[a].graphId() + "_" < m_sides[b].graphId() + "_"; });
        for (size_t s : sides) {
            for (size_t row = 0; row < m_sides[s].rows(); ++row)
                keys.emplace_back(m_nameRank[s][row], 0, uint32_t(m_base[s] + row));
            appendSorted(keys);
        }
        return out;
    }
    if (index == DbIndex::Distributed) {
        for (size_t s = 0; s < m_sides.size(); ++s)
            for (size_t row = 0; row < m_sides[s].rows(); ++row)
                keys.emplace_back(uint64_t(m_sides[s].isDistributed(row)), 0, uint32_t(m_base[s] + row));
        appendSorted(keys);
        return out;
    }
    for (const std::vector<size_t>& group : m_groups) {
        const bool perSource = index == DbIndex::UpNode || index == DbIndex::Name || index == DbIndex::SourceOrder;
        for (size_t s : group) {
            const DbSide& side = m_sides[s];
            for (size_t row = 0; row < side.rows(); ++row) {
                const uint32_t global = uint32_t(m_base[s] + row);
                switch (index) {
                case DbIndex::UpNode: {
                    // the root's up_node '' sorts first
                    const NodeId p = side.graph().parent[side.node(row)];
                    const uint64_t up = side.upNode(row).empty() ? 0 : uint64_t(m_nameRankByNode[s][p]) + 1;
                    keys.emplace_back(up, row, global);
                    break;
                }
                case DbIndex::Name:
                    keys.emplace_back(m_nameRank[s][row], 0, global);
                    break;
                case DbIndex::SourceOrder:
                    keys.emplace_back(row, 0, global);
                    break;
                case DbIndex::Order:
                    keys.emplace_back(row, global, global);
                    break;
                case DbIndex::MicroStep:
                    keys.emplace_back(
                        uint64_t(side.microStep(row) - INT32_MIN), (uint64_t(row) << 32) | global, global);
                    break;
                case DbIndex::Link:
                    keys.emplace_back(uint64_t(side.modified(row)) << 32 | m_linkRank[s][row], global, global);
                    break;
                default:
                    break;
                }
            }
            if (perSource)
                appendSorted(keys);
        }
        appendSorted(keys);
    }
    return out;
}

} // namespace ps
