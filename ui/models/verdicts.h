#pragma once
// msprobe 26.0.0's verdicts as the viewer shows them: a node's pass / warning / error (its precision index 0, 0.5
// or 1), and why, row by row (the Result and Err_message msprobe writes with each input and output), translated.
// With msprobe 1.2.1's rules there are no verdicts: the precision index is a relative error in [0, 1].
#include "models/snapshot.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace psui {

// Whether the snapshot is a comparison under msprobe 26.0.0's rules (its nodes have verdicts).
bool hasVerdicts(const Snapshot& snapshot);
// The verdict a precision index stands for; nullopt with 1.2.1's rules, in build mode or without a value.
std::optional<ps::Verdict> nodeVerdict(const Snapshot& snapshot, double precision);
// The verdict a legend bin stands for: the one precision value of 0, 0.5, 1 in its range; nullopt for the unmatched
// bin, a bin holding none or several of them, and 1.2.1's rules.
std::optional<ps::Verdict> binVerdict(const Snapshot& snapshot, int bin);
QString verdictLabel(ps::Verdict verdict); // "pass", "warning", "error" in the UI's language
QString reasonText(ps::Reason reason); // msprobe's Err_message text in the UI's language, without its "error: "
// One line per NPU row that did not pass, e.g. "input.0: error: The dtype of NPU and Bench are inconsistent.",
// in input then output order; empty when every row passed or the rules are 1.2.1's.
QStringList verdictReasons(const Snapshot& snapshot, NodeId npu);

// The verdict against a truth run (compare/truth_verdict.h) in the UI's language: "fine", "follows", "both off",
// "NPU worse".
QString truthVerdictLabel(ps::TruthVerdict verdict);
// The legend entry of the truth bin starting at `lo` (ps::truthColorBins).
QString truthBinText(double lo);
// "NPU worse: NPU error 5.1e-02, bench error 8.4e-08, NPU floor 1.6e-02 (Functional.x.output.0)"; empty without a
// truth run or a verdict of the node.
QString truthSummary(const Snapshot& snapshot, NodeId npu);

} // namespace psui
