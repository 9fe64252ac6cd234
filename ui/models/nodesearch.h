#pragma once
// Pure node queries over one side of a snapshot: name search (substring or regular expression) and filters
// (legend bins, unmatched, overflow). Results are a hit list in execution order plus a bitset of hits and
// their ancestors, so a proxy can filter with a bit test.
#include "models/snapshot.h"

#include <QMetaType>
#include <QString>

#include <array>
#include <functional>
#include <memory>
#include <vector>

namespace psui {

struct SearchQuery {
    QString text;
    bool regex = false;
    bool caseSensitive = false;
    int microStep = -1; // only nodes shown in this micro step (-1: all)
    bool isEmpty() const { return text.isEmpty(); }
};

struct NodeFilter {
    std::vector<bool> bins; // per legend bin: value bins select NPU nodes, the unmatched bin both sides'
    std::array<bool, 4> overflow {}; // per ps::OverflowLevel; [None] is ignored
    int microStep = -1; // only nodes shown in this micro step (-1: all)
    bool isEmpty() const;
};

struct NodeSet {
    std::vector<NodeId> hits; // execution order (SideRollup::exec)
    std::vector<bool> isHit; // per node
    std::vector<bool> visible; // hits plus their ancestors
    QString error; // invalid regular expression
};

// A regular expression is user-typed, but a catastrophic one ("(a|a)*b") may backtrack for long on every one of
// 10^6 names. QRegularExpression (PCRE2, JIT-compiled) bounds each match by PCRE2's match limit; the scan as a
// whole stops with an error once it has spent kRegexBudgetMs of its thread's CPU time matching, and at once when
// `stale` says a newer search replaced this one (the session asks; its result would be dropped anyway).
constexpr int kRegexBudgetMs = 3000;
NodeSet searchNodes(
    const Snapshot& snapshot, Side side, const SearchQuery& query, const std::function<bool()>& stale = {});
NodeSet filterNodes(const Snapshot& snapshot, Side side, const NodeFilter& filter);

// A search or filter on both sides (a side not asked for, or absent, stays null).
struct QueryResult {
    std::array<std::shared_ptr<const NodeSet>, 2> sides;
    size_t hitCount() const;
    QString error() const;
};
// `sides` is a mask (1 = NPU, 2 = Bench); empty queries give an empty result. `stale`: as for searchNodes. When
// both sides answer, each side's `visible` also holds the counterparts (and their ancestors) of the other side's
// visible nodes, so that "show only these nodes" never empties a tree whose partners are shown.
QueryResult searchSides(const std::shared_ptr<const Snapshot>& snapshot, int sides, const SearchQuery& query,
    const std::function<bool()>& stale = {});
QueryResult filterSides(const std::shared_ptr<const Snapshot>& snapshot, const NodeFilter& filter);

} // namespace psui

namespace psui {

// The next (direction +1) or previous (-1) node after `from` in execution order whose value bin is >= minBin,
// wrapping around; kNoNode if there is none. For F3 "next suspicious node".
NodeId nextNodeWithBin(const Snapshot& snapshot, Side side, NodeId from, int minBin, int direction, int microStep = -1);

// F3's "next suspicious node": the next (+1) or previous (-1) node after `from` in execution order that is in the
// worst value bin or whose statistics hold NaN / inf (msprobe 1.2.1 rates those 0, its best bin), wrapping around.
// Under 1.2.1's rules an API list without data of its own is passed over (its table would be empty; its members
// follow it); 26.0's verdicts rate the list by its members and F3 may stop there.
NodeId nextSuspiciousNode(const Snapshot& snapshot, Side side, NodeId from, int direction, int microStep = -1);

} // namespace psui

Q_DECLARE_METATYPE(psui::QueryResult)
