#include "widgets/precisiondelegate.h"

#include "models/changemap.h"
#include "models/graphtreemodel.h"
#include "models/roles.h"
#include "theme/nodeglyph.h"
#include "theme/palette.h"

#include <QPainter>

#include <QTreeView>
#include <cmath>

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

void PrecisionDelegate::paintOverflowMarker(QPainter* painter, const QRectF& dot, const QModelIndex& index) const
{
    bool inside = false;
    const QColor colour = Palette::overflowColor(overflowMarkerLevel(index, &inside));
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(QPen(colour.darker(130), inside ? 2 : 1));
    painter->setBrush(inside ? QBrush(Qt::NoBrush) : QBrush(colour));
    painter->drawEllipse(dot);
}

namespace {

QFont badgeFont(QFont font)
{
    font.setPointSizeF(std::max(6.0, font.pointSizeF() * 0.75));
    font.setBold(true);
    return font;
}

} // namespace

int PrecisionDelegate::overflowMarkerLevel(const QModelIndex& index, bool* inside) const
{
    // Own overflow: a filled dot; a collapsed module with overflow inside: a ring. The fill says it in overflow
    // mode already.
    *inside = false;
    if (m_overflowColours)
        return 0;
    const QModelIndex first = index.siblingAtColumn(0);
    int level = first.data(OverflowRole).toInt();
    if (level == 0 && first.model()->hasChildren(first) && !m_view->isExpanded(first)) {
        level = first.data(WorstOverflowRole).toInt();
        *inside = level > 0;
    }
    return Palette::overflowColor(level).isValid() ? level : 0;
}

PrecisionDelegate::NameMarks PrecisionDelegate::nameMarks(
    const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    // Right to left: the overflow dot, the merge badge, the NaN / inf badge, the note flag; the name is elided left
    // of them.
    NameMarks marks;
    const QRect& cell = option.rect;
    const int h = std::max(8, cell.height() - 6);
    int right = cell.right() - 2;
    bool inside = false;
    if (overflowMarkerLevel(index, &inside) > 0) {
        const int d = std::max(6, cell.height() - 10);
        marks.dot = QRectF(right - d, cell.center().y() - d / 2.0, d, d);
        right -= d + 4;
    }
    const QModelIndex first = index.siblingAtColumn(0);
    if (const QString mark = first.data(MergeMarkRole).toString(); !mark.isEmpty()) {
        const int w = QFontMetrics(badgeFont(m_view->font())).horizontalAdvance(mark) + 6;
        marks.badge = QRectF(right - w, cell.center().y() - h / 2.0, w, h);
        right -= w + 3;
    }
    if (const QString mark = first.data(NonFiniteRole).toString(); !mark.isEmpty()) {
        const int w = QFontMetrics(badgeFont(m_view->font())).horizontalAdvance(mark) + 6;
        marks.nonFinite = QRectF(right - w, cell.center().y() - h / 2.0, w, h);
        right -= w + 3;
    }
    if (const QVariant tag = first.data(NoteTagRole); tag.isValid() && tag.toInt() >= 0) {
        const int w = int(std::ceil(h * 0.8)) + 2;
        marks.flag = QRectF(right - w, cell.center().y() - h / 2.0, w, h);
        right -= w + 3;
    }
    marks.textRight = right == cell.right() - 2 ? cell.right() : right - 2;
    // A cell too narrow for a mark (a deep node in a narrow tree) leaves it out rather than paint over the branches.
    for (QRectF* mark : { &marks.dot, &marks.badge, &marks.nonFinite, &marks.flag })
        if (!mark->isNull() && mark->left() < cell.left())
            *mark = QRectF();
    return marks;
}

void PrecisionDelegate::paintBadge(
    QPainter* painter, const QRectF& tag, const QString& text, const QColor& colour) const
{
    // White text on a rounded tag.
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(Qt::NoPen);
    painter->setBrush(colour);
    painter->drawRoundedRect(tag, 3, 3);
    painter->setFont(badgeFont(m_view->font()));
    painter->setPen(Qt::white);
    painter->drawText(tag, Qt::AlignCenter, text);
}

void PrecisionDelegate::paintNoteFlag(QPainter* painter, const QRectF& box, const QModelIndex& index) const
{
    // A pennant on a pole, outlined in white so that it shows on every fill.
    const int tag = index.siblingAtColumn(0).data(NoteTagRole).toInt();
    const qreal h = box.height(), left = box.left() + 1, top = box.top(), right = left + h * 0.8;
    QPolygonF pennant;
    pennant << QPointF(left, top) << QPointF(right, top + h * 0.3) << QPointF(left, top + h * 0.6);
    painter->setRenderHint(QPainter::Antialiasing);
    const QColor colour = Palette::noteColor(tag);
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
    if (index.column() == PrecisionColumn && !m_overflowColours
        && !index.siblingAtColumn(0).data(ChangeRole).isValid()) {
        // A collapsed module red from a node inside it keeps its own colour behind its own Verdict / Precision:
        // "pass" on red would read as a contradiction.
        const int own = index.siblingAtColumn(0).data(BinRole).toInt();
        if (effectiveBin(index) != own)
            fill = Palette::nodeFill(*snap, m_model->side(), own);
    }
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
    NameMarks marks;
    if (index.column() == NameColumn) {
        // The name is elided before its marks: they sit in a margin of their own, never over the text.
        marks = nameMarks(opt, index);
        opt.rect.setRight(marks.textRight);
    }
    QStyledItemDelegate::paint(painter, opt, index);

    painter->save();
    if (hit && index.column() == NameColumn)
        painter->fillRect(
            QRect(option.rect.left(), option.rect.top() + 2, 3, option.rect.height() - 4), Palette::hitMarker());
    if (!marks.flag.isNull())
        paintNoteFlag(painter, marks.flag, index);
    if (!marks.badge.isNull())
        paintBadge(
            painter, marks.badge, index.siblingAtColumn(0).data(MergeMarkRole).toString(), Palette::mergeBadge());
    if (!marks.nonFinite.isNull())
        paintBadge(painter, marks.nonFinite, index.siblingAtColumn(0).data(NonFiniteRole).toString(),
            Palette::nonFiniteBadge());
    if (!marks.dot.isNull())
        paintOverflowMarker(painter, marks.dot, index);
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
