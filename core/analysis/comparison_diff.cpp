#include "analysis/comparison_diff.h"

#include "analysis/report_format.h"
#include "io/json_writer.h"
#include "source/source.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace ps {

const char* changeKindName(ChangeKind kind)
{
    switch (kind) {
    case ChangeKind::Regressed:
        return "regressed";
    case ChangeKind::Improved:
        return "improved";
    case ChangeKind::Appeared:
        return "appeared";
    case ChangeKind::Vanished:
        return "vanished";
    }
    return "regressed";
}

size_t ComparisonDiff::count(ChangeKind kind) const
{
    return size_t(std::count_if(changes.begin(), changes.end(), [&](const NodeChange& c) { return c.kind == kind; }));
}

NodeState nodeState(const Comparison& c, const std::vector<ColorBin>& bins, NodeId n)
{
    NodeState s;
    s.bin = nodeBin(c, bins, n);
    s.verdict = s.bin < 0 ? "unmatched" : binLabel(bins, s.bin);
    if (s.bin >= 0)
        s.worst = worstMetricOf(c, n);
    return s;
}

NodeState severityState(NodeState state, const std::vector<ColorBin>& bins)
{
    if (state.bin >= 0)
        state.bin = int(severityOfBin(bins, state.bin));
    return state;
}

bool sameMeasure(double x, double y)
{
    // inf against inf and NaN against NaN are no change (their difference is NaN, which no tolerance accepts).
    if (x == y || (std::isnan(x) && std::isnan(y)))
        return true;
    if (std::isinf(x) || std::isinf(y)) // an infinite scale would accept any difference
        return false;
    const double scale = std::max(std::fabs(x), std::fabs(y));
    return std::fabs(x - y) <= std::max(1e-9, 0.01 * scale);
}

std::optional<NodeChange> compareStates(const NodeState& before, const NodeState& after)
{
    NodeChange change;
    change.before = before.verdict;
    change.after = after.verdict;
    if (before.bin != after.bin) {
        // Unmatched (-1) counts as worse than any bin: losing a match is a regression.
        const int b = before.bin < 0 ? INT32_MAX : before.bin;
        const int a = after.bin < 0 ? INT32_MAX : after.bin;
        change.kind = a > b ? ChangeKind::Regressed : ChangeKind::Improved;
        change.beforeValue = before.worst.value;
        change.afterValue = after.worst.value;
        return change;
    }
    const WorstMetric& x = before.worst;
    const WorstMetric& y = after.worst;
    if (x.name.empty() || y.name.empty())
        return std::nullopt;
    // Row verdicts count only when both sides have them (msprobe 26.0.0's rules); else the metric alone.
    const bool levels = x.rowLevel >= 0 && y.rowLevel >= 0 && x.rowLevel != y.rowLevel;
    if (!levels && sameMeasure(x.badness, y.badness))
        return std::nullopt;
    const bool worse = levels ? y.rowLevel > x.rowLevel : y.badness > x.badness;
    change.kind = worse ? ChangeKind::Regressed : ChangeKind::Improved;
    change.metric = y.name == x.name ? y.name : x.name + " / " + y.name;
    change.beforeValue = x.value;
    change.afterValue = y.value;
    return change;
}

