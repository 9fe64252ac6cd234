// The session controller's analysis requests: manual match / unmatch, .vis.config files and the first-divergence
// finder, run by AnalysisJobs against the snapshot of the moment; the trends over the session's steps and ranks.
#include "session/sessioncontroller.h"

namespace psui {

void SessionController::edit(const QString& stage, AnalysisJobs::Mutation mutation)
{
    const auto base = m_snapshot;
    if (!base || !base->comparison) {
        Q_EMIT matchFinished({ 0, {}, tr("Nothing is open.") });
        return;
    }
    m_runner->run(
        Channel::Edit, stage, [base, mutation](const JobContext&) { return AnalysisJobs::edit(base, mutation); },
        [this](EditResult result) {
            if (result.snapshot)
                replaceSnapshot(std::move(result.snapshot), Change::SameGraphs);
            Q_EMIT matchFinished(result.outcome);
        });
}

void SessionController::matchNodes(NodeId npu, NodeId bench, bool withChildren)
{
    edit(tr("Matching nodes and recomputing…"), AnalysisJobs::match(npu, bench, withChildren));
}

void SessionController::unmatchNodes(NodeId npu, NodeId bench, bool withChildren)
{
    edit(tr("Unmatching nodes…"), AnalysisJobs::unmatch(npu, bench, withChildren));
}

void SessionController::loadMatchConfig(const QString& path)
{
    edit(tr("Applying %1…").arg(path), AnalysisJobs::applyConfig(path));
}

void SessionController::saveMatchConfig(const QString& path)
{
    if (!m_snapshot || !m_snapshot->comparison) {
        Q_EMIT matchConfigSaved(path, tr("Nothing is open."));
        return;
    }
    m_runner->run(
        Channel::Export, {},
        [comparison = m_snapshot->comparison, path](
            const JobContext&) { return AnalysisJobs::saveConfig(*comparison, path); },
        [this, path](const QString& error) { Q_EMIT matchConfigSaved(path, error); });
}

void SessionController::diagnose(const ps::DiagnoseOptions& options)
{
    m_runner->run(
        Channel::Diagnose, {},
        [snapshot = m_snapshot, options](const JobContext&) { return AnalysisJobs::diagnose(snapshot, options); },
        [this](const DiagnoseOutcome& outcome) { Q_EMIT diagnoseFinished(outcome); });
}

void SessionController::computeTrends()
{
    if (!hasTrends()) {
        Q_EMIT trendsFinished(nullptr, tr("This session has a single graph: there are no trends."), m_sourceGeneration);
        return;
    }
    m_runner->run(
        Channel::Trends, tr("Computing trends…"),
        [request = m_request, jobs = m_jobs](
            const JobContext& context) { return TrendsJob::run(request, jobs, context); },
        [this, generation = m_sourceGeneration](
            const TrendsResult& result) { Q_EMIT trendsFinished(result.trends, result.error, generation); });
}

} // namespace psui
