#include "session/sessioncontroller.h"

#include "models/graphtreemodel.h"
#include "session/analysiscontroller.h"
#include "session/loadjob.h"
#include "session/usersession.h"

#include "match/layer_mapping.h"
#include "match/layer_mapping_rules.h"

namespace psui {

SessionController::SessionController(QObject* parent)
    : QObject(parent)
    , m_models { new GraphTreeModel(Side::Npu, this), new GraphTreeModel(Side::Bench, this) }
    , m_user(new UserSession(this))
    , m_runner(std::make_unique<JobRunner>())
    , m_loader(new SessionLoader(*m_runner, this))
    , m_analysis(new AnalysisController(*this, *m_runner))
{
    for (GraphTreeModel* model : m_models)
        model->setChildLoader([this](Side side, NodeId node) { loadChildren(side, node); });
    qRegisterMetaType<psui::QueryResult>();
    connect(m_user, &UserSession::notesChanged, this, &SessionController::showNotes);
    connect(m_runner.get(), &JobRunner::busyChanged, this, &SessionController::busyChanged);
    connect(
        m_runner.get(), &JobRunner::progressChanged, this, [this](Channel channel, int permille, const QString& stage) {
            if (channel == Channel::Load || channel == Channel::Diff || channel == Channel::Colors)
                Q_EMIT progressChanged(permille, stage);
        });
    connect(
        m_loader, &SessionLoader::opened, this, [this](const std::shared_ptr<LoadResult>& result, bool sameComparison) {
            showOpened(*result, sameComparison);
        });
    connect(m_loader, &SessionLoader::compared, this,
        [this](const std::shared_ptr<LoadResult>& result) { showCompared(*result); });
    connect(m_loader, &SessionLoader::completed, this,
        [this](const std::shared_ptr<LoadResult>& result, bool sameNodes) { showCompleted(*result, sameNodes); });
    connect(m_loader, &SessionLoader::failed, this, &SessionController::loadFailed);
    connect(m_loader, &SessionLoader::phaseChanged, this, &SessionController::loadPhaseChanged);
    connect(m_loader, &SessionLoader::nodeDataReady, this, &SessionController::nodeDataReady);
}

SessionController::~SessionController() = default; // m_runner goes first: it waits for the workers

bool SessionController::openPaths(const QStringList& paths, const OpenOptions& options)
{
    QString why;
    const std::optional<OpenRequest> request = OpenPaths::interpret(paths, options, why);
    if (!request)
        Q_EMIT loadFailed(why);
    else
        open(*request);
    return request.has_value();
}

const std::vector<ps::GraphJob>& SessionController::jobs() const
{
    static const std::vector<ps::GraphJob> none;
    return source() ? source()->jobs() : none;
}

const ps::GraphJob* SessionController::shownJob() const
{
    const int index = currentJob();
    return index >= 0 && size_t(index) < jobs().size() ? &jobs()[size_t(index)] : nullptr;
}

void SessionController::open(const OpenRequest& request)
{
    m_loader->open(request, nullptr, false);
}

void SessionController::selectJob(int index)
{
    if (index == currentJob() || index < 0 || size_t(index) >= jobs().size())
        return;
    OpenRequest r = request();
    r.jobIndex = index;
    m_loader->open(r, source(), true);
}

bool SessionController::rerunWithLayerMapping(std::shared_ptr<const ps::LayerMappingRules> rules)
{
    if (!m_snapshot || !request().visPath.isEmpty() || !m_snapshot->hasSide(Side::Bench))
        return false; // a graph file or a build has no matching to redo
    OpenRequest r = request();
    r.layerMappingFile.clear();
    r.options.layerMapping = ps::layerMappingOf(*rules, "the layer mapping");
    m_loader->open(r, std::make_shared<const ps::Source>(source()->withOptions(r.options)), false);
    return true;
}

void SessionController::showCompared(LoadResult& result)
{
    replaceSnapshot(withColorRanges(std::move(result.snapshot)), Change::SameGraphs); // chosen meanwhile: they stay
    applyColorMetric();
    if (!result.warnings.isEmpty())
        Q_EMIT warningsReported(result.warnings);
    Q_EMIT comparisonCompleted();
}

void SessionController::showOpened(LoadResult& result, bool sameComparison)
{
    if (!sameComparison) {
        m_analysis->sourceReplaced();
        ++m_sourceGeneration;
    }
    m_jobLabels = psui::jobLabels(jobs());
    m_colors.clear();
    m_colorMetric = ps::ColorMetric::Precision;
    m_microStep = -1;
    if (result.fresh)
        m_user->reset(std::move(result.session), result.sessionPath);
    const ps::GraphJob* job = shownJob();
    m_user->setGraph(job ? job->step : 0, job ? job->rank : 0);
    replaceSnapshot(std::move(result.snapshot), Change::NewSession);
    if (!result.warnings.isEmpty())
        Q_EMIT warningsReported(result.warnings);
    m_analysis->findPeers();
    if (!result.sessionError.isEmpty())
        Q_EMIT sessionFileFailed(result.sessionError);
    else if (result.sessionRestored)
        Q_EMIT sessionRestored(result.sessionPath);
}

void SessionController::showNotes()
{
    std::shared_ptr<const GraphNotes> notes;
    if (m_snapshot)
        notes = std::make_shared<const GraphNotes>(
            notesOnGraph(*m_snapshot, m_user->notes(), m_user->step(), m_user->rank()));
    for (GraphTreeModel* model : m_models)
        model->setNotes(notes);
}

void SessionController::replaceSnapshot(std::shared_ptr<const Snapshot> snapshot, Change change)
{
    // Queries, edits and a diff still running describe the old snapshot; the communication peers alone change no
    // node (a diff shown stays). A diff describes the snapshot it was computed against: new graphs, matches or
    // colours end it.
    const bool sameNodes = change == Change::Links;
    if (!sameNodes) {
        for (Channel channel : { Channel::Search, Channel::Filter, Channel::Details, Channel::Colors })
            m_runner->cancel(channel);
        m_analysis->nodesReplaced();
    }
    m_snapshot = m_analysis->withPeers(std::move(snapshot));
    for (GraphTreeModel* model : m_models) {
        if (change == Change::NewSession)
            model->setSnapshot(m_snapshot);
        else
            model->updateSnapshot(m_snapshot);
    }
    showNotes();
    if (change == Change::NewSession)
        Q_EMIT sessionChanged();
    else
        Q_EMIT snapshotUpdated();
}

void SessionController::showEdited(std::shared_ptr<const Snapshot> snapshot)
{
    if (m_colorMetric == ps::ColorMetric::Truth && snapshot && !snapshot->truth)
        m_colorMetric = ps::ColorMetric::Precision; // the truth run judged the pairs this match changed
    replaceSnapshot(std::move(snapshot), Change::SameGraphs);
}

void SessionController::relink()
{
    replaceSnapshot(m_snapshot, Change::Links);
}

void SessionController::cancel(Channel channel)
{
    if (channel == Channel::Load) {
        m_loader->cancel();
        return;
    }
    if (channel == Channel::Colors && m_snapshot) {
        m_colorMetric = m_snapshot->metric; // the colours shown stay, and the legend names them again
        m_runner->cancel(channel, tr("Cancelled; the colours are kept."));
        Q_EMIT snapshotUpdated();
        return;
    }
    m_runner->cancel(channel, tr("Cancelled; the previous session is kept."));
}

void SessionController::setMicroStep(int step)
{
    step = m_snapshot && step >= 0 && step < m_snapshot->microSteps() ? step : -1;
    if (step == m_microStep)
        return;
    m_microStep = step;
    Q_EMIT microStepChanged(step);
}

void SessionController::search(int sides, const SearchQuery& request)
{
    SearchQuery query = request;
    query.microStep = m_microStep;
    // A newer search (the next keystroke) sets this one's cancel flag, which stops it on its worker: a slow
    // regular expression never queues the searches behind it.
    m_runner->run(
        Channel::Search, {},
        [snapshot = m_snapshot, sides, query](const JobContext& context) {
            return searchSides(snapshot, sides, query, [&context] { return context.isCancelled(); });
        },
        [this](const QueryResult& result) { Q_EMIT searchFinished(result); });
}

void SessionController::filter(const NodeFilter& request)
{
    NodeFilter nodeFilter = request;
    nodeFilter.microStep = m_microStep;
    m_runner->run(
        Channel::Filter, {},
        [snapshot = m_snapshot, nodeFilter](const JobContext&) { return filterSides(snapshot, nodeFilter); },
        [this](const QueryResult& result) { Q_EMIT filterFinished(result); });
}

void SessionController::loadChildren(Side side, NodeId node)
{
    std::shared_ptr<const Snapshot> grown = m_loader->expand(side, node);
    if (!grown)
        return;
    m_snapshot = std::move(grown);
    for (GraphTreeModel* model : m_models)
        model->growSnapshot(m_snapshot);
    showNotes();
    Q_EMIT snapshotGrew();
}

void SessionController::requestNodeData(NodeId npu, NodeId bench)
{
    m_loader->requestNodeData(m_snapshot, npu, bench);
}

void SessionController::showCompleted(LoadResult& result, bool sameNodes)
{
    std::shared_ptr<const Snapshot> snapshot = withColorRanges(std::move(result.snapshot)); // chosen meanwhile
    if (sameNodes) {
        replaceSnapshot(std::move(snapshot), Change::SameGraphs);
    } else {
        Q_EMIT graphCompleting();
        replaceSnapshot(std::move(snapshot), Change::NewSession);
        Q_EMIT graphCompleted();
    }
    applyColorMetric();
}

} // namespace psui
