#pragma once
// The Graph dock (tb_graph_ascend's nested boxes, NPU and bench canvases side by side) and the Charts dock
// (precision along execution order, per layer, layer x kind); the main window places them. Selection follows
// the trees both ways through the ViewState; data comes from the session's snapshot.
#include "models/snapshot.h"

#include <QObject>

#include <array>

class QDockWidget;
class QLabel;
class QToolButton;

namespace psui {

class GraphCanvas;
class PrecisionCharts;
class SessionController;
class ViewState;

class GraphChartDocks : public QObject {
    Q_OBJECT
public:
    // `window`: parent of the docks.
    GraphChartDocks(ViewState* view, SessionController* session, QWidget* window);

    QDockWidget* graphDock() const { return m_graphDock; }
    QDockWidget* chartsDock() const { return m_chartsDock; }
    GraphCanvas* canvas(Side side) const { return m_canvases[size_t(side)]; }
    PrecisionCharts* charts() const { return m_charts; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* createCanvasPane(Side side, QWidget* parent);
    void retranslate();

    SessionController* m_session;
    QDockWidget* m_graphDock;
    QDockWidget* m_chartsDock;
    std::array<GraphCanvas*, 2> m_canvases {};
    std::array<QLabel*, 2> m_titles {};
    std::array<std::array<QToolButton*, 3>, 2> m_zoomButtons {}; // zoom out, zoom in, fit
    PrecisionCharts* m_charts;
};

} // namespace psui
