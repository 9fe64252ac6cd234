#include "widgets/precisioncharts.h"

#include "theme/palette.h"
#include "widgets/layerheatmap.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCursor>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QScatterSeries>
#include <QScrollArea>
#include <QSvgGenerator>
#include <QTabWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace psui {

namespace {

QChartView* makeView(QWidget* parent, const QString& name)
{
    auto* chart = new QChart;
    chart->legend()->setAlignment(Qt::AlignBottom);
    auto* view = new QChartView(chart, parent);
    view->setObjectName(name);
    view->setRenderHint(QPainter::Antialiasing);
    return view;
}

void clearChart(QChart* chart)
{
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
}

QScatterSeries* markerSeries(QScatterSeries::MarkerShape shape, const QColor& color, double size)
{
    auto* s = new QScatterSeries;
    s->setMarkerShape(shape);
    s->setMarkerSize(size);
    s->setColor(color);
    s->setBorderColor(color.darker(140));
    return s;
}

const QColor kNonFiniteColor(200, 30, 30);

} // namespace

PrecisionCharts::PrecisionCharts(QWidget* parent)
    : QWidget(parent)
    , m_tabs(new QTabWidget(this))
    , m_orderView(makeView(this, QStringLiteral("orderChart")))
    , m_layerView(makeView(this, QStringLiteral("layerChart")))
    , m_heatmap(new LayerHeatmap(this))
    , m_pass(new QComboBox(this))
    , m_passLabel(new QLabel(this))
    , m_exportPng(new QPushButton(this))
    , m_exportSvg(new QPushButton(this))
{
    setObjectName(QStringLiteral("precisionCharts"));
    m_pass->setObjectName(QStringLiteral("chartPass"));
    m_pass->addItems({ QString(), QString() }); // Forward, Backward: texts in retranslate()
    auto* row = new QHBoxLayout;
    row->addWidget(m_passLabel);
    row->addWidget(m_pass);
    row->addStretch();
    row->addWidget(m_exportPng);
    row->addWidget(m_exportSvg);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_heatmap);
    scroll->setWidgetResizable(true);
    m_tabs->addTab(m_orderView, QString());
    m_tabs->addTab(m_layerView, QString());
    m_tabs->addTab(scroll, QString());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(row);
    layout->addWidget(m_tabs);

    connect(m_pass, &QComboBox::currentIndexChanged, this, [this]() { rebuildOrderChart(); });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int tab) { m_pass->setEnabled(tab == 0); });
    connect(m_exportPng, &QPushButton::clicked, this, [this]() { chooseExport(false); });
    connect(m_exportSvg, &QPushButton::clicked, this, [this]() { chooseExport(true); });
    connect(
        m_heatmap, &LayerHeatmap::nodeActivated, this, [this](NodeId node) { Q_EMIT jumpRequested(Side::Npu, node); });
    retranslate();
}

QChart* PrecisionCharts::orderChart() const
{
    return m_orderView->chart();
}
QChart* PrecisionCharts::layerChart() const
{
    return m_layerView->chart();
}
const ps::PrecisionSeries& PrecisionCharts::series() const
{
    static const ps::PrecisionSeries kNone;
    return m_snapshot && m_snapshot->charts ? m_snapshot->charts->series : kNone;
}

const ps::LayerTable& PrecisionCharts::layers() const
{
    static const ps::LayerTable kNone;
    return m_snapshot && m_snapshot->charts ? m_snapshot->charts->layers : kNone;
}

ps::Pass PrecisionCharts::pass() const
{
    return m_pass->currentIndex() == 1 ? ps::Pass::Backward : ps::Pass::Forward;
}

void PrecisionCharts::setSnapshot(std::shared_ptr<const Snapshot> snapshot)
{
    m_snapshot = std::move(snapshot);
    m_dirty = true;
    if (isVisible())
        ensurePlotted();
}

void PrecisionCharts::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    ensurePlotted();
}

void PrecisionCharts::ensurePlotted()
{
    if (!m_dirty)
        return;
    m_dirty = false;
    rebuildOrderChart();
    rebuildLayerChart();
    m_heatmap->setData(m_snapshot, layers());
}

