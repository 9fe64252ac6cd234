#include "widgets/trendsheatmap.h"

#include "models/trendsmodel.h"
#include "theme/palette.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace psui {

namespace {
constexpr int kRowHeight = 18;
constexpr int kMargin = 6;
constexpr int kMaxColumnWidth = 90;
constexpr int kNumberWidth = 56; // cells at least this wide show their value
constexpr int kMaxLabelWidth = 360; // long module names are elided in the middle (the tooltip has them whole)
const QColor kFirstError(200, 30, 30);
} // namespace

TrendsHeatmap::TrendsHeatmap(TrendsModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
{
    setObjectName(QStringLiteral("trendsHeatmap"));
    setMouseTracking(true);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
    connect(m_model, &QAbstractItemModel::modelReset, this, &TrendsHeatmap::modelChanged);
    modelChanged();
}

void TrendsHeatmap::modelChanged()
{
    m_labelWidth = 0;
    for (int r = 0; r < m_model->rowCount(); ++r)
        m_labelWidth = std::max(m_labelWidth, fontMetrics().horizontalAdvance(m_model->moduleName(r)));
    m_labelWidth = std::min(m_labelWidth, kMaxLabelWidth) + 10;
    m_columnWidth = 26;
    for (int c = 0; c < m_model->columnCount(); ++c)
        m_columnWidth = std::max(m_columnWidth, fontMetrics().horizontalAdvance(m_model->shortLabel(c)) + 8);
    updateGeometry();
    update();
}

void TrendsHeatmap::setCurrentColumn(int column)
{
    m_currentColumn = column;
    update();
}

int TrendsHeatmap::labelWidth() const
{
    return m_labelWidth;
}

int TrendsHeatmap::columnWidth() const
{
    // At least the header's width; wider cells while the columns leave room (a few steps or ranks).
    const int columns = std::max(1, m_model->columnCount());
    const int room = (width() - 2 * kMargin - labelWidth()) / columns;
    return std::clamp(room, m_columnWidth, std::max(m_columnWidth, kMaxColumnWidth));
}

int TrendsHeatmap::headerHeight() const
{
    return fontMetrics().height() + 8;
}

QRect TrendsHeatmap::cellRect(int row, int column) const
{
    return QRect(kMargin + labelWidth() + column * columnWidth(), kMargin + headerHeight() + row * kRowHeight,
        columnWidth() - 2, kRowHeight - 2);
}

QSize TrendsHeatmap::sizeHint() const
{
    return QSize(2 * kMargin + labelWidth() + m_model->columnCount() * m_columnWidth,
        2 * kMargin + headerHeight() + m_model->rowCount() * kRowHeight);
}

void TrendsHeatmap::paintEvent(QPaintEvent* event)
{
    QPainter p(this);
    if (m_model->rowCount() == 0) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No module has a precision value in these graphs"));
        return;
    }
    const int firstError = m_model->firstErrorColumn();
    for (int c = 0; c < m_model->columnCount(); ++c) {
        const QRect top = cellRect(0, c);
        QFont f = font();
        f.setBold(c == m_currentColumn || c == firstError);
        p.setFont(f);
        p.setPen(c == firstError ? kFirstError : palette().color(QPalette::Text));
        p.drawText(QRect(top.left(), kMargin, top.width(), headerHeight()), Qt::AlignCenter, m_model->shortLabel(c));
    }
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.8);
    const QRect dirty = event->rect();
    for (int r = 0; r < m_model->rowCount(); ++r) {
        const QRect first = cellRect(r, 0);
        if (first.bottom() < dirty.top() || first.top() > dirty.bottom())
            continue;
        p.setFont(font());
        p.setPen(palette().color(QPalette::Text));
        const QString name = fontMetrics().elidedText(m_model->moduleName(r), Qt::ElideMiddle, labelWidth() - 10);
        p.drawText(
            QRect(kMargin, first.top(), labelWidth() - 10, first.height()), Qt::AlignRight | Qt::AlignVCenter, name);
        for (int c = 0; c < m_model->columnCount(); ++c) {
            const QRect cell = cellRect(r, c);
            const QModelIndex index = m_model->index(r, c);
            const QColor fill(index.data(TrendsModel::BinColorRole).toString());
            if (!fill.isValid()) {
                p.fillRect(cell, QBrush(Palette::unmatched(), Qt::BDiagPattern));
                continue;
            }
            p.fillRect(cell, fill);
            p.setFont(small);
            const double badness = index.data(TrendsModel::BadnessRole).toDouble();
            if (cell.width() >= kNumberWidth && std::isfinite(badness)) { // the worst error, where there is room
                p.setPen(Palette::textOn(fill));
                p.drawText(cell, Qt::AlignCenter, QString::number(badness, 'g', 3));
            }
        }
    }
    if (firstError >= 0) { // the column of the first graph with an error, framed whole
        const QRect top = cellRect(0, firstError);
        const QRect bottom = cellRect(m_model->rowCount() - 1, firstError);
        p.setPen(QPen(kFirstError, 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(top.united(bottom).adjusted(-1, -1, 1, 1));
    }
}

QPoint TrendsHeatmap::cellAt(QPoint pos) const
{
    if (m_model->rowCount() == 0 || m_model->columnCount() == 0)
        return { -1, -1 };
    const QRect origin = cellRect(0, 0);
    const int column = pos.x() >= origin.left() ? (pos.x() - origin.left()) / columnWidth() : -1;
    const int row = pos.y() >= origin.top() ? (pos.y() - origin.top()) / kRowHeight : -1;
    if (row < 0 || column < 0 || row >= m_model->rowCount() || column >= m_model->columnCount()
        || !cellRect(row, column).contains(pos))
        return { -1, -1 };
    return { column, row };
}

void TrendsHeatmap::mouseReleaseEvent(QMouseEvent* event)
{
    const QPoint cell = cellAt(event->position().toPoint());
    if (cell.x() >= 0)
        Q_EMIT cellActivated(cell.y(), cell.x());
}

bool TrendsHeatmap::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QPoint cell = cellAt(help->pos());
        if (cell.x() < 0)
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(),
                m_model->index(cell.y(), cell.x()).data(Qt::ToolTipRole).toString() + QLatin1Char('\n')
                    + tr("Click to open this graph at this module"),
                this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace psui