namespace {

// What the diff keeps of one graph: each NPU node's state, each bench node's name.
struct GraphStates {
    std::vector<ColorBin> bins; // the legend the states' bins refer to
    std::unordered_map<std::string, NodeState> npu;
    std::unordered_set<std::string> bench;
    std::vector<std::string> npuOrder, benchOrder; // node order, for a stable listing
};

GraphStates statesOf(const Comparison& c)
{
    GraphStates s;
    s.bins = c.colorBins();
    const Graph& g = c.graph(Side::Npu);
    for (NodeId n = 0; n < g.size(); ++n) {
        std::string name(g.nameOf(n));
        if (s.npu.emplace(name, nodeState(c, s.bins, n)).second)
            s.npuOrder.push_back(std::move(name));
    }
    if (c.isCompare) {
        const Graph& b = c.graph(Side::Bench);
        for (NodeId n = 0; n < b.size(); ++n) {
            std::string name(b.nameOf(n));
            if (s.bench.insert(name).second)
                s.benchOrder.push_back(std::move(name));
        }
    }
    return s;
}

NodeChange presence(ChangeKind kind, std::string before, std::string after)
{
    NodeChange c;
    c.kind = kind;
    c.before = std::move(before);
    c.after = std::move(after);
    return c;
}

void diffGraph(const GraphStates& before, const GraphStates& after, int step, int rank, ComparisonDiff& out)
{
    auto add = [&](Side side, const std::string& name, NodeChange change) {
        change.step = step;
        change.rank = rank;
        change.side = side;
        change.node = name;
        out.changes.push_back(std::move(change));
    };
    for (const std::string& name : after.npuOrder) {
        const NodeState& now = after.npu.at(name);
        auto was = before.npu.find(name);
        if (was == before.npu.end()) {
            add(Side::Npu, name, presence(ChangeKind::Appeared, {}, now.verdict));
            continue;
        }
        if (auto change = compareStates(was->second, now))
            add(Side::Npu, name, std::move(*change));
        else
            ++out.unchanged;
    }
    for (const std::string& name : before.npuOrder)
        if (!after.npu.count(name))
            add(Side::Npu, name, presence(ChangeKind::Vanished, before.npu.at(name).verdict, {}));
    for (const std::string& name : after.benchOrder)
        if (!before.bench.count(name))
            add(Side::Bench, name, presence(ChangeKind::Appeared, {}, {}));
    for (const std::string& name : before.benchOrder)
        if (!after.bench.count(name))
            add(Side::Bench, name, presence(ChangeKind::Vanished, {}, {}));
}

} // namespace

ComparisonDiff diffSources(const Source& a, const Source& b)
{
    ComparisonDiff out;
    out.a = a.label();
    out.b = b.label();
    std::map<std::pair<int, int>, size_t> inB;
    for (size_t j = 0; j < b.jobs().size(); ++j)
        inB.emplace(std::make_pair(b.jobs()[j].step, b.jobs()[j].rank), j);
    std::vector<std::string> warnings; // the engine's warnings are the report's business, not the diff's
    for (size_t i = 0; i < a.jobs().size(); ++i) {
        const auto key = std::make_pair(a.jobs()[i].step, a.jobs()[i].rank);
        auto match = inB.find(key);
        if (match == inB.end()) {
            out.onlyInA.push_back(key);
            continue;
        }
        GraphStates before = statesOf(*a.load(i, warnings));
        GraphStates after = statesOf(*b.load(match->second, warnings));
        if (before.bins != after.bins) // e.g. 1.2.1's colour bins against 26.0.0's verdicts: compare severities
            for (GraphStates* s : { &before, &after })
                for (auto& [name, state] : s->npu)
                    state = severityState(std::move(state), s->bins);
        diffGraph(before, after, key.first, key.second, out);
        inB.erase(match);
    }
    for (const auto& [key, j] : inB)
        out.onlyInB.push_back(key);
    // Per graph, regressions first, then improvements, appearances and disappearances; node order within each.
    std::stable_sort(out.changes.begin(), out.changes.end(), [](const NodeChange& x, const NodeChange& y) {
        if (x.step != y.step || x.rank != y.rank)
            return std::make_pair(x.step, x.rank) < std::make_pair(y.step, y.rank);
        return x.kind < y.kind;
    });
    return out;
}

