// msprobe 26.0.0's TPMerger: statistics of tensor-parallel shards merged into the first rank's nodes.
#include "merge/mergers.h"

#include "graph/naming.h"
#include "graph/stack_simplify.h"
#include "merge/param_merge.h"
#include "merge/reduce_index.h"

#include <algorithm>
#include <unordered_map>

namespace ps::merge {

namespace {

bool contains(std::string_view s, std::string_view part)
{
    return s.find(part) != std::string_view::npos;
}

// The number after the first "_rank" that is followed by digits and a dot (r"_rank(\d+)\."), or -1.
long long rankSuffix(std::string_view name, size_t* begin = nullptr, size_t* end = nullptr)
{
    for (size_t at = name.find("_rank"); at != std::string_view::npos; at = name.find("_rank", at + 1)) {
        size_t e = at + 5;
        while (e < name.size() && name[e] >= '0' && name[e] <= '9')
            ++e;
        if (e > at + 5 && e < name.size() && name[e] == '.' && e - at - 5 <= 9) {
            if (begin)
                *begin = at;
            if (end)
                *end = e + 1;
            return std::stoll(std::string(name.substr(at + 5, e - at - 5)));
        }
    }
    return -1;
}

// re.sub(r"_rank(\d+)\.", f"_rank{rank}.", name): every such suffix.
std::string withRankSuffix(std::string_view name, int rank)
{
    std::string out;
    size_t pos = 0, begin = 0, end = 0;
    while (rankSuffix(name.substr(pos), &begin, &end) >= 0) {
        out += name.substr(pos, begin);
        out += "_rank" + std::to_string(rank) + ".";
        pos += end;
    }
    return out + std::string(name.substr(pos));
}

class TpMerge {
public:
    TpMerge(Forest& f, const GraphGroup& group, const TpMapping& mapping)
        : m_f(f)
        , m_group(group)
        , m_mapping(mapping)
    {
    }

    void run()
    {
        const std::vector<MNodeId> nodes = m_f.graphs[m_group[0]].values();
        std::vector<MNodeId> all = nodes;
        for (size_t k = 1; k < m_group.size(); ++k)
            for (MNodeId n : m_f.graphs[m_group[k]].values())
                all.push_back(n);
        m_f.computePaths(all);
        // step 1: every node under a module, compared with the other ranks' copies
        for (MNodeId n : nodes) {
            const MNode& node = m_f.nodes[n];
            if (node.parent == kNone || m_f.nodes[node.parent].type != NodeType::Module || unmerged(node.parent)
                || m_f.nameOf(n).starts_with("Distributed") || hasInfo(n))
                continue;
            matmulFromReduce(n);
            std::vector<MNodeId> others = counterparts(n);
            ParamDiff in, out;
            diffParams(m_f, n, others, true, in, out);
            if (!in.empty() || !out.empty())
                addMerged(n, others, in, out);
        }
        // step 2: Megatron's ColumnParallelLinear ... RowParallelLinear runs that step 1 left alone
        m_walk.begin(m_f.nodes.size());
        for (MNodeId n : nodes)
            columnToRowRun(n);
    }

private:
    bool unmerged(MNodeId n) const
    {
        std::string_view name = m_f.nameOf(n);
        return name == "clip_grad" || name == "optimizer";
    }
    bool hasInfo(MNodeId n) const
    {
        const auto* info = m_f.infoIfAny(n);
        return info && !info->empty();
    }

    void addMerged(MNodeId n, const std::vector<MNodeId>& others, const ParamDiff& in, const ParamDiff& out)
    {
        std::vector<int> ranks { m_f.nodes[n].rank };
        for (MNodeId o : others)
            ranks.push_back(m_f.nodes[o].rank);
        std::vector<std::string> lines { tpMergedLine(ranks) };
        for (const ParamDiff* diff : { &in, &out })
            for (std::string& line : mergeParams(m_f, *diff))
                lines.push_back(std::move(line));
        std::vector<std::string>& info = m_f.infoOf(n);
        info.insert(info.end(), lines.begin(), lines.end());
    }

