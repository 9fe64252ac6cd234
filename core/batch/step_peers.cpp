#include "batch/step_peers.h"

#include "batch/distributed.h"

namespace ps {

std::vector<PeerLinks> peerLinksOfStep(const std::vector<GraphJob>& stepJobs, const EngineOptions& options,
    std::vector<std::string>& warnings, const Progress& progress)
{
    std::vector<JobResult> results;
    results.reserve(stepJobs.size());
    progress.plan(stepJobs.size(), false);
    for (size_t i = 0; i < stepJobs.size(); ++i) {
        progress.checkCancelled();
        progress.beginJob(i);
        results.push_back(
            { stepJobs[i], runPair(stepJobs[i].npuDir, stepJobs[i].benchDir, options, warnings, &progress) });
    }
    if (results.size() > 1)
        analyzeDistributed(results, warnings, options.profile);
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
