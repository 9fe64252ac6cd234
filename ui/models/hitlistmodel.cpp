#include "models/hitlistmodel.h"

#include "models/nodesearch.h"
#include "models/roles.h"

#include <algorithm>

namespace psui {

HitListModel::HitListModel(QObject* parent)
    : QAbstractListModel(parent)
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

int HitListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_hits.size());
}

QVariant HitListModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= m_hits.size() || !m_snapshot)
        return {};
    const auto [side, node] = m_hits[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole: {
        const QString name = QString::fromUtf8(m_snapshot->graph(side).nameOf(node));
        return side == Side::Npu ? tr("NPU: %1").arg(name) : tr("Bench: %1").arg(name);
    }
    case NodeIdRole:
        return quint32(node);
    case SideRole:
        return int(side);
    case BinRole:
        return int(m_snapshot->rollup(side).bin[node]);
    }
    return {};
}

} // namespace psui
