#pragma once
// Owns the open session: the snapshot shown (immutable; one private function replaces it), its colours, notes and
// micro step, and the job runner all background work shares, each kind on its own channel (the latest request of
// a channel wins). The load runs in the phases SessionLoader owns; the analysis requests (matches, first
// divergence, peers, diff, trends, tensor error, exports) are AnalysisController's.
#include "models/legend.h"
#include "models/nodesearch.h"
#include "models/snapshot.h"
#include "session/jobrunner.h"
#include "session/openrequest.h"
#include "session/sessionloader.h"

#include <QObject>
#include <QStringList>

#include <array>
#include <functional>
#include <memory>
#include <vector>

namespace ps {
class LayerMappingRules;
} // namespace ps

namespace psui {

class AnalysisController;
class GraphTreeModel;
class UserSession;
struct LoadResult;

class SessionController : public QObject {
    Q_OBJECT
public:
    explicit SessionController(QObject* parent = nullptr);
    ~SessionController() override;

    GraphTreeModel* model(Side side) const { return m_models[size_t(side)]; }
    // The notes of the open comparison and its session file; the trees show the notes of the graph shown.
    UserSession* userSession() const { return m_user; }
    std::shared_ptr<const Snapshot> snapshot() const { return m_snapshot; }
    AnalysisController* analysis() const { return m_analysis; }
    const OpenRequest& request() const { return m_loader->request(); }
    // The inputs of the comparison shown, as the command line opens them (null before the first load).
    std::shared_ptr<const ps::Source> source() const { return m_loader->source(); }
    QStringList jobLabels() const { return m_jobLabels; }
    int currentJob() const { return request().jobIndex; }
    // The steps and ranks of a batch or .vis.db (one job for one graph).
    const std::vector<ps::GraphJob>& jobs() const;
    const ps::GraphJob* shownJob() const; // the step and rank shown; null without one
    LoadPhase loadPhase() const { return m_loader->phase(); }
    bool isBusy(Channel channel) const { return m_runner->busy(channel); }
    // The micro step the views show (-1: all); searches and filters only report nodes of it.
    int microStep() const { return m_microStep; }
    void setMicroStep(int step);
    QString title() const { return m_snapshot ? request().title(m_jobLabels) : QString(); }

    // Command-line, dropped or recent paths (see OpenPaths); false (and loadFailed) if they make no sense.
    bool openPaths(const QStringList& paths, const OpenOptions& options);
    void open(const OpenRequest& request);
    void selectJob(int index);
    // Reruns the open comparison with these layer-mapping rules (null: none) in the background, same job; the
    // result arrives as sessionChanged (or loadFailed). Returns false when there is nothing to rerun.
    bool rerunWithLayerMapping(std::shared_ptr<const ps::LayerMappingRules> rules);
    // Stops the channel's work: its result is dropped (a load stops within ~0.1 s), the session stays as it was.
    void cancel(Channel channel);

    void search(int sides, const SearchQuery& request); // sides: a mask (1 = NPU, 2 = Bench)
    void filter(const NodeFilter& request);
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
    // The legend chosen in the viewer (empty: the file's or msprobe's): what exports carry.
    const std::vector<ps::ColorBin>& chosenColors() const { return m_colors; }
    // A manual match's result: the same graphs with new matches and metrics, in the colours chosen.
    void showEdited(std::shared_ptr<const Snapshot> snapshot);
    // The communication peers of the rank shown arrived (AnalysisController::withPeers): no node changes.
    void relink();
    // Changes when another source (or the same with other options) is loaded; switching the step or rank keeps it.
    quint64 sourceGeneration() const { return m_sourceGeneration; }

    // A .vis.db opens in steps (SessionLoader): first the part tb_graph_ascend shows (each side's
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
    void withNodeData(std::function<void()> then) { m_loader->withNodeData(std::move(then)); }
    // Whether a .vis.db's whole structure is read right after its first part (the default), or only when
    // readStructure() asks (tests that look at the part itself; a browse of a database too large to read).
    void setReadsStructureInBackground(bool on) { m_loader->setReadsStructureInBackground(on); }
    void readStructure() { m_loader->readStructure(); } // a partial session's whole structure, on the Load channel

Q_SIGNALS:
    // Not busy: stage is empty, or why the work stopped (e.g. cancelled).
    void busyChanged(psui::Channel channel, bool busy, const QString& stage);
    // While loading: per mille done (-1 while unknown) and the translated stage now running.
    void progressChanged(int permille, const QString& stage);
    void sessionChanged();
    void loadPhaseChanged(psui::LoadPhase phase); // after the snapshot of the new phase is shown
    void microStepChanged(int step);
    void loadFailed(const QString& message);
    void warningsReported(const QStringList& warnings);
    void searchFinished(const psui::QueryResult& result);
    void filterFinished(const psui::QueryResult& result);
    void snapshotUpdated(); // same graphs, new matches, precision or colours: views refresh in place
    // After sessionChanged of a freshly opened comparison: its session file was read (the view restores
    // UserSession::savedView()'s expansion, filters and selection), or could not be (`message` names the file and
    // place; the file is left as it is).
    void sessionRestored(const QString& path);
    void sessionFileFailed(const QString& message);
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
    void showOpened(LoadResult& result, bool sameComparison);
    // The matched dumps shown are compared: the same nodes, now with metrics and colours.
    void showCompared(LoadResult& result);
    // A .vis.db read whole (or its structure) replaces what is shown: the same ids (SameGraphs) or new ones.
    void showCompleted(LoadResult& result, bool sameNodes);
    void loadChildren(Side side, NodeId node); // a tree expands a node of a partial snapshot
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
    QStringList m_jobLabels;
    int m_microStep = -1;
    quint64 m_sourceGeneration = 0;
    // Destroyed first (members go before the children below), it waits for the workers.
    std::unique_ptr<JobRunner> m_runner;
    SessionLoader* m_loader; // children: they use m_runner's channels
    AnalysisController* m_analysis;
};

} // namespace psui
