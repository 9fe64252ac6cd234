#include "models/nodesearch.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <functional>
#include <optional>
#include <string_view>

#include <time.h>

namespace psui {

bool NodeFilter::isEmpty() const
{
    return std::none_of(bins.begin(), bins.end(), [](bool b) { return b; }) && !overflow[1] && !overflow[2]
        && !overflow[3];
}

size_t QueryResult::hitCount() const
{
    size_t n = 0;
    for (const auto& s : sides)
        n += s ? s->hits.size() : 0;
    return n;
}

QString QueryResult::error() const
{
    for (const auto& s : sides)
        if (s && !s->error.isEmpty())
            return s->error;
    return {};
}

namespace {

// The CPU time of the calling thread: a regular expression's budget is the work it takes, not the wall time of a
// loaded machine (where a harmless search over a million names could take seconds of waiting).
qint64 threadCpuMs()
{
    timespec t {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return qint64(t.tv_sec) * 1000 + t.tv_nsec / 1000000;
}

// "Show only these nodes" keeps both trees side by side: the counterpart of every node shown on one side (hit or
// ancestor of one) is shown on the other with its ancestors, e.g. the bench partners of red NPU nodes, which a
// value bin never selects itself. Each walk up stops at a node already shown: O(nodes).
void showCounterparts(const Snapshot& snapshot, std::array<std::optional<NodeSet>, 2>& sets)
{
    if (!sets[0] || !sets[1] || !sets[0]->error.isEmpty() || !sets[1]->error.isEmpty())
        return;
    std::array<std::vector<bool>, 2> shown { sets[0]->visible, sets[1]->visible }; // before either grows
    for (Side from : { Side::Npu, Side::Bench }) {
        const Side to = from == Side::Npu ? Side::Bench : Side::Npu;
        const ps::Graph& g = snapshot.graph(to);
        std::vector<bool>& visible = sets[size_t(to)]->visible;
        if (visible.size() != g.size())
            continue;
        const std::vector<bool>& source = shown[size_t(from)];
        for (NodeId n = 0; n < source.size(); ++n) {
            if (!source[n])
                continue;
            for (NodeId c = snapshot.counterpart(from, n); c != ps::kNoNode && c < g.size() && !visible[c];
                 c = g.parent[c])
                visible[c] = true;
        }
    }
}

QueryResult sharedResult(const Snapshot& snapshot, std::array<std::optional<NodeSet>, 2>& sets)
{
    showCounterparts(snapshot, sets);
    QueryResult r;
    for (size_t s = 0; s < 2; ++s)
        if (sets[s])
            r.sides[s] = std::make_shared<NodeSet>(std::move(*sets[s]));
    return r;
}

} // namespace

QueryResult searchSides(const std::shared_ptr<const Snapshot>& snapshot, int sides, const SearchQuery& query,
    const std::function<bool()>& stale)
{
    if (!snapshot || query.isEmpty())
        return {};
    std::array<std::optional<NodeSet>, 2> sets;
    for (Side s : { Side::Npu, Side::Bench })
        if (sides & (1 << int(s)))
            sets[size_t(s)] = searchNodes(*snapshot, s, query, stale);
    return sharedResult(*snapshot, sets);
}

QueryResult filterSides(const std::shared_ptr<const Snapshot>& snapshot, const NodeFilter& filter)
{
    if (!snapshot || filter.isEmpty())
        return {};
    std::array<std::optional<NodeSet>, 2> sets;
    for (Side s : { Side::Npu, Side::Bench })
        if (snapshot->hasSide(s))
            sets[size_t(s)] = filterNodes(*snapshot, s, filter);
    return sharedResult(*snapshot, sets);
}

namespace {

// Drops hits outside the micro step, marks the hits and walks up from each hit until an already visible
// ancestor: O(nodes) in total.
void finish(const Snapshot& snapshot, Side side, int microStep, NodeSet& set)
{
    const ps::Graph& g = snapshot.graph(side);
    if (microStep >= 0) {
        std::erase_if(set.hits, [&](NodeId n) {
            const bool drop = !snapshot.inMicroStep(side, n, microStep);
            if (drop)
                set.isHit[n] = false;
            return drop;
        });
    }
    // The hits in execution order (an API list before its members, whose ids come first).
    const auto& exec = snapshot.rollup(side).exec;
    if (exec && exec->rank.size() == g.size())
        std::sort(set.hits.begin(), set.hits.end(), [&](NodeId a, NodeId b) { return exec->rank[a] < exec->rank[b]; });
    set.visible.assign(g.size(), false);
    for (NodeId hit : set.hits) {
        for (NodeId n = hit; n != ps::kNoNode && !set.visible[n]; n = g.parent[n])
            set.visible[n] = true;
    }
}

// Case-insensitive substring search over the snapshot's lower-case name buffer: one Boyer-Moore-Horspool scan;
// each match is mapped to its node by binary search, then the scan resumes at the next name.
void scanLowerNames(const SideRollup::NameIndex& r, std::string_view needle, NodeSet& set)
{
    const std::string_view hay(r.lowerNames);
    const std::boyer_moore_horspool_searcher searcher(needle.begin(), needle.end());
    auto it = hay.begin();
    while (true) {
        it = std::search(it, hay.end(), searcher);
        if (it == hay.end())
            break;
        const uint32_t pos = uint32_t(it - hay.begin());
        const NodeId node
            = NodeId(std::upper_bound(r.nameOffset.begin(), r.nameOffset.end(), pos) - r.nameOffset.begin() - 1);
        set.hits.push_back(node);
        set.isHit[node] = true;
        it = hay.begin() + r.nameOffset[node + 1];
    }
}

} // namespace

NodeSet searchNodes(const Snapshot& snapshot, Side side, const SearchQuery& query, const std::function<bool()>& stale)
{
    NodeSet set;
    if (!snapshot.hasSide(side) || query.isEmpty())
        return set;
    const ps::Graph& g = snapshot.graph(side);
    set.isHit.assign(g.size(), false);
    if (query.regex) {
        QRegularExpression re(query.text,
            query.caseSensitive ? QRegularExpression::NoPatternOption : QRegularExpression::CaseInsensitiveOption);
        if (!re.isValid()) {
            set.error = re.errorString();
            set.isHit.clear();
            return set;
        }
        re.optimize(); // JIT now, not after the first matches
        const qint64 start = threadCpuMs();
        for (NodeId n = 0; n < g.size(); ++n) {
            if (n % 256 == 0 && stale && stale())
                return NodeSet {};
            if (n % 16 == 0 && threadCpuMs() - start > kRegexBudgetMs) { // a name may take PCRE2's whole match limit
                NodeSet stopped;
                stopped.error = QCoreApplication::translate(
                    "NodeSearch", "The regular expression is too slow: %1 of %2 names searched in %3 s. Simplify it.")
                                    .arg(n)
                                    .arg(g.size())
                                    .arg(kRegexBudgetMs / 1000);
                return stopped;
            }
            if (re.match(QString::fromUtf8(g.nameOf(n))).hasMatch()) {
                set.hits.push_back(n);
                set.isHit[n] = true;
            }
        }
    } else {
        // Names are byte strings (UTF-8): a byte search avoids converting a million names to QString.
        QByteArray needle = query.text.toUtf8();
        if (!query.caseSensitive) {
            for (char& ch : needle)
                ch = (ch >= 'A' && ch <= 'Z') ? char(ch - 'A' + 'a') : ch;
        }
        const std::string_view nv(needle.constData(), size_t(needle.size()));
        const SideRollup& r = snapshot.rollup(side);
        if (!query.caseSensitive && nv.find('\n') == std::string_view::npos && r.names
            && r.names->nameOffset.size() == g.size() + 1) {
            scanLowerNames(*r.names, nv, set);
        } else {
            for (NodeId n = 0; n < g.size(); ++n) {
                if (g.nameOf(n).find(nv) != std::string_view::npos) {
                    set.hits.push_back(n);
                    set.isHit[n] = true;
                }
            }
        }
    }
    finish(snapshot, side, query.microStep, set);
    return set;
}

NodeSet filterNodes(const Snapshot& snapshot, Side side, const NodeFilter& filter)
{
    NodeSet set;
    if (!snapshot.hasSide(side) || filter.isEmpty())
        return set;
    const ps::Graph& g = snapshot.graph(side);
    const SideRollup& r = snapshot.rollup(side);
    set.isHit.assign(g.size(), false);
    for (NodeId n = 0; n < g.size(); ++n) {
        int bin = r.bin[n];
        // Value bins select NPU nodes only (bench nodes are not coloured by value); the
        // unmatched bin selects unmatched nodes on both sides.
        const bool applies = side == Side::Npu || bin == snapshot.unmatchedBin;
        bool hit = applies && bin >= 0 && size_t(bin) < filter.bins.size() && filter.bins[size_t(bin)];
        hit = hit || (size_t(snapshot.overflow(side, n)) > 0 && filter.overflow[size_t(snapshot.overflow(side, n))]);
        if (hit) {
            set.hits.push_back(n);
            set.isHit[n] = true;
        }
    }
    finish(snapshot, side, filter.microStep, set);
    return set;
}

} // namespace psui

namespace psui {

NodeId nextNodeWithBin(const Snapshot& snapshot, Side side, NodeId from, int minBin, int direction, int microStep)
{
    if (!snapshot.hasSide(side) || minBin < 0)
        return ps::kNoNode;
    const SideRollup& r = snapshot.rollup(side);
    const size_t n = r.bin.size();
    if (n == 0 || !r.exec || r.exec->nodes.size() != n)
        return ps::kNoNode;
    // Walks the execution order, so that the members of an API list follow it (their ids come before it).
    const size_t start = from == ps::kNoNode || from >= n ? (direction > 0 ? n - 1 : 0) : r.exec->rank[from];
    for (size_t step = 1; step <= n; ++step) {
        const size_t pos = direction > 0 ? (start + step) % n : (start + n - step % n) % n;
        const NodeId i = r.exec->nodes[pos];
        if (r.bin[i] >= minBin && snapshot.isValueBin(r.bin[i]) && snapshot.inMicroStep(side, i, microStep))
            return i;
    }
    return ps::kNoNode;
}

namespace {

bool isEmptyApiList(const ps::Graph& g, NodeId n)
{
    return g.type[n] == ps::NodeType::ApiCollection
        && (n >= g.items.size() || (g.inputItems(n).empty() && g.outputItems(n).empty()));
}

} // namespace

NodeId nextSuspiciousNode(const Snapshot& snapshot, Side side, NodeId from, int direction, int microStep)
{
    if (!snapshot.hasSide(side))
        return ps::kNoNode;
    const SideRollup& r = snapshot.rollup(side);
    const size_t n = r.bin.size();
    const int worst = snapshot.worstValueBin();
    if (n == 0 || !r.exec || r.exec->nodes.size() != n)
        return ps::kNoNode;
    const ps::Graph& g = snapshot.graph(side);
    const bool v121 = snapshot.comparison->profile == ps::RulesProfile::Msprobe121;
    const size_t start = from == ps::kNoNode || from >= n ? (direction > 0 ? n - 1 : 0) : r.exec->rank[from];
    for (size_t step = 1; step <= n; ++step) {
        const size_t pos = direction > 0 ? (start + step) % n : (start + n - step % n) % n;
        const NodeId i = r.exec->nodes[pos];
        const bool suspicious = (worst >= 0 && r.bin[i] == worst) || snapshot.nonFinite(side, i) != 0;
        if (suspicious && !(v121 && isEmptyApiList(g, i)) && snapshot.inMicroStep(side, i, microStep))
            return i;
    }
    return ps::kNoNode;
}

} // namespace psui
