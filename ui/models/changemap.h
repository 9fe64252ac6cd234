#pragma once
// "Compare with another comparison": how every node of the comparison shown (after) differs from the same-named
// node of another comparison of the same model (before), by the core's rules (ps::nodeState, ps::compareStates;
// as `probescope-cli diff` rates them). Computed once on a worker thread, immutable, shared with the views.
#include "analysis/comparison_diff.h"
#include "models/snapshot.h"

#include <QString>

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace psui {

// A node's mark in the trees. Appeared: no node of that name before. The numbers are ChangeRole values.
enum class ChangeMark : int8_t { Same, Worse, Better, Appeared };
constexpr int kChangeMarks = 4;

struct ChangeMap {
    QString beforeLabel; // the other comparison's path(s)
    int step = 0, rank = 0; // the graph of the other comparison that was compared
    QString graphNote; // translated: why another graph than the shown step and rank was compared, else ""
    // Per side, per node of the shown snapshot (index = NodeId):
    std::array<std::vector<int8_t>, 2> mark; // a ChangeMark
    std::array<std::vector<int8_t>, 2> inside; // the most notable mark in the subtree (self included)
    std::array<std::array<uint32_t, kChangeMarks>, 2> totals {}; // per side, per mark
    uint32_t vanishedNpu = 0, vanishedBench = 0; // nodes only before: they are in no tree
    // Per NPU node: its state before (none: it appeared) and now, for the details.
    std::vector<std::optional<ps::NodeState>> before;
    std::vector<ps::NodeState> after;

    ChangeMark markOf(Side side, NodeId node) const { return ChangeMark(mark[size_t(side)][node]); }
    uint32_t total(Side side, ChangeMark m) const { return totals[size_t(side)][size_t(m)]; }
};

// Worse outranks appeared, appeared better, better same: a collapsed module shows the most notable mark inside.
int changePriority(ChangeMark mark);

// The marks of `after` (the shown snapshot) against `before`. Legends that differ (msprobe 1.2.1's bins against
// 26.0.0's verdicts, or edited colours) are compared by severity, as ps::diffSources does. A bench node is
// Appeared when its name is new, else it carries its matched NPU node's mark (Same when unmatched).
std::shared_ptr<ChangeMap> computeChangeMap(const ps::Comparison& before, const Snapshot& after);

} // namespace psui
