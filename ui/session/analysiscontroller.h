#pragma once
// The analysis requests on the session shown: manual matches and .vis.config files, the first-divergence finder
// (on one rank or across the ranks of a step), the communication peers of a multi-rank dump, the diff with another
// comparison, the trends over the session's steps and ranks, the tensor error of a details row and the exports.
// Each runs on its own channel of the session's job runner; the session owner (SessionController) keeps the
// snapshot and the load, and tells this controller when they change.
#include "models/changemap.h"
#include "models/snapshot.h"
#include "session/analysisjobs.h"
#include "session/jobrunner.h"
#include "session/tensorerrorjob.h"
#include "session/trendsjob.h"

#include "source/step_peers.h"

#include <QObject>

#include <memory>
#include <unordered_map>

namespace psui {

class SessionController;
struct ExportRequest;

class AnalysisController : public QObject {
    Q_OBJECT
public:
    AnalysisController(SessionController& session, JobRunner& runner);

    // Manual matching: a new comparison is computed in the background and swapped in (the session's
    // snapshotUpdated). Refusals arrive as matchFinished with an error.
    void matchNodes(NodeId npu, NodeId bench, bool withChildren);
    void unmatchNodes(NodeId npu, NodeId bench, bool withChildren);
    void loadMatchConfig(const QString& path);
    void saveMatchConfig(const QString& path); // the pairs matched by hand, as a .vis.config
    // Why the current session cannot be matched by hand ("" if it can).
    QString manualMatchRefusal() const;

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
    bool hasTrends() const;
    void computeTrends();

    // Real-data mode: two tensor files of a details row compared element by element on the Tensor channel
    // (cancel(Channel::Tensor) stops it); progress as tensorErrorProgress, the end as tensorErrorFinished.
    void computeTensorError(const TensorErrorRequest& request);

    void exportVis(const QString& path);
    void exportReport(const QString& path); // CSV, as `probescope-cli report --csv`; ends with exportFinished

    // What the session owner tells this controller. Another source: the peers and trends of the old one go.
    void sourceReplaced();
    // The snapshot shown was replaced by one with other nodes, matches or colours: queries and edits on the old
    // one stop, and a diff shown ends (it describes the snapshot it was computed against).
    void nodesReplaced();
    // Communication peers of a multi-rank dump session: the batch run analyses every rank of a step together
    // (matched_distributed); the viewer compares one rank at a time, so after a load the step's ranks are analysed
    // once on the Peers channel and each rank's links are kept for when it is opened.
    void findPeers();
    // `snapshot` with the links of the rank shown, when they are known and it has none.
    std::shared_ptr<const Snapshot> withPeers(std::shared_ptr<const Snapshot> snapshot) const;

Q_SIGNALS:
    void matchFinished(const psui::MatchOutcome& outcome);
    void matchConfigSaved(const QString& path, const QString& error);
    void diagnoseFinished(const psui::DiagnoseOutcome& outcome);
    void originsFinished(const psui::OriginsOutcome& outcome);
    void changesChanged(); // a diff started or ended (changes())
    void compareFailed(const QString& message); // the session and any diff shown stay as they were
    void trendsProgressChanged(int permille, const QString& stage);
    // `generation`: the sourceGeneration the trends describe; trends is null and error set on failure.
    void trendsFinished(std::shared_ptr<const ps::StepTrends> trends, const QString& error, quint64 generation);
    void tensorErrorProgress(int permille, const QString& stage);
    void tensorErrorFinished(const psui::TensorErrorOutcome& outcome); // not sent when cancelled
    void exportFinished(const QString& path, const QString& error);

private:
    void edit(const QString& stage, AnalysisJobs::Mutation mutation);
    void setChanges(std::shared_ptr<const ChangeMap> changes);
    void startDiff(const QString& path); // compareWith, once the node data is there
    void runExport(const QString& path, QString (*write)(const ExportRequest&)); // on the Export channel

    SessionController& m_session;
    JobRunner& m_runner;
    std::shared_ptr<const ChangeMap> m_changes;
    std::unordered_map<int, ps::PeerLinks> m_peers; // job index -> links of that rank
};

} // namespace psui
