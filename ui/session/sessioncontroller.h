#pragma once
// Owns the open session (an immutable snapshot) and is the only object that starts background work: loading
// and comparing, searching, filtering and exporting. Every request carries a generation number; a newer
// request makes older results stale, and stale results are dropped when they arrive.
#include "analysis/divergence.h"
#include "batch/engine.h"
#include "models/nodesearch.h"
#include "models/snapshot.h"

#include <QElapsedTimer>
#include <QFuture>
#include <QObject>
#include <QStringList>

#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace ps {
struct ManualMatchReport;
}

namespace psui {

class GraphTreeModel;

struct OpenRequest {
    QString npuPath; // a dump folder (files, ranks or steps layout)
    QString benchPath; // empty: build mode (one graph)
    QString compareJson; // if set, npuPath/benchPath come from it
    QString visPath; // if set: a .vis or .vis.db graph file opened as it is (nothing recomputed)
    ps::EngineOptions options;
    int jobIndex = 0; // which step/rank pair of a batch layout
    QString recentEntry() const; // what the recent-files list stores
};

// Results of a search or filter on both sides.
// A manual (un)match or .vis.config applied: what changed, in the user's words.
struct MatchOutcome {
    int changed = 0; // pairs matched or unmatched
    QStringList failures; // English lines from the core, one per pair that could not be changed
    QString error; // the whole request was refused (real-data mode, unreadable file, ...)
};

struct DiagnoseOutcome {
    std::shared_ptr<const Snapshot> snapshot; // the comparison the list refers to
    std::vector<ps::Divergence> divergences;
    QString error;
};

struct QueryResult {
    std::array<std::shared_ptr<const NodeSet>, 2> sides;
    size_t hitCount() const;
    QString error() const;
};

class SessionController : public QObject {
    Q_OBJECT
public:
    explicit SessionController(QObject* parent = nullptr);
    ~SessionController() override;

    GraphTreeModel* model(Side side) const { return m_models[size_t(side)]; }
    std::shared_ptr<const Snapshot> snapshot() const { return m_snapshot; }
    const OpenRequest& request() const { return m_request; }
    QStringList jobLabels() const { return m_jobLabels; }
    int currentJob() const { return m_request.jobIndex; }
    bool isBusy() const { return m_busy; }
    // The micro step the views show (-1: all); searches and filters only report nodes of it.
    int microStep() const { return m_microStep; }
    void setMicroStep(int step);
    QString title() const;

    // Interprets command-line or dropped paths: a compare.json, one dump folder (build), or two folders.
    // Returns false (and emits loadFailed) if the paths make no sense.
    bool openPaths(const QStringList& paths, const ps::EngineOptions& options);
    void open(const OpenRequest& request);
    void selectJob(int index);
    // Reruns the open comparison with this layer-mapping YAML (empty: none) in the background, same job; the
    // result arrives as sessionChanged (or loadFailed). Returns false when there is nothing to rerun.
    bool rerunWithLayerMapping(const QString& yamlPath);
    // Stops the running load: the engine stops within ~0.1 s and the previous session stays as it was.
    void cancel();
    static QString stageText(ps::Stage stage); // translated stage name for the progress display
    // The rank folders of a dump folder (or of its first step folder): what the open dialog pre-fills as the rank
    // count of a parallel layout; 0 when it holds none.
    static int rankFolderCount(const QString& folder);

    // Queries on the current snapshot: sides is a mask (1 = NPU, 2 = Bench).
    void search(int sides, const SearchQuery& query);
    void filter(const NodeFilter& filter);
    void exportVis(const QString& path);
    // Recolours the session with these value ranges (empty: msprobe's defaults); nothing is recomputed, and
    // exports carry the new legend. Returns why they were refused, or "".
    QString setColorRanges(const std::vector<ps::ColorBin>& ranges);
    std::vector<ps::ColorBin> colorRanges() const; // the value ranges shown now
    // Manual matching (sessioncontroller_analysis.cpp): a new comparison is computed in the background and
    // swapped in (snapshotUpdated); the latest request wins. Refusals arrive as matchFinished with an error.
    void matchNodes(NodeId npu, NodeId bench, bool withChildren);
    void unmatchNodes(NodeId npu, NodeId bench, bool withChildren);
    void loadMatchConfig(const QString& path);
    void saveMatchConfig(const QString& path); // the pairs matched by hand, as a .vis.config
    QString manualMatchRefusal() const; // why the current session cannot be matched by hand ("" if it can)
    // First-divergence finder on the current snapshot (diagnoseFinished; the latest request wins).
    void diagnose(const ps::DiagnoseOptions& options);
    // A .vis next to a .vis.db is hidden by tb_graph_ascend: refuse it. Returns the reason, empty if fine.
    static QString exportProblem(const QString& path);
    // The file name the export writes: `path` with the .vis or .vis.db suffix of the chosen format.
    static QString exportPath(const QString& path, bool database);

Q_SIGNALS:
    void busyChanged(bool busy, const QString& stage); // not busy: stage is empty, or why the work stopped
    // While busy: per mille done (-1 while unknown) and the translated stage now running.
    void progressChanged(int permille, const QString& stage);
    void sessionChanged();
    void microStepChanged(int step);
    void loadFailed(const QString& message);
    void warningsReported(const QStringList& warnings);
    void searchFinished(const psui::QueryResult& result);
    void filterFinished(const psui::QueryResult& result);
    void exportFinished(const QString& path, const QString& error);
    void snapshotUpdated(); // same graphs, new matches and precision: views refresh in place
    void matchFinished(const psui::MatchOutcome& outcome);
    void matchConfigSaved(const QString& path, const QString& error);
    void diagnoseFinished(const psui::DiagnoseOutcome& outcome);

public:
    struct LoadResult; // what a load job hands back (defined in the .cpp)

private:
    void startLoad(const OpenRequest& request, std::vector<ps::GraphJob> jobs);
    void finishLoad(quint64 generation, const std::shared_ptr<LoadResult>& result);
    void setBusy(bool busy, const QString& stage = {});
    void onProgress(quint64 generation, int permille, const QString& stage);
    void waitForLoads();
    using Mutation = std::function<std::shared_ptr<ps::Comparison>(const ps::Comparison&, ps::ManualMatchReport&)>;
    void mutate(const QString& stage, Mutation mutation);

    std::array<GraphTreeModel*, 2> m_models {};
    std::shared_ptr<const Snapshot> m_snapshot;
    std::vector<ps::ColorBin> m_colors; // the legend chosen in the viewer (empty: the file's or msprobe's)
    OpenRequest m_request;
    std::vector<ps::GraphJob> m_jobs;
    QStringList m_jobLabels;
    quint64 m_loadGeneration = 0;
    quint64 m_searchGeneration = 0;
    std::shared_ptr<std::atomic<quint64>> m_latestSearch = std::make_shared<std::atomic<quint64>>(0); // for workers
    quint64 m_filterGeneration = 0;
    quint64 m_editGeneration = 0;
    quint64 m_diagnoseGeneration = 0;
    bool m_busy = false;
    int m_microStep = -1;
    std::shared_ptr<std::atomic<bool>> m_cancelLoad; // the running load's cancel flag
    QList<QFuture<std::shared_ptr<LoadResult>>> m_loads; // running loads, waited for on destruction
    QElapsedTimer m_elapsed;
};

} // namespace psui

Q_DECLARE_METATYPE(psui::QueryResult)
Q_DECLARE_METATYPE(psui::MatchOutcome)
Q_DECLARE_METATYPE(psui::DiagnoseOutcome)
