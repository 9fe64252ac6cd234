#pragma once
// The Graph dock (tb_graph_ascend's nested boxes, NPU and bench canvases side by side) and the Charts dock
// (precision along execution order, per layer, layer x kind), attached to the main window and its View menu.
// Selection follows the trees both ways through MainWindow::jumpTo; data comes from the session's snapshot.
#include "models/snapshot.h"

#include <QObject>

#include <array>

class QDockWidget;
class QLabel;
class QMenu;
class QToolButton;

namespace psui {

class GraphCanvas;
class MainWindow;
class PrecisionCharts;
class SessionController;

class GraphChartDocks : public QObject {
    Q_OBJECT
public:
    GraphChartDocks(MainWindow* window, SessionController* session, QMenu* viewMenu);

    QDockWidget* graphDock() const { return m_graphDock; }
    QDockWidget* chartsDock() const { return m_chartsDock; }
    GraphCanvas* canvas(Side side) const { return m_canvases[size_t(side)]; }
    PrecisionCharts* charts() const { return m_charts; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* createCanvasPane(Side side, QWidget* parent);
    void retranslate();

    MainWindow* m_window;
    SessionController* m_session;
    QDockWidget* m_graphDock;
    QDockWidget* m_chartsDock;
    std::array<GraphCanvas*, 2> m_canvases {};
    std::array<QLabel*, 2> m_titles {};
    std::array<std::array<QToolButton*, 3>, 2> m_zoomButtons {}; // zoom out, zoom in, fit
    PrecisionCharts* m_charts;
};

} // namespace psui
