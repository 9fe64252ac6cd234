#include "widgets/layerheatmap.h"

#include "theme/palette.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

namespace psui {

namespace {
constexpr int kCell = 34;
constexpr int kHeader = 22; // layer numbers above the cells
constexpr int kMargin = 8;
} // namespace

LayerHeatmap::LayerHeatmap(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("layerHeatmap"));
    setMouseTracking(true);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
}

void LayerHeatmap::setData(std::shared_ptr<const Snapshot> snapshot, const ps::LayerTable& table)
{
    m_snapshot = std::move(snapshot);
    m_table = table;
    updateGeometry();
    update();
}

QString LayerHeatmap::kindLabel(size_t kind) const
{
    switch (ps::ModuleKind(kind)) {
    case ps::ModuleKind::Attention:
        return tr("Attention");
    case ps::ModuleKind::Mlp:
        return tr("MLP");
    case ps::ModuleKind::Norm:
        return tr("Norm");
    case ps::ModuleKind::Communication:
        return tr("Communication");
    case ps::ModuleKind::Other:
        break;
    }
    return tr("Other");
}

int LayerHeatmap::labelWidth() const
{
    int w = 0;
    for (size_t k = 0; k < ps::kModuleKindCount; ++k)
        w = std::max(w, fontMetrics().horizontalAdvance(kindLabel(k)));
    return w + 12;
}

QRect LayerHeatmap::cellRect(size_t layerIndex, size_t kind) const
{
    return QRect(
        kMargin + labelWidth() + int(layerIndex) * kCell, kMargin + kHeader + int(kind) * kCell, kCell - 2, kCell - 2);
}

QSize LayerHeatmap::sizeHint() const
{
    return QSize(2 * kMargin + labelWidth() + int(m_table.layers.size()) * kCell,
        2 * kMargin + kHeader + int(ps::kModuleKindCount) * kCell + fontMetrics().height());
}

void LayerHeatmap::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    if (m_table.empty() || !m_snapshot) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No numbered layers with precision values"));
        return;
    }
    p.setPen(palette().color(QPalette::Text));
    for (size_t k = 0; k < ps::kModuleKindCount; ++k) {
        const QRect c = cellRect(0, k);
        p.drawText(
            QRect(kMargin, c.top(), labelWidth() - 8, c.height()), Qt::AlignRight | Qt::AlignVCenter, kindLabel(k));
    }
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    for (size_t l = 0; l < m_table.layers.size(); ++l) {
        const QRect top = cellRect(l, 0);
        p.setFont(font());
        p.setPen(palette().color(QPalette::Text));
        p.drawText(
            QRect(top.left(), kMargin, top.width(), kHeader), Qt::AlignCenter, QString::number(m_table.layers[l]));
        p.setFont(small);
        for (size_t k = 0; k < ps::kModuleKindCount; ++k) {
            const ps::WorstCell& cell = m_table.byKind[l][k];
            const QRect r = cellRect(l, k);
            if (cell.empty()) {
                p.fillRect(r, QBrush(QColor(225, 225, 225), Qt::BDiagPattern));
                continue;
            }
            const QColor fill = Palette::binColor(*m_snapshot, binOfPrecision(m_snapshot->bins, cell.worst));
            p.fillRect(r, fill);
            if (cell.overflow || cell.nonFinite) { // the same blue as the trees' overflow marks
                p.setPen(QPen(Palette::overflowColor(3), 3));
                p.drawRect(r.adjusted(1, 1, -2, -2));
            }
            p.setPen(Palette::textOn(fill));
            p.drawText(r, Qt::AlignCenter, QString::number(cell.worst, 'f', 2));
        }
    }
    p.setFont(font());
    p.setPen(palette().color(QPalette::PlaceholderText));
    const QRect last = cellRect(0, ps::kModuleKindCount - 1);
    p.drawText(QRect(kMargin, last.bottom() + 4, width() - 2 * kMargin, fontMetrics().height()), Qt::AlignLeft,
        tr("Worst precision index per layer and kind; blue frame: overflow or NaN/inf"));
}

const ps::WorstCell* LayerHeatmap::cellAt(QPoint pos) const
{
    for (size_t l = 0; l < m_table.layers.size(); ++l)
        for (size_t k = 0; k < ps::kModuleKindCount; ++k)
            if (cellRect(l, k).contains(pos) && !m_table.byKind[l][k].empty())
                return &m_table.byKind[l][k];
    return nullptr;
}

void LayerHeatmap::mouseReleaseEvent(QMouseEvent* event)
{
    if (const ps::WorstCell* cell = cellAt(event->position().toPoint()))
        Q_EMIT nodeActivated(cell->node);
}

bool LayerHeatmap::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const ps::WorstCell* cell = cellAt(help->pos());
        if (!cell || !m_snapshot)
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(),
                tr("%1\nworst precision index %2 (%n node(s))", nullptr, int(cell->count))
                    .arg(QString::fromUtf8(m_snapshot->graph(Side::Npu).nameOf(cell->node)))
                    .arg(cell->worst, 0, 'g', 4),
                this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace psui
