#pragma once
// The small overview in a graph canvas's corner: the whole visible layout scaled down, the viewport as a
// rectangle; a click or drag moves the canvas there. On a laptop every corner of the canvas holds labels: the
// overview is faint (they show through it) until the pointer is on it.
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
    double opacity() const { return m_hovered ? 1.0 : kFaint; }
    static constexpr double kFaint = 0.35;

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void enterEvent(QEnterEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    double factor() const; // minimap pixels per layout unit
    GraphCanvas* m_canvas;
    bool m_hovered = false;
};

} // namespace psui
