// A .vis.db opened in steps: the part tb_graph_ascend shows first (each side's root and its children, loaded
// further on expand), then the whole structure, the node data staying in the file until a node is shown or a
// feature needs all of it. A 1 GB database is on screen in milliseconds instead of the 7 s and 1.6 GB of reading
// it whole (docs/performance.md).
#include "session/sessioncontroller.h"

#include "compare/color_bins.h"
#include "models/graphtreemodel.h"
#include "session/errortext.h"
#include "session/loadjob.h"
#include "vis/vis_db_browser.h"
#include "vis/vis_db_reader.h"

namespace psui {

namespace {

struct NodeDataResult {
    std::shared_ptr<const Snapshot> data;
    NodeId dataNpu = ps::kNoNode, dataBench = ps::kNoNode;
    QString error;
};

// The name of node `n` of `side`, "" when there is none.
std::string nameOf(const Snapshot& snapshot, Side side, NodeId n)
{
    return snapshot.hasSide(side) && n < snapshot.graph(side).size() ? std::string(snapshot.graph(side).nameOf(n))
                                                                     : std::string();
}

} // namespace

void SessionController::finishBrowse(LoadResult& result, bool sameComparison)
{
    if (!result.error.isEmpty() || !result.snapshot) {
        finishLoad(result, sameComparison); // reports the failure; the previous session stays
        return;
    }
    finishLoad(result, sameComparison);
    if (m_readStructure)
        readStructure();
}

void SessionController::readStructure()
{
    if (!isPartial())
        return;
    m_runner->run(
        Channel::Load, tr("Reading the graph…"),
        [request = m_request, source = m_source](
            const JobContext& context) { return LoadJob::run(request, source, context, GraphData::Structure); },
        [this](LoadResult result) { completeGraph(result, {}); });
}

void SessionController::completeGraph(LoadResult& result, std::function<void()> then)
{
    if (!result.error.isEmpty() || !result.snapshot) {
        Q_EMIT loadFailed(result.error); // what is shown stays, and can be browsed on
        return;
    }
    std::shared_ptr<const Snapshot> snapshot = withColorRanges(std::move(result.snapshot)); // chosen meanwhile
    // The structure and the whole read place the nodes alike: from one to the other nothing moves.
    const bool sameIds = m_snapshot && !m_snapshot->isPartial();
    m_browser.reset();
    if (sameIds) {
        replaceSnapshot(std::move(snapshot), Change::SameGraphs);
    } else {
        Q_EMIT graphCompleting();
        replaceSnapshot(std::move(snapshot), Change::NewSession);
        Q_EMIT graphCompleted();
    }
    applyColorMetric();
    if (then)
        then();
}

void SessionController::withNodeData(std::function<void()> then)
{
    if (m_snapshot && m_snapshot->comparing) {
        m_afterComparing.push_back(std::move(then));
        return;
    }
    if (hasNodeData()) {
        then();
        return;
    }
    m_runner->run(
        Channel::Load, tr("Reading the node data…"),
        [request = m_request, source = m_source](
            const JobContext& context) { return LoadJob::run(request, source, context, GraphData::All); },
        [this, then = std::move(then)](LoadResult result) { completeGraph(result, then); });
}

void SessionController::loadChildren(Side side, NodeId node)
{
    if (!m_browser || !m_snapshot || !m_snapshot->isPartial())
        return;
    try {
        if (!m_browser->expand(side, node))
            return;
        m_snapshot = LoadJob::browsedSnapshot(*m_browser);
    } catch (const std::exception& e) {
        Q_EMIT loadFailed(ErrorText::of(e));
        return;
    }
    for (GraphTreeModel* model : m_models)
        model->growSnapshot(m_snapshot);
    showNotes();
    Q_EMIT snapshotGrew();
}

void SessionController::requestNodeData(NodeId npu, NodeId bench)
{
    const std::string npuName = m_snapshot ? nameOf(*m_snapshot, Side::Npu, npu) : std::string();
    const std::string benchName = m_snapshot ? nameOf(*m_snapshot, Side::Bench, bench) : std::string();
    if (hasNodeData() || (npuName.empty() && benchName.empty())) {
        m_runner->cancel(Channel::Details);
        Q_EMIT nodeDataReady(npu, bench, m_snapshot, npu, bench);
        return;
    }
    const std::string path = m_request.visPath.toStdString();
    const bool job = m_request.jobIndex >= 0 && size_t(m_request.jobIndex) < jobs().size();
    const int step = job ? jobs()[size_t(m_request.jobIndex)].step : 0;
    const int rank = job ? jobs()[size_t(m_request.jobIndex)].rank : 0;
    m_runner->run(
        Channel::Details, {},
        [path, step, rank, npuName, benchName, bins = m_snapshot->bins](const JobContext&) {
            NodeDataResult r;
            try {
                ps::VisDocument doc = ps::readVisDbNodePair(path, step, rank, npuName, benchName);
                r.data = makeSnapshot(std::move(doc.comparison), &doc.meta, &bins);
                // Node 0 of each side, unless it stands in for a node not asked for.
                r.dataNpu = !npuName.empty() && nameOf(*r.data, Side::Npu, 0) == npuName ? NodeId(0) : ps::kNoNode;
                r.dataBench
                    = !benchName.empty() && nameOf(*r.data, Side::Bench, 0) == benchName ? NodeId(0) : ps::kNoNode;
            } catch (const std::exception& e) {
                r.error = ErrorText::of(e);
            }
            return r;
        },
        [this, npu, bench](const NodeDataResult& r) {
            if (!r.error.isEmpty())
                Q_EMIT loadFailed(r.error);
            else
                Q_EMIT nodeDataReady(npu, bench, r.data, r.dataNpu, r.dataBench);
        });
}

} // namespace psui
