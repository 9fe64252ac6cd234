#include "models/hitlistmodel.h"

#include "models/nodesearch.h"
#include "models/roles.h"
#include "models/verdicts.h"

#include <algorithm>
#include <cmath>

namespace psui {

HitListModel::HitListModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

HitListModel::~HitListModel() = default;

void HitListModel::setHits(std::shared_ptr<const Snapshot> snapshot, const std::shared_ptr<const NodeSet>& npu,
    const std::shared_ptr<const NodeSet>& bench)
{
    beginResetModel();
    m_snapshot = std::move(snapshot);
    m_hits.clear();
    if (npu)
        for (NodeId n : npu->hits)
            m_hits.emplace_back(Side::Npu, n);
    if (bench)
        for (NodeId n : bench->hits)
            m_hits.emplace_back(Side::Bench, n);
    endResetModel();
}

void HitListModel::clear()
{
    beginResetModel();
    m_hits.clear();
    m_snapshot.reset();
    endResetModel();
}

int HitListModel::rowOfNode(Side side, NodeId node) const
{
    auto it = std::find(m_hits.begin(), m_hits.end(), std::make_pair(side, node));
    return it == m_hits.end() ? -1 : int(it - m_hits.begin());
}

void HitListModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_hits.empty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int HitListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_hits.size());
}

int HitListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

int HitListModel::colourBin(Side side, NodeId node) const
{
    // A bench node has no colour of its own: it shows its NPU partner's (the unmatched bin when it has none).
    if (side == Side::Bench) {
        const NodeId npu = m_snapshot->counterpart(side, node);
        return npu == ps::kNoNode ? m_snapshot->unmatchedBin : int(m_snapshot->rollup(Side::Npu).bin[npu]);
    }
    return int(m_snapshot->rollup(side).bin[node]);
}

QString HitListModel::valueText(Side side, NodeId node) const
{
    if (!m_snapshot->comparison || !m_snapshot->comparison->isCompare)
        return {};
    if (m_snapshot->counterpart(side, node) == ps::kNoNode)
        return tr("no match");
    const double p = m_snapshot->precision(side, node);
    if (const auto verdict = nodeVerdict(*m_snapshot, p))
        return verdictLabel(*verdict);
    return std::isnan(p) ? QString() : QString::number(p, 'f', 4);
}

QVariant HitListModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= m_hits.size() || !m_snapshot)
        return {};
    const auto [side, node] = m_hits[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return QString::fromUtf8(m_snapshot->graph(side).nameOf(node));
        case SideColumn:
            return side == Side::Npu ? tr("NPU") : tr("Bench");
        case ValueColumn:
            return valueText(side, node);
        }
        return {};
    case Qt::ToolTipRole: {
        const QString name = QString::fromUtf8(m_snapshot->graph(side).nameOf(node));
        return side == Side::Npu ? tr("NPU: %1").arg(name) : tr("Bench: %1").arg(name);
    }
    case NodeIdRole:
        return quint32(node);
    case SideRole:
        return int(side);
    case BinRole:
        return colourBin(side, node);
    }
    return {};
}

QVariant HitListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Node");
    case SideColumn:
        return tr("Side");
    case ValueColumn:
        return tr("Verdict / precision");
    }
    return {};
}

} // namespace psui
