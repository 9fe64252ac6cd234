#pragma once
// The Graph view (tb_graph_ascend's nested boxes, NPU and bench canvases side by side; the main window shows it
// in its central area) and the Charts dock (precision along execution order, per layer, layer x kind). Selection
// follows the trees both ways through the ViewState; data comes from the session's snapshot.
#include "models/snapshot.h"

#include <QObject>

#include <array>

class QDockWidget;
class QLabel;
class QSplitter;
class QToolButton;

namespace psui {

class GraphCanvas;
class PrecisionCharts;
class SessionController;
class ViewState;

class GraphChartDocks : public QObject {
    Q_OBJECT
public:
    // `window`: parent of the dock and the graph view.
    GraphChartDocks(ViewState* view, SessionController* session, QWidget* window);

    QWidget* graphView() const;
    QDockWidget* chartsDock() const { return m_chartsDock; }
    GraphCanvas* canvas(Side side) const { return m_canvases[size_t(side)]; }
    PrecisionCharts* charts() const { return m_charts; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* createCanvasPane(Side side, QWidget* parent);
    void retranslate();

    SessionController* m_session;
    QSplitter* m_graphView;
    QDockWidget* m_chartsDock;
    std::array<GraphCanvas*, 2> m_canvases {};
    std::array<QLabel*, 2> m_titles {};
    std::array<std::array<QToolButton*, 3>, 2> m_zoomButtons {}; // zoom out, zoom in, fit
    PrecisionCharts* m_charts;
};

} // namespace psui
