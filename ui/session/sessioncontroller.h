#pragma once
// Owns the open session (an immutable snapshot) and is the only object that starts background work: loading and
// comparing, editing matches, searching, filtering, diagnosing and exporting, each on its own channel of the job
// runner (the latest request of a channel wins). One private function replaces the snapshot.
#include "models/changemap.h"
#include "models/legend.h"
#include "models/nodesearch.h"
#include "models/snapshot.h"
#include "session/analysisjobs.h"
#include "session/jobrunner.h"
#include "session/openrequest.h"
#include "session/tensorerrorjob.h"
#include "session/trendsjob.h"

#include "source/step_peers.h"

#include <QObject>
#include <QStringList>

#include <array>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

namespace ps {
class LayerMappingRules;
class VisDbBrowser;
} // namespace ps

namespace psui {

class GraphTreeModel;
class UserSession;
struct LoadResult;
struct ExportRequest;

class SessionController : public QObject {
    Q_OBJECT
public:
    explicit SessionController(QObject* parent = nullptr);
    ~SessionController() override;

    GraphTreeModel* model(Side side) const { return m_models[size_t(side)]; }
    // The notes of the open comparison and its session file; the trees show the notes of the graph shown.
    UserSession* userSession() const { return m_user; }
    std::shared_ptr<const Snapshot> snapshot() const { return m_snapshot; }
    const OpenRequest& request() const { return m_request; }
    QStringList jobLabels() const { return m_jobLabels; }
    int currentJob() const { return m_request.jobIndex; }
    // The steps and ranks of a batch or .vis.db (one job for one graph).
    const std::vector<ps::GraphJob>& jobs() const;
    bool isBusy(Channel channel) const { return m_runner->busy(channel); }
    // The micro step the views show (-1: all); searches and filters only report nodes of it.
    int microStep() const { return m_microStep; }
    void setMicroStep(int step);
    QString title() const { return m_snapshot ? m_request.title(m_jobLabels) : QString(); }

    // Command-line, dropped or recent paths (see OpenPaths); false (and loadFailed) if they make no sense.
    bool openPaths(const QStringList& paths, const OpenOptions& options);
    void open(const OpenRequest& request);
    void selectJob(int index);
    // Reruns the open comparison with these layer-mapping rules (null: none) in the background, same job; the
    // result arrives as sessionChanged (or loadFailed). Returns false when there is nothing to rerun.
    bool rerunWithLayerMapping(std::shared_ptr<const ps::LayerMappingRules> rules);
    // Stops the channel's work: its result is dropped (a load stops within ~0.1 s), the session stays as it was.
    void cancel(Channel channel);

    void search(int sides, const SearchQuery& query); // sides: a mask (1 = NPU, 2 = Bench)
    void filter(const NodeFilter& filter);
    void exportVis(const QString& path);
    void exportReport(const QString& path); // CSV, as `probescope-cli report --csv`; ends with exportFinished
    // Recolours the session with these value ranges (empty: msprobe's defaults); nothing is recomputed, and
    // exports carry the new legend. Returns why they were refused, or "".
    QString setColorRanges(const std::vector<ps::ColorBin>& ranges);
    // The value ranges of msprobe's colours (the precision index), as chosen or as shown.
    std::vector<ps::ColorBin> colorRanges() const;
    // Colours the session by `metric` (analysis/color_metric.h; exports keep msprobe's colours): computed in the
    // background once the comparison shown holds the values (at once, or when dumps shown matched are compared
    // or a .vis.db read in part is whole); snapshotUpdated then. A new comparison starts with Precision. Returns
    // why it was refused (a metric its mode has not), or "".
    QString setColorMetric(ps::ColorMetric metric);
    ps::ColorMetric colorMetric() const { return m_colorMetric; }
    // What the comparison shown can be coloured by (ps::colorMetricsFor); empty without a comparison.
    std::vector<ps::ColorMetric> colorMetrics() const;
    // Manual matching: a new comparison is computed in the background and swapped in (snapshotUpdated).
    // Refusals arrive as matchFinished with an error.
    void matchNodes(NodeId npu, NodeId bench, bool withChildren);
    void unmatchNodes(NodeId npu, NodeId bench, bool withChildren);
    void loadMatchConfig(const QString& path);
    void saveMatchConfig(const QString& path); // the pairs matched by hand, as a .vis.config
    // Why the current session cannot be matched by hand ("" if it can).
    QString manualMatchRefusal() const { return AnalysisJobs::refusal(m_snapshot.get()); }
    void diagnose(const ps::DiagnoseOptions& options); // first-divergence finder on the current snapshot
    // Where the errors of the shown step's ranks entered (analysis/step_origins.h): every rank of the step compared
    // and traced across their links on the Diagnose channel; ends with originsFinished. False (nothing runs) when
    // the session is not one rank of a multi-rank step.
    bool traceAcrossRanks(const ps::DiagnoseOptions& options);
    bool canTraceAcrossRanks() const;
    // "Compare with another comparison": `path` (a compare.json, .vis or .vis.db) is the "before" of the shown
    // comparison; its graph of the shown step and rank is loaded and compared on the Diff channel, then the trees
    // carry change marks (changesChanged) until stopComparing, another session, or new matches or colours.
    void compareWith(const QString& path);
    void stopComparing();
    std::shared_ptr<const ChangeMap> changes() const { return m_changes; } // null: no diff shown
    // Drift across the session's steps and ranks (Trends view): every graph summarised, one at a time, on the
    // Trends channel (cancel(Channel::Trends) stops it); ends with trendsFinished. A session of one graph has none.
    bool hasTrends() const { return jobs().size() > 1; }
    void computeTrends();
    // Real-data mode: two tensor files of a details row compared element by element on the Tensor channel
    // (cancel(Channel::Tensor) stops it); progress as tensorErrorProgress, the end as tensorErrorFinished.
    void computeTensorError(const TensorErrorRequest& request);
    // Changes when another source (or the same with other options) is loaded; switching the step or rank keeps it.
    quint64 sourceGeneration() const { return m_sourceGeneration; }