    // The same node on the other ranks (same name, or the mapped rank's name for `_rank<r>` APIs of TP+PP), with
    // the same ancestors; none unless every rank has it.
    std::vector<MNodeId> counterparts(MNodeId n) const
    {
        std::vector<MNodeId> out;
        std::string_view name = m_f.nameOf(n);
        const long long suffix = rankSuffix(name);
        const std::vector<int>* mapped = nullptr;
        if (suffix >= 0 && !m_mapping.empty()) {
            auto it = m_mapping.find(int(suffix));
            if (it == m_mapping.end() || it->second.empty() || it->second.size() != m_group.size() - 1)
                return out;
            mapped = &it->second;
        }
        for (size_t k = 1; k < m_group.size(); ++k) {
            StrId target = mapped ? m_f.names.find(withRankSuffix(name, (*mapped)[k - 1])) : m_f.nodes[n].name;
            MNodeId o = target == kNoStr ? kNone : m_f.graphs[m_group[k]].find(target);
            if (o == kNone || m_f.pathOf(o) != m_f.pathOf(n))
                return {};
            out.push_back(o);
        }
        return out;
    }

    // Forward RowParallelLinear / backward ColumnParallelLinear: the matmul's output is only a partial sum; it
    // takes the output of the all_reduce (reduce_scatter) whose input it is.
    void matmulFromReduce(MNodeId n)
    {
        if (m_f.nodes[n].type != NodeType::Module)
            return;
        std::vector<std::string_view> splits = splitDots(m_f.nameOf(n));
        if (splits.size() < 4)
            return;
        const std::string_view dir = splits[splits.size() - 2], cls = splits[splits.size() - 3];
        if (!(dir == "forward" && contains(cls, "RowParallelLinear"))
            && !(dir == "backward" && contains(cls, "ColumnParallelLinear")))
            return;
        std::vector<MNodeId> matmuls, reduces;
        for (MNodeId c : m_f.nodes[n].children) {
            std::string_view name = m_f.nameOf(c);
            if (contains(name, "matmul"))
                matmuls.push_back(c);
            if (contains(name, "_reduce_scatter_base") || contains(name, "reduce_scatter_tensor")
                || contains(name, "all_reduce"))
                reduces.push_back(c);
        }
        if (matmuls.empty() || reduces.empty())
            return;
        // The reduces that can pair at all, by the statistics of the input a matmul output feeds (all_reduce's
        // first, reduce_scatter's second), found without comparing every pair.
        ReduceIndex index;
        std::vector<ItemRef> reduceOut(reduces.size());
        std::unordered_map<MNodeId, std::pair<uint32_t, ItemRef>> reduceOf; // a reduce also named matmul
        for (uint32_t r = 0; r < reduces.size(); ++r) {
            std::vector<Param> rOut = m_f.params(m_f.nodes[reduces[r]].out);
            std::vector<Param> rIn = m_f.params(m_f.nodes[reduces[r]].in);
            const bool allReduce = contains(m_f.nameOf(reduces[r]), "all_reduce");
            if (rOut.empty() || rIn.size() < (allReduce ? 1u : 2u))
                continue;
            reduceOut[r] = rOut[0].item;
            const ItemRef input = rIn[allReduce ? 0 : 1].item;
            index.add(r, statsOf(input));
            reduceOf[reduces[r]] = { r, input };
        }
        for (MNodeId mm : matmuls) {
            std::vector<Param> mmOut = m_f.params(m_f.nodes[mm].out);
            if (mmOut.empty())
                continue;
            const std::optional<uint32_t> r = index.first(statsOf(mmOut[0].item));
            if (!r)
                continue;
            std::vector<MNodeId> others = counterparts(mm);
            ParamDiff in, unused;
            diffParams(m_f, mm, others, true, in, unused);
            if (!in.empty()) {
                addMerged(mm, others, in, {});
                if (auto dual = reduceOf.find(mm); dual != reduceOf.end()) // its input statistics changed
                    index.update(dual->second.first, statsOf(dual->second.second));
            }
            for (int k = 0; k < 4; ++k)
                m_f.setStat(mmOut[0].item, k, m_f.stat(reduceOut[*r], k));
            m_f.infoOf(mm).push_back(
                "The output of this data is merged from " + m_f.params(m_f.nodes[reduces[*r]].out)[0].key);
            index.remove(*r);
        }
    }

    ReduceIndex::Stats statsOf(ItemRef item) const
    {
        return { m_f.stat(item, 0), m_f.stat(item, 1), m_f.stat(item, 2), m_f.stat(item, 3) };
    }

    static bool isColumnForward(std::string_view name)
    {
        std::vector<std::string_view> splits = splitDots(name);
        return splits.size() >= 4 && splits[splits.size() - 2] == "forward"
            && contains(splits[splits.size() - 3], "ColumnParallelLinear");
    }

