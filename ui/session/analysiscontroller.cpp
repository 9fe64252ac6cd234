#include "session/analysiscontroller.h"

#include "models/graphtreemodel.h"
#include "session/diffjob.h"
#include "session/exportjob.h"
#include "session/sessioncontroller.h"
#include "session/usersession.h"

namespace psui {

AnalysisController::AnalysisController(SessionController& session, JobRunner& runner)
    : QObject(&session)
    , m_session(session)
    , m_runner(runner)
{
    connect(&m_runner, &JobRunner::progressChanged, this, [this](Channel channel, int permille, const QString& stage) {
        if (channel == Channel::Trends)
            Q_EMIT trendsProgressChanged(permille, stage);
        else if (channel == Channel::Tensor)
            Q_EMIT tensorErrorProgress(permille, stage);
    });
}

void AnalysisController::sourceReplaced()
{
    m_runner.cancel(Channel::Peers);
    m_peers.clear();
    m_runner.cancel(Channel::Trends); // trends of the previous source describe other graphs
}

void AnalysisController::nodesReplaced()
{
    for (Channel channel : { Channel::Edit, Channel::Diff })
        m_runner.cancel(channel);
    if (!m_changes)
        return;
    m_changes.reset();
    for (Side side : { Side::Npu, Side::Bench })
        m_session.model(side)->setChanges(nullptr);
    Q_EMIT changesChanged();
}

QString AnalysisController::manualMatchRefusal() const
{
    return AnalysisJobs::refusal(m_session.snapshot().get());
}

void AnalysisController::edit(const QString& stage, AnalysisJobs::Mutation mutation)
{
    if (!m_session.snapshot() || !m_session.snapshot()->comparison) {
        Q_EMIT matchFinished({ 0, {}, tr("Nothing is open.") });
        return;
    }
    if (const QString refusal = manualMatchRefusal(); !refusal.isEmpty()) {
        Q_EMIT matchFinished({ 0, {}, refusal });
        return;
    }
    // Matching recomputes metrics from the items: a comparison shown without them is read whole first.
    m_session.withNodeData([this, stage, mutation] {
        m_runner.run(
            Channel::Edit, stage,
            [base = m_session.snapshot(), mutation](const JobContext&) { return AnalysisJobs::edit(base, mutation); },
            [this](EditResult result) {
                if (result.snapshot)
                    m_session.showEdited(std::move(result.snapshot));
                Q_EMIT matchFinished(result.outcome);
            });
    });
}

void AnalysisController::matchNodes(NodeId npu, NodeId bench, bool withChildren)
{
    edit(tr("Matching nodes and recomputing…"), AnalysisJobs::match(npu, bench, withChildren));
}

void AnalysisController::unmatchNodes(NodeId npu, NodeId bench, bool withChildren)
{
    edit(tr("Unmatching nodes…"), AnalysisJobs::unmatch(npu, bench, withChildren));
}

void AnalysisController::loadMatchConfig(const QString& path)
{
    edit(tr("Applying %1…").arg(path), AnalysisJobs::applyConfig(path));
}

void AnalysisController::saveMatchConfig(const QString& path)
{
    const std::shared_ptr<const Snapshot> snapshot = m_session.snapshot();
    if (!snapshot || !snapshot->comparison) {
        Q_EMIT matchConfigSaved(path, tr("Nothing is open."));
        return;
    }
    m_runner.run(
        Channel::Export, {},
        [comparison = snapshot->comparison, path](
            const JobContext&) { return AnalysisJobs::saveConfig(*comparison, path); },
        [this, path](const QString& error) { Q_EMIT matchConfigSaved(path, error); });
}

void AnalysisController::diagnose(const ps::DiagnoseOptions& options)
{
    m_session.withNodeData([this, options] {
        m_runner.run(
            Channel::Diagnose, {},
            [snapshot = m_session.snapshot(), options](
                const JobContext&) { return AnalysisJobs::diagnose(snapshot, options); },
            [this](const DiagnoseOutcome& outcome) { Q_EMIT diagnoseFinished(outcome); });
    });
}

bool AnalysisController::canTraceAcrossRanks() const
{
    const int job = m_session.currentJob();
    return m_session.source() && m_session.snapshot() && m_session.snapshot()->hasSide(Side::Bench) && job >= 0
        && m_session.source()->stepRanks(size_t(job)).size() > 1;
}

bool AnalysisController::traceAcrossRanks(const ps::DiagnoseOptions& options)
{
    if (!canTraceAcrossRanks())
        return false;
    const std::shared_ptr<const ps::Source> source = m_session.source();
    m_runner.run(
        Channel::Diagnose, tr("Comparing the ranks of this step…"),
        [source, ranks = source->stepRanks(size_t(m_session.currentJob())), options,
            generation = m_session.sourceGeneration()](const JobContext& context) {
            OriginsOutcome outcome = AnalysisJobs::traceOrigins(*source, ranks, options, context.cancelFlag(),
                [&](int permille) { context.progress(permille, QString()); });
            outcome.sourceGeneration = generation;
            return outcome;
        },
        [this](const OriginsOutcome& outcome) { Q_EMIT originsFinished(outcome); });
    return true;
}

void AnalysisController::compareWith(const QString& path)
{
    m_session.withNodeData([this, path] { startDiff(path); });
}

void AnalysisController::startDiff(const QString& path)
{
    DiffRequest request { path, m_session.request().options, m_session.snapshot() };
    if (const ps::GraphJob* job = m_session.shownJob()) {
        request.step = job->step;
        request.rank = job->rank;
    }
    m_runner.run(
        Channel::Diff, tr("Comparing with %1…").arg(path),
        [request](const JobContext& context) { return DiffJob::run(request, context); },
        [this, after = m_session.snapshot()](const DiffOutcome& outcome) {
            if (!outcome.error.isEmpty())
                Q_EMIT compareFailed(outcome.error);
            else if (after == m_session.snapshot()) // nodesReplaced cancels the job; this guards the rest
                setChanges(outcome.changes);
        });
}

void AnalysisController::stopComparing()
{
    m_runner.cancel(Channel::Diff);
    setChanges(nullptr);
}

void AnalysisController::setChanges(std::shared_ptr<const ChangeMap> changes)
{
    if (!changes && !m_changes)
        return;
    m_changes = std::move(changes);
    for (Side side : { Side::Npu, Side::Bench })
        m_session.model(side)->setChanges(m_changes);
    Q_EMIT changesChanged();
}

bool AnalysisController::hasTrends() const
{
    return m_session.jobs().size() > 1;
}

void AnalysisController::computeTrends()
{
    if (!hasTrends()) {
        Q_EMIT trendsFinished(
            nullptr, tr("This session has a single graph: there are no trends."), m_session.sourceGeneration());
        return;
    }
    m_runner.run(
        Channel::Trends, tr("Computing trends…"),
        [source = m_session.source()](const JobContext& context) { return TrendsJob::run(source, context); },
        [this, generation = m_session.sourceGeneration()](
            const TrendsResult& result) { Q_EMIT trendsFinished(result.trends, result.error, generation); });
}

void AnalysisController::computeTensorError(const TensorErrorRequest& request)
{
    m_runner.run(
        Channel::Tensor, tr("Comparing the tensors…"),
        [request](const JobContext& context) { return TensorErrorJob::run(request, context); },
        [this](const TensorErrorOutcome& outcome) { Q_EMIT tensorErrorFinished(outcome); });
}

void AnalysisController::exportVis(const QString& path)
{
    const QString problem = ExportJob::problem(path);
    if (!problem.isEmpty()) {
        Q_EMIT exportFinished(path, problem);
        return;
    }
    runExport(path, &ExportJob::write);
}

void AnalysisController::exportReport(const QString& path)
{
    runExport(path, &ExportJob::writeReport);
}

void AnalysisController::runExport(const QString& path, QString (*write)(const ExportRequest&))
{
    const std::shared_ptr<const Snapshot> snapshot = m_session.snapshot();
    if (!snapshot || !snapshot->comparison) {
        Q_EMIT exportFinished(path, tr("Nothing to export."));
        return;
    }
    if (!snapshot->isComplete()) { // an export writes every item and metric: it waits until they are there
        m_session.withNodeData([this, path, write] { runExport(path, write); });
        return;
    }
    const UserSession& user = *m_session.userSession();
    ExportRequest request;
    request.path = path;
    request.comparison = ExportJob::withLegend(snapshot->comparison, m_session.chosenColors());
    request.meta = snapshot->meta;
    request.step = user.step();
    request.rank = user.rank();
    request.notes = user.notesOfGraph(); // a .vis/.vis.db carries them to a colleague
    m_runner.run(
        Channel::Export, {}, [request, write](const JobContext&) { return write(request); },
        [this, path](const QString& error) { Q_EMIT exportFinished(path, error); });
}

} // namespace psui