    // A .vis.db opens in steps (sessioncontroller_browse.cpp): first the part tb_graph_ascend shows (each side's
    // root and its children, loaded further on expand: isPartial()), then its whole structure replaces it
    // (graphCompleting, sessionChanged, graphCompleted), the node data staying in the file (hasNodeData() false)
    // until a node is shown (requestNodeData) or a feature needs all of it (withNodeData).
    bool isPartial() const { return m_snapshot && m_snapshot->isPartial(); }
    bool hasNodeData() const { return !m_snapshot || m_snapshot->hasNodeData(); }
    bool isComparing() const { return m_snapshot && m_snapshot->comparing; } // dumps matched, metrics to come
    // A graph is shown whole: neither a .vis.db's part nor dumps' matched structure waiting for the metrics.
    bool isWhole() const { return m_snapshot && !isPartial() && !isComparing(); }
    // The data of a node pair of the snapshot shown, read from its file on the Details channel when the snapshot
    // has none (nodeDataReady), else at once from the snapshot.
    void requestNodeData(NodeId npu, NodeId bench);
    // Runs `then` once the shown graph is complete: at once; after the comparing of dumps whose structure is
    // shown; or after reading a .vis.db whole on the Load channel (the view stays as it is). Nothing runs when
    // that fails or is cancelled.
    void withNodeData(std::function<void()> then);
    // Whether a .vis.db's whole structure is read right after its first part (the default), or only when
    // readStructure() asks (tests that look at the part itself; a browse of a database too large to read).
    void setReadsStructureInBackground(bool on) { m_readStructure = on; }
    void readStructure(); // a partial session's whole structure, on the Load channel

Q_SIGNALS:
    // Not busy: stage is empty, or why the work stopped (e.g. cancelled).
    void busyChanged(psui::Channel channel, bool busy, const QString& stage);
    // While loading: per mille done (-1 while unknown) and the translated stage now running.
    void progressChanged(int permille, const QString& stage);
    void sessionChanged();
    void microStepChanged(int step);
    void loadFailed(const QString& message);
    void warningsReported(const QStringList& warnings);
    void searchFinished(const psui::QueryResult& result);
    void filterFinished(const psui::QueryResult& result);
    void exportFinished(const QString& path, const QString& error);
    void snapshotUpdated(); // same graphs, new matches, precision or colours: views refresh in place
    void matchFinished(const psui::MatchOutcome& outcome);
    void matchConfigSaved(const QString& path, const QString& error);
    void diagnoseFinished(const psui::DiagnoseOutcome& outcome);
    void originsFinished(const psui::OriginsOutcome& outcome);
    void changesChanged(); // a diff started or ended (changes())
    void compareFailed(const QString& message); // the session and any diff shown stay as they were
    // After sessionChanged of a freshly opened comparison: its session file was read (the view restores
    // UserSession::savedView()'s expansion, filters and selection), or could not be (`message` names the file and
    // place; the file is left as it is).
    void sessionRestored(const QString& path);
    void sessionFileFailed(const QString& message);
    void trendsProgressChanged(int permille, const QString& stage);
    void tensorErrorProgress(int permille, const QString& stage);
    void tensorErrorFinished(const psui::TensorErrorOutcome& outcome); // not sent when cancelled
    // `generation`: the sourceGeneration the trends describe; trends is null and error set on failure.
    void trendsFinished(std::shared_ptr<const ps::StepTrends> trends, const QString& error, quint64 generation);
    // A partial snapshot grew: more nodes (ids kept) after an expand; the trees insert the rows themselves.
    void snapshotGrew();
    // The whole graph is about to replace the part (or the structure) shown, with other node ids: views save what
    // they show by node name now and restore it at graphCompleted (after sessionChanged).
    void graphCompleting();
    void graphCompleted();
    // The dumps whose matched structure was shown are compared: metrics and colours are there (snapshotUpdated
    // came first).
    void comparisonCompleted();
    // requestNodeData(npu, bench): `data` holds the two nodes as `dataNpu` and `dataBench` (kNoNode: none).
    void nodeDataReady(
        NodeId npu, NodeId bench, std::shared_ptr<const Snapshot> data, NodeId dataNpu, NodeId dataBench);

private:
    // SameGraphs: new matches, precision or colours; Links: only the communication peers arrived (queries stay).
    enum class Change { NewSession, SameGraphs, Links };
    void replaceSnapshot(std::shared_ptr<const Snapshot> snapshot, Change change);
    // `sameComparison`: another rank or step of the comparison shown (its communication peers and trends stay).
    // `source`: the comparison's inputs as opened by its first load (null: open them).
    void startLoad(const OpenRequest& request, std::shared_ptr<const ps::Source> source, bool sameComparison);
    void runExport(const QString& path, QString (*write)(const ExportRequest&)); // on the Export channel
    void finishLoad(LoadResult& result, bool sameComparison);
    void finishBrowse(LoadResult& result, bool sameComparison); // then reads the structure
    // The comparison of dumps whose matched structure is shown (Snapshot::comparing): the same nodes, now with
    // metrics and colours; then what waited for it (withNodeData).
    void finishCompared(LoadResult& result);
    // The graph read whole (or its structure) replaces what is shown: the same ids (SameGraphs) or new ones.
    void completeGraph(LoadResult& result, std::function<void()> then);
    void loadChildren(Side side, NodeId node); // a tree expands a node of a partial snapshot
    // Communication peers of a multi-rank dump session (sessioncontroller_peers.cpp): the ranks of the shown step
    // are compared and analysed in the background after a load, as the batch run does; their links are kept per
    // job, so the other ranks of the step get theirs when opened.
    void findPeers();
    std::shared_ptr<const Snapshot> withPeers(std::shared_ptr<const Snapshot> snapshot) const;
    void edit(const QString& stage, AnalysisJobs::Mutation mutation);
    void setChanges(std::shared_ptr<const ChangeMap> changes);
    void startDiff(const QString& path); // compareWith, once the node data is there
    void showNotes(); // the notes of the graph shown, to both trees
    // The snapshot of the session shown, in the colour ranges chosen; the metric follows (applyColorMetric).
    std::shared_ptr<const Snapshot> withColorRanges(std::shared_ptr<const Snapshot> snapshot) const;
    std::vector<LegendBin> precisionLegend() const; // m_colors as a legend; empty: the file's or msprobe's
    void applyColorMetric(); // colours m_snapshot by m_colorMetric when it holds the values and is not yet

    std::array<GraphTreeModel*, 2> m_models {};
    UserSession* m_user;
    std::shared_ptr<const Snapshot> m_snapshot;
    std::vector<ps::ColorBin> m_colors; // the legend chosen in the viewer (empty: the file's or msprobe's)
    ps::ColorMetric m_colorMetric = ps::ColorMetric::Precision; // chosen; the snapshot's once it holds the values
    OpenRequest m_request;
    std::shared_ptr<const ps::Source> m_source; // null before the first load
    QStringList m_jobLabels;
    int m_microStep = -1;
    std::unordered_map<int, ps::PeerLinks> m_peers; // job index -> links of that rank
    std::shared_ptr<const ChangeMap> m_changes;
    quint64 m_sourceGeneration = 0;
    std::shared_ptr<ps::VisDbBrowser> m_browser; // while a partial snapshot is shown
    bool m_readStructure = true;
    quint64 m_loads = 0; // dump loads started
    quint64 m_comparingLoad = 0; // the one whose structure is shown while it compares
    std::vector<std::function<void()>> m_afterComparing; // withNodeData calls waiting for it
    std::unique_ptr<JobRunner> m_runner; // last: destroyed first, it waits for the workers
};

} // namespace psui
