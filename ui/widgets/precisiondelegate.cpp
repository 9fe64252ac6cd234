#include "widgets/precisiondelegate.h"

#include "models/changemap.h"
#include "models/graphtreemodel.h"
#include "models/roles.h"
#include "theme/nodeglyph.h"
#include "theme/palette.h"

#include <QPainter>
#include <QTreeView>

namespace psui {

PrecisionDelegate::PrecisionDelegate(QTreeView* view, const GraphTreeModel* model, QObject* parent)
    : QStyledItemDelegate(parent)
    , m_view(view)
    , m_model(model)
{
}

int PrecisionDelegate::effectiveBin(const QModelIndex& index) const
{
    const QModelIndex first = index.siblingAtColumn(0);
    const int bin = first.data(BinRole).toInt();
    // A collapsed module shows the worst colour hiding inside it.
    if (m_model->side() == Side::Npu && first.model()->hasChildren(first) && !m_view->isExpanded(first)) {
        const int worst = first.data(WorstBinRole).toInt();
        const Snapshot* snap = m_model->snapshot();
        if (snap && snap->isValueBin(worst) && (!snap->isValueBin(bin) || worst > bin))
            return worst;
    }
    return bin;
}

QColor PrecisionDelegate::rowFill(const QModelIndex& index) const
{
    const QModelIndex name = index.siblingAtColumn(0);
    if (const QVariant change = name.data(ChangeRole); change.isValid()) {
        // A diff is shown: its marks win; a collapsed node shows the most notable mark inside it.
        int mark = change.toInt();
        const int inside = name.data(ChangeInsideRole).toInt();
        if (name.model()->hasChildren(name) && !m_view->isExpanded(name)
            && changePriority(ChangeMark(inside)) > changePriority(ChangeMark(mark)))
            mark = inside;
        return Palette::changeFill(mark);
    }
    if (!m_overflowColours)
        return Palette::nodeFill(*m_model->snapshot(), m_model->side(), effectiveBin(index));
    // Own level; a collapsed node the highest level hiding inside it, as a collapsed module shows its worst bin.
    const QModelIndex first = index.siblingAtColumn(0);
    int level = first.data(OverflowRole).toInt();
    if (first.model()->hasChildren(first) && !m_view->isExpanded(first))
        level = std::max(level, first.data(WorstOverflowRole).toInt());
    return Palette::overflowFill(level);
}

void PrecisionDelegate::paintOverflowMarker(QPainter* painter, const QRect& cell, const QModelIndex& index) const
{
    // Own overflow: a filled dot at the right of the name; a collapsed module with overflow inside: a ring.
    const QModelIndex first = index.siblingAtColumn(0);
    int level = first.data(OverflowRole).toInt();
    bool inside = false;
    if (level == 0 && first.model()->hasChildren(first) && !m_view->isExpanded(first)) {
        level = first.data(WorstOverflowRole).toInt();
        inside = level > 0;
    }
    const QColor colour = Palette::overflowColor(level);
    if (!colour.isValid())
        return;
    const int d = std::max(6, cell.height() - 10);
    const QRectF dot(cell.right() - d - 4, cell.center().y() - d / 2.0, d, d);
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(QPen(colour.darker(130), inside ? 2 : 1));
    painter->setBrush(inside ? QBrush(Qt::NoBrush) : QBrush(colour));
    painter->drawEllipse(dot);
}

int PrecisionDelegate::paintMergeBadge(QPainter* painter, const QRect& cell, const QModelIndex& index) const
{
    // Left of the overflow dot: white text on a rounded tag.
    const QString mark = index.siblingAtColumn(0).data(MergeMarkRole).toString();
    if (mark.isEmpty())
        return 0;
    QFont font = painter->font();
    font.setPointSizeF(std::max(6.0, font.pointSizeF() * 0.75));
    font.setBold(true);
    const QFontMetrics metrics(font);
    const int h = std::max(8, cell.height() - 6), w = metrics.horizontalAdvance(mark) + 6;
    const int dot = std::max(6, cell.height() - 10) + 8; // room for the overflow marker
    const QRectF tag(cell.right() - dot - w, cell.center().y() - h / 2.0, w, h);
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(Qt::NoPen);
    painter->setBrush(Palette::mergeBadge());
    painter->drawRoundedRect(tag, 3, 3);
    painter->setFont(font);
    painter->setPen(Qt::white);
    painter->drawText(tag, Qt::AlignCenter, mark);
    return w + 3;
}

void PrecisionDelegate::paintNoteFlag(
    QPainter* painter, const QRect& cell, const QModelIndex& index, int rightOffset) const
{
    // A pennant on a pole, left of the merge badge and the overflow dot, outlined in white so that it shows on
    // every fill.
    const QVariant tag = index.siblingAtColumn(0).data(NoteTagRole);
    if (!tag.isValid() || tag.toInt() < 0)
        return;
    const int h = std::max(8, cell.height() - 6);
    const qreal right = cell.right() - rightOffset - 2, top = cell.center().y() - h / 2.0;
    const qreal left = right - h * 0.8;
    QPolygonF pennant;
    pennant << QPointF(left, top) << QPointF(right, top + h * 0.3) << QPointF(left, top + h * 0.6);
    painter->setRenderHint(QPainter::Antialiasing);
    const QColor colour = Palette::noteColor(tag.toInt());
    painter->setPen(QPen(Qt::white, 3));
    painter->drawLine(QPointF(left, top), QPointF(left, top + h));
    painter->drawPolygon(pennant);
    painter->setPen(QPen(colour.darker(120), 1.5));
    painter->setBrush(colour);
    painter->drawLine(QPointF(left, top), QPointF(left, top + h));
    painter->drawPolygon(pennant);
}

void PrecisionDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const Snapshot* snap = m_model->snapshot();
    if (!snap) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QColor fill = rowFill(index);
    if (index.column() == OverflowColumn) {
        const QColor overflow = Palette::overflowColor(index.data(OverflowRole).toInt());
        if (overflow.isValid())
            fill = overflow;
    }
    painter->fillRect(option.rect, fill);

