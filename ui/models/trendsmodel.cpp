#include "models/trendsmodel.h"

#include "analysis/divergence_report.h"
#include "analysis/node_assessment.h"
#include "models/roles.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace psui {

namespace {
const ps::TrendCell kAbsent;
}

TrendsModel::TrendsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void TrendsModel::setTrends(std::shared_ptr<const ps::StepTrends> trends)
{
    beginResetModel();
    m_trends = std::move(trends);
    m_worst.clear();
    if (m_trends) {
        for (const auto& row : m_trends->cells) {
            double worst = -1;
            for (const ps::TrendCell& c : row)
                if (c.present())
                    worst = std::max(worst, c.badness);
            m_worst.push_back(worst);
        }
    }
    endResetModel();
}

const ps::TrendCell& TrendsModel::cell(int row, int column) const
{
    if (!m_trends || row < 0 || column < 0 || size_t(row) >= m_trends->cells.size()
        || size_t(column) >= m_trends->cells[size_t(row)].size())
        return kAbsent;
    return m_trends->cells[size_t(row)][size_t(column)];
}

QString TrendsModel::moduleName(int row) const
{
    return m_trends && row >= 0 && size_t(row) < m_trends->modules.size()
        ? QString::fromStdString(m_trends->modules[size_t(row)])
        : QString();
}

int TrendsModel::rowOfModule(const QString& name) const
{
    if (!m_trends)
        return -1;
    const std::string key = name.toStdString();
    const auto it = std::find(m_trends->modules.begin(), m_trends->modules.end(), key);
    return it == m_trends->modules.end() ? -1 : int(it - m_trends->modules.begin());
}

QString TrendsModel::graphLabel(int column) const
{
    if (!m_trends || column < 0 || size_t(column) >= m_trends->graphs.size())
        return {};
    const ps::GraphTrend& g = m_trends->graphs[size_t(column)];
    return tr("step %1, rank %2").arg(g.step).arg(g.rank);
}

QString TrendsModel::shortLabel(int column) const
{
    if (!m_trends || column < 0 || size_t(column) >= m_trends->graphs.size())
        return {};
    const auto& graphs = m_trends->graphs;
    const auto same = [&graphs](int ps::GraphTrend::*member) {
        return std::all_of(
            graphs.begin(), graphs.end(), [&](const ps::GraphTrend& g) { return g.*member == graphs.front().*member; });
    };
    const ps::GraphTrend& g = graphs[size_t(column)];
    if (same(&ps::GraphTrend::rank))
        return QString::number(g.step);
    if (same(&ps::GraphTrend::step))
        return QStringLiteral("r%1").arg(g.rank);
    return QStringLiteral("%1/r%2").arg(g.step).arg(g.rank);
}

int TrendsModel::firstErrorColumn() const
{
    if (!m_trends)
        return -1;
    const size_t first = m_trends->firstErrorGraph();
    return first < m_trends->graphs.size() ? int(first) : -1;
}

double TrendsModel::worstBadness(int row) const
{
    return row >= 0 && size_t(row) < m_worst.size() ? m_worst[size_t(row)] : -1;
}

std::vector<int> TrendsModel::worstModules(size_t n) const
{
    std::vector<int> rows(m_worst.size());
    std::iota(rows.begin(), rows.end(), 0);
    std::erase_if(rows, [this](int r) { return m_worst[size_t(r)] < 0; });
    std::stable_sort(
        rows.begin(), rows.end(), [this](int a, int b) { return m_worst[size_t(a)] > m_worst[size_t(b)]; });
    if (rows.size() > n)
        rows.resize(n);
    return rows;
}

int TrendsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_trends ? 0 : int(m_trends->modules.size());
}

int TrendsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_trends ? 0 : int(m_trends->graphs.size());
}

QVariant TrendsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !m_trends)
        return {};
    const ps::TrendCell& c = cell(index.row(), index.column());
    const bool hasValue = c.present() && c.badness >= 0;
    switch (role) {
    case Qt::DisplayRole:
        return hasValue ? QString::fromStdString(ps::formatError(c.badness)) : QString();
    case Qt::ToolTipRole:
        return toolTip(index.row(), index.column());
    case BinRole:
        return c.bin;
    case BadnessRole:
        return hasValue ? c.badness : std::nan("");
    case BinColorRole:
        return c.present() && size_t(c.bin) < m_trends->bins.size()
            ? QString::fromStdString(m_trends->bins[size_t(c.bin)].hex)
            : QString();
    case SeverityRole:
        return int(ps::severityOfBin(m_trends->bins, c.bin));
    default:
        return {};
    }
}

QVariant TrendsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || !m_trends)
        return {};
    return orientation == Qt::Horizontal ? graphLabel(section) : moduleName(section);
}

QString TrendsModel::toolTip(int row, int column) const
{
    const ps::TrendCell& c = cell(row, column);
    QString text = moduleName(row) + QLatin1Char('\n') + graphLabel(column) + QStringLiteral(": ");
    if (!c.present())
        return text + tr("absent, unmatched or without precision");
    text += QString::fromStdString(ps::binLabel(m_trends->bins, c.bin));
    if (c.badness >= 0)
        text += QStringLiteral(", ") + tr("worst error %1").arg(QString::fromStdString(ps::formatError(c.badness)));
    if (column == firstErrorColumn())
        text += QLatin1Char('\n') + tr("First graph with an error");
    return text;
}

} // namespace psui
