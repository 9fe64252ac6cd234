#pragma once
// Communication nodes of a multi-rank session (a .vis.db with its ranks, or a batch of ranks): the peers msprobe's
// distributed analysis recorded in matched_distributed ("rank N: node"), offered in the trees' context menu as
// tb_graph_ascend offers them; choosing one opens the peer rank of the same step and selects the peer node.
#include "models/snapshot.h"

#include <QObject>
#include <QString>

class QMenu;

namespace psui {

class JobNodeJump;
class SessionController;

class PeerRankJump : public QObject {
    Q_OBJECT
public:
    PeerRankJump(JobNodeJump* jump, SessionController* session, QObject* parent = nullptr);

    // Adds the node's peers as a sub-menu (nothing when it has none).
    void addActions(QMenu* menu, Side side, NodeId node);
    // Opens (or stays in) the job of `rank` in the current step and selects `nodeName` on the NPU side. False when
    // the session has no such rank.
    bool jumpTo(int rank, const QString& nodeName);

Q_SIGNALS:
    void statusMessage(const QString& text, int timeoutMs);

private:
    int jobOfRank(int rank) const; // -1: none

    JobNodeJump* m_jump;
    SessionController* m_session;
};

} // namespace psui
