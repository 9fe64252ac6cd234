#include "widgets/jobnodejump.h"

#include "session/sessioncontroller.h"
#include "session/viewstate.h"

#include <utility>

namespace psui {

JobNodeJump::JobNodeJump(ViewState* view, SessionController* session, QObject* parent)
    : QObject(parent)
    , m_view(view)
    , m_session(session)
{
    // Queued: the main window resets the trees on the same signal first.
    connect(m_session, &SessionController::sessionChanged, this, &JobNodeJump::selectPending, Qt::QueuedConnection);
    connect(m_session, &SessionController::loadFailed, this, [this]() { m_pendingNode.clear(); });
}

bool JobNodeJump::jump(int job, const QString& nodeName, const QString& missingText)
{
    if (job < 0 || size_t(job) >= m_session->jobs().size())
        return false;
    m_pendingNode = nodeName;
    m_pendingJob = job;
    m_missingText = missingText;
    if (job == m_session->currentJob())
        selectPending();
    else
        m_session->selectJob(job); // its session arrives as sessionChanged
    return true;
}

void JobNodeJump::selectPending()
{
    // A session that arrived before the jump (its queued call still pending) is not the job's.
    const auto snap = m_session->snapshot();
    if (m_pendingNode.isEmpty() || !snap || m_session->currentJob() != m_pendingJob)
        return;
    if (snap->isPartial() && snap->graph(Side::Npu).find(m_pendingNode.toStdString()) == ps::kNoNode)
        return; // a .vis.db's first part: the whole graph follows as another sessionChanged
    const QString name = std::exchange(m_pendingNode, QString());
    const NodeId node = snap->graph(Side::Npu).find(name.toStdString());
    if (node == ps::kNoNode) {
        Q_EMIT statusMessage(m_missingText.arg(name), 5000);
        return;
    }
    m_view->requestJump(Side::Npu, node);
}

} // namespace psui
