#pragma once
// "Open that step or rank, then select this node": switches the session to a job and selects an NPU node by name
// once the job's session has arrived (the trees are reset on the same signal first). Shared by the peer-rank jump
// of communication nodes and the Trends view.
#include <QObject>
#include <QString>

namespace psui {

class SessionController;
class ViewState;

class JobNodeJump : public QObject {
    Q_OBJECT
public:
    JobNodeJump(ViewState* view, SessionController* session, QObject* parent = nullptr);

    // Opens job `job` (or stays in it) and selects `nodeName` on the NPU side. `missingText` (with %1 for the
    // name) is the status message when that graph has no such node. False when the session has no such job.
    bool jump(int job, const QString& nodeName, const QString& missingText);

Q_SIGNALS:
    void statusMessage(const QString& text, int timeoutMs);

private:
    void selectPending();

    ViewState* m_view;
    SessionController* m_session;
    QString m_pendingNode; // selected once the job's session arrives
    QString m_missingText;
    int m_pendingJob = -1;
};

} // namespace psui