    // msprobe's _slice_list_at_id(siblings, node.id, "RowParallelLinear"): from the last sibling whose name holds
    // the node's to the last RowParallelLinear after it. The Row end does not depend on the node, and the starts
    // of all ColumnParallelLinear siblings come from one pass over the names (Aho-Corasick), so a parent with
    // 10^5 such children costs its size, not its size squared.
    struct Runs {
        long lastRow = -1;
        std::unordered_map<MNodeId, long> start;
    };
    const Runs& runsOf(MNodeId parent)
    {
        auto [it, fresh] = m_runs.try_emplace(parent);
        if (!fresh)
            return it->second;
        const std::vector<MNodeId>& siblings = m_f.nodes[parent].children;
        std::vector<std::string_view> reversed; // the last sibling holding a name is the first one read backwards
        std::vector<std::string> needles;
        std::vector<MNodeId> columns;
        for (size_t i = siblings.size(); i-- > 0;) {
            std::string_view name = m_f.nameOf(siblings[i]);
            reversed.push_back(name);
            if (it->second.lastRow < 0 && contains(name, "RowParallelLinear"))
                it->second.lastRow = long(i);
            if (m_f.nodes[siblings[i]].type == NodeType::Module && isColumnForward(name)) {
                needles.emplace_back(name);
                columns.push_back(siblings[i]);
            }
        }
        std::vector<int> first = firstLinesContaining(needles, reversed);
        for (size_t k = 0; k < columns.size(); ++k)
            it->second.start[columns[k]] = first[k] < 0 ? -1 : long(siblings.size()) - 1 - first[k];
        return it->second;
    }

    // A forward ColumnParallelLinear without merge info, up to the next RowParallelLinear sibling: every node in
    // between is merged without comparing (but the Column layer's input and the Row layer's output and bias).
    void columnToRowRun(MNodeId n)
    {
        const MNode& node = m_f.nodes[n];
        if (node.type != NodeType::Module || hasInfo(n) || node.parent == kNone || !isColumnForward(m_f.nameOf(n)))
            return;
        const std::vector<MNodeId>& siblings = m_f.nodes[node.parent].children;
        const Runs& runs = runsOf(node.parent);
        long start = -1;
        if (auto known = runs.start.find(n); known != runs.start.end()) {
            start = known->second;
        } else { // a node its parent does not list (left so by an earlier merge step)
            for (size_t i = 0; i < siblings.size(); ++i)
                if (contains(m_f.nameOf(siblings[i]), m_f.nameOf(n)))
                    start = long(i);
        }
        // A RowParallelLinear sibling holding the node's name counts as its start, so the run is valid exactly when
        // the last RowParallelLinear comes after the start.
        const long end = runs.lastRow;
        if (start < 0 || end <= start)
            return;
        const std::vector<MNodeId> run(siblings.begin() + start, siblings.begin() + end + 1);
        // msprobe walks every run in full; a node an earlier run reached is decided already (merged, or with no
        // mergeable data: the data decides that, not the statistics), so each node is walked once in all.
        std::vector<MNodeId> stack = run;
        while (!stack.empty()) {
            MNodeId cur = stack.back();
            stack.pop_back();
            if (!m_walk.firstVisit(cur))
                continue; // walked before, or a cycle
            const std::vector<MNodeId>& kids = m_f.nodes[cur].children;
            stack.insert(stack.end(), kids.rbegin(), kids.rend());
            if (hasInfo(cur) || m_f.nameOf(cur).starts_with("Distributed"))
                continue;
            std::vector<MNodeId> others = counterparts(cur);
            ParamDiff in, out;
            diffParams(m_f, cur, others, false, in, out);
            if (in.empty() && out.empty())
                continue;
            const bool matmul = contains(m_f.nameOf(cur), "matmul");
            const MNodeId up = m_f.nodes[cur].parent;
            auto drop = [](ParamDiff& d, std::string_view key) {
                d.erase(std::remove_if(d.begin(), d.end(), [&](const ParamGroup& g) { return g.key == key; }), d.end());
            };
            if (cur == run.front() || (matmul && up == run.front())) {
                drop(in, "input.0");
            } else if (cur == run.back() || (matmul && up == run.back())) {
                out.clear();
                drop(in, "parameters.bias");
            }
            addMerged(cur, others, in, out);
        }
    }

    Forest& m_f;
    const GraphGroup& m_group;
    const TpMapping& m_mapping;
    WalkMarks m_walk; // the nodes the column-to-row runs reached
    std::unordered_map<MNodeId, Runs> m_runs; // per parent
};

} // namespace

GraphGroup mergeTp(Forest& f, const GraphGroup& group, const TpMapping& mapping)
{
    if (group.size() < 2)
        return group;
    TpMerge(f, group, mapping).run();
    return { group[0] };
}

} // namespace ps::merge
