#include "session/sessioncontroller.h"

#include "compare/color_bins.h"
#include "models/graphtreemodel.h"
#include "session/exportjob.h"
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
            else if (channel == Channel::Trends)
                Q_EMIT trendsProgressChanged(permille, stage);
            else if (channel == Channel::Tensor)
                Q_EMIT tensorErrorProgress(permille, stage);
        });
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
    return m_source ? m_source->jobs() : none;
}

void SessionController::open(const OpenRequest& request)
{
    startLoad(request, nullptr, false);
}

void SessionController::selectJob(int index)
{
    if (index == m_request.jobIndex || index < 0 || size_t(index) >= jobs().size())
        return;
    OpenRequest r = m_request;
    r.jobIndex = index;
    startLoad(r, m_source, true);
}

bool SessionController::rerunWithLayerMapping(std::shared_ptr<const ps::LayerMappingRules> rules)
{
    if (!m_snapshot || !m_request.visPath.isEmpty() || !m_snapshot->hasSide(Side::Bench))
        return false; // a graph file or a build has no matching to redo
    OpenRequest r = m_request;
    r.layerMappingFile.clear();
    r.options.layerMapping = ps::layerMappingOf(*rules, "the layer mapping");
    auto source = std::make_shared<const ps::Source>(m_source->withOptions(r.options));
    startLoad(r, std::move(source), false);
    return true;
}

void SessionController::startLoad(
    const OpenRequest& request, std::shared_ptr<const ps::Source> source, bool sameComparison)
{
    if (LoadJob::isVisDb(request)) {
        m_runner->run(
            Channel::Load, tr("Starting…"),
            [request, source = std::move(source)](
                const JobContext& context) { return LoadJob::browse(request, source, context); },
            [this, sameComparison](LoadResult result) { finishBrowse(result, sameComparison); });
        return;
    }
    // Dumps: the trees show the matched structure while the pair is compared (finishMatched), the metrics and
    // colours follow with the result.
    const quint64 load = ++m_loads;
    m_runner->run(
        Channel::Load, tr("Starting…"),
        [this, request, source = std::move(source), sameComparison, load](const JobContext& context) {
            return LoadJob::run(request, source, context, GraphData::Structure,
                [this, context, sameComparison, load](LoadResult early) {
                    auto shown = std::make_shared<LoadResult>(std::move(early));
                    context.deliverPart([this, shown, sameComparison, load] {
                        finishLoad(*shown, sameComparison);
                        m_comparingLoad = load;
                    });
                });
        },
        [this, sameComparison, load](LoadResult result) {
            if (load == m_comparingLoad && m_snapshot && m_snapshot->comparing)
                finishCompared(result); // the pair whose structure is shown
            else
                finishLoad(result, sameComparison);
        });
}

void SessionController::finishCompared(LoadResult& result)
{
    std::vector<std::function<void()>> queued = std::exchange(m_afterComparing, {});
    if (!result.error.isEmpty() || !result.snapshot) {
        Q_EMIT loadFailed(result.error); // the structure stays on screen
        return;
    }
    replaceSnapshot(withColorRanges(std::move(result.snapshot)), Change::SameGraphs); // chosen meanwhile: they stay
    applyColorMetric();
    if (!result.warnings.isEmpty())
        Q_EMIT warningsReported(result.warnings);
    Q_EMIT comparisonCompleted();
    for (const auto& then : queued)
        then();
}

void SessionController::finishLoad(LoadResult& result, bool sameComparison)
{
    if (!result.error.isEmpty()) {
        Q_EMIT loadFailed(result.error); // the previous session stays as it was
        return;
    }
    if (!sameComparison) {
        m_runner->cancel(Channel::Peers);
        m_peers.clear();
        m_runner->cancel(Channel::Trends); // trends of the previous source describe other graphs
        ++m_sourceGeneration;
    }
    m_browser = std::move(result.browser);
    m_request = std::move(result.request);
    m_source = std::move(result.source);
    m_jobLabels = psui::jobLabels(jobs());
    m_colors.clear();
    m_colorMetric = ps::ColorMetric::Precision;
    m_microStep = -1;
    if (result.fresh)
        m_user->reset(std::move(result.session), result.sessionPath);
    const bool job = m_request.jobIndex >= 0 && size_t(m_request.jobIndex) < jobs().size();
    m_user->setGraph(
        job ? jobs()[size_t(m_request.jobIndex)].step : 0, job ? jobs()[size_t(m_request.jobIndex)].rank : 0);
    replaceSnapshot(std::move(result.snapshot), Change::NewSession);
    if (!result.warnings.isEmpty())
        Q_EMIT warningsReported(result.warnings);
    findPeers();
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
    if (!sameNodes)
        for (Channel channel :
            { Channel::Search, Channel::Filter, Channel::Edit, Channel::Diff, Channel::Details, Channel::Colors })
            m_runner->cancel(channel);
    const bool hadChanges = m_changes != nullptr && !sameNodes;
    if (!sameNodes)
        m_changes.reset();
    if (change == Change::NewSession)
        m_afterComparing.clear(); // they wait for another comparison
    m_snapshot = withPeers(std::move(snapshot));
    for (GraphTreeModel* model : m_models) {
        if (!sameNodes)
            model->setChanges(nullptr);
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
    if (hadChanges)
        Q_EMIT changesChanged();
}

void SessionController::cancel(Channel channel)
{
    if (channel == Channel::Load && m_snapshot && m_snapshot->comparing) {
        m_afterComparing.clear();
        m_runner->cancel(channel, tr("Cancelled; the trees show the matched nodes without metrics."));
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

void SessionController::exportVis(const QString& path)
{
    const QString problem = ExportJob::problem(path);
    if (!problem.isEmpty()) {
        Q_EMIT exportFinished(path, problem);
        return;
    }
    runExport(path, &ExportJob::write);
}

void SessionController::exportReport(const QString& path)
{
    runExport(path, &ExportJob::writeReport);
}

void SessionController::runExport(const QString& path, QString (*write)(const ExportRequest&))
{
    if (!m_snapshot || !m_snapshot->comparison) {
        Q_EMIT exportFinished(path, tr("Nothing to export."));
        return;
    }
    if (!m_snapshot->isComplete()) { // an export writes every item and metric: it waits until they are there
        withNodeData([this, path, write] { runExport(path, write); });
        return;
    }
    ExportRequest request;
    request.path = path;
    request.comparison = ExportJob::withLegend(m_snapshot->comparison, m_colors);
    request.meta = m_snapshot->meta;
    request.step = m_user->step();
    request.rank = m_user->rank();
    request.notes = m_user->notesOfGraph(); // a .vis/.vis.db carries them to a colleague
    m_runner->run(
        Channel::Export, {}, [request, write](const JobContext&) { return write(request); },
        [this, path](const QString& error) { Q_EMIT exportFinished(path, error); });
}

} // namespace psui
