#include "session/sessioncontroller.h"

#include "batch/layout.h"
#include "batch/merge_run.h"
#include "io/file_io.h"
#include "models/graphtreemodel.h"
#include "util/error.h"
#include "vis/vis_db_reader.h"
#include "vis/vis_db_writer.h"
#include "vis/vis_reader.h"
#include "vis/vis_writer.h"

#include <QDir>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace psui {

struct SessionController::LoadResult {
    OpenRequest request;
    std::vector<ps::GraphJob> jobs;
    std::shared_ptr<const Snapshot> snapshot;
    QStringList warnings;
    QString error;
};

namespace {

QString jobLabel(const ps::GraphJob& job)
{
    QStringList parts;
    if (!job.stepDir.empty())
        parts << QString::fromStdString(job.stepDir);
    if (!job.rankDir.empty())
        parts << QString::fromStdString(job.rankDir);
    return parts.join(QStringLiteral(" / "));
}

// A .vis file is one graph; a .vis.db holds one per step and rank (listed as jobs).
ps::VisDocument readGraphFile(const OpenRequest& request, std::vector<ps::GraphJob>& jobs)
{
    const std::string path = request.visPath.toStdString();
    if (!request.visPath.endsWith(QLatin1String(".vis.db")))
        return ps::readVisFile(path);
    if (jobs.empty()) {
        for (const auto& [step, rank] : ps::listVisDb(path).graphs) {
            ps::GraphJob job;
            job.step = step;
            job.rank = rank;
            job.stepDir = "step" + std::to_string(step);
            job.rankDir = "rank" + std::to_string(rank);
            jobs.push_back(job);
        }
    }
    if (jobs.empty())
        throw ps::Error(ps::ErrorCode::BadContent, path, "the database holds no graph");
    const ps::GraphJob& job = jobs[size_t(std::clamp(request.jobIndex, 0, int(jobs.size()) - 1))];
    return ps::readVisDbGraph(path, job.step, job.rank);
}

using ProgressSink = std::function<void(int permille, const QString& stage)>;

// Runs on a worker thread: layout -> job plan -> build and compare -> view roll-ups.
std::shared_ptr<SessionController::LoadResult> runLoad(
    OpenRequest request, std::vector<ps::GraphJob> jobs, std::shared_ptr<std::atomic<bool>> cancel, ProgressSink sink)
{
    auto result = std::make_shared<SessionController::LoadResult>();
    ps::Progress progress(
        [&](ps::Stage stage, double overall) { sink(int(overall * 1000), SessionController::stageText(stage)); },
        cancel.get());
    try {
        if (!request.visPath.isEmpty()) {
            sink(-1, SessionController::tr("Reading %1…").arg(QFileInfo(request.visPath).fileName()));
            ps::VisDocument document = readGraphFile(request, jobs);
            progress.checkCancelled();
            sink(-1, SessionController::tr("Preparing the view…"));
            request.jobIndex = jobs.empty() ? 0 : std::clamp(request.jobIndex, 0, int(jobs.size()) - 1);
            result->snapshot = makeSnapshot(std::move(document.comparison), &document.meta);
            result->request = std::move(request);
            result->jobs = std::move(jobs);
            return result;
        }
        if (jobs.empty()) {
            if (!request.compareJson.isEmpty()) {
                ps::CompareConfig config = ps::readCompareJson(request.compareJson.toStdString());
                request.npuPath = QString::fromStdString(config.npuPath);
                request.benchPath = QString::fromStdString(config.benchPath);
            }
            const ps::CompareConfig config { request.npuPath.toStdString(), request.benchPath.toStdString() };
            // A parallel run merged as msprobe 26.0.0 merges it: one job per step (and data-parallel replica).
            jobs = request.options.parallel.empty() ? ps::planJobs(config.npuPath, config.benchPath, std::string())
                                                    : ps::planMergedJobs(config, request.options);
        }
        if (jobs.empty())
            throw ps::Error(ps::ErrorCode::BadLayout, request.npuPath.toStdString(), "no dump found");
        request.jobIndex = std::clamp(request.jobIndex, 0, int(jobs.size()) - 1);
        const ps::GraphJob& job = jobs[size_t(request.jobIndex)];
        std::vector<std::string> warnings;
        auto comparison = request.options.parallel.empty()
            ? ps::runPair(job.npuDir, job.benchDir, request.options, warnings, &progress)
            : ps::runMergedPair(job, request.options, warnings, progress);
        sink(1000, SessionController::tr("Preparing the view…"));
        result->snapshot = makeSnapshot(std::move(comparison));
        for (const std::string& w : warnings)
            result->warnings << QString::fromStdString(w);
    } catch (const std::exception& e) {
        result->error = QString::fromUtf8(e.what());
    }
    result->request = std::move(request);
    result->jobs = std::move(jobs);
    return result;
}

} // namespace

