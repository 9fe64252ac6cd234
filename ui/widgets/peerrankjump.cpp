#include "widgets/peerrankjump.h"

#include "session/sessioncontroller.h"
#include "widgets/jobnodejump.h"

#include <QAction>
#include <QMenu>

namespace psui {

PeerRankJump::PeerRankJump(JobNodeJump* jump, SessionController* session, QObject* parent)
    : QObject(parent)
    , m_jump(jump)
    , m_session(session)
{
}

int PeerRankJump::jobOfRank(int rank) const
{
    const auto& jobs = m_session->jobs();
    const int current = m_session->currentJob();
    if (current < 0 || size_t(current) >= jobs.size())
        return -1;
    for (size_t i = 0; i < jobs.size(); ++i)
        if (jobs[i].rank == rank && jobs[i].stepDir == jobs[size_t(current)].stepDir)
            return int(i);
    return -1;
}

void PeerRankJump::addActions(QMenu* menu, Side side, NodeId node)
{
    const auto snap = m_session->snapshot();
    if (!snap || !snap->comparison || node == ps::kNoNode)
        return;
    const auto& links = snap->comparison->distributed[size_t(side)];
    const auto it = links.find(node);
    if (it == links.end() || it->second.peers.empty()) {
        // A dump session learns its peers in the background after the load (SessionController::findPeers).
        if (m_session->isBusy(Channel::Peers) && snap->graph(side).nameOf(node).starts_with("Distributed"))
            menu->addAction(tr("Finding the peer ranks…"))->setEnabled(false);
        return;
    }
    const ps::DistributedLink& link = it->second;
    const QString title = link.type == "send" ? tr("Data sent to")
        : link.type == "receive"              ? tr("Data received from")
                                              : tr("Data sent to and received from");
    QMenu* peers = menu->addMenu(title);
    peers->setObjectName(QStringLiteral("peerRankMenu"));
    for (const ps::DistributedPeer& peer : link.peers) {
        const QString name = QString::fromStdString(peer.node);
        QAction* a = peers->addAction(tr("rank %1: %2").arg(peer.rank).arg(name));
        a->setToolTip(tr("Precision of the peer: %1").arg(QString::fromStdString(peer.index)));
        a->setEnabled(jobOfRank(peer.rank) >= 0);
        connect(a, &QAction::triggered, this, [this, rank = peer.rank, name]() { jumpTo(rank, name); });
    }
}

bool PeerRankJump::jumpTo(int rank, const QString& nodeName)
{
    const int job = jobOfRank(rank);
    if (job < 0) {
        Q_EMIT statusMessage(tr("Rank %1 is not part of this session.").arg(rank), 5000);
        return false;
    }
    return m_jump->jump(job, nodeName, tr("The peer node %1 is not in this rank's graph."));
}

} // namespace psui
