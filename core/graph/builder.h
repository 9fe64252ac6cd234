#pragma once
// Builds one side's Graph from a dump folder (construct.json, dump.json, stack.json), as msprobe's
// GraphBuilder does: DefaultModel root, backward parent repair, first parent wins, stacks
// simplified unless complete stacks are asked for, runs of top-level APIs grouped; with the 26.0.0 rules,
// parameters_grad records become module nodes under their module's last backward call.
#include "graph/graph.h"
#include "io/construct_stack.h"
#include "util/rules_profile.h"
#include "util/run_context.h"

#include <memory>
#include <string>
#include <vector>

namespace ps {

struct BuildOptions {
    RulesProfile profile = RulesProfile::Msprobe121; // parent repair rules; 26.0.0 adds parameters_grad nodes
    bool completeStack = false; // -cs: keep full stacks (msprobe 26.0.0 always does)
    ProgressPart progress; // reading, then building (by construct entries); cancellation checked as often
};

// Reads the three files of a "files" folder and builds its graph. Throws ps::Error.
std::unique_ptr<Graph> buildGraphFromFolder(
    const std::string& dir, const BuildOptions& options, std::vector<std::string>& warnings);

// The same from already-read parts; construct and stack names must be interned in graph->strings.
void buildGraph(Graph& graph, const ConstructData& construct, const StackData& stack, const BuildOptions& options,
    std::vector<std::string>& warnings);

} // namespace ps
