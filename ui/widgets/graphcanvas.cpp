#include "widgets/graphcanvas.h"

#include "box_layout/hierarchy_layout.h"
#include "theme/palette.h"
#include "widgets/graphminimap.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <limits>

namespace psui {

namespace {
constexpr int kMinimapGap = 8; // between the minimap and the viewport's corner
constexpr double kMargin = 32; // viewport pixels around the root (tb_graph_ascend translates by (32, 32))
constexpr double kMinScale = 0.05;
constexpr double kMaxScale = 8;
constexpr double kZoomStep = 1.25;
constexpr int kDragThreshold = 4;
constexpr double kTitleHeight = ps::LayoutMetrics::rowHeight; // an expanded container's coloured strip
constexpr double kMinReadableFontPx = 4; // below this, labels are skipped (level of detail)
} // namespace

GraphCanvas::GraphCanvas(Side side, QWidget* parent)
    : QAbstractScrollArea(parent)
    , m_side(side)
    , m_minimap(new GraphMinimap(this, viewport()))
{
    setObjectName(side == Side::Npu ? QStringLiteral("graphCanvasNpu") : QStringLiteral("graphCanvasBench"));
    viewport()->setMouseTracking(true);
    viewport()->setBackgroundRole(QPalette::Base);
    viewport()->setAutoFillBackground(true);
    horizontalScrollBar()->setSingleStep(20);
    verticalScrollBar()->setSingleStep(20);
    m_minimap->hide();
    connect(this, &GraphCanvas::viewChanged, this, &GraphCanvas::placeMinimap);
}

GraphCanvas::~GraphCanvas() = default;

void GraphCanvas::setSnapshot(std::shared_ptr<const Snapshot> snapshot, int microStep)
{
    m_snapshot = std::move(snapshot);
    m_selected = ps::kNoNode;
    m_layout.reset();
    if (m_snapshot && m_snapshot->hasSide(m_side))
        m_layout = std::make_unique<ps::HierarchyLayout>(m_snapshot->graph(m_side), microStep);
    updateScrollBars();
    horizontalScrollBar()->setValue(0);
    verticalScrollBar()->setValue(0);
    viewport()->update();
    Q_EMIT viewChanged();
}

void GraphCanvas::refreshColors(std::shared_ptr<const Snapshot> snapshot)
{
    // The layout keeps a reference to the graph: only a snapshot with the same graph may replace the old one.
    if (!m_layout || !snapshot || !snapshot->hasSide(m_side) || &snapshot->graph(m_side) != &m_layout->graph()) {
        setSnapshot(std::move(snapshot), m_layout ? m_layout->microStep() : -1);
        return;
    }
    m_snapshot = std::move(snapshot);
    viewport()->update();
    Q_EMIT viewChanged();
}

void GraphCanvas::selectNode(NodeId node)
{
    if (m_layout && node == ps::kNoNode && m_selected != ps::kNoNode) {
        // The other side's node has no counterpart: the old highlight would claim a match.
        m_selected = ps::kNoNode;
        viewport()->update();
        return;
    }
    if (!m_layout || node == ps::kNoNode || node >= m_layout->graph().size())
        return;
    m_selected = node;
    if (!m_layout->reveal(node)) { // not in the selected micro step: nothing to centre on
        viewport()->update();
        return;
    }
    updateScrollBars();
    const ps::LayoutBox& b = m_layout->boxes()[m_layout->boxOf(node)];
    centerOn(QPointF(b.x + b.width / 2.0, b.y + b.height / 2.0));
    // A box wider than the view (a long name, an expanded module) shows its left edge, where its label starts.
    const int left = int(std::floor(b.x * m_scale)); // then the box's left edge is kMargin from the viewport's
    if (horizontalScrollBar()->value() > left)
        horizontalScrollBar()->setValue(left);
    viewport()->update();
    Q_EMIT viewChanged();
}

bool GraphCanvas::toggleNode(NodeId node)
{
    // The double-clicked box keeps its place on screen (its children grow below and around it).
    if (!m_layout || m_layout->boxOf(node) == ps::kNoBox)
        return false;
    const ps::LayoutBox& old = m_layout->boxes()[m_layout->boxOf(node)];
    const QPointF before = toViewport(QPointF(old.x, old.y));
    if (!m_layout->toggle(node))
        return false;
    const ps::LayoutBox& now = m_layout->boxes()[m_layout->boxOf(node)];
    updateScrollBars();
    horizontalScrollBar()->setValue(int(std::lround(now.x * m_scale + kMargin - before.x())));
    verticalScrollBar()->setValue(int(std::lround(now.y * m_scale + kMargin - before.y())));
    updateScrollBars();
    viewport()->update();
    Q_EMIT viewChanged();
    return true;
}

void GraphCanvas::setScale(double scale)
{
    scale = std::clamp(scale, kMinScale, kMaxScale);
    if (scale == m_scale)
        return;
    const QPointF centre = toLayout(QPointF(viewport()->width() / 2.0, viewport()->height() / 2.0));
    m_scale = scale;
    updateScrollBars();
    centerOn(centre);
    viewport()->update();
    Q_EMIT viewChanged();
}

void GraphCanvas::zoomIn()
{
    setScale(m_scale * kZoomStep);
}
void GraphCanvas::zoomOut()
{
    setScale(m_scale / kZoomStep);
}

void GraphCanvas::fitToView()
{
    if (!m_layout)
        return;
    const ps::LayoutBox& root = m_layout->rootBox();
    const double sx = (viewport()->width() - 2 * kMargin) / std::max(1, root.width);
    const double sy = (viewport()->height() - 2 * kMargin) / std::max(1, root.height);
    setScale(std::min(sx, sy));
}

QPointF GraphCanvas::toViewport(QPointF layoutPoint) const
{
    return QPointF(layoutPoint.x() * m_scale + kMargin - horizontalScrollBar()->value(),
        layoutPoint.y() * m_scale + kMargin - verticalScrollBar()->value());
}

QPointF GraphCanvas::toLayout(QPointF viewportPoint) const
{
    return QPointF((viewportPoint.x() - kMargin + horizontalScrollBar()->value()) / m_scale,
        (viewportPoint.y() - kMargin + verticalScrollBar()->value()) / m_scale);
}

QRectF GraphCanvas::boxRectInViewport(uint32_t box) const
{
    const ps::LayoutBox& b = m_layout->boxes()[box];
    return QRectF(toViewport(QPointF(b.x, b.y)), QSizeF(b.width * m_scale, b.height * m_scale));
}

QRectF GraphCanvas::visibleLayoutRect() const
{
    return QRectF(toLayout(QPointF(0, 0)), toLayout(QPointF(viewport()->width(), viewport()->height())));
}

void GraphCanvas::centerOn(QPointF layoutPoint)
{
    horizontalScrollBar()->setValue(int(std::lround(layoutPoint.x() * m_scale + kMargin - viewport()->width() / 2.0)));
    verticalScrollBar()->setValue(int(std::lround(layoutPoint.y() * m_scale + kMargin - viewport()->height() / 2.0)));
}

void GraphCanvas::updateScrollBars()
{
    const int w = m_layout ? int(std::ceil(m_layout->rootBox().width * m_scale + 2 * kMargin)) : 0;
    const int h = m_layout ? int(std::ceil(m_layout->rootBox().height * m_scale + 2 * kMargin)) : 0;
    // The minimap only helps where the graph does not fit (after Fit it would hide labels for nothing); shown, the
    // graph scrolls past it so that the labels it covers in the bottom right can be brought out from under it.
    const bool fits = w <= viewport()->width() && h <= viewport()->height();
    m_minimap->setVisible(m_layout && !fits);
    const int below = m_minimap->isVisibleTo(this) ? m_minimap->height() + kMinimapGap : 0;
    horizontalScrollBar()->setRange(0, std::max(0, w - viewport()->width()));
    verticalScrollBar()->setRange(0, std::max(0, h + below - viewport()->height()));
    horizontalScrollBar()->setPageStep(viewport()->width());
    verticalScrollBar()->setPageStep(viewport()->height());
}

int GraphCanvas::labelsUnder(const QRect& area) const
{
    // A box's label is the title strip along its top.
    if (!m_layout)
        return 0;
    const QRectF inLayout(toLayout(area.topLeft()), toLayout(area.bottomRight() + QPoint(1, 1)));
    std::vector<uint32_t> boxes;
    m_layout->boxesIn(int(std::floor(inLayout.left())), int(std::floor(inLayout.top())),
        int(std::ceil(inLayout.right())) + 1, int(std::ceil(inLayout.bottom())) + 1, boxes);
    int n = 0;
    for (uint32_t index : boxes) {
        const ps::LayoutBox& b = m_layout->boxes()[index];
        n += QRectF(b.x, b.y, b.width, kTitleHeight).intersects(inLayout);
    }
    return n;
}

void GraphCanvas::placeMinimap()
{
    // In the corner where it hides the fewest labels, the bottom right first.
    const QSize size(std::min(180, viewport()->width() / 3), std::min(140, viewport()->height() / 3));
    const int right = viewport()->width() - size.width() - kMinimapGap;
    const int bottom = viewport()->height() - size.height() - kMinimapGap;
    QRect best;
    int fewest = std::numeric_limits<int>::max();
    for (const QPoint corner : { QPoint(right, bottom), QPoint(kMinimapGap, bottom), QPoint(right, kMinimapGap),
             QPoint(kMinimapGap, kMinimapGap) }) {
        const QRect area(corner, size);
        const int covered = labelsUnder(area);
        if (covered < fewest) {
            fewest = covered;
            best = area;
        }
    }
    if (m_minimap->geometry() != best)
        m_minimap->setGeometry(best);
}

void GraphCanvas::resizeEvent(QResizeEvent* event)
{
    QAbstractScrollArea::resizeEvent(event);
    placeMinimap(); // first: the scroll range leaves room for it
    updateScrollBars();
    Q_EMIT viewChanged();
}

void GraphCanvas::scrollContentsBy(int, int)
{
    viewport()->update();
    Q_EMIT viewChanged();
}

void GraphCanvas::paintEvent(QPaintEvent*)
{
    QPainter p(viewport());
    m_painted.clear();
    if (!m_layout || !m_snapshot) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(viewport()->rect(), Qt::AlignCenter,
            m_side == Side::Bench ? tr("No bench graph") : tr("Open a comparison to see its graph"));
        return;
    }
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF visible = visibleLayoutRect();
    m_layout->boxesIn(int(std::floor(visible.left())), int(std::floor(visible.top())),
        int(std::ceil(visible.right())) + 1, int(std::ceil(visible.bottom())) + 1, m_painted);
    p.translate(kMargin - horizontalScrollBar()->value(), kMargin - verticalScrollBar()->value());
    p.scale(m_scale, m_scale);
    for (uint32_t index : m_painted) // pre-order: containers under their children
        drawBox(p, index);
}

