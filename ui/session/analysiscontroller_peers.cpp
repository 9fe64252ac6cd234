// Communication peers of multi-rank dump sessions: the batch run analyses every rank of a step together
// (matched_distributed); the viewer compares one rank at a time, so the step's ranks are analysed once in the
// background on the Peers channel and each rank's links are kept for when it is opened.
#include "session/analysiscontroller.h"

#include "session/errortext.h"
#include "session/sessioncontroller.h"

namespace psui {

namespace {

bool hasLinks(const ps::PeerLinks& links)
{
    return !links[0].empty() || !links[1].empty();
}

struct PeersResult {
    std::vector<int> jobs; // indexes into the session's jobs, in the order of `links`
    std::vector<ps::PeerLinks> links;
    QString error;
};

} // namespace

void AnalysisController::findPeers()
{
    const int current = m_session.currentJob();
    const std::shared_ptr<const ps::Source> source = m_session.source();
    if (!source || current < 0 || m_peers.contains(current))
        return;
    // Graph files carry their links; a merged parallel run has one graph per step.
    const std::vector<size_t> ranks = source->stepRanks(size_t(current));
    if (ranks.size() < 2)
        return;
    m_runner.run(
        Channel::Peers, tr("Finding the communication peers of the other ranks…"),
        [ranks, source](const JobContext& context) {
            PeersResult result;
            result.jobs.assign(ranks.begin(), ranks.end());
            try {
                ps::RunContext progress(
                    [&](ps::Stage, double overall) { context.progress(int(overall * 1000), QString()); },
                    context.cancelFlag());
                std::vector<std::string> warnings; // the load of each rank reports its own
                result.links = ps::peerLinksOfStep(*source, ranks, warnings, progress);
            } catch (const std::exception& e) {
                result.error = ErrorText::of(e);
            }
            return result;
        },
        [this](const PeersResult& result) {
            if (!result.error.isEmpty()) {
                Q_EMIT m_session.warningsReported(
                    { tr("The communication peers could not be found: %1").arg(result.error) });
                return;
            }
            for (size_t i = 0; i < result.jobs.size(); ++i)
                m_peers[result.jobs[i]] = result.links[i];
            const auto shown = m_peers.find(m_session.currentJob());
            if (m_session.snapshot() && shown != m_peers.end() && hasLinks(shown->second))
                m_session.relink();
        });
}

std::shared_ptr<const Snapshot> AnalysisController::withPeers(std::shared_ptr<const Snapshot> snapshot) const
{
    const auto links = m_peers.find(m_session.currentJob());
    // A rank without communication nodes keeps its snapshot: nothing to copy on every recolour or edit.
    if (!snapshot || !snapshot->comparison || links == m_peers.end() || !hasLinks(links->second)
        || !snapshot->comparison->distributed[0].empty() || !snapshot->comparison->distributed[1].empty())
        return snapshot;
    // Only the link tables change: the graphs stay shared, the per-node vectors are copied once per rank shown.
    auto comparison = std::make_shared<ps::Comparison>(*snapshot->comparison);
    ps::applyPeerLinks(*comparison, links->second);
    auto linked = std::make_shared<Snapshot>(*snapshot);
    linked->comparison = std::move(comparison);
    return linked;
}

} // namespace psui
