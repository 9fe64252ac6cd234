#include "widgets/trendslines.h"

#include "models/trendsmodel.h"

#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QCursor>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QLineSeries>
#include <QListWidget>
#include <QLogValueAxis>
#include <QPixmap>
#include <QSpinBox>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace psui {

namespace {
constexpr int kDefaultWorst = 5;
constexpr int kMaxAxisLabels = 12;
const QColor kFirstError(200, 30, 30);
} // namespace

TrendsLines::TrendsLines(TrendsModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_view(new QChartView(new QChart, this))
    , m_modules(new QListWidget(this))
    , m_worstCount(new QSpinBox(this))
    , m_worstLabel(new QLabel(this))
    , m_logScale(new QCheckBox(this))
{
    setObjectName(QStringLiteral("trendsLines"));
    m_view->setObjectName(QStringLiteral("trendsChart"));
    m_view->setRenderHint(QPainter::Antialiasing);
    // Module names are too long for a chart legend: the list beside the chart is the legend (a colour per line).
    m_view->chart()->legend()->hide();
    m_modules->setObjectName(QStringLiteral("trendsModules"));
    m_modules->setTextElideMode(Qt::ElideMiddle);
    m_modules->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_worstCount->setObjectName(QStringLiteral("trendsWorstCount"));
    m_worstCount->setRange(1, 20);
    m_worstCount->setValue(kDefaultWorst);
    m_logScale->setObjectName(QStringLiteral("trendsLogScale"));
    m_logScale->setChecked(true);
    auto* count = new QHBoxLayout;
    count->addWidget(m_worstLabel);
    count->addWidget(m_worstCount);
    count->addStretch();
    count->addWidget(m_logScale);
    auto* side = new QVBoxLayout;
    side->addLayout(count);
    side->addWidget(m_modules, 1);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view, 2);
    layout->addLayout(side, 1);

    connect(m_model, &QAbstractItemModel::modelReset, this, &TrendsLines::fillModuleList);
    connect(m_worstCount, &QSpinBox::valueChanged, this, &TrendsLines::tickWorst);
    connect(m_logScale, &QCheckBox::toggled, this, &TrendsLines::rebuild);
    connect(m_modules, &QListWidget::itemChanged, this, [this]() {
        if (!m_filling)
            rebuild();
    });
    retranslate();
    fillModuleList();
}

QChart* TrendsLines::chart() const
{
    return m_view->chart();
}

void TrendsLines::fillModuleList()
{
    m_filling = true;
    m_modules->clear();
    for (int row : m_model->worstModules(size_t(m_model->rowCount()))) {
        auto* item = new QListWidgetItem(m_model->moduleName(row), m_modules);
        item->setData(Qt::UserRole, row);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
        item->setToolTip(tr("%1\nworst error over the graphs (relative error, or 1 - cosine): %2")
                             .arg(m_model->moduleName(row))
                             .arg(m_model->worstBadness(row), 0, 'g', 4));
    }
    m_filling = false;
    tickWorst();
}

void TrendsLines::tickWorst()
{
    m_filling = true;
    for (int i = 0; i < m_modules->count(); ++i) // the list is sorted worst first
        m_modules->item(i)->setCheckState(i < m_worstCount->value() ? Qt::Checked : Qt::Unchecked);
    m_filling = false;
    rebuild();
}

std::vector<int> TrendsLines::shownRows() const
{
    std::vector<int> rows;
    for (int i = 0; i < m_modules->count(); ++i)
        if (m_modules->item(i)->checkState() == Qt::Checked)
            rows.push_back(m_modules->item(i)->data(Qt::UserRole).toInt());
    return rows;
}

QXYSeries* TrendsLines::seriesOf(int row) const
{
    for (auto it = m_rowOf.begin(); it != m_rowOf.end(); ++it)
        if (it.value() == row)
            return const_cast<QXYSeries*>(it.key());
    return nullptr;
}

QString TrendsLines::axisTitle() const
{
    const ps::StepTrends* t = m_model->trends();
    if (!t || t->graphs.empty())
        return {};
    const bool oneRank = std::all_of(
        t->graphs.begin(), t->graphs.end(), [t](const ps::GraphTrend& g) { return g.rank == t->graphs.front().rank; });
    const bool oneStep = std::all_of(
        t->graphs.begin(), t->graphs.end(), [t](const ps::GraphTrend& g) { return g.step == t->graphs.front().step; });
    return oneRank ? tr("Step") : oneStep ? tr("Rank") : tr("Step / rank");
}

