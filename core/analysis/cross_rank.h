#pragma once
// Where an error entered a multi-rank run (docs/diagnose.md, "Across ranks"). The first-divergence finder judges
// one rank: on rank 0, an all_reduce or a recv whose output is off while its own input is fine looks like the
// place the error was made. It was not when the rank on the other end of the link already sent a bad tensor. The
// tracer follows the communication links (Comparison::distributed, the matched_distributed pairing) from such a
// node to the sending rank, and on to the divergence there that came first, until it reaches one that no link
// explains: the origin. Origins are ranked by how many ranks they reach.
#include "analysis/divergence.h"

#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ps {

// What the tracer needs of one rank's comparison: its first divergences and its linked communication nodes, by
// name. Built one rank at a time, so that a step's comparisons need not be held together.
struct RankFindings {
    struct Found {
        std::string node; // NPU node name
        int64_t record = 0; // dump record index: the order of execution on the rank
        Divergence divergence;
    };
    struct CommNode {
        int64_t record = 0;
        bool receives = false; // the link brings data from its peers (receive, send_receive)
        bool sends = false; // the link carries this node's input to its peers (send, send_receive)
        bool inputExceeds = false; // what it hands to its peers is already beyond the tolerance
        std::string cause; // the divergence of this rank that error comes from ("": none found)
        std::vector<std::pair<int, std::string>> peers; // (rank, node name)
    };
    int rank = 0;
    std::vector<Found> found; // as findDivergences ranks them
    std::unordered_map<std::string, CommNode> comm; // NPU nodes with a link
};

// `c` must carry its links (analyzeDistributed over the step's ranks, or applyPeerLinks). Every divergence is
// kept (options.limit is ignored): the tracer needs them all.
RankFindings rankFindings(const Comparison& c, int rank, const DiagnoseOptions& options);

struct RankNode {
    int rank = 0;
    std::string node;
    bool operator==(const RankNode&) const = default;
};

struct CrossRankOrigin {
    RankNode where;
    Divergence divergence; // as found on that rank
    std::vector<int> ranks; // the ranks whose divergences it explains, ascending (its own included)
    // One per divergence it explains on another rank: the hops from the origin, e.g. rank 1's add, rank 1's isend,
    // rank 0's irecv (the node where rank 0's finder saw the error appear).
    std::vector<std::vector<RankNode>> paths;
};

// Ranked: most ranks reached first, then by the error the origin adds (inf and NaN first), then rank and order.
std::vector<CrossRankOrigin> traceOrigins(const std::vector<RankFindings>& ranks);

} // namespace ps
