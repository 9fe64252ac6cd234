#include "models/nodefilterproxy.h"

#include "models/roles.h"

namespace psui {

NodeFilterProxy::NodeFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(false); // ancestors are already in the bitset
    setSortRole(SortRole);
}

void NodeFilterProxy::setVisibleNodes(std::shared_ptr<const std::vector<bool>> visible)
{
    m_visible = std::move(visible);
    invalidateRowsFilter();
}

void NodeFilterProxy::setHitNodes(std::shared_ptr<const std::vector<bool>> hits)
{
    // Views repaint their viewport after this; only the highlight changes, never the row mapping.
    m_hits = std::move(hits);
}

void NodeFilterProxy::setMicroStep(int step)
{
    if (step == m_microStep)
        return;
    m_microStep = step;
    invalidateRowsFilter();
}

QModelIndex NodeFilterProxy::indexOfNode(NodeId node, int column) const
{
    auto* model = qobject_cast<GraphTreeModel*>(sourceModel());
    return model ? mapFromSource(model->indexOfNode(node, column)) : QModelIndex();
}

QVariant NodeFilterProxy::data(const QModelIndex& index, int role) const
{
    if (role == HitRole) {
        NodeId n = NodeId(mapToSource(index).internalId());
        return m_hits && index.isValid() && n < m_hits->size() && (*m_hits)[n];
    }
    return QSortFilterProxyModel::data(index, role);
}

bool NodeFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (!m_visible && m_microStep < 0)
        return true;
    NodeId n = NodeId(sourceModel()->index(sourceRow, 0, sourceParent).internalId());
    if (m_microStep >= 0) {
        const auto* model = qobject_cast<const GraphTreeModel*>(sourceModel());
        const Snapshot* snap = model ? model->snapshot() : nullptr;
        if (snap && !snap->inMicroStep(model->side(), n, m_microStep))
            return false;
    }
    return !m_visible || (n < m_visible->size() && (*m_visible)[n]);
}

} // namespace psui
