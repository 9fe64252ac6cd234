#include "models/snapshot.h"

#include "compare/color_bins.h"
#include "models/nonfinite.h"
#include "util/parallel.h"

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

double Snapshot::colorValue(Side s, NodeId n) const
{
    if (!metricValues)
        return precision(s, n);
    const NodeId npu = s == Side::Npu ? n : counterpart(s, n);
    return npu < metricValues->size() ? (*metricValues)[npu] : std::numeric_limits<double>::quiet_NaN();
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

QStringList mergeInfoOf(const ps::Graph& g, NodeId n)
{
    // A graph file may hold any number of lines of any length: the panel shows a readable part, so that a hostile
    // file cannot make the text layout freeze the window (the file itself keeps everything).
    constexpr size_t kLines = 500, kLineLength = 2000;
    QStringList lines;
    auto it = g.mergeInfo.find(n);
    if (it == g.mergeInfo.end())
        return lines;
    for (size_t k = 0; k < it->second.size() && k < kLines; ++k) {
        const std::string& line = it->second[k];
        lines << QString::fromUtf8(line.data(), qsizetype(std::min(line.size(), kLineLength)))
                + (line.size() > kLineLength ? QStringLiteral(" …") : QString());
    }
    if (it->second.size() > kLines)
        lines << QStringLiteral("… +%1").arg(qulonglong(it->second.size() - kLines)); // the count of lines left out
    return lines;
}

QString mergeMarkOf(const ps::Graph& g, NodeId n)
{
    if (g.mergeInfo.count(n))
        return QStringLiteral("TP");
    if (n < g.sourceRank.size() && g.sourceRank[n] != g.mainRank)
        return QStringLiteral("r%1").arg(g.sourceRank[n]);
    return {};
}

int binOfPrecision(const std::vector<LegendBin>& bins, double p)
{
    if (std::isnan(p))
        return kBinNone;
    int bin = ps::colorBinOf(bins, p);
    return bin < 0 ? kBinNone : bin;
}

namespace {

// What does not depend on the legend: depth, micro step, breadth-first and execution order, name index, NaN / inf.
void computeStructure(const Snapshot& snap, Side side, SideRollup& r)
{
    const ps::Graph& g = snap.graph(side);
    const size_t n = g.size();
    r.depth.assign(n, 0);
    r.microStep.assign(n, -1);

    // breadth-first order from the root (iterative; hierarchies can be hundreds deep)
    std::vector<NodeId>& order = r.order;
    order.clear();
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

    // execution order: pre-order from the root (iterative, each node once even if the links loop)
    auto exec = std::make_shared<SideRollup::ExecutionOrder>();
    std::vector<NodeId>& nodes = exec->nodes;
    std::vector<uint32_t>& rank = exec->rank;
    nodes.reserve(n);
    rank.assign(n, uint32_t(-1));
    std::vector<NodeId> stack;
    if (n > 0)
        stack.push_back(g.root);
    while (!stack.empty()) {
        const NodeId p = stack.back();
        stack.pop_back();
        if (rank[p] != uint32_t(-1))
            continue;
        rank[p] = uint32_t(nodes.size());
        nodes.push_back(p);
        const auto kids = g.children(p);
        for (size_t i = kids.size(); i-- > 0;)
            if (rank[kids[i]] == uint32_t(-1))
                stack.push_back(kids[i]);
    }
    for (NodeId id = 0; id < n; ++id)
        if (rank[id] == uint32_t(-1)) {
            rank[id] = uint32_t(nodes.size());
            nodes.push_back(id);
        }
    r.exec = std::move(exec);

    // the lower-case name index (one buffer: a search is a single scan, not a million calls)
    auto names = std::make_shared<SideRollup::NameIndex>();
    names->nameOffset.resize(n + 1);
    for (NodeId id = 0; id < n; ++id) {
        names->nameOffset[id] = uint32_t(names->lowerNames.size());
        for (char ch : g.nameOf(id))
            names->lowerNames += (ch >= 'A' && ch <= 'Z') ? char(ch - 'A' + 'a') : ch;
        names->lowerNames += '\n';
    }
    names->nameOffset[n] = uint32_t(names->lowerNames.size());
    r.names = std::move(names);
    // Only msprobe 1.2.1 rates such a node 0 (its best bin); msprobe 26's verdicts say it already.
    if (snap.comparison->profile == ps::RulesProfile::Msprobe121)
        r.nonFinite = nonFiniteNodes(g);
    else
        r.nonFinite.clear();
}

// The overflow levels (computed with the comparison) rolled up, and their totals.
void computeOverflow(const Snapshot& snap, Side side, SideRollup& r)
{
    const ps::Graph& g = snap.graph(side);
    const size_t n = g.size();
    r.overflowTotals = {};
    r.worstOverflow.assign(n, 0);
    for (NodeId id = 0; id < n; ++id) {
        ++r.overflowTotals[size_t(snap.overflow(side, id))];
        r.worstOverflow[id] = uint8_t(snap.overflow(side, id));
    }
    // bottom-up: the reverse breadth-first order visits children before parents
    for (size_t i = r.order.size(); i-- > 1;) {
        NodeId c = r.order[i];
        if (NodeId p = g.parent[c]; p != ps::kNoNode)
            r.worstOverflow[p] = std::max(r.worstOverflow[p], r.worstOverflow[c]);
    }
}

// What the legend decides: each node's bin, the worst bin of each subtree, the totals per bin.
void computeBins(const Snapshot& snap, Side side, SideRollup& r)
{
    const ps::Graph& g = snap.graph(side);
    const size_t n = g.size();
    const bool compare = snap.comparison->isCompare;
    r.bin.assign(n, kBinNone);
    r.worst.assign(n, kBinNone);
    r.binTotals.assign(snap.bins.size(), 0);
    r.unmatched = 0;
    for (NodeId id = 0; id < n; ++id) {
        if (compare && snap.counterpart(side, id) == ps::kNoNode) {
            r.bin[id] = int8_t(snap.unmatchedBin);
            ++r.unmatched;
        } else if (compare) {
            r.bin[id] = int8_t(binOfPrecision(snap.bins, snap.colorValue(side, id)));
        }
        if (r.bin[id] >= 0)
            ++r.binTotals[size_t(r.bin[id])];
        if (snap.isValueBin(r.bin[id]))
            r.worst[id] = r.bin[id];
    }
    for (size_t i = r.order.size(); i-- > 1;) {
        NodeId c = r.order[i];
        NodeId p = g.parent[c];
        if (p != ps::kNoNode && r.worst[c] > r.worst[p])
            r.worst[p] = r.worst[c];
    }
}

void setBins(Snapshot& snap, std::vector<LegendBin> bins)
{
    snap.bins = std::move(bins);
    snap.unmatchedBin = -1;
    for (size_t i = 0; i < snap.bins.size(); ++i)
        if (snap.bins[i].unmatched)
            snap.unmatchedBin = int(i);
}

} // namespace

namespace {

// The legend of a new snapshot: `keep`, else the comparison's, the file's, or msprobe's defaults.
void chooseLegend(Snapshot& snap, const ps::VisMeta* meta, const std::vector<LegendBin>* keep)
{
    if (!snap.comparison->isCompare)
        return;
    std::vector<LegendBin> bins;
    if (keep && !keep->empty())
        bins = *keep;
    else if (!snap.comparison->colors.empty())
        bins = legendFromBins(snap.comparison->colors, snap.comparison->mode);
    else if (meta)
        bins = legendFromColors(*meta, snap.comparison->mode);
    setBins(snap, bins.empty() ? defaultLegend(snap.comparison->mode, snap.comparison->profile) : std::move(bins));
}

enum class Parts { All, Structure, Bins };

// The charts and each side's roll-ups read the comparison only: three independent parts, on all cores (2 x
// 1.26 M nodes: 1.7 s one after the other).
void computeParts(Snapshot& snap, ChartData& charts, Parts parts)
{
    const auto part = [&](unsigned task) {
        if (task < 2) {
            const Side s = Side(task);
            if (!snap.hasSide(s))
                return;
            if (parts != Parts::Bins)
                computeStructure(snap, s, snap.sides[size_t(s)]);
            computeOverflow(snap, s, snap.sides[size_t(s)]);
            computeBins(snap, s, snap.sides[size_t(s)]);
        } else if (snap.comparison->isCompare && parts != Parts::Structure) {
            charts.series = ps::precisionSeries(*snap.comparison);
            charts.layers = ps::layerTable(charts.series);
        }
    };
    const size_t nodes = snap.comparison->graphs[0] ? snap.comparison->graphs[0]->size() : 0;
    const unsigned workers = ps::workerCount(0, 3 * nodes, size_t(3) * 20000);
    ps::runTasks(3, workers, [&](size_t task) { part(unsigned(task)); });
}

std::shared_ptr<Snapshot> newSnapshot(std::shared_ptr<const ps::Comparison> comparison, const ps::VisMeta* meta,
    const std::vector<LegendBin>* keep, Parts parts)
{
    auto snap = std::make_shared<Snapshot>();
    snap->comparison = std::move(comparison);
    auto charts = std::make_shared<ChartData>();
    snap->charts = charts;
    if (meta)
        snap->meta = std::make_shared<const ps::VisMeta>(*meta); // shares the raw values
    if (!snap->comparison)
        return snap;
    chooseLegend(*snap, meta, keep);
    computeParts(*snap, *charts, parts);
    return snap;
}

} // namespace

std::shared_ptr<const Snapshot> makeSnapshot(
    std::shared_ptr<const ps::Comparison> comparison, const ps::VisMeta* meta, const std::vector<LegendBin>* bins)
{
    return newSnapshot(std::move(comparison), meta, bins, Parts::All);
}

std::shared_ptr<const Snapshot> matchedSnapshot(std::shared_ptr<const ps::Comparison> matched)
{
    auto snap = newSnapshot(std::move(matched), nullptr, nullptr, Parts::Structure);
    snap->comparing = true;
    return snap;
}

std::shared_ptr<const Snapshot> comparedSnapshot(
    const Snapshot& matched, std::shared_ptr<const ps::Comparison> compared)
{
    auto snap = std::make_shared<Snapshot>(matched);
    snap->comparison = std::move(compared);
    snap->comparing = false;
    auto charts = std::make_shared<ChartData>();
    snap->charts = charts;
    chooseLegend(*snap, nullptr, nullptr);
    computeParts(*snap, *charts, Parts::Bins);
    return snap;
}

namespace {

// The bins of both sides again, on two cores: the legend dialog's OK waits for this (2 x 10^6 nodes: 27 -> 16 ms).
void computeBothBins(Snapshot& snap)
{
    const size_t nodes = snap.rollup(Side::Npu).order.size() + snap.rollup(Side::Bench).order.size();
    ps::runTasks(2, ps::workerCount(0, nodes, 20000), [&](size_t s) {
        if (snap.hasSide(Side(s)))
            computeBins(snap, Side(s), snap.sides[s]);
    });
}

} // namespace

std::shared_ptr<const Snapshot> recolourSnapshot(
    const Snapshot& base, std::shared_ptr<const ps::Comparison> comparison, std::vector<LegendBin> bins)
{
    auto snap = std::make_shared<Snapshot>(base);
    snap->comparison = std::move(comparison);
    setBins(*snap, std::move(bins));
    computeBothBins(*snap);
    return snap;
}

std::vector<LegendBin> metricLegend(const ps::Comparison& comparison, ps::ColorMetric metric)
{
    // A verdict on values alone has 26.0.0's verdict bins: msprobe's own, described as such.
    if (metric == ps::ColorMetric::ValueVerdict)
        return defaultLegend(comparison.mode, ps::RulesProfile::Msprobe26);
    return legendFromBins(ps::colorMetricBins(comparison, metric), comparison.mode);
}

std::shared_ptr<const Snapshot> colorByMetric(
    const Snapshot& base, ps::ColorMetric metric, const std::vector<LegendBin>& precisionBins)
{
    auto snap = std::make_shared<Snapshot>(base);
    snap->metric = metric;
    if (metric == ps::ColorMetric::Precision) {
        snap->metricValues.reset();
        chooseLegend(*snap, snap->meta.get(), &precisionBins);
    } else {
        snap->metricValues = std::make_shared<const std::vector<double>>(metric == ps::ColorMetric::Truth && snap->truth
                ? ps::truthColorValues(*snap->truth)
                : ps::colorMetricValues(*snap->comparison, metric));
        setBins(*snap, metricLegend(*snap->comparison, metric));
    }
    computeBothBins(*snap);
    return snap;
}

} // namespace psui
