#pragma once
// The small overview in a graph canvas's corner: the whole visible layout scaled down, the viewport as a
// rectangle; a click or drag moves the canvas there.
#include <QWidget>

namespace psui {

class GraphCanvas;

class GraphMinimap : public QWidget {
    Q_OBJECT
public:
    explicit GraphMinimap(GraphCanvas* canvas, QWidget* parent);
    // Layout point under a minimap position (what a click centres on).
    QPointF toLayout(QPointF minimapPoint) const;
    QRectF viewportRectOnMinimap() const;

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;

private:
    double factor() const; // minimap pixels per layout unit
    GraphCanvas* m_canvas;
};

} // namespace psui