QXYSeries* PrecisionCharts::addSeries(
    QChart* chart, QXYSeries* series, const QString& objectName, std::vector<NodeId> nodes)
{
    series->setObjectName(objectName);
    m_nodesOf[series] = std::move(nodes);
    chart->addSeries(series);
    connect(series, &QXYSeries::clicked, this, [this, series](const QPointF& p) {
        const NodeId node = nodeAt(series, p);
        if (node != ps::kNoNode)
            Q_EMIT jumpRequested(Side::Npu, node);
    });
    connect(series, &QXYSeries::hovered, this, [this, series](const QPointF& p, bool state) {
        const NodeId node = state ? nodeAt(series, p) : ps::kNoNode;
        if (node == ps::kNoNode || !m_snapshot) {
            QToolTip::hideText();
            return;
        }
        QToolTip::showText(QCursor::pos(),
            tr("%1\nprecision index %2")
                .arg(QString::fromUtf8(m_snapshot->graph(Side::Npu).nameOf(node)))
                .arg(p.y(), 0, 'g', 4));
    });
    return series;
}

NodeId PrecisionCharts::nodeAt(const QXYSeries* series, QPointF point) const
{
    const auto it = m_nodesOf.constFind(series);
    if (it == m_nodesOf.constEnd() || series->count() == 0)
        return ps::kNoNode;
    // Points are in ascending x: the nearest one by x is the node under the cursor.
    const QList<QPointF> points = series->points();
    const auto pos = std::lower_bound(
        points.begin(), points.end(), point.x(), [](const QPointF& a, double x) { return a.x() < x; });
    qsizetype i = pos - points.begin();
    if (i == points.size() || (i > 0 && point.x() - points[i - 1].x() < points[i].x() - point.x()))
        --i;
    return size_t(i) < it->size() ? (*it)[size_t(i)] : ps::kNoNode;
}

