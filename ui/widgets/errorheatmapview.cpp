#include "widgets/errorheatmapview.h"

#include "commands/tensor_command.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <array>
#include <cmath>

namespace psui {

namespace {

constexpr int kScaleWidth = 14;
constexpr int kScaleGap = 8;
constexpr int kMargin = 6;

// A sequential ramp from pale yellow (small errors) to dark red (large ones), readable in grey scale too.
QColor ramp(double t)
{
    static const std::array<QColor, 5> stops = { QColor(255, 255, 204), QColor(254, 217, 118), QColor(253, 141, 60),
        QColor(227, 26, 28), QColor(128, 0, 38) };
    t = std::clamp(t, 0.0, 1.0) * double(stops.size() - 1);
    const size_t i = std::min(size_t(t), stops.size() - 2);
    const double f = t - double(i);
    const QColor& a = stops[i];
    const QColor& b = stops[i + 1];
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * f),
        float(a.greenF() + (b.greenF() - a.greenF()) * f), float(a.blueF() + (b.blueF() - a.blueF()) * f));
}

const QColor kZeroColor(236, 240, 245); // no error at all: apart from the ramp's palest
const QColor kNonFiniteColor(112, 48, 160); // NaN or inf in the block

QString number(double x)
{
    return QString::number(x, 'g', 6);
}

QString indexText(const std::vector<int64_t>& index)
{
    QStringList parts;
    for (int64_t i : index)
        parts << QString::number(i);
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

} // namespace

ErrorHeatMapView::ErrorHeatMapView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("errorHeatMap"));
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

QSize ErrorHeatMapView::sizeHint() const
{
    return { 420, 320 };
}

QSize ErrorHeatMapView::minimumSizeHint() const
{
    return { 160, 120 };
}

void ErrorHeatMapView::setResult(std::shared_ptr<const ps::TensorFilesError> result)
{
    m_result = std::move(result);
    rebuild();
}

void ErrorHeatMapView::setMeasure(Measure measure)
{
    m_measure = measure;
    rebuild();
}

double ErrorHeatMapView::valueOf(const ps::ErrorCell& cell) const
{
    return m_measure == Measure::Absolute ? cell.maxAbs : cell.maxRel;
}

QColor ErrorHeatMapView::colorOf(const ps::ErrorCell& cell) const
{
    if (cell.nonFinite > 0)
        return kNonFiniteColor;
    const double v = valueOf(cell);
    if (!(v > 0))
        return kZeroColor;
    const double lo = std::log10(m_low);
    const double hi = std::log10(m_high);
    return ramp(hi > lo ? (std::log10(v) - lo) / (hi - lo) : 1.0);
}

void ErrorHeatMapView::rebuild()
{
    m_image = QImage();
    if (!m_result || m_result->error.heatMap.cells.empty()) {
        update();
        return;
    }
    const ps::ErrorHeatMap& map = m_result->error.heatMap;
    double low = 0, high = 0;
    for (const ps::ErrorCell& cell : map.cells) {
        const double v = valueOf(cell);
        if (v > 0 && std::isfinite(v)) {
            low = low == 0 ? v : std::min(low, v);
            high = std::max(high, v);
        }
    }
    // Whole decades, so that the scale's labels are round; at least one decade wide.
    m_low = low > 0 ? std::pow(10.0, std::floor(std::log10(low))) : 1e-12;
    m_high = high > 0 ? std::pow(10.0, std::ceil(std::log10(high))) : 1.0;
    if (m_high <= m_low)
        m_high = m_low * 10;
    m_image = QImage(int(map.columns), int(map.rows), QImage::Format_RGB32);
    for (int64_t r = 0; r < map.rows; ++r) {
        auto* line = reinterpret_cast<QRgb*>(m_image.scanLine(int(r)));
        for (int64_t c = 0; c < map.columns; ++c)
            line[c] = colorOf(map.at(r, c)).rgb();
    }
    update();
}

QRect ErrorHeatMapView::mapRect() const
{
    const int labels = std::max(fontMetrics().horizontalAdvance(QStringLiteral("1e-12")),
                           fontMetrics().horizontalAdvance(tr("NaN/inf")))
        + 8;
    return QRect(kMargin, kMargin, std::max(1, width() - 2 * kMargin - kScaleGap - kScaleWidth - labels),
        std::max(1, height() - 2 * kMargin));
}

