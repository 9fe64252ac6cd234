#pragma once
// The communication peers of every rank of one step, for a viewer that shows one rank at a time: the ranks are
// compared and analysed as the batch run does (batch/distributed.h), and only the links are kept, by node name,
// so that any rank's comparison (built again when the user opens it) can take them.
#include "batch/engine.h"
#include "source/source.h"

#include <array>
#include <string>
#include <unordered_map>
#include <vector>

namespace ps {

// Per side (Npu, Bench): node name -> its matched_distributed link.
using PeerLinks = std::array<std::unordered_map<std::string, DistributedLink>, 2>;

// One entry per job of `stepRanks` (indexes of `source`'s jobs: the ranks of one step, Source::stepRanks), in that
// order. Reports Stage::Compare per rank and throws Error(Cancelled) when `progress` is cancelled.
std::vector<PeerLinks> peerLinksOfStep(const Source& source, const std::vector<size_t>& stepRanks,
    std::vector<std::string>& warnings, RunContext& progress);

// `c`'s links replaced by those of `links` for the nodes of the same names (nodes absent from `links`: none).
void applyPeerLinks(Comparison& c, const PeerLinks& links);

} // namespace ps