void PrecisionCharts::rebuildOrderChart()
{
    QChart* chart = orderChart();
    for (QAbstractSeries* s : chart->series())
        m_nodesOf.remove(static_cast<QXYSeries*>(s));
    clearChart(chart);
    const ps::Pass pass = this->pass();
    const std::vector<ps::PrecisionPoint>& points = series().of(pass);
    auto* line = new QLineSeries;
    auto* overflow = markerSeries(QScatterSeries::MarkerShapeTriangle, Palette::overflowColor(3), 11);
    auto* nonFinite = markerSeries(QScatterSeries::MarkerShapeStar, kNonFiniteColor, 14);
    std::vector<NodeId> all, over, bad;
    double top = 1;
    for (const ps::PrecisionPoint& p : points) {
        line->append(p.order, p.precision);
        all.push_back(p.node);
        top = std::max(top, p.precision);
        if (p.overflow != ps::OverflowLevel::None) {
            overflow->append(p.order, p.precision);
            over.push_back(p.node);
        }
        if (p.nonFinite) {
            nonFinite->append(p.order, p.precision);
            bad.push_back(p.node);
        }
    }
    line->setPointsVisible(points.size() <= 400);
    line->setName(tr("Precision index"));
    overflow->setName(tr("Overflow"));
    nonFinite->setName(tr("NaN / inf"));
    addSeries(chart, line, QStringLiteral("precision"), std::move(all));
    addSeries(chart, overflow, QStringLiteral("overflow"), std::move(over));
    addSeries(chart, nonFinite, QStringLiteral("nonFinite"), std::move(bad));
    auto* x = new QValueAxis;
    x->setLabelFormat(QStringLiteral("%d"));
    x->setRange(0, std::max<double>(1, double(points.size()) - 1));
    x->setTitleText(pass == ps::Pass::Backward ? tr("Backward execution order") : tr("Forward execution order"));
    auto* y = new QValueAxis;
    y->setRange(0, top * 1.05);
    y->setTitleText(tr("Precision index"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    chart->setTitle(points.empty() ? tr("No precision values (build mode or no matched nodes)")
                                   : tr("%n node(s) with a precision index", nullptr, int(points.size())));
}

void PrecisionCharts::rebuildLayerChart()
{
    QChart* chart = layerChart();
    for (QAbstractSeries* s : chart->series())
        m_nodesOf.remove(static_cast<QXYSeries*>(s));
    clearChart(chart);
    auto* overflow = markerSeries(QScatterSeries::MarkerShapeTriangle, Palette::overflowColor(3), 11);
    auto* nonFinite = markerSeries(QScatterSeries::MarkerShapeStar, kNonFiniteColor, 14);
    std::vector<NodeId> over, bad;
    double top = 1;
    struct Line {
        const std::vector<ps::WorstCell>* cells;
        QString name, objectName;
    };
    const Line lines[] = { { &layers().forward, tr("Forward: worst per layer"), QStringLiteral("layerForward") },
        { &layers().backward, tr("Backward: worst per layer"), QStringLiteral("layerBackward") } };
    // Markers are per layer and pass, in ascending layer order, so nearest-x lookup stays valid per series.
    std::vector<std::pair<double, const ps::WorstCell*>> overCells, badCells;
    for (const Line& l : lines) {
        auto* series = new QLineSeries;
        series->setName(l.name);
        series->setPointsVisible(true);
        std::vector<NodeId> nodes;
        for (size_t i = 0; i < layers().layers.size(); ++i) {
            const ps::WorstCell& cell = (*l.cells)[i];
            if (cell.empty())
                continue;
            series->append(layers().layers[i], cell.worst);
            nodes.push_back(cell.node);
            top = std::max(top, cell.worst);
            if (cell.overflow)
                overCells.emplace_back(layers().layers[i], &cell);
            if (cell.nonFinite)
                badCells.emplace_back(layers().layers[i], &cell);
        }
        addSeries(chart, series, l.objectName, std::move(nodes));
    }
    for (auto* cells : { &overCells, &badCells }) {
        std::stable_sort(cells->begin(), cells->end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        QScatterSeries* s = cells == &overCells ? overflow : nonFinite;
        std::vector<NodeId>& nodes = cells == &overCells ? over : bad;
        for (const auto& [layer, cell] : *cells) {
            s->append(layer, cell->worst);
            nodes.push_back(cell->node);
        }
    }
    overflow->setName(tr("Overflow"));
    nonFinite->setName(tr("NaN / inf"));
    addSeries(chart, overflow, QStringLiteral("layerOverflow"), std::move(over));
    addSeries(chart, nonFinite, QStringLiteral("layerNonFinite"), std::move(bad));
    auto* x = new QValueAxis;
    x->setLabelFormat(QStringLiteral("%d"));
    const double first = layers().empty() ? 0 : layers().layers.front();
    const double last = layers().empty() ? 1 : layers().layers.back();
    x->setRange(first - 0.5, last + 0.5);
    x->setTickType(QValueAxis::TicksDynamic);
    x->setTickAnchor(first);
    x->setTickInterval(std::max(1.0, std::ceil((last - first + 1) / 16)));
    x->setTitleText(tr("Layer"));
    auto* y = new QValueAxis;
    y->setRange(0, top * 1.05);
    y->setTitleText(tr("Worst precision index"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    chart->setTitle(layers().empty() ? tr("The model has no numbered layers") : QString());
}

bool PrecisionCharts::exportCurrent(const QString& path)
{
    ensurePlotted();
    QWidget* source = m_tabs->currentIndex() == 2 ? static_cast<QWidget*>(m_heatmap) : m_tabs->currentWidget();
    const QSize size = source == m_heatmap ? m_heatmap->sizeHint().expandedTo(QSize(400, 200)) : source->size();
    if (path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive)) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(m_tabs->tabText(m_tabs->currentIndex()));
        QPainter p;
        if (!p.begin(&svg))
            return false;
        source->render(&p);
        return p.end();
    }
    QPixmap pixmap(size);
    pixmap.fill(Qt::white);
    source->render(&pixmap);
    return pixmap.save(path, "PNG");
}

void PrecisionCharts::chooseExport(bool svg)
{
    const QString filter = svg ? tr("SVG image (*.svg)") : tr("PNG image (*.png)");
    QString path = QFileDialog::getSaveFileName(this, tr("Export chart"), QString(), filter);
    if (path.isEmpty())
        return;
    const QString suffix = svg ? QStringLiteral(".svg") : QStringLiteral(".png");
    if (!path.endsWith(suffix, Qt::CaseInsensitive))
        path += suffix;
    if (!exportCurrent(path))
        QMessageBox::warning(this, tr("Export chart"), tr("Cannot write %1").arg(path));
}

void PrecisionCharts::retranslate()
{
    m_passLabel->setText(tr("Pass:"));
    m_pass->setItemText(0, tr("Forward"));
    m_pass->setItemText(1, tr("Backward"));
    m_exportPng->setText(tr("Export PNG…"));
    m_exportSvg->setText(tr("Export SVG…"));
    m_tabs->setTabText(0, tr("Execution order"));
    m_tabs->setTabText(1, tr("Per layer"));
    m_tabs->setTabText(2, tr("Layer × kind"));
    if (!m_dirty) { // series names and axis titles
        rebuildOrderChart();
        rebuildLayerChart();
    }
    m_heatmap->update();
}

void PrecisionCharts::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace psui
