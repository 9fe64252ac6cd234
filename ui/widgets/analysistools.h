#pragma once
// The analysis tools hooked into the main window: manual match / unmatch (tree context menus, Ctrl+M and
// Ctrl+Shift+M, a "with children" option), Load/Save match config in the File menu, and the First divergence
// dock. All work goes through the session controller.
#include "models/snapshot.h"

#include <QObject>

#include <array>

class QAction;
class QDockWidget;
class QMenu;
class QPoint;

namespace psui {

class DivergencePanel;
class MainWindow;
class SessionController;
struct MatchOutcome;

class AnalysisTools : public QObject {
    Q_OBJECT
public:
    AnalysisTools(MainWindow* window, SessionController* session, QMenu* fileMenu, QMenu* viewMenu);

    QAction* matchAction() const { return m_match; }
    QAction* unmatchAction() const { return m_unmatch; }
    QAction* withChildrenAction() const { return m_withChildren; }
    QDockWidget* divergenceDock() const { return m_dock; }
    DivergencePanel* divergencePanel() const { return m_panel; }
    // The unmatched node last selected on a side: what "Match" pairs (kNoNode when none).
    NodeId pick(Side side) const { return m_pick[size_t(side)]; }
    void setPick(Side side, NodeId node);
    // The context menu the trees show for a node (built fresh each time; the caller owns it).
    QMenu* contextMenu(Side side, NodeId node);
    void loadMatchConfig(const QString& path);
    void saveMatchConfig(const QString& path);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void retranslate();
    void updateActions();
    void matchPicked();
    void unmatchCurrent();
    void unmatchNode(Side side, NodeId node);
    void onMatchFinished(const MatchOutcome& outcome);
    void chooseConfigToLoad();
    void chooseConfigToSave();
    QString nodeLabel(Side side, NodeId node) const;

    MainWindow* m_window;
    SessionController* m_session;
    QAction* m_match;
    QAction* m_unmatch;
    QAction* m_withChildren;
    QAction* m_loadConfig;
    QAction* m_saveConfig;
    QDockWidget* m_dock;
    DivergencePanel* m_panel;
    std::array<NodeId, 2> m_pick { ps::kNoNode, ps::kNoNode };
};

} // namespace psui
