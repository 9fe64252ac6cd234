#include "models/nodesearch.h"

#include <QRegularExpression>

#include <algorithm>
#include <cctype>
#include <string_view>

namespace psui {

bool NodeFilter::isEmpty() const
{
    return std::none_of(bins.begin(), bins.end(), [](bool b) { return b; }) && !overflow[1] && !overflow[2]
        && !overflow[3];
}

namespace {

// Marks the hits and walks up from each hit until an already visible ancestor: O(nodes) in total.
void finish(const ps::Graph& g, NodeSet& set)
{
    set.visible.assign(g.size(), false);
    for (NodeId hit : set.hits) {
        for (NodeId n = hit; n != ps::kNoNode && !set.visible[n]; n = g.parent[n])
            set.visible[n] = true;
    }
}

bool containsIgnoringCase(std::string_view hay, std::string_view needle)
{
    auto it = std::search(hay.begin(), hay.end(), needle.begin(), needle.end(),
        [](char a, char b) { return std::tolower(uint8_t(a)) == std::tolower(uint8_t(b)); });
    return it != hay.end();
}

} // namespace

NodeSet searchNodes(const Snapshot& snapshot, Side side, const SearchQuery& query)
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
        for (NodeId n = 0; n < g.size(); ++n) {
            if (re.match(QString::fromUtf8(g.nameOf(n))).hasMatch()) {
                set.hits.push_back(n);
                set.isHit[n] = true;
            }
        }
    } else {
        // Names are byte strings (UTF-8): a byte search avoids converting a million names to QString.
        const QByteArray needle = query.text.toUtf8();
        const std::string_view nv(needle.constData(), size_t(needle.size()));
        for (NodeId n = 0; n < g.size(); ++n) {
            std::string_view name = g.nameOf(n);
            bool hit = query.caseSensitive ? name.find(nv) != std::string_view::npos : containsIgnoringCase(name, nv);
            if (hit) {
                set.hits.push_back(n);
                set.isHit[n] = true;
            }
        }
    }
    finish(g, set);
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
        bool hit = bin >= 0 && size_t(bin) < filter.bins.size() && filter.bins[size_t(bin)];
        hit = hit || (size_t(snapshot.overflow(side, n)) > 0 && filter.overflow[size_t(snapshot.overflow(side, n))]);
        if (hit) {
            set.hits.push_back(n);
            set.isHit[n] = true;
        }
    }
    finish(g, set);
    return set;
}

} // namespace psui

namespace psui {

NodeId nextNodeWithBin(const Snapshot& snapshot, Side side, NodeId from, int minBin, int direction)
{
    if (!snapshot.hasSide(side) || minBin < 0)
        return ps::kNoNode;
    const SideRollup& r = snapshot.rollup(side);
    const size_t n = r.bin.size();
    if (n == 0)
        return ps::kNoNode;
    size_t start = from == ps::kNoNode || from >= n ? (direction > 0 ? n - 1 : 0) : from;
    for (size_t step = 1; step <= n; ++step) {
        size_t i = direction > 0 ? (start + step) % n : (start + n - step % n) % n;
        if (r.bin[i] >= minBin && snapshot.isValueBin(r.bin[i]))
            return NodeId(i);
    }
    return ps::kNoNode;
}

} // namespace psui
