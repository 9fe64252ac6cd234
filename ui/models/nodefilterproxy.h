#pragma once
// Filters a GraphTreeModel with a precomputed bitset (hits plus ancestors): filterAcceptsRow is a bit test.
// Also exposes HitRole so the delegate can highlight search hits.
#include "models/graphtreemodel.h"

#include <QSortFilterProxyModel>

#include <memory>
#include <vector>

namespace psui {

class NodeFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit NodeFilterProxy(QObject* parent = nullptr);

    // null: everything visible.
    void setVisibleNodes(std::shared_ptr<const std::vector<bool>> visible);
    void setHitNodes(std::shared_ptr<const std::vector<bool>> hits);
    bool isFiltering() const { return m_visible != nullptr; }
    // Shows only the first-level nodes of one micro step (-1: all), as tb_graph_ascend's selector does.
    void setMicroStep(int step);
    int microStep() const { return m_microStep; }

    QModelIndex indexOfNode(NodeId node, int column = 0) const;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    std::shared_ptr<const std::vector<bool>> m_visible;
    std::shared_ptr<const std::vector<bool>> m_hits;
    int m_microStep = -1;
};

} // namespace psui
