// The session controller's analysis requests: manual match / unmatch, .vis.config files, the first-divergence
// finder (run by AnalysisJobs against the snapshot of the moment), the diff with another comparison (DiffJob) and
// the trends over the session's steps and ranks (TrendsJob).
#include "session/sessioncontroller.h"

#include "models/graphtreemodel.h"
#include "session/diffjob.h"

namespace psui {

void SessionController::edit(const QString& stage, AnalysisJobs::Mutation mutation)
{
    if (!m_snapshot || !m_snapshot->comparison) {
        Q_EMIT matchFinished({ 0, {}, tr("Nothing is open.") });
        return;
    }
    if (const QString refusal = manualMatchRefusal(); !refusal.isEmpty()) {
        Q_EMIT matchFinished({ 0, {}, refusal });
        return;
    }
    // Matching recomputes metrics from the items: a comparison shown without them is read whole first.
    withNodeData([this, stage, mutation] {
        m_runner->run(
            Channel::Edit, stage,
            [base = m_snapshot, mutation](const JobContext&) { return AnalysisJobs::edit(base, mutation); },
            [this](EditResult result) {
                if (result.snapshot)
                    replaceSnapshot(std::move(result.snapshot), Change::SameGraphs);
                Q_EMIT matchFinished(result.outcome);
            });
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
    withNodeData([this, options] {
        m_runner->run(
            Channel::Diagnose, {},
            [snapshot = m_snapshot, options](const JobContext&) { return AnalysisJobs::diagnose(snapshot, options); },
            [this](const DiagnoseOutcome& outcome) { Q_EMIT diagnoseFinished(outcome); });
    });
}

bool SessionController::canTraceAcrossRanks() const
{
    return m_source && m_snapshot && m_snapshot->hasSide(Side::Bench) && m_request.jobIndex >= 0
        && m_source->stepRanks(size_t(m_request.jobIndex)).size() > 1;
}

bool SessionController::traceAcrossRanks(const ps::DiagnoseOptions& options)
{
    if (!canTraceAcrossRanks())
        return false;
    m_runner->run(
        Channel::Diagnose, tr("Comparing the ranks of this step…"),
        [source = m_source, ranks = m_source->stepRanks(size_t(m_request.jobIndex)), options,
            generation = m_sourceGeneration](const JobContext& context) {
            OriginsOutcome outcome = AnalysisJobs::traceOrigins(*source, ranks, options, context.cancelFlag(),
                [&](int permille) { context.progress(permille, QString()); });
            outcome.sourceGeneration = generation;
            return outcome;
        },
        [this](const OriginsOutcome& outcome) { Q_EMIT originsFinished(outcome); });
    return true;
}

void SessionController::compareWith(const QString& path)
{
    withNodeData([this, path] { startDiff(path); });
}

void SessionController::startDiff(const QString& path)
{
    DiffRequest request { path, m_request.options, m_snapshot };
    if (m_request.jobIndex >= 0 && size_t(m_request.jobIndex) < jobs().size()) {
        request.step = jobs()[size_t(m_request.jobIndex)].step;
        request.rank = jobs()[size_t(m_request.jobIndex)].rank;
    }
    m_runner->run(
        Channel::Diff, tr("Comparing with %1…").arg(path),
        [request](const JobContext& context) { return DiffJob::run(request, context); },
        [this, after = m_snapshot](const DiffOutcome& outcome) {
            if (!outcome.error.isEmpty())
                Q_EMIT compareFailed(outcome.error);
            else if (after == m_snapshot) // replaceSnapshot cancels the job; this guards the rest
                setChanges(outcome.changes);
        });
}

void SessionController::stopComparing()
{
    m_runner->cancel(Channel::Diff);
    setChanges(nullptr);
}

void SessionController::setChanges(std::shared_ptr<const ChangeMap> changes)
{
    if (!changes && !m_changes)
        return;
    m_changes = std::move(changes);
    for (GraphTreeModel* model : m_models)
        model->setChanges(m_changes);
    Q_EMIT changesChanged();
}

void SessionController::computeTrends()
{
    if (!hasTrends()) {
        Q_EMIT trendsFinished(nullptr, tr("This session has a single graph: there are no trends."), m_sourceGeneration);
        return;
    }
    m_runner->run(
        Channel::Trends, tr("Computing trends…"),
        [source = m_source](const JobContext& context) { return TrendsJob::run(source, context); },
        [this, generation = m_sourceGeneration](
            const TrendsResult& result) { Q_EMIT trendsFinished(result.trends, result.error, generation); });
}

} // namespace psui
