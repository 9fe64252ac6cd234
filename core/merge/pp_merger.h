#pragma once
// The pipeline-parallel merge (msprobe 26.0.0's PPMerger and VPPMerger) and the name patterns it works with.
#include "merge/mergers.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace ps::merge {

// r"(layers\.|layer\.)\d+(\.)": whether a name holds a layer number, and where the first one from `from` is (the
// digits' begin and end, npos when none).
bool hasLayerNumber(std::string_view name);
std::pair<size_t, size_t> layerNumberSpan(std::string_view name, size_t from = 0);
std::string replaceLayerNumbers(std::string_view name, std::string_view number); // every one of them
// r"%(\d+)%(\d+)$": the mark a later stage's node carries while it is merged (position among its siblings, rank).
bool hasMark(std::string_view name);
std::pair<long long, long long> markOf(std::string_view name); // {-1, -1} when unmarked
std::string_view withoutMark(std::string_view name);

class PpMerge {
public:
    PpMerge(Forest& f, const GraphGroup& group, std::vector<std::string>& log)
        : m_f(f)
        , m_group(group)
        , m_log(log)
    {
    }
    void run();

private:
    MGraph& main() { return m_f.graphs[m_group[0]]; }
    void mergeNodes(MNodeId start);
    bool visit(MNodeId n);
    uint32_t positionAmongSiblings(MNodeId n);
    void markSubtree(MNodeId top, int rank, uint32_t position);
    void addToMain(MNodeId top);
    void addUniqueChildren(MNodeId n, const std::vector<MNodeId>& others);
    void sortNodes(MNodeId start);
    void renameMarked(MNodeId start);

    Forest& m_f;
    const GraphGroup& m_group;
    std::vector<std::string>& m_log;
    WalkMarks m_mergeWalk, m_markWalk, m_addWalk, m_sortWalk, m_sortedParents, m_renameWalk;
    std::unordered_map<MNodeId, std::unordered_map<StrId, uint32_t>> m_firstByName; // per parent
};

// VPPMerger's last steps on the merged graph: every model chunk's data and layers folded into chunk 0
// (`Module.<chunk>.` names), layers renumbered.
void foldVirtualChunks(Forest& f, uint16_t graph, int vpp);

} // namespace ps::merge
