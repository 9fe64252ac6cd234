#include "session/sessionloader.h"

#include "session/errortext.h"
#include "session/jobrunner.h"
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

// The Load channel's work of reading (or comparing) the shown request's graph again, `data` of it.
auto reloadWork(const OpenRequest& request, const std::shared_ptr<const ps::Source>& source, GraphData data)
{
    return [request, source, data](const JobContext& context) {
        return std::make_shared<LoadResult>(LoadJob::run(request, source, context, data));
    };
}

} // namespace

SessionLoader::SessionLoader(JobRunner& runner, QObject* parent)
    : QObject(parent)
    , m_runner(runner)
{
}

SessionLoader::~SessionLoader() = default;

void SessionLoader::setPhase(LoadPhase phase)
{
    if (phase == m_phase)
        return;
    m_phase = phase;
    Q_EMIT phaseChanged(phase);
}

void SessionLoader::open(const OpenRequest& request, std::shared_ptr<const ps::Source> source, bool sameComparison)
{
    if (m_phase == LoadPhase::Matched) { // this load takes the Load channel from the comparing
        m_afterComparing.clear();
        setPhase(LoadPhase::Uncompared);
    }
    if (LoadJob::isVisDb(request)) {
        m_runner.run(
            Channel::Load, tr("Starting…"),
            [request, source = std::move(source)](const JobContext& context) {
                return std::make_shared<LoadResult>(LoadJob::browse(request, source, context));
            },
            [this, sameComparison](const std::shared_ptr<LoadResult>& result) { finishOpen(result, sameComparison); });
        return;
    }
    // Dumps: their matched nodes are shown while the pair is compared; a graph file arrives whole. Both callbacks
    // run on this thread.
    auto partShown = std::make_shared<bool>(false);
    m_runner.run(
        Channel::Load, tr("Starting…"),
        [this, request, source = std::move(source), sameComparison, partShown](const JobContext& context) {
            return std::make_shared<LoadResult>(LoadJob::run(request, source, context, GraphData::Structure,
                [this, context, sameComparison, partShown](LoadResult early) {
                    auto shown = std::make_shared<LoadResult>(std::move(early));
                    context.deliverPart([this, shown, sameComparison, partShown] {
                        *partShown = true;
                        finishOpen(shown, sameComparison);
                    });
                }));
        },
        [this, sameComparison, partShown](const std::shared_ptr<LoadResult>& result) {
            if (*partShown)
                finishCompare(result);
            else
                finishOpen(result, sameComparison);
        });
}

void SessionLoader::finishOpen(const std::shared_ptr<LoadResult>& result, bool sameComparison)
{
    if (!result->error.isEmpty() || !result->snapshot) {
        Q_EMIT failed(result->error); // the session shown stays as it was
        return;
    }
    m_request = result->request;
    m_source = result->source;
    m_browser = std::move(result->browser);
    m_afterComparing.clear(); // they wait for another comparison
    // The phase is set before the session shows the result, announced after: observers see both.
    m_phase = m_browser ? LoadPhase::Part : result->snapshot->comparing ? LoadPhase::Matched : LoadPhase::Whole;
    Q_EMIT opened(result, sameComparison);
    if (m_phase == LoadPhase::Part && m_readStructure)
        readStructure(); // running when the phase is announced: a cancel then stops it
    Q_EMIT phaseChanged(m_phase);
}

void SessionLoader::finishCompare(const std::shared_ptr<LoadResult>& result)
{
    std::vector<std::function<void()>> queued = std::exchange(m_afterComparing, {});
    if (!result->error.isEmpty() || !result->snapshot) {
        setPhase(LoadPhase::Uncompared);
        Q_EMIT failed(result->error); // the matched nodes stay on screen
        return;
    }
    m_phase = LoadPhase::Whole;
    Q_EMIT compared(result);
    Q_EMIT phaseChanged(m_phase);
    for (const auto& then : queued)
        then();
}