void TrendsLines::rebuild()
{
    QChart* chart = m_view->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
    m_rowOf.clear();
    const int columns = m_model->columnCount();
    if (columns == 0)
        return;
    // Relative errors span orders of magnitude: on the log scale a value of 0 sits on the axis' floor.
    const bool log = m_logScale->isChecked();
    const std::vector<int> rows = shownRows();
    double top = 0, floor = 0;
    for (int row : rows)
        for (int c = 0; c < columns; ++c) {
            const double v = m_model->index(row, c).data(TrendsModel::BadnessRole).toDouble();
            if (std::isfinite(v) && v > 0) {
                top = std::max(top, v);
                floor = floor > 0 ? std::min(floor, v) : v;
            }
        }
    top = top > 0 ? top * (log ? 2 : 1.1) : 1;
    floor = log ? (floor > 0 ? floor / 2 : top / 1000) : 0;
    std::vector<QXYSeries*> lines;
    for (int row : rows) {
        auto* line = new QLineSeries;
        line->setName(m_model->moduleName(row));
        line->setPointsVisible(columns <= 200);
        for (int c = 0; c < columns; ++c) { // absent graphs leave no point (the line joins its neighbours)
            const double v = m_model->index(row, c).data(TrendsModel::BadnessRole).toDouble();
            if (std::isfinite(v))
                line->append(c, std::max(v, floor));
        }
        m_rowOf.insert(line, row);
        lines.push_back(line);
        connect(line, &QXYSeries::clicked, this,
            [this, row](const QPointF& p) { Q_EMIT pointActivated(row, int(std::lround(p.x()))); });
        connect(line, &QXYSeries::hovered, this, [this, row](const QPointF& p, bool state) {
            if (state)
                QToolTip::showText(
                    QCursor::pos(), m_model->index(row, int(std::lround(p.x()))).data(Qt::ToolTipRole).toString());
            else
                QToolTip::hideText();
        });
    }
    if (const int first = m_model->firstErrorColumn(); first >= 0) {
        auto* mark = new QLineSeries;
        mark->setObjectName(QStringLiteral("trendsFirstError"));
        mark->setName(tr("First error: %1").arg(m_model->graphLabel(first)));
        mark->setPen(QPen(kFirstError, 2, Qt::DashLine));
        mark->append(first, floor);
        mark->append(first, top);
        lines.push_back(mark);
    }
    auto* x = new QCategoryAxis;
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    const int stride = std::max(1, (columns + kMaxAxisLabels - 1) / kMaxAxisLabels);
    for (int c = 0; c < columns; c += stride)
        x->append(m_model->shortLabel(c), c);
    x->setRange(-0.3, columns - 0.7);
    x->setTitleText(axisTitle());
    QAbstractAxis* y = nullptr;
    if (log) {
        auto* axis = new QLogValueAxis;
        axis->setBase(10);
        axis->setRange(floor, top);
        axis->setLabelFormat(QStringLiteral("%.0e"));
        y = axis;
    } else {
        auto* axis = new QValueAxis;
        axis->setRange(0, top);
        axis->setLabelFormat(QStringLiteral("%.3g"));
        y = axis;
    }
    y->setTitleText(tr("Worst error"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QXYSeries* s : lines) {
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    }
    colourModuleList();
}

void TrendsLines::colourModuleList()
{
    m_filling = true;
    for (int i = 0; i < m_modules->count(); ++i) {
        QListWidgetItem* item = m_modules->item(i);
        const QXYSeries* line = seriesOf(item->data(Qt::UserRole).toInt());
        QPixmap swatch(12, 12);
        swatch.fill(line ? line->color() : Qt::transparent);
        item->setIcon(QIcon(swatch));
    }
    m_filling = false;
}

void TrendsLines::retranslate()
{
    m_worstLabel->setText(tr("Worst modules:"));
    m_worstCount->setToolTip(tr("How many of the worst modules get a line; tick others in the list"));
    m_logScale->setText(tr("Log scale"));
    rebuild();
}

} // namespace psui
