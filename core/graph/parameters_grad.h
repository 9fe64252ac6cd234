#pragma once
// msprobe 26.0.0 shows each `{module}.parameters_grad` record of dump.json (the gradients of a module's
// parameters) as a module node under the last backward call of that module, `{module}.backward.{highest N}`
// (GraphBuilder._add_parameters_grad). msprobe 1.2.1 shows no such nodes.
#include "graph/graph.h"

#include <string>
#include <vector>

namespace ps {

struct ParametersGradNode {
    std::string name; // the record name, e.g. Module.fc1.Linear.parameters_grad
    uint32_t record; // index in dump.records
    NodeId parent; // the module's last backward node
};

// The nodes to add, in msprobe's order (modules in the order their first record appears, then records in file
// order). Records whose name is already a node, or whose module has no backward node, give nothing.
std::vector<ParametersGradNode> parametersGradNodes(const Graph& graph, const DumpData& dump);

} // namespace ps