QString OpenRequest::recentEntry() const
{
    if (!visPath.isEmpty())
        return visPath;
    if (!compareJson.isEmpty())
        return compareJson;
    return benchPath.isEmpty() ? npuPath : npuPath % QLatin1Char('\n') % benchPath;
}

size_t QueryResult::hitCount() const
{
    size_t n = 0;
    for (const auto& s : sides)
        n += s ? s->hits.size() : 0;
    return n;
}

QString QueryResult::error() const
{
    for (const auto& s : sides)
        if (s && !s->error.isEmpty())
            return s->error;
    return {};
}

SessionController::SessionController(QObject* parent)
    : QObject(parent)
    , m_models { new GraphTreeModel(Side::Npu, this), new GraphTreeModel(Side::Bench, this) }
{
    qRegisterMetaType<psui::QueryResult>();
}

SessionController::~SessionController()
{
    // Workers post progress to this object: stop them and wait before it goes away.
    if (m_cancelLoad)
        *m_cancelLoad = true;
    waitForLoads();
}

void SessionController::waitForLoads()
{
    for (auto& future : m_loads)
        future.waitForFinished();
    m_loads.clear();
}

QString SessionController::stageText(ps::Stage stage)
{
    switch (stage) {
    case ps::Stage::ReadDump:
        return tr("Reading dump.json…");
    case ps::Stage::ReadStructure:
        return tr("Reading construct.json and stack.json…");
    case ps::Stage::Build:
        return tr("Building the graphs…");
    case ps::Stage::Match:
        return tr("Matching nodes…");
    case ps::Stage::Compare:
        return tr("Comparing…");
    case ps::Stage::Tensors:
        return tr("Comparing tensors…");
    case ps::Stage::Write:
        return tr("Writing…");
    }
    return {};
}

int SessionController::rankFolderCount(const QString& folder)
{
    try {
        const std::string dir = folder.toStdString();
        switch (ps::detectLayout26(dir)) {
        case ps::DumpLayout::Files:
            return 0;
        case ps::DumpLayout::Ranks:
            return int(ps::rankFolders26(dir).size());
        case ps::DumpLayout::Steps: {
            const std::vector<std::string> steps = ps::commonStepFolders26(dir, std::string());
            return steps.empty() ? 0 : int(ps::rankFolders26(ps::joinPath(dir, steps[0])).size());
        }
        }
    } catch (const ps::Error&) {
    }
    return 0;
}

QString SessionController::title() const
{
    if (!m_snapshot)
        return {};
    QString t = QDir::toNativeSeparators(m_request.recentEntry().section(QLatin1Char('\n'), 0, 0));
    if (m_jobLabels.size() > 1)
        t += QStringLiteral(" [") % m_jobLabels.value(m_request.jobIndex) % QLatin1Char(']');
    return t;
}

bool SessionController::openPaths(const QStringList& paths, const ps::EngineOptions& options)
{
    OpenRequest r;
    r.options = options;
    if (paths.size() == 1 && QFileInfo(paths[0]).isFile()
        && (paths[0].endsWith(QLatin1String(".vis")) || paths[0].endsWith(QLatin1String(".vis.gz"))
            || paths[0].endsWith(QLatin1String(".vis.db")))) {
        r.visPath = QFileInfo(paths[0]).absoluteFilePath();
    } else if (paths.size() == 1 && QFileInfo(paths[0]).isFile()) {
        r.compareJson = QFileInfo(paths[0]).absoluteFilePath();
    } else if ((paths.size() == 1 || paths.size() == 2) && QFileInfo(paths[0]).isDir()) {
        r.npuPath = QFileInfo(paths[0]).absoluteFilePath();
        if (paths.size() == 2) {
            if (!QFileInfo(paths[1]).isDir()) {
                Q_EMIT loadFailed(tr("Not a folder: %1").arg(paths[1]));
                return false;
            }
            r.benchPath = QFileInfo(paths[1]).absoluteFilePath();
        }
    } else {
        Q_EMIT loadFailed(paths.isEmpty() ? tr("Nothing to open.")
                                          : tr("Cannot open %1: expected a compare.json, a dump folder, or an NPU "
                                               "and a bench dump folder.")
                                                .arg(paths.join(QStringLiteral(", "))));
        return false;
    }
    open(r);
    return true;
}

