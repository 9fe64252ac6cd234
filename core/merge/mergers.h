#pragma once
// The steps of msprobe 26.0.0's graph merger (visualization/builder/graph_merger.py) on a Forest. A "group" is a
// list of graphs (indices into Forest::graphs) merged into its first one; each step returns the graphs that remain.
#include "merge/merge_forest.h"
#include "merge/parallel_layout.h"

#include <map>
#include <vector>

namespace ps::merge {

using GraphGroup = std::vector<uint16_t>;

// Root API collections of all ranks: `Apis_Between_Modules.N` of the first graph becomes
// `Apis_Between_Modules_All_Ranks.M` holding `Apis_Between_Modules_Rank<r>.N` of every rank, whose APIs of other
// ranks are named `<api>_rank<r>`; collections that already are `..._All_Ranks` take the other ranks' members.
void mergeApiCollections(Forest& f, const GraphGroup& group);
// Orders the members of every root `Apis_Between_Modules_All_Ranks` collection by rank.
void sortMergedApiCollections(Forest& f, uint16_t graph);

// Tensor parallelism: the first graph's nodes take the merged statistics of the same nodes on the other ranks.
// `mapping` (TP+PP) names, for a rank whose APIs carry `_rank<r>`, the ranks holding their counterparts.
using TpMapping = std::map<int, std::vector<int>>;
GraphGroup mergeTp(Forest& f, const GraphGroup& group, const TpMapping& mapping = {});

// Pipeline parallelism: layers split across the stages are appended to the first graph and renumbered, APIs of
// later stages named `<api>_rank<r>`, nodes only later stages have added. With vpp > 1 the model chunks
// (Module.<chunk>.) are then folded into chunk 0.
GraphGroup mergePp(Forest& f, const GraphGroup& group, int vpp = 1);

// The groups as the dump shows them (the group_ranks of each rank's first all_reduce / reduce_scatter; the chains of
// send/isend destinations), or, when it shows none or groups of another size, computed from the layout. `log`
// receives msprobe's "All tp groups is ..." lines.
RankGroups tpGroupsOf(const Forest& f, const ParallelLayout& layout, std::vector<std::string>& log);
RankGroups ppGroupsOf(const Forest& f, const ParallelLayout& layout, std::vector<std::string>& log);

// The whole merge of one side by the strategy msprobe picks for `layout`: the graphs that remain, one per
// data-parallel replica. Throws ps::Error(BadArgument) when a group names a rank without a graph.
GraphGroup mergeSide(Forest& f, const ParallelLayout& layout, std::vector<std::string>& log);

} // namespace ps::merge