    QStyleOptionViewItem opt(option);
    initStyleOption(&opt, index);
    const bool selected = opt.state & QStyle::State_Selected;
    opt.state &= ~QStyle::State_Selected;
    opt.backgroundBrush = Qt::NoBrush;
    opt.palette.setColor(QPalette::Text, Palette::textOn(fill));
    const bool hit = index.siblingAtColumn(0).data(HitRole).toBool();
    if (hit)
        opt.font.setBold(true);
    if (index.column() == NameColumn) {
        const auto type = ps::NodeType(index.data(NodeTypeRole).toInt());
        opt.icon = nodeGlyphIcon(glyphOf(type, index.model()->hasChildren(index)));
        opt.decorationSize = QSize(16, 12);
        opt.features |= QStyleOptionViewItem::HasDecoration;
    }
    QStyledItemDelegate::paint(painter, opt, index);

    painter->save();
    if (hit && index.column() == NameColumn)
        painter->fillRect(
            QRect(option.rect.left(), option.rect.top() + 2, 3, option.rect.height() - 4), Palette::hitMarker());
    if (index.column() == NameColumn) {
        const int dot = std::max(6, option.rect.height() - 10) + 8; // the overflow marker's room
        paintNoteFlag(painter, option.rect, index, dot + paintMergeBadge(painter, option.rect, index));
        if (!m_overflowColours) // the fill says it already
            paintOverflowMarker(painter, option.rect, index);
    }
    if (selected) {
        // A 2 px outline (tb_graph_ascend's selection blue) around the whole row, cell by cell.
        QPen pen(Palette::hitMarker(), 2);
        painter->setPen(pen);
        const QRect r = option.rect.adjusted(0, 1, 0, -1);
        painter->drawLine(r.topLeft(), r.topRight());
        painter->drawLine(r.bottomLeft(), r.bottomRight());
        if (index.column() == 0)
            painter->drawLine(r.topLeft(), r.bottomLeft());
        if (index.column() == index.model()->columnCount(index.parent()) - 1)
            painter->drawLine(r.topRight(), r.bottomRight());
    }
    painter->restore();
}

} // namespace psui
