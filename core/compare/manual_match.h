#pragma once
// Matching and unmatching nodes by hand, as tb_graph_ascend does: a chosen NPU node and bench
// node are paired (optionally their children too, by short name and type), every pair is also tried on the
// forward<->backward mirrored names, and rows, metrics and precision are recomputed with the engine's own
// comparator. Only statistics (summary) and md5 comparisons built from dumps can be recomputed.
#include "compare/comparison.h"
#include "io/vis_config.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ps {

struct ManualMatchReport {
    std::vector<std::pair<NodeId, NodeId>> pairs; // (NPU, bench) pairs changed, in the order they were made
    std::vector<std::string> failures; // one English line per pair that could not be changed, naming the nodes
};

// Why this comparison cannot be matched by hand (None: it can); the viewer words each kind in its language.
enum class MatchRefusal { None, SingleGraph, RealData, GraphFile };
MatchRefusal manualMatchRefusalOf(const Comparison& c);
// The same reason in English for logs and errors, or "" when it can be matched.
std::string manualMatchRefusal(const Comparison& c);

// Each returns a new Comparison (the input stays untouched) and fills `report`. They throw ps::Error(BadArgument)
// with manualMatchRefusal's reason when the comparison cannot be matched by hand.
std::shared_ptr<Comparison> matchManually(
    const Comparison& c, NodeId npu, NodeId bench, bool withChildren, ManualMatchReport& report);
std::shared_ptr<Comparison> unmatchManually(
    const Comparison& c, NodeId npu, NodeId bench, bool withChildren, ManualMatchReport& report);
// A .vis.config: each pair by name, without children, type check or mirroring (as the plugin applies it).
std::shared_ptr<Comparison> applyMatchPairs(const Comparison& c, const MatchPairs& pairs, ManualMatchReport& report);

// The pairs made by hand that are still matched, in NPU node order: what a .vis.config saves.
MatchPairs manualPairs(const Comparison& c);

// The name with its "forward" and "backward" parts swapped; "" when it has neither.
std::string mirroredName(std::string_view name);
// The children-matching key part of a name (module: part -4, or -5 when -4 is a number; API: part -2 or -3).
std::string_view shortName(std::string_view name, NodeType type);

} // namespace ps