std::string diffText(const ComparisonDiff& diff, size_t rows)
{
    std::string out = "before: " + diff.a + "\nafter:  " + diff.b + "\n";
    out += std::to_string(diff.count(ChangeKind::Regressed)) + " regressed, "
        + std::to_string(diff.count(ChangeKind::Improved)) + " improved, "
        + std::to_string(diff.count(ChangeKind::Appeared)) + " appeared, "
        + std::to_string(diff.count(ChangeKind::Vanished)) + " vanished, " + std::to_string(diff.unchanged)
        + " NPU nodes unchanged\n";
    for (const auto& [step, rank] : diff.onlyInA)
        out += "step " + std::to_string(step) + ", rank " + std::to_string(rank) + ": only before\n";
    for (const auto& [step, rank] : diff.onlyInB)
        out += "step " + std::to_string(step) + ", rank " + std::to_string(rank) + ": only after\n";
    size_t shown = 0;
    const NodeChange* previous = nullptr;
    for (const NodeChange& c : diff.changes) {
        const bool newGroup = !previous || previous->step != c.step || previous->rank != c.rank;
        if (newGroup)
            out += "\nstep " + std::to_string(c.step) + ", rank " + std::to_string(c.rank) + ":\n";
        if (newGroup || previous->kind != c.kind)
            shown = 0;
        previous = &c;
        if (rows && ++shown > rows) {
            if (shown == rows + 1)
                out += "  ... (more " + std::string(changeKindName(c.kind)) + "; --worst 0 lists all)\n";
            continue;
        }
        out += "  " + std::string(changeKindName(c.kind))
            + std::string(10 - std::string(changeKindName(c.kind)).size(), ' ')
            + (c.side == Side::Npu ? "NPU    " : "Bench  ") + c.node;
        if (!c.before.empty() || !c.after.empty())
            out += "  " + (c.before.empty() ? "-" : c.before) + " -> " + (c.after.empty() ? "-" : c.after);
        if (!c.metric.empty() || !c.beforeValue.empty() || !c.afterValue.empty())
            out += "  " + (c.metric.empty() ? std::string() : c.metric + " ")
                + (c.beforeValue.empty() ? "-" : c.beforeValue) + " -> " + (c.afterValue.empty() ? "-" : c.afterValue);
        out += "\n";
    }
    return out;
}

std::string diffCsv(const ComparisonDiff& diff)
{
    std::string out = "Step,Rank,Side,Node,Change,Before,After,Metric,Before Value,After Value\r\n";
    for (const NodeChange& c : diff.changes) {
        const std::string cells[]
            = { std::to_string(c.step), std::to_string(c.rank), c.side == Side::Npu ? "NPU" : "Bench", c.node,
                  changeKindName(c.kind), c.before, c.after, c.metric, c.beforeValue, c.afterValue };
        out += csvLine(cells);
    }
    return out;
}

std::string diffJson(const ComparisonDiff& diff)
{
    std::string out;
    PyJsonWriter w(out, 2);
    auto field = [&](const char* key, const std::string& value) {
        w.key(key);
        w.string(value);
    };
    auto graphs = [&](const char* key, const std::vector<std::pair<int, int>>& list) {
        w.key(key);
        w.beginArray();
        for (const auto& [step, rank] : list) {
            w.beginObject();
            w.key("step");
            w.integer(step);
            w.key("rank");
            w.integer(rank);
            w.endObject();
        }
        w.endArray();
    };
    w.beginObject();
    field("before", diff.a);
    field("after", diff.b);
    for (ChangeKind k : { ChangeKind::Regressed, ChangeKind::Improved, ChangeKind::Appeared, ChangeKind::Vanished }) {
        w.key(changeKindName(k));
        w.integer((long long)diff.count(k));
    }
    w.key("unchanged");
    w.integer((long long)diff.unchanged);
    graphs("only_before", diff.onlyInA);
    graphs("only_after", diff.onlyInB);
    w.key("changes");
    w.beginArray();
    for (const NodeChange& c : diff.changes) {
        w.beginObject();
        w.key("step");
        w.integer(c.step);
        w.key("rank");
        w.integer(c.rank);
        field("side", c.side == Side::Npu ? "NPU" : "Bench");
        field("node", c.node);
        field("change", changeKindName(c.kind));
        field("before", c.before);
        field("after", c.after);
        field("metric", c.metric);
        field("before_value", c.beforeValue);
        field("after_value", c.afterValue);
        w.endObject();
    }
    w.endArray();
    w.endObject();
    return out + "\n";
}

} // namespace ps