void SessionController::open(const OpenRequest& request)
{
    startLoad(request, {});
}

void SessionController::selectJob(int index)
{
    if (index == m_request.jobIndex || index < 0 || size_t(index) >= m_jobs.size())
        return;
    OpenRequest r = m_request;
    r.jobIndex = index;
    startLoad(r, m_jobs);
}

bool SessionController::rerunWithLayerMapping(const QString& yamlPath)
{
    if (!m_snapshot || !m_request.visPath.isEmpty() || !m_snapshot->hasSide(Side::Bench))
        return false; // a graph file or a build has no matching to redo
    OpenRequest r = m_request;
    r.options.layerMappingPath = yamlPath.toStdString();
    startLoad(r, m_jobs);
    return true;
}

void SessionController::startLoad(const OpenRequest& request, std::vector<ps::GraphJob> jobs)
{
    const quint64 generation = ++m_loadGeneration;
    if (m_cancelLoad)
        *m_cancelLoad = true; // the new request supersedes the running one
    m_cancelLoad = std::make_shared<std::atomic<bool>>(false);
    m_loads.removeIf([](const QFuture<std::shared_ptr<LoadResult>>& f) { return f.isFinished(); });
    m_elapsed.start();
    setBusy(true, tr("Starting…"));
    Q_EMIT progressChanged(-1, tr("Starting…"));
    auto* watcher = new QFutureWatcher<std::shared_ptr<LoadResult>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation]() {
        finishLoad(generation, watcher->result());
        watcher->deleteLater();
    });
    ProgressSink sink = [this, generation](int permille, const QString& stage) {
        QMetaObject::invokeMethod(
            this, [=, this]() { onProgress(generation, permille, stage); }, Qt::QueuedConnection);
    };
    auto future = QtConcurrent::run(runLoad, request, std::move(jobs), m_cancelLoad, sink);
    m_loads.append(future);
    watcher->setFuture(future);
}

void SessionController::onProgress(quint64 generation, int permille, const QString& stage)
{
    if (generation == m_loadGeneration && m_busy)
        Q_EMIT progressChanged(permille, stage);
}

void SessionController::finishLoad(quint64 generation, const std::shared_ptr<LoadResult>& result)
{
    if (generation != m_loadGeneration)
        return; // a newer request (or Cancel) made this one stale
    setBusy(false);
    if (!result->error.isEmpty()) {
        Q_EMIT loadFailed(result->error); // the previous session stays as it was
        return;
    }
    m_request = result->request;
    m_jobs = std::move(result->jobs);
    m_jobLabels.clear();
    for (const ps::GraphJob& job : m_jobs)
        m_jobLabels << jobLabel(job);
    m_snapshot = result->snapshot;
    m_colors.clear();
    m_microStep = -1;
    m_latestSearch->store(++m_searchGeneration);
    ++m_filterGeneration;
    for (GraphTreeModel* model : m_models)
        model->setSnapshot(m_snapshot);
    Q_EMIT sessionChanged();
    if (!result->warnings.isEmpty())
        Q_EMIT warningsReported(result->warnings);
}

void SessionController::cancel()
{
    if (!m_busy)
        return;
    if (m_cancelLoad)
        *m_cancelLoad = true; // the engine stops soon and frees what it built
    ++m_loadGeneration; // its (cancelled) result will be dropped
    setBusy(false, tr("Cancelled; the previous session is kept."));
}

void SessionController::setBusy(bool busy, const QString& stage)
{
    m_busy = busy;
    Q_EMIT busyChanged(busy, stage);
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
    const quint64 generation = ++m_searchGeneration;
    m_latestSearch->store(generation);
    auto snapshot = m_snapshot;
    // A newer search (the next keystroke) stops this one on its worker: a slow regular expression never queues
    // the searches behind it.
    auto latest = m_latestSearch;
    auto stale = [latest, generation] { return latest->load() != generation; };
    auto* watcher = new QFutureWatcher<QueryResult>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation]() {
        if (generation == m_searchGeneration)
            Q_EMIT searchFinished(watcher->result());
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run([snapshot, sides, query, stale]() {
        QueryResult r;
        if (!snapshot || query.isEmpty())
            return r;
        for (Side s : { Side::Npu, Side::Bench })
            if (sides & (1 << int(s)))
                r.sides[size_t(s)] = std::make_shared<NodeSet>(searchNodes(*snapshot, s, query, stale));
        return r;
    }));
}

