#include "source/step_peers.h"

#include "batch/distributed.h"

namespace ps {

std::vector<PeerLinks> peerLinksOfStep(const Source& source, const std::vector<size_t>& stepRanks,
    std::vector<std::string>& warnings, RunContext& progress)
{
    std::vector<JobResult> results;
    results.reserve(stepRanks.size());
    progress.plan(stepRanks.size(), false);
    for (size_t i = 0; i < stepRanks.size(); ++i) {
        progress.checkCancelled();
        progress.beginJob(i);
        results.push_back({ source.jobs().at(stepRanks[i]), source.load(stepRanks[i], warnings, &progress) });
    }
    if (results.size() > 1)
        analyzeDistributed(results, warnings, source.options().profile);
    std::vector<PeerLinks> out(results.size());
    for (size_t i = 0; i < results.size(); ++i) {
        const Comparison& c = *results[i].comparison;
        for (size_t side = 0; side < 2; ++side) {
            if (!c.graphs[side])
                continue;
            for (const auto& [node, link] : c.distributed[side])
                out[i][side].emplace(std::string(c.graphs[side]->nameOf(node)), link);
        }
        results[i].comparison.reset(); // one rank's graphs freed at a time
    }
    return out;
}

void applyPeerLinks(Comparison& c, const PeerLinks& links)
{
    for (size_t side = 0; side < 2; ++side) {
        c.distributed[side].clear();
        if (!c.graphs[side])
            continue;
        for (const auto& [name, link] : links[side])
            if (const NodeId n = c.graphs[side]->find(name); n != kNoNode)
                c.distributed[side].emplace(n, link);
    }
}

} // namespace ps
