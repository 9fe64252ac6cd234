#pragma once
// The load of the session shown, as one explicit phase. Dumps show their matched nodes first and get their metrics
// when the pair is compared (Matched -> Whole); a .vis.db shows the part tb_graph_ascend shows first, then its whole
// structure, its node data staying in the file until a node is shown or a feature needs all of it (Part ->
// Structure -> Whole); a .vis or a merged parallel run is read whole. The loader runs that work on the Load and
// Details channels and says what arrived; the session owner (SessionController) shows it.
#include "models/snapshot.h"
#include "session/openrequest.h"

#include <QObject>

#include <functional>
#include <memory>
#include <vector>

namespace ps {
class VisDbBrowser;
}

namespace psui {

class JobRunner;
struct LoadResult;

enum class LoadPhase {
    Empty, // nothing open
    Matched, // dumps' matched nodes shown while the pair is compared
    Uncompared, // dumps' matched nodes shown; their comparing was cancelled, failed or replaced: no metrics come
    Part, // a .vis.db's first part shown, loaded further on expand; its whole structure is read next
    Structure, // a .vis.db's whole structure shown, the node data staying in the file until it is needed
    Whole, // every node with its data and metrics
};

class SessionLoader : public QObject {
    Q_OBJECT
public:
    SessionLoader(JobRunner& runner, QObject* parent);
    ~SessionLoader() override;

    LoadPhase phase() const { return m_phase; }
    // The request and inputs of the session shown (empty / null before the first load).
    const OpenRequest& request() const { return m_request; }
    std::shared_ptr<const ps::Source> source() const { return m_source; }

    // `source`: the request's inputs as opened by a previous load of the same comparison (null: open them).
    // `sameComparison`: another rank or step of the comparison shown. The session shown stays until the new one
    // arrives (opened), or for good when the load fails or is cancelled; dumps being compared stay uncompared.
    void open(const OpenRequest& request, std::shared_ptr<const ps::Source> source, bool sameComparison);
    // Stops the Load channel's work: what is shown stays (matched dumps stay without metrics).
    void cancel();
    // Runs `then` once the graph shown is whole: at once; after the comparing of the matched dumps shown (started
    // again when it was stopped); or after reading a .vis.db whole (completed). Nothing runs when that fails or
    // is cancelled, or nothing is open.
    void withNodeData(std::function<void()> then);
    // Whether a .vis.db's whole structure is read right after its first part (the default), or only when
    // readStructure() asks.
    void setReadsStructureInBackground(bool on) { m_readStructure = on; }
    void readStructure(); // Part: the whole structure, on the Load channel
    // Part: the children of `node` read from the database; the grown snapshot, or null when nothing was added
    // (failed says why when the read failed).
    std::shared_ptr<const Snapshot> expand(Side side, NodeId node);
    // The data of a node pair of `shown`, read from its file on the Details channel when `shown` has none.
    void requestNodeData(const std::shared_ptr<const Snapshot>& shown, NodeId npu, NodeId bench);

Q_SIGNALS:
    void phaseChanged(psui::LoadPhase phase);
    // A new session to show: dumps' matched nodes, a .vis.db's first part, or a graph read whole. The request and
    // source are this loader's already.
    void opened(std::shared_ptr<psui::LoadResult> result, bool sameComparison);
    // The matched dumps shown are compared: the same nodes with metrics and colours.
    void compared(std::shared_ptr<psui::LoadResult> result);
    // The .vis.db shown was read whole, or its whole structure: the same node ids as shown when `sameNodes`.
    void completed(std::shared_ptr<psui::LoadResult> result, bool sameNodes);
    void failed(const QString& message); // what is shown stays
    // requestNodeData(npu, bench): `data` holds the two nodes as `dataNpu` and `dataBench` (kNoNode: none).
    void nodeDataReady(
        NodeId npu, NodeId bench, std::shared_ptr<const Snapshot> data, NodeId dataNpu, NodeId dataBench);

private:
    void setPhase(LoadPhase phase);
    void compare(); // Uncompared: the dumps shown compared again, their result delivered as `compared`
    // A job's result: shown as a new session, or failed (the phase stays).
    void finishOpen(const std::shared_ptr<LoadResult>& result, bool sameComparison);
    void finishCompare(const std::shared_ptr<LoadResult>& result);
    void finishRead(const std::shared_ptr<LoadResult>& result, const std::function<void()>& then);

    JobRunner& m_runner;
    LoadPhase m_phase = LoadPhase::Empty;
    OpenRequest m_request;
    std::shared_ptr<const ps::Source> m_source;
    std::shared_ptr<ps::VisDbBrowser> m_browser; // Part
    bool m_readStructure = true;
    std::vector<std::function<void()>> m_afterComparing; // Matched: withNodeData calls waiting for the metrics
};

} // namespace psui
