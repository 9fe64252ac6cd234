#include "models/changemap.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace psui {

int changePriority(ChangeMark mark)
{
    switch (mark) {
    case ChangeMark::Worse:
        return 3;
    case ChangeMark::Appeared:
        return 2;
    case ChangeMark::Better:
        return 1;
    case ChangeMark::Same:
        break;
    }
    return 0;
}

namespace {

ChangeMark markOf(const ps::NodeState& before, const ps::NodeState& after)
{
    const auto change = ps::compareStates(before, after);
    if (!change)
        return ChangeMark::Same;
    return change->kind == ps::ChangeKind::Regressed ? ChangeMark::Worse : ChangeMark::Better;
}

void markNpu(const ps::Comparison& before, const Snapshot& after, ChangeMap& map)
{
    const std::vector<ps::ColorBin> binsBefore = before.colorBins();
    const std::vector<ps::ColorBin> binsAfter = after.comparison->colorBins();
    const bool bySeverity = binsBefore != binsAfter;
    // The first node of a name stands for it, as in ps::diffSources.
    std::unordered_map<std::string_view, NodeId> named;
    const ps::Graph& gb = before.graph(Side::Npu);
    for (NodeId n = 0; n < gb.size(); ++n)
        named.emplace(gb.nameOf(n), n);
    const ps::Graph& ga = after.graph(Side::Npu);
    std::unordered_set<std::string_view> present;
    auto& marks = map.mark[size_t(Side::Npu)];
    marks.assign(ga.size(), int8_t(ChangeMark::Same));
    map.before.assign(ga.size(), std::nullopt);
    map.after.resize(ga.size());
    for (NodeId n = 0; n < ga.size(); ++n) {
        map.after[n] = ps::nodeState(*after.comparison, binsAfter, n);
        present.insert(ga.nameOf(n));
        const auto was = named.find(ga.nameOf(n));
        if (was == named.end()) {
            marks[n] = int8_t(ChangeMark::Appeared);
            continue;
        }
        map.before[n] = ps::nodeState(before, binsBefore, was->second);
        // Compared by bin, or by severity when the two legends differ (as ps::diffSources does).
        marks[n] = int8_t(bySeverity
                ? markOf(ps::severityState(*map.before[n], binsBefore), ps::severityState(map.after[n], binsAfter))
                : markOf(*map.before[n], map.after[n]));
    }
    for (const auto& [name, node] : named)
        map.vanishedNpu += !present.count(name);
}

void markBench(const ps::Comparison& before, const Snapshot& after, ChangeMap& map)
{
    auto& marks = map.mark[size_t(Side::Bench)];
    if (!after.hasSide(Side::Bench))
        return;
    std::unordered_set<std::string_view> known, present;
    if (before.isCompare) {
        const ps::Graph& gb = before.graph(Side::Bench);
        for (NodeId n = 0; n < gb.size(); ++n)
            known.insert(gb.nameOf(n));
    }
    const ps::Graph& ga = after.graph(Side::Bench);
    marks.assign(ga.size(), int8_t(ChangeMark::Same));
    for (NodeId n = 0; n < ga.size(); ++n) {
        present.insert(ga.nameOf(n));
        const NodeId npu = after.counterpart(Side::Bench, n);
        if (!known.count(ga.nameOf(n)))
            marks[n] = int8_t(ChangeMark::Appeared);
        else if (npu != ps::kNoNode && npu < map.mark[size_t(Side::Npu)].size())
            marks[n] = map.mark[size_t(Side::Npu)][npu];
    }
    for (std::string_view name : known)
        map.vanishedBench += !present.count(name);
}

// Totals, and the most notable mark of each subtree, bottom-up along the snapshot's breadth-first order.
void rollUp(const Snapshot& after, Side side, ChangeMap& map)
{
    const auto& marks = map.mark[size_t(side)];
    auto& inside = map.inside[size_t(side)];
    inside = marks;
    for (int8_t m : marks)
        ++map.totals[size_t(side)][size_t(m)];
    if (!after.hasSide(side))
        return;
    const ps::Graph& g = after.graph(side);
    const auto& order = after.rollup(side).order;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        const NodeId parent = g.parent[*it];
        if (parent != ps::kNoNode
            && changePriority(ChangeMark(inside[*it])) > changePriority(ChangeMark(inside[parent])))
            inside[parent] = inside[*it];
    }
}

} // namespace

std::shared_ptr<ChangeMap> computeChangeMap(const ps::Comparison& before, const Snapshot& after)
{
    auto map = std::make_shared<ChangeMap>();
    if (!after.hasSide(Side::Npu))
        return map;
    markNpu(before, after, *map);
    markBench(before, after, *map);
    for (Side side : { Side::Npu, Side::Bench })
        rollUp(after, side, *map);
    return map;
}

} // namespace psui