void SessionLoader::cancel()
{
    if (m_phase == LoadPhase::Matched) {
        m_afterComparing.clear();
        m_runner.cancel(Channel::Load, tr("Cancelled; the trees show the matched nodes without metrics."));
        setPhase(LoadPhase::Uncompared);
        return;
    }
    m_runner.cancel(Channel::Load, tr("Cancelled; the previous session is kept."));
}

void SessionLoader::compare()
{
    setPhase(LoadPhase::Matched);
    m_runner.run(Channel::Load, tr("Comparing…"), reloadWork(m_request, m_source, GraphData::Structure),
        [this](const std::shared_ptr<LoadResult>& result) { finishCompare(result); });
}

void SessionLoader::withNodeData(std::function<void()> then)
{
    switch (m_phase) {
    case LoadPhase::Empty:
    case LoadPhase::Whole:
        then();
        return;
    case LoadPhase::Matched:
        m_afterComparing.push_back(std::move(then));
        return;
    case LoadPhase::Uncompared:
        m_afterComparing.push_back(std::move(then));
        compare();
        return;
    case LoadPhase::Part:
    case LoadPhase::Structure:
        m_runner.run(Channel::Load, tr("Reading the node data…"), reloadWork(m_request, m_source, GraphData::All),
            [this, then = std::move(then)](const std::shared_ptr<LoadResult>& result) { finishRead(result, then); });
        return;
    }
}

void SessionLoader::readStructure()
{
    if (m_phase != LoadPhase::Part)
        return;
    m_runner.run(Channel::Load, tr("Reading the graph…"), reloadWork(m_request, m_source, GraphData::Structure),
        [this](const std::shared_ptr<LoadResult>& result) { finishRead(result, {}); });
}

void SessionLoader::finishRead(const std::shared_ptr<LoadResult>& result, const std::function<void()>& then)
{
    if (!result->error.isEmpty() || !result->snapshot) {
        Q_EMIT failed(result->error); // what is shown stays, and can be browsed on
        return;
    }
    // The structure and the whole read place the nodes alike: from one to the other nothing moves.
    const bool sameNodes = m_phase == LoadPhase::Structure;
    m_browser.reset();
    m_phase = result->snapshot->hasNodeData() ? LoadPhase::Whole : LoadPhase::Structure;
    Q_EMIT completed(result, sameNodes);
    Q_EMIT phaseChanged(m_phase);
    if (then)
        then();
}

std::shared_ptr<const Snapshot> SessionLoader::expand(Side side, NodeId node)
{
    if (!m_browser || m_phase != LoadPhase::Part)
        return nullptr;
    try {
        if (!m_browser->expand(side, node))
            return nullptr;
        return LoadJob::browsedSnapshot(*m_browser);
    } catch (const std::exception& e) {
        Q_EMIT failed(ErrorText::of(e));
        return nullptr;
    }
}

void SessionLoader::requestNodeData(const std::shared_ptr<const Snapshot>& shown, NodeId npu, NodeId bench)
{
    const std::string npuName = shown ? nameOf(*shown, Side::Npu, npu) : std::string();
    const std::string benchName = shown ? nameOf(*shown, Side::Bench, bench) : std::string();
    if (!shown || shown->hasNodeData() || (npuName.empty() && benchName.empty())) {
        m_runner.cancel(Channel::Details);
        Q_EMIT nodeDataReady(npu, bench, shown, npu, bench);
        return;
    }
    const std::string path = m_request.visPath.toStdString();
    const int index = m_request.jobIndex;
    const bool job = m_source && index >= 0 && size_t(index) < m_source->jobs().size();
    const int step = job ? m_source->jobs()[size_t(index)].step : 0;
    const int rank = job ? m_source->jobs()[size_t(index)].rank : 0;
    m_runner.run(
        Channel::Details, {},
        [path, step, rank, npuName, benchName, bins = shown->bins](const JobContext&) {
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
                Q_EMIT failed(r.error);
            else
                Q_EMIT nodeDataReady(npu, bench, r.data, r.dataNpu, r.dataBench);
        });
}

} // namespace psui
