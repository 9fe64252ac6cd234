#pragma once
// Node matching between the NPU and Bench graphs: default (same name, structure and ancestors)
// and fuzzy (same name with shape-only checks for modules, re-counted API names under matched modules). With
// msprobe 26.0.0's rules the structure (type and shape of the items) is never checked.
#include "graph/graph.h"
#include "util/rules_profile.h"
#include "util/run_context.h"

#include <functional>
#include <string>
#include <unordered_map>

namespace ps {

class LayerMapping;

// NameOnly is newer msprobe's `-lm` without a file: a node matches the Bench node of the same name, whatever
// its data and parents.
enum class MatchStrategy { Default, Fuzzy, LayerMap, NameOnly };

// Called for each matched pair, in the order msprobe compares them.
using MatchSink = std::function<void(NodeId npu, NodeId bench)>;

struct MatchOptions {
    MatchStrategy strategy = MatchStrategy::Default;
    // msprobe 26.0.0 dropped the structural checks: a name (and, by default, ancestor) match is enough.
    RulesProfile profile = RulesProfile::Msprobe121;
    // Layer mapping: NPU node name -> bench node name ("N/A" never matches); empty otherwise.
    const std::unordered_map<std::string, std::string>* nameMap = nullptr;
    RunContext* progress = nullptr; // Stage::Match by NPU nodes visited; cancellation checked as often
    int threads = 0; // default matching looks for partners on this many threads (0 = all cores)
};

// Walks the NPU graph in pre-order and reports every match through `sink`.
void matchGraphs(const Graph& npu, const Graph& bench, const MatchOptions& options, const MatchSink& sink);

} // namespace ps
