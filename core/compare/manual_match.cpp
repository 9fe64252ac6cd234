#include "compare/manual_match.h"

#include "compare/comparator.h"
#include "util/concat.h"
#include "util/error.h"

#include <deque>
#include <unordered_map>

namespace ps {

namespace {

std::vector<std::string_view> dotParts(std::string_view name)
{
    std::vector<std::string_view> parts;
    size_t start = 0;
    while (true) {
        size_t dot = name.find('.', start);
        parts.push_back(name.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
        if (dot == std::string_view::npos)
            return parts;
        start = dot + 1;
    }
}

bool isNumber(std::string_view s)
{
    return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

class ManualMatcher {
public:
    ManualMatcher(const Comparison& c, ManualMatchReport& report)
        : m_c(std::make_shared<Comparison>(c))
        , m_report(report)
    {
        std::string refusal = manualMatchRefusal(c);
        if (!refusal.empty())
            throw Error(ErrorCode::BadArgument, "", refusal);
        for (size_t s = 0; s < 2; ++s)
            m_c->modified[s].resize(m_c->graphs[s]->size(), 0);
    }

    std::shared_ptr<Comparison> finish()
    {
        recomputeGroupIndices(*m_c);
        return std::move(m_c);
    }

    // Pairs n and b (and their children), then the mirrored pair of each pair made. Children pair in NPU order with
    // the first free bench child of the same key, depth first, as the plugin's recursion does; here with an
    // explicit stack (no recursion depth that follows the file) and a queue of bench children per key (no loop
    // over siblings per sibling).
    void matchTree(NodeId n, NodeId b, bool withChildren, bool checkType, bool mirror)
    {
        struct Frame {
            std::vector<NodeId> npuKids;
            size_t next = 0;
            std::unordered_map<std::string, std::deque<NodeId>> benchByKey;
        };
        std::vector<Frame> stack;
        auto enter = [&](NodeId x, NodeId y, bool typed) {
            std::string why = matchProblem(x, y, typed);
            if (!why.empty()) {
                m_report.failures.push_back(why);
                return;
            }
            match(x, y);
            if (mirror)
                matchMirror(x, y);
            if (!withChildren)
                return;
            Frame f;
            f.npuKids = unmatchedChildren(Side::Npu, x);
            for (NodeId kid : unmatchedChildren(Side::Bench, y))
                f.benchByKey[childKey(Side::Bench, kid)].push_back(kid);
            stack.push_back(std::move(f));
        };
        enter(n, b, checkType);
        while (!stack.empty()) {
            Frame& f = stack.back();
            if (f.next == f.npuKids.size()) {
                stack.pop_back();
                continue;
            }
            NodeId child = f.npuKids[f.next++];
            auto queue = f.benchByKey.find(childKey(Side::Npu, child));
            if (queue == f.benchByKey.end() || queue->second.empty())
                continue;
            NodeId partner = queue->second.front();
            queue->second.pop_front();
            enter(child, partner, true); // may grow the stack: f is not used after this
        }
    }

    // Unpairs n and b; with children, first every pair below them whose bench node sits under b (post-order, with
    // an explicit stack).
    void unmatchTree(NodeId n, NodeId b, bool withChildren, bool mirror)
    {
        auto paired = [&](NodeId x, NodeId y) {
            if (valid(Side::Npu, x) && valid(Side::Bench, y) && m_c->counterpart[0][x] == y)
                return true;
            m_report.failures.push_back(describe(x, y) + ": the two nodes are not matched with each other");
            return false;
        };
        struct Frame {
            NodeId n, b;
            size_t next = 0;
        };
        if (!paired(n, b))
            return;
        std::vector<Frame> stack { { n, b } };
        while (!stack.empty()) {
            Frame& f = stack.back();
            auto kids = graph(Side::Npu).children(f.n);
            if (withChildren && f.next < kids.size()) {
                NodeId child = kids[f.next++];
                NodeId other = m_c->counterpart[0][child];
                if (other != kNoNode && graph(Side::Bench).parent[other] == f.b && paired(child, other))
                    stack.push_back({ child, other });
                continue;
            }
            const NodeId x = f.n, y = f.b;
            stack.pop_back();
            unmatch(x, y);
            if (!mirror)
                continue;
            NodeId mn = mirrorOf(Side::Npu, x), mb = mirrorOf(Side::Bench, y);
            if (mn != kNoNode && mb != kNoNode && m_c->counterpart[0][mn] == mb)
                unmatch(mn, mb);
        }
    }

    const Graph& graph(Side s) const { return *m_c->graphs[size_t(s)]; }
    bool valid(Side s, NodeId n) const { return n < graph(s).size(); }
    NodeId counterpart(Side s, NodeId n) const { return m_c->counterpart[size_t(s)][n]; }
    std::string describe(NodeId n, NodeId b) const
    {
        auto name = [&](Side s, NodeId x) { return valid(s, x) ? std::string(graph(s).nameOf(x)) : "(no node)"; };
        return name(Side::Npu, n) + " <-> " + name(Side::Bench, b);
    }

private:
    std::string matchProblem(NodeId n, NodeId b, bool checkType) const
    {
        if (!valid(Side::Npu, n) || !valid(Side::Bench, b))
            return describe(n, b) + ": choose one NPU node and one bench node";
        const Graph& ng = graph(Side::Npu);
        const Graph& bg = graph(Side::Bench);
        if (counterpart(Side::Npu, n) != kNoNode)
            return describe(n, b) + ": the NPU node is already matched with "
                + std::string(bg.nameOf(counterpart(Side::Npu, n)));
        if (counterpart(Side::Bench, b) != kNoNode)
            return describe(n, b) + ": the bench node is already matched with "
                + std::string(ng.nameOf(counterpart(Side::Bench, b)));
        if (checkType && ng.type[n] != bg.type[b])
            return describe(n, b) + ": a module can only be matched with a module, an API with an API";
        if (ng.record[n] < 0 || bg.record[b] < 0)
            return describe(n, b) + ": the " + (ng.record[n] < 0 ? "NPU" : "bench") + " node has no dump data";
        // Rows pair items by position: summary mode needs at least one input and one output row.
        if (m_c->mode == CompareMode::Summary) {
            if (ng.inputItems(n).empty() || bg.inputItems(b).empty())
                return describe(n, b) + ": no input pair to compare";
            if (ng.outputItems(n).empty() || bg.outputItems(b).empty())
                return describe(n, b) + ": no output pair to compare";
        }
        return {};
    }

    void match(NodeId n, NodeId b)
    {
        m_c->counterpart[0][n] = b;
        m_c->counterpart[1][b] = n;
        compareMatchedPair(*m_c, n, b);
        m_c->modified[0][n] = m_c->modified[1][b] = 1;
        m_report.pairs.emplace_back(n, b);
    }

    void unmatch(NodeId n, NodeId b)
    {
        m_c->counterpart[0][n] = kNoNode;
        m_c->counterpart[1][b] = kNoNode;
        m_c->precision[n] = Precision {};
        const Graph& ng = graph(Side::Npu);
        for (auto items : { ng.inputItems(n), ng.outputItems(n) })
            for (uint32_t item : items)
                if (item < m_c->rows.size())
                    m_c->rows[item] = BoundRow {};
        m_c->modified[0][n] = m_c->modified[1][b] = 1;
        m_report.pairs.emplace_back(n, b);
    }

    // The mirrored pair is matched quietly when both mirrored nodes exist and are free.
    void matchMirror(NodeId n, NodeId b)
    {
        NodeId mn = mirrorOf(Side::Npu, n), mb = mirrorOf(Side::Bench, b);
        if (mn == kNoNode || mb == kNoNode || counterpart(Side::Npu, mn) != kNoNode
            || counterpart(Side::Bench, mb) != kNoNode)
            return;
        std::string why = matchProblem(mn, mb, true);
        if (why.empty())
            match(mn, mb);
        else
            m_report.failures.push_back(why);
    }

    NodeId mirrorOf(Side s, NodeId n) const
    {
        std::string name = mirroredName(graph(s).nameOf(n));
        return name.empty() ? kNoNode : graph(s).find(name);
    }

    std::vector<NodeId> unmatchedChildren(Side s, NodeId n) const
    {
        std::vector<NodeId> out;
        for (NodeId child : graph(s).children(n))
            if (counterpart(s, child) == kNoNode)
                out.push_back(child);
        return out;
    }

    // Children pair when their type and short name agree.
    std::string childKey(Side s, NodeId n) const
    {
        const Graph& g = graph(s);
        return char(uint8_t(g.type[n])) + std::string(shortName(g.nameOf(n), g.type[n]));
    }

    std::shared_ptr<Comparison> m_c;
    ManualMatchReport& m_report;
};

} // namespace

MatchRefusal manualMatchRefusalOf(const Comparison& c)
{
    if (!c.isCompare || !c.graphs[0] || !c.graphs[1])
        return MatchRefusal::SingleGraph;
    if (c.mode == CompareMode::Real)
        return MatchRefusal::RealData;
    for (const auto& g : c.graphs)
        if (!g->dump || g->dump->verbatim)
            return MatchRefusal::GraphFile;
    return MatchRefusal::None;
}

std::string manualMatchRefusal(const Comparison& c)
{
    switch (manualMatchRefusalOf(c)) {
    case MatchRefusal::None:
        return {};
    case MatchRefusal::SingleGraph:
        return "a single graph has no bench side to match with";
    case MatchRefusal::RealData:
        return "real-data comparisons (task \"all\") cannot be matched by hand: the metrics come from the tensor "
               "files and are not recomputed for one pair (tb_graph_ascend refuses them too)";
    case MatchRefusal::GraphFile:
        return "this comparison was opened from a graph file, which holds formatted rows but not the dump "
               "statistics: open the NPU and bench dump folders to match nodes by hand";
    }
    return {};
}

std::shared_ptr<Comparison> matchManually(
    const Comparison& c, NodeId npu, NodeId bench, bool withChildren, ManualMatchReport& report)
{
    ManualMatcher m(c, report);
    m.matchTree(npu, bench, withChildren, true, true);
    return m.finish();
}

std::shared_ptr<Comparison> unmatchManually(
    const Comparison& c, NodeId npu, NodeId bench, bool withChildren, ManualMatchReport& report)
{
    ManualMatcher m(c, report);
    m.unmatchTree(npu, bench, withChildren, true);
    return m.finish();
}

std::shared_ptr<Comparison> applyMatchPairs(const Comparison& c, const MatchPairs& pairs, ManualMatchReport& report)
{
    ManualMatcher m(c, report);
    for (const auto& [npuName, benchName] : pairs) {
        NodeId n = m.graph(Side::Npu).find(npuName), b = m.graph(Side::Bench).find(benchName);
        if (n == kNoNode || b == kNoNode) {
            report.failures.push_back(concat({ npuName, " <-> ", benchName, ": the ", n == kNoNode ? "NPU" : "bench",
                " node is not in this comparison" }));
            continue;
        }
        if (m.counterpart(Side::Npu, n) == b)
            continue; // already paired (an automatic match or an earlier line)
        m.matchTree(n, b, false, false, false);
    }
    return m.finish();
}

MatchPairs manualPairs(const Comparison& c)
{
    MatchPairs out;
    if (!c.isCompare || !c.graphs[0] || !c.graphs[1])
        return out;
    for (NodeId n = 0; n < c.graphs[0]->size(); ++n)
        if (c.isModified(Side::Npu, n) && c.counterpart[0][n] != kNoNode)
            out.emplace_back(c.graphs[0]->nameOf(n), c.graphs[1]->nameOf(c.counterpart[0][n]));
    return out;
}

std::string mirroredName(std::string_view name)
{
    std::string out;
    bool swapped = false;
    std::vector<std::string_view> parts = dotParts(name);
    for (size_t i = 0; i < parts.size(); ++i) {
        std::string_view part = parts[i];
        if (i > 0)
            out += '.';
        if (part == "forward" || part == "backward") {
            out += part == "forward" ? "backward" : "forward";
            swapped = true;
        } else {
            out += part;
        }
    }
    return swapped ? out : std::string();
}

std::string_view shortName(std::string_view name, NodeType type)
{
    std::vector<std::string_view> parts = dotParts(name);
    size_t back = type == NodeType::Module ? 4 : 2; // part -4 of a module, -2 of an API
    if (parts.size() < back)
        return name;
    std::string_view part = parts[parts.size() - back];
    if (isNumber(part) && parts.size() > back)
        part = parts[parts.size() - back - 1];
    return part;
}

} // namespace ps