void GraphCanvas::drawBox(QPainter& p, uint32_t index) const
{
    const ps::LayoutBox& b = m_layout->boxes()[index];
    const SideRollup& rollup = m_snapshot->rollup(m_side);
    const bool apiList = b.displayType == ps::NodeType::ApiCollection;
    QColor fill = apiList ? Palette::noValue() : Palette::nodeFill(*m_snapshot, m_side, rollup.bin[b.node]);
    const QRectF rect(b.x, b.y, b.width, b.height);
    QPen pen(QColor(90, 90, 90), 1);
    pen.setCosmetic(true);
    if (apiList)
        pen.setDashPattern({ 15, 1 });
    const bool selected = b.node == m_selected;
    if (selected) {
        pen = QPen(Palette::hitMarker(), 2.5);
        pen.setCosmetic(true);
    }
    p.setPen(pen);
    if (b.isLeaf()) {
        p.setBrush(fill);
        p.drawEllipse(rect);
    } else if (b.expanded) {
        // A coloured title strip and a transparent outline around the children.
        p.setPen(Qt::NoPen);
        p.setBrush(fill);
        QPainterPath strip;
        strip.addRoundedRect(QRectF(b.x, b.y, b.width, kTitleHeight), 5, 5);
        p.drawPath(strip);
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(rect, 5, 5);
    } else {
        p.setBrush(fill);
        p.drawRoundedRect(rect, 5, 5);
    }
    const double fontPx = b.isLeaf() ? 6 : 8;
    if (fontPx * m_scale < kMinReadableFontPx)
        return;
    QFont font(QStringLiteral("Arial"));
    font.setPixelSize(int(fontPx));
    p.setFont(font);
    p.setPen(Palette::textOn(fill));
    const QRectF textRect(b.x + 2, b.y, b.width - 4, kTitleHeight);
    const QString label = QString::fromUtf8(b.label.data(), qsizetype(b.label.size()));
    p.drawText(textRect, Qt::AlignCenter, QFontMetricsF(font).elidedText(label, Qt::ElideRight, textRect.width()));
}

