#include "widgets/graphminimap.h"

#include "box_layout/hierarchy_layout.h"
#include "theme/palette.h"
#include "widgets/graphcanvas.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>

namespace psui {

namespace {
constexpr double kPad = 4;
}

GraphMinimap::GraphMinimap(GraphCanvas* canvas, QWidget* parent)
    : QWidget(parent)
    , m_canvas(canvas)
{
    setObjectName(QStringLiteral("graphMinimap"));
    setCursor(Qt::PointingHandCursor);
    setToolTip(tr("Overview: click or drag to move the view"));
    connect(canvas, &GraphCanvas::viewChanged, this, qOverload<>(&QWidget::update));
}

double GraphMinimap::factor() const
{
    const ps::HierarchyLayout* layout = m_canvas->layout();
    if (!layout)
        return 1;
    const ps::LayoutBox& root = layout->rootBox();
    return std::min((width() - 2 * kPad) / std::max(1, root.width), (height() - 2 * kPad) / std::max(1, root.height));
}

QPointF GraphMinimap::toLayout(QPointF m) const
{
    const double f = factor();
    return QPointF((m.x() - kPad) / f, (m.y() - kPad) / f);
}

QRectF GraphMinimap::viewportRectOnMinimap() const
{
    const double f = factor();
    const QRectF v = m_canvas->visibleLayoutRect();
    return QRectF(v.x() * f + kPad, v.y() * f + kPad, v.width() * f, v.height() * f);
}

void GraphMinimap::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setOpacity(opacity());
    p.fillRect(rect(), QColor(255, 255, 255, 230));
    p.setPen(QColor(160, 160, 160));
    p.drawRect(rect().adjusted(0, 0, -1, -1));
    const ps::HierarchyLayout* layout = m_canvas->layout();
    const Snapshot* snap = m_canvas->snapshot();
    if (!layout || !snap)
        return;
    const double f = factor();
    const SideRollup& rollup = snap->rollup(m_canvas->side());
    // Every visible box, flat: at this size the shapes do not matter, the colours and nesting do.
    p.setPen(Qt::NoPen);
    for (const ps::LayoutBox& b : layout->boxes()) {
        const QRectF r(b.x * f + kPad, b.y * f + kPad, std::max(1.0, b.width * f), std::max(1.0, b.height * f));
        const QColor fill = Palette::nodeFill(*snap, m_canvas->side(), rollup.bin[b.node]);
        p.setBrush(b.expanded ? QColor(fill.red(), fill.green(), fill.blue(), 70) : fill);
        p.drawRect(r);
    }
    p.setBrush(QColor(31, 63, 207, 40));
    p.setPen(QPen(Palette::hitMarker(), 1.5));
    p.drawRect(viewportRectOnMinimap().intersected(QRectF(rect())));
}

void GraphMinimap::mousePressEvent(QMouseEvent* event)
{
    m_canvas->centerOn(toLayout(event->position()));
    event->accept();
}

void GraphMinimap::mouseMoveEvent(QMouseEvent* event)
{
    if (event->buttons() & Qt::LeftButton)
        m_canvas->centerOn(toLayout(event->position()));
    event->accept();
}

void GraphMinimap::mouseReleaseEvent(QMouseEvent* event)
{
    // Kept here: passed on to the canvas, the release would select the node under it and move the view again.
    event->accept();
}

void GraphMinimap::enterEvent(QEnterEvent* event)
{
    m_hovered = true;
    update();
    QWidget::enterEvent(event);
}

void GraphMinimap::leaveEvent(QEvent* event)
{
    m_hovered = false;
    update();
    QWidget::leaveEvent(event);
}

void GraphMinimap::mouseDoubleClickEvent(QMouseEvent* event)
{
    event->accept(); // not the canvas's expand / collapse
}

} // namespace psui
