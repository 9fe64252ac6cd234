// The parallel groups a run shows and msprobe 26.0.0's merge strategies (GraphMerger and its subclasses).
#include "merge/mergers.h"

#include "io/file_io.h"
#include "merge/distributed_params.h"
#include "util/error.h"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <set>

namespace ps::merge {

namespace {

// A rank's first node (node_map order) whose name holds one of `needles`; msprobe looks no further.
template <typename Pred> MNodeId firstNode(const Forest& f, const MGraph& g, Pred pred)
{
    for (MNodeId n : g.values())
        if (pred(f.nameOf(n)))
            return n;
    return kNone;
}

// leaf.get(field) of the node's input item "<node>.input.<param>", as it was read.
ParamValue inputField(const Forest& f, MNodeId n, std::string_view param, std::string_view field)
{
    const MNode& node = f.nodes[n];
    if (node.source == kNoNode)
        return {};
    const Graph& g = *f.parts[node.part].graph;
    return leafMember(g, nodeInputItem(g, node.source, param), field);
}

std::optional<std::vector<int>> intList(const ParamValue& v)
{
    if (!v.value.isArray() || v.value.n == 0)
        return std::nullopt;
    std::vector<int> out;
    for (const JValue& e : v.dump->arena.elements(v.value)) {
        if (e.type != JType::Int || e.i < 0 || e.i > std::numeric_limits<int>::max())
            return std::nullopt;
        out.push_back(int(e.i));
    }
    return out;
}

// Splits the parts into groups by rank; a rank no part holds is an error.
std::vector<GraphGroup> byGroups(const Forest& f, const RankGroups& groups, const GraphGroup& available)
{
    std::map<int, uint16_t> byRank;
    for (uint16_t g : available)
        byRank.emplace(f.graphs[g].rank, g);
    std::vector<GraphGroup> out;
    for (const std::vector<int>& ranks : groups) {
        GraphGroup group;
        for (int r : ranks) {
            auto it = byRank.find(r);
            if (it == byRank.end()) {
                std::string group = rankGroupsText({ ranks });
                throw Error(ErrorCode::BadArgument, f.parts.empty() ? std::string() : parentDir(f.parts[0].dir),
                    "the parallel group " + group.substr(1, group.size() - 2) + " names rank " + std::to_string(r)
                        + ", but there is no rank" + std::to_string(r) + " folder");
            }
            group.push_back(it->second);
        }
        out.push_back(std::move(group));
    }
    return out;
}

} // namespace

RankGroups tpGroupsOf(const Forest& f, const ParallelLayout& layout, std::vector<std::string>& log)
{
    RankGroups groups;
    std::set<std::vector<int>> seen; // msprobe's `not in` over the list, in n log n
    for (const MGraph& g : f.graphs) {
        MNodeId n = firstNode(f, g, [](std::string_view name) {
            return name.find("reduce_scatter") != std::string_view::npos
                || name.find("all_reduce") != std::string_view::npos;
        });
        if (n == kNone)
            continue;
        auto ranks = intList(inputField(f, n, "group", "group_ranks"));
        if (ranks && seen.insert(*ranks).second)
            groups.push_back(*ranks);
    }
    if (groups.empty() || groups[0].size() != size_t(layout.tp)) {
        groups = defaultTpGroups(layout);
    } else {
        // The dump's groups come from data: a rank listed twice (in one group or two) would merge a graph into
        // itself or into two others.
        std::set<int> grouped;
        for (const std::vector<int>& ranks : groups)
            for (int r : ranks)
                if (!grouped.insert(r).second) {
                    std::string text = rankGroupsText({ ranks });
                    throw Error(ErrorCode::BadContent, f.parts.empty() ? std::string() : f.parts[0].dir,
                        "the tp group " + text.substr(1, text.size() - 2)
                            + " of the dump (group_ranks of a rank's first all_reduce or reduce_scatter) names rank "
                            + std::to_string(r) + ", which a tp group already holds; each rank belongs to one group");
                }
    }
    log.push_back("All tp groups is " + rankGroupsText(groups) + ".");
    return groups;
}

RankGroups ppGroupsOf(const Forest& f, const ParallelLayout& layout, std::vector<std::string>& log)
{
    // Each rank's first send/isend names the next stage; the chains of these links are the pipelines.
    std::vector<std::pair<int, int>> next; // rank -> destination, in rank order
    for (const MGraph& g : f.graphs) {
        for (MNodeId n : g.values()) {
            std::string_view name = f.nameOf(n);
            if (!name.starts_with("Distributed."))
                continue;
            // batch_isend_irecv peers are not read (msprobe 1.2.1 does not hook it): such runs use the layout.
            if (name.find(".send.") == std::string_view::npos && name.find(".isend.") == std::string_view::npos)
                continue;
            ParamValue dst = inputField(f, n, "dst", "value");
            if (dst.value.type == JType::Int && dst.value.i >= 0 && dst.value.i <= std::numeric_limits<int>::max()) {
                next.emplace_back(g.rank, int(dst.value.i));
                break;
            }
        }
    }
    std::map<int, int> link(next.begin(), next.end());
    std::set<int> visited;
    RankGroups groups;
    for (const auto& [start, unused] : next) {
        std::vector<int> chain;
        for (int cur = start; link.count(cur) && !visited.count(cur); cur = link[cur]) {
            chain.push_back(cur);
            visited.insert(cur);
        }
        if (!chain.empty())
            groups.push_back(std::move(chain));
    }
    if (groups.empty() || groups[0].size() != size_t(layout.pp))
        groups = defaultPpGroups(layout);
    log.push_back("All pp groups is " + rankGroupsText(groups) + ".");
    return groups;
}

GraphGroup mergeSide(Forest& f, const ParallelLayout& layout, std::vector<std::string>& log)
{
    GraphGroup all;
    for (size_t g = 0; g < f.graphs.size(); ++g)
        all.push_back(uint16_t(g));
    GraphGroup results;
    auto tpMapping = [](const RankGroups& tpGroups) {
        TpMapping mapping;
        for (size_t k = 1; k < tpGroups.size(); ++k)
            if (!tpGroups[k].empty())
                mapping[tpGroups[k][0]] = std::vector<int>(tpGroups[k].begin() + 1, tpGroups[k].end());
        return mapping;
    };
    switch (mergeStrategyOf(layout)) {
    case MergeStrategy::None:
        mergeApiCollections(f, all);
        return all;
    case MergeStrategy::Tp:
        for (const GraphGroup& group : byGroups(f, tpGroupsOf(f, layout, log), all)) {
            mergeApiCollections(f, group);
            for (uint16_t g : mergeTp(f, group))
                results.push_back(g);
        }
        return results;
    case MergeStrategy::Pp:
    case MergeStrategy::Vpp:
        for (const GraphGroup& group : byGroups(f, ppGroupsOf(f, layout, log), all)) {
            mergeApiCollections(f, group);
            for (uint16_t g : mergePp(f, group, layout.vpp))
                results.push_back(g);
        }
        return results;
    case MergeStrategy::TpPp: {
        const RankGroups pp = ppGroupsOf(f, layout, log);
        const RankGroups tp = tpGroupsOf(f, layout, log);
        mergeApiCollections(f, all);
        GraphGroup stages;
        for (const GraphGroup& group : byGroups(f, pp, all))
            for (uint16_t g : mergePp(f, group, layout.vpp))
                stages.push_back(g);
        results = mergeTp(f, stages, tpMapping(tp));
        sortMergedApiCollections(f, results[0]);
        return results;
    }
    case MergeStrategy::Full: {
        const RankGroups pp = ppGroupsOf(f, layout, log);
        const RankGroups tp = tpGroupsOf(f, layout, log);
        GraphGroup stages;
        for (const GraphGroup& group : byGroups(f, pp, all)) {
            mergeApiCollections(f, group);
            stages.push_back(mergePp(f, group, layout.vpp)[0]);
        }
        // the pipelines' first stages, grouped by tensor-parallel group (ranks merged away are left out)
        std::map<int, uint16_t> byRank;
        for (uint16_t g : stages)
            byRank[f.graphs[g].rank] = g;
        for (const std::vector<int>& ranks : tp) {
            GraphGroup group;
            for (int r : ranks)
                if (byRank.count(r))
                    group.push_back(byRank[r]);
            if (group.empty())
                continue;
            mergeApiCollections(f, group);
            GraphGroup merged = mergeTp(f, group, tpMapping(tp));
            sortMergedApiCollections(f, merged[0]);
            results.push_back(merged[0]);
        }
        return results;
    }
    }
    return results;
}

} // namespace ps::merge