uint32_t GraphCanvas::boxAtViewport(QPoint pos) const
{
    if (!m_layout)
        return ps::kNoBox;
    const QPointF l = toLayout(QPointF(pos));
    return m_layout->boxAt(int(std::floor(l.x())), int(std::floor(l.y())));
}

void GraphCanvas::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mousePressEvent(event);
    m_pressPos = m_lastDrag = event->position().toPoint();
    m_dragging = false;
}

void GraphCanvas::mouseMoveEvent(QMouseEvent* event)
{
    if (!(event->buttons() & Qt::LeftButton))
        return QAbstractScrollArea::mouseMoveEvent(event);
    const QPoint pos = event->position().toPoint();
    if (!m_dragging && (pos - m_pressPos).manhattanLength() < kDragThreshold)
        return;
    m_dragging = true; // pan
    viewport()->setCursor(Qt::ClosedHandCursor);
    const QPoint delta = pos - m_lastDrag;
    m_lastDrag = pos;
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
    verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
}

void GraphCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mouseReleaseEvent(event);
    viewport()->unsetCursor();
    if (m_dragging) {
        m_dragging = false;
        return;
    }
    const uint32_t box = boxAtViewport(event->position().toPoint());
    if (box == ps::kNoBox)
        return;
    m_selected = m_layout->boxes()[box].node;
    viewport()->update();
    Q_EMIT nodeClicked(m_side, m_selected);
}

