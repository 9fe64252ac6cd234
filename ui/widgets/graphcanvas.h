#pragma once
// The nested-box graph of one side (tb_graph_ascend's main pane). The layout is the
// core's HierarchyLayout; this widget only paints the boxes it returns for the viewport (boxesIn), hit-tests
// with boxAt and forwards double-clicks to toggle.
//
// Why a custom QAbstractScrollArea and not QGraphicsView: the core already culls (boxesIn skips whole subtrees
// outside the viewport) and hit-tests, so one QGraphicsItem per box would duplicate the layout into a scene that
// must be rebuilt on every expand/collapse; painting the culled boxes directly keeps expand and zoom O(visible).
#include "models/snapshot.h"

#include <QAbstractScrollArea>

#include <memory>

namespace ps {
class HierarchyLayout;
}

namespace psui {

class GraphMinimap;

class GraphCanvas : public QAbstractScrollArea {
    Q_OBJECT
public:
    explicit GraphCanvas(Side side, QWidget* parent = nullptr);
    ~GraphCanvas() override;

    Side side() const { return m_side; }
    // A new session (or micro step): the layout restarts with only the root expanded.
    void setSnapshot(std::shared_ptr<const Snapshot> snapshot, int microStep);
    // Same graphs, new matches or precision (manual matching): repaint, keep the expansion.
    void refreshColors(std::shared_ptr<const Snapshot> snapshot);
    const ps::HierarchyLayout* layout() const { return m_layout.get(); }
    const Snapshot* snapshot() const { return m_snapshot.get(); }

    // Reveals the node (expanding its ancestors), centres it and marks it selected. Emits nothing.
    void selectNode(NodeId node);
    NodeId selectedNode() const { return m_selected; }
    bool toggleNode(NodeId node); // what a double-click does

    double scale() const { return m_scale; }
    void setScale(double scale); // keeps the viewport centre
    void zoomIn();
    void zoomOut();
    void fitToView();

    // Layout (root frame) <-> viewport coordinates.
    QPointF toViewport(QPointF layoutPoint) const;
    QPointF toLayout(QPointF viewportPoint) const;
    QRectF boxRectInViewport(uint32_t box) const;
    QRectF visibleLayoutRect() const; // the part of the layout the viewport shows
    void centerOn(QPointF layoutPoint);
    // Boxes painted by the last paintEvent (pre-order box indices), for tests and the minimap.
    const std::vector<uint32_t>& paintedBoxes() const { return m_painted; }
    // How many box labels (title strips) a viewport area overlaps: the minimap goes where it hides the fewest.
    int labelsUnder(const QRect& viewportArea) const;

Q_SIGNALS:
    void nodeClicked(Side side, NodeId node);
    void viewChanged(); // scroll, zoom or layout change: the minimap follows

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;
    bool viewportEvent(QEvent* event) override;

private:
    void updateScrollBars();
    void placeMinimap(); // in the corner where it hides the fewest labels
    void drawBox(QPainter& p, uint32_t index) const;
    uint32_t boxAtViewport(QPoint pos) const;

    Side m_side;
    std::shared_ptr<const Snapshot> m_snapshot;
    std::unique_ptr<ps::HierarchyLayout> m_layout;
    NodeId m_selected = ps::kNoNode;
    double m_scale = 1.8; // tb_graph_ascend's initial scale
    QPoint m_pressPos;
    QPoint m_lastDrag;
    bool m_dragging = false;
    std::vector<uint32_t> m_painted;
    GraphMinimap* m_minimap;
};

} // namespace psui