void SessionController::filter(const NodeFilter& request)
{
    NodeFilter nodeFilter = request;
    nodeFilter.microStep = m_microStep;
    const quint64 generation = ++m_filterGeneration;
    auto snapshot = m_snapshot;
    auto* watcher = new QFutureWatcher<QueryResult>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation]() {
        if (generation == m_filterGeneration)
            Q_EMIT filterFinished(watcher->result());
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run([snapshot, nodeFilter]() {
        QueryResult r;
        if (!snapshot || nodeFilter.isEmpty())
            return r;
        for (Side s : { Side::Npu, Side::Bench })
            if (snapshot->hasSide(s))
                r.sides[size_t(s)] = std::make_shared<NodeSet>(filterNodes(*snapshot, s, nodeFilter));
        return r;
    }));
}

QString SessionController::exportProblem(const QString& path)
{
    // tb_graph_ascend shows exactly one .vis.db per folder and then hides every .vis there (viewer spec §1.1).
    const QFileInfo info(path);
    const bool db = path.endsWith(QLatin1String(".vis.db"));
    if (!db && !path.endsWith(QLatin1String(".vis")))
        return tr("The file name must end in .vis or .vis.db.");
    const QDir dir = info.absoluteDir();
    QStringList dbs = dir.entryList({ QStringLiteral("*.vis.db") }, QDir::Files);
    dbs.removeAll(info.fileName());
    if (!dbs.isEmpty())
        return tr("%1 already holds %2: tb_graph_ascend shows one .vis.db per folder and hides every .vis next to "
                  "it. Choose another folder.")
            .arg(QDir::toNativeSeparators(info.absolutePath()), dbs.first());
    const QStringList vis = dir.entryList({ QStringLiteral("*.vis") }, QDir::Files);
    if (db && !vis.isEmpty())
        return tr("%1 already holds %2: tb_graph_ascend would hide it behind the new .vis.db. Choose another "
                  "folder.")
            .arg(QDir::toNativeSeparators(info.absolutePath()), vis.first());
    return {};
}

QString SessionController::exportPath(const QString& path, bool database)
{
    if (path.endsWith(QLatin1String(".vis.db")))
        return path;
    QString stem = path;
    if (stem.endsWith(QLatin1String(".vis")))
        stem.chop(4);
    return stem + (database ? QStringLiteral(".vis.db") : QStringLiteral(".vis"));
}

void SessionController::exportVis(const QString& path)
{
    const QString problem = exportProblem(path);
    if (!m_snapshot || !m_snapshot->comparison || !problem.isEmpty()) {
        Q_EMIT exportFinished(path, problem.isEmpty() ? tr("Nothing to export.") : problem);
        return;
    }
    std::shared_ptr<const ps::Comparison> comparison = m_snapshot->comparison;
    if (!m_colors.empty()) {
        // The legend chosen in the viewer goes into the file; the copy shares the graphs.
        auto recoloured = std::make_shared<ps::Comparison>(*comparison);
        recoloured->colors = m_colors;
        comparison = std::move(recoloured);
    }
    auto* watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, path]() {
        Q_EMIT exportFinished(path, watcher->result());
        watcher->deleteLater();
    });
    ps::VisDbGraph graph;
    if (m_request.jobIndex >= 0 && size_t(m_request.jobIndex) < m_jobs.size()) {
        graph.step = m_jobs[size_t(m_request.jobIndex)].step;
        graph.rank = m_jobs[size_t(m_request.jobIndex)].rank;
    }
    graph.comparison = comparison;
    watcher->setFuture(QtConcurrent::run([comparison, graph, path]() {
        try {
            // Both writers use a temporary file + rename, mode 0640.
            if (path.endsWith(QLatin1String(".vis.db")))
                ps::writeVisDb({ graph }, path.toStdString());
            else
                ps::writeVisFile(*comparison, path.toStdString());
            return QString();
        } catch (const std::exception& e) {
            return QString::fromUtf8(e.what());
        }
    }));
}

} // namespace psui