void GraphCanvas::mouseDoubleClickEvent(QMouseEvent* event)
{
    const uint32_t box = boxAtViewport(event->position().toPoint());
    if (box != ps::kNoBox)
        toggleNode(m_layout->boxes()[box].node);
}

void GraphCanvas::wheelEvent(QWheelEvent* event)
{
    if (!(event->modifiers() & Qt::ControlModifier))
        return QAbstractScrollArea::wheelEvent(event);
    // Zoom around the cursor: the layout point under it stays under it.
    const QPointF cursor = event->position();
    const QPointF anchor = toLayout(cursor);
    const double factor = std::pow(kZoomStep, event->angleDelta().y() / 120.0);
    m_scale = std::clamp(m_scale * factor, kMinScale, kMaxScale);
    updateScrollBars();
    horizontalScrollBar()->setValue(int(std::lround(anchor.x() * m_scale + kMargin - cursor.x())));
    verticalScrollBar()->setValue(int(std::lround(anchor.y() * m_scale + kMargin - cursor.y())));
    viewport()->update();
    Q_EMIT viewChanged();
    event->accept();
}

bool GraphCanvas::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip && m_layout) {
        auto* help = static_cast<QHelpEvent*>(event);
        const uint32_t box = boxAtViewport(help->pos());
        if (box == ps::kNoBox)
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(),
                QString::fromUtf8(m_layout->graph().nameOf(m_layout->boxes()[box].node)), viewport());
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

} // namespace psui
