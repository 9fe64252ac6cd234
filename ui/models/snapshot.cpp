#include "models/snapshot.h"

#include "compare/color_bins.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace psui {

NodeId Snapshot::counterpart(Side s, NodeId n) const
{
    const auto& links = comparison->counterpart[size_t(s)];
    return n < links.size() ? links[n] : ps::kNoNode;
}

ps::OverflowLevel Snapshot::overflow(Side s, NodeId n) const
{
    const auto& levels = comparison->overflow[size_t(s)];
    return n < levels.size() ? levels[n] : ps::OverflowLevel::None;
}

double Snapshot::precision(Side s, NodeId n) const
{
    NodeId npu = s == Side::Npu ? n : counterpart(s, n);
    const auto& p = comparison->precision;
    if (npu == ps::kNoNode || npu >= p.size() || !p[npu].has)
        return std::numeric_limits<double>::quiet_NaN();
    return p[npu].value;
}

int Snapshot::worstValueBin() const
{
    for (int b = int(bins.size()) - 1; b >= 0; --b)
        if (b != unmatchedBin)
            return b;
    return kBinNone;
}

int Snapshot::microSteps() const
{
    return comparison && comparison->graphs[0] ? int(std::max<uint32_t>(comparison->graphs[0]->microSteps, 1)) : 1;
}

bool Snapshot::inMicroStep(Side s, NodeId n, int step) const
{
    if (step < 0 || !hasSide(s))
        return true;
    const auto& steps = rollup(s).microStep;
    return n >= steps.size() || steps[n] < 0 || steps[n] == step;
}

int binOfPrecision(const std::vector<LegendBin>& bins, double p)
{
    if (std::isnan(p))
        return kBinNone;
    int bin = ps::colorBinOf(bins, p);
    return bin < 0 ? kBinNone : bin;
}

namespace {

void computeSide(const Snapshot& snap, Side side, SideRollup& r)
{
    const ps::Graph& g = snap.graph(side);
    const size_t n = g.size();
    const bool compare = snap.comparison->isCompare;
    r.bin.assign(n, kBinNone);
    r.worst.assign(n, kBinNone);
    r.depth.assign(n, 0);
    r.microStep.assign(n, -1);
    r.worstOverflow.assign(n, 0);
    r.binTotals.assign(snap.bins.size(), 0);

    // step 1: own bins and totals
    for (NodeId id = 0; id < n; ++id) {
        if (compare && snap.counterpart(side, id) == ps::kNoNode) {
            r.bin[id] = int8_t(snap.unmatchedBin);
            ++r.unmatched;
        } else if (compare) {
            r.bin[id] = int8_t(binOfPrecision(snap.bins, snap.precision(side, id)));
        }
        if (r.bin[id] >= 0)
            ++r.binTotals[size_t(r.bin[id])];
        ++r.overflowTotals[size_t(snap.overflow(side, id))];
        r.worstOverflow[id] = uint8_t(snap.overflow(side, id));
        if (snap.isValueBin(r.bin[id]))
            r.worst[id] = r.bin[id];
    }

    // step 2: breadth-first order from the root (iterative; hierarchies can be hundreds deep)
    std::vector<NodeId> order;
    order.reserve(n);
    if (n > 0)
        order.push_back(g.root);
    for (size_t i = 0; i < order.size(); ++i) {
        NodeId p = order[i];
        for (NodeId c : g.children(p)) {
            r.depth[c] = uint16_t(std::min<int>(r.depth[p] + 1, 0xffff));
            r.microStep[c] = p == g.root ? g.microStep[c] : r.microStep[p];
            order.push_back(c);
        }
    }

    // step 3: the lower-case name index (one buffer: a search is a single scan, not a million calls)
    r.nameOffset.resize(n + 1);
    for (NodeId id = 0; id < n; ++id) {
        r.nameOffset[id] = uint32_t(r.lowerNames.size());
        for (char ch : g.nameOf(id))
            r.lowerNames += (ch >= 'A' && ch <= 'Z') ? char(ch - 'A' + 'a') : ch;
        r.lowerNames += '\n';
    }
    r.nameOffset[n] = uint32_t(r.lowerNames.size());

    // step 4: worst bin bottom-up (reverse BFS order visits children before parents)
    for (size_t i = order.size(); i-- > 1;) {
        NodeId c = order[i];
        NodeId p = g.parent[c];
        if (p != ps::kNoNode && r.worst[c] > r.worst[p])
            r.worst[p] = r.worst[c];
        if (p != ps::kNoNode)
            r.worstOverflow[p] = std::max(r.worstOverflow[p], r.worstOverflow[c]);
    }
}

} // namespace

std::shared_ptr<const Snapshot> makeSnapshot(std::shared_ptr<const ps::Comparison> comparison, const ps::VisMeta* meta)
{
    auto snap = std::make_shared<Snapshot>();
    snap->comparison = std::move(comparison);
    if (!snap->comparison)
        return snap;
    if (snap->comparison->isCompare) {
        if (!snap->comparison->colors.empty())
            snap->bins = legendFromBins(snap->comparison->colors, snap->comparison->mode);
        else if (meta)
            snap->bins = legendFromColors(*meta, snap->comparison->mode);
        if (snap->bins.empty())
            snap->bins = defaultLegend(snap->comparison->mode);
        for (size_t i = 0; i < snap->bins.size(); ++i)
            if (snap->bins[i].unmatched)
                snap->unmatchedBin = int(i);
    }
    for (Side s : { Side::Npu, Side::Bench })
        if (snap->hasSide(s))
            computeSide(*snap, s, snap->sides[size_t(s)]);
    return snap;
}

} // namespace psui
