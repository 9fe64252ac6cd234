#pragma once
// The analysis tools: manual match / unmatch (tree context menus, Ctrl+M and Ctrl+Shift+M, a "with children"
// option), Load/Save match config, and the First divergence dock. The main window places the actions and the
// dock; the current nodes and picks come from the ViewState, all work goes through the session controller.
#include "models/snapshot.h"

#include <QObject>

#include <array>

class QAction;
class QDockWidget;
class QMenu;
class QPoint;

namespace psui {

class DivergencePanel;
class SessionController;
class ViewState;
struct MatchOutcome;

class AnalysisTools : public QObject {
    Q_OBJECT
public:
    // `window`: parent of the actions, the dock and the dialogs.
    AnalysisTools(ViewState* view, SessionController* session, QWidget* window);

    QAction* matchAction() const { return m_match; }
    QAction* unmatchAction() const { return m_unmatch; }
    QAction* withChildrenAction() const { return m_withChildren; }
    QList<QAction*> fileActions() const; // Load / Save match config
    QDockWidget* divergenceDock() const { return m_dock; }
    DivergencePanel* divergencePanel() const { return m_panel; }
    // The context menu the trees show for a node (built fresh each time; the caller owns it).
    QMenu* contextMenu(Side side, NodeId node);
    void loadMatchConfig(const QString& path);
    void saveMatchConfig(const QString& path);

Q_SIGNALS:
    void statusMessage(const QString& text, int timeoutMs); // empty text: clear the status bar's message

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void retranslate();
    void updateActions();
    void onPicksChanged();
    void onCurrentNodes(NodeId npu, NodeId bench);
    void onSnapshotUpdated();
    void matchPicked();
    void unmatchCurrent();
    void unmatchNode(Side side, NodeId node);
    void onMatchFinished(const MatchOutcome& outcome);
    void chooseConfigToLoad();
    void chooseConfigToSave();
    QString nodeLabel(Side side, NodeId node) const;

    ViewState* m_view;
    SessionController* m_session;
    QWidget* m_window;
    QAction* m_match;
    QAction* m_unmatch;
    QAction* m_withChildren;
    QAction* m_loadConfig;
    QAction* m_saveConfig;
    QDockWidget* m_dock;
    DivergencePanel* m_panel;
};

} // namespace psui