QPoint ErrorHeatMapView::cellAt(QPoint position) const
{
    const QRect area = mapRect();
    if (m_image.isNull() || !area.contains(position))
        return { -1, -1 };
    const int column = std::min(m_image.width() - 1, (position.x() - area.left()) * m_image.width() / area.width());
    const int row = std::min(m_image.height() - 1, (position.y() - area.top()) * m_image.height() / area.height());
    return { row, column };
}

QString ErrorHeatMapView::toolTipOf(int row, int column) const
{
    if (!m_result || row < 0 || column < 0 || row >= m_image.height() || column >= m_image.width())
        return {};
    const ps::TensorError& e = m_result->error;
    const ps::ErrorHeatMap& map = e.heatMap;
    const ps::ErrorCell& cell = map.at(row, column);
    const int64_t firstRow = row * map.blockRows;
    const int64_t lastRow = std::min(map.tensorRows, firstRow + map.blockRows) - 1;
    const int64_t firstColumn = column * map.blockColumns;
    const int64_t lastColumn = std::min(map.tensorColumns, firstColumn + map.blockColumns) - 1;
    const auto range
        = [](int64_t a, int64_t b) { return a == b ? QString::number(a) : QStringLiteral("%1–%2").arg(a).arg(b); };
    QStringList lines;
    lines << tr("Rows %1, columns %2").arg(range(firstRow, lastRow), range(firstColumn, lastColumn));
    if (cell.worstFlatIndex >= 0) {
        lines << tr("Largest absolute error %1 at %2")
                     .arg(number(cell.maxAbs), indexText(ps::unflattenIndex(e.shape, cell.worstFlatIndex)));
        lines << tr("NPU %1, bench %2").arg(number(cell.npu), number(cell.bench));
        lines << tr("Largest relative error %1").arg(number(cell.maxRel));
    }
    if (cell.nonFinite > 0)
        lines << tr("%n element(s) with NaN or inf", nullptr, int(std::min<int64_t>(cell.nonFinite, INT32_MAX)));
    return lines.join(QLatin1Char('\n'));
}

bool ErrorHeatMapView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QPoint cell = cellAt(help->pos());
        const QString text = toolTipOf(cell.x(), cell.y());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void ErrorHeatMapView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    if (m_image.isNull()) {
        p.drawText(rect(), Qt::AlignCenter, m_result ? tr("The tensors are empty.") : QString());
        return;
    }
    const QRect area = mapRect();
    p.drawImage(area, m_image); // nearest cell: no smoothing between blocks
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(area.adjusted(0, 0, -1, -1));

    // The scale: decades from m_low (bottom) to m_high (top), then the two special colours.
    const QRect bar(area.right() + kScaleGap, area.top(), kScaleWidth, area.height() * 3 / 4);
    for (int y = 0; y < bar.height(); ++y)
        p.fillRect(bar.left(), bar.bottom() - y, bar.width(), 1, ramp(double(y) / std::max(1, bar.height() - 1)));
    p.setPen(palette().color(QPalette::WindowText));
    p.drawRect(bar.adjusted(0, 0, -1, -1));
    const int decades = int(std::lround(std::log10(m_high) - std::log10(m_low)));
    const int step = std::max(1, decades / 6);
    const QFontMetrics fm = fontMetrics();
    for (int d = 0; d <= decades; d += step) {
        const int y = bar.bottom() - int(double(d) / std::max(1, decades) * (bar.height() - 1));
        const QString label = QStringLiteral("1e%1").arg(int(std::lround(std::log10(m_low))) + d);
        p.drawLine(bar.right(), y, bar.right() + 3, y);
        p.drawText(bar.right() + 5, y + fm.ascent() / 2 - 1, label);
    }
    int y = bar.bottom() + fm.height();
    for (const auto& [colour, text] :
        { std::pair { kZeroColor, QStringLiteral("0") }, std::pair { kNonFiniteColor, tr("NaN/inf") } }) {
        p.fillRect(bar.left(), y, bar.width(), fm.height() - 4, colour);
        p.drawRect(bar.left(), y, bar.width() - 1, fm.height() - 5);
        p.drawText(bar.right() + 5, y + fm.ascent() - 2, text);
        y += fm.height() + 2;
    }
}

} // namespace psui
