#include "theme/nodeglyph.h"

#include <QPainter>
#include <QPixmap>

#include <array>

namespace psui {

NodeGlyph glyphOf(ps::NodeType type, bool hasChildren)
{
    if (type == ps::NodeType::ApiCollection)
        return NodeGlyph::ApiList;
    return hasChildren ? NodeGlyph::Module : NodeGlyph::Leaf;
}

namespace {

QIcon drawGlyph(NodeGlyph glyph)
{
    const qreal dpr = 2; // crisp on high-dpi screens and in screenshots
    QPixmap pm(QSize(16, 12) * dpr);
    pm.setDevicePixelRatio(dpr);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF box(1.5, 1.5, 13, 9);
    QPen pen(QColor(90, 90, 90), 1.2);
    switch (glyph) {
    case NodeGlyph::Module:
        p.setPen(pen);
        p.setBrush(QColor(250, 250, 250));
        p.drawRoundedRect(box, 2.5, 2.5);
        break;
    case NodeGlyph::Leaf:
        p.setPen(pen);
        p.setBrush(QColor(250, 250, 250));
        p.drawEllipse(box);
        break;
    case NodeGlyph::ApiList:
        pen.setStyle(Qt::DashLine);
        pen.setDashPattern({ 2.5, 1.5 });
        p.setPen(pen);
        p.setBrush(Qt::white);
        p.drawRoundedRect(box, 2.5, 2.5);
        break;
    }
    return QIcon(pm);
}

} // namespace

QIcon nodeGlyphIcon(NodeGlyph glyph)
{
    static const std::array<QIcon, 3> icons { drawGlyph(NodeGlyph::Module), drawGlyph(NodeGlyph::Leaf),
        drawGlyph(NodeGlyph::ApiList) };
    return icons[size_t(glyph)];
}

} // namespace psui
