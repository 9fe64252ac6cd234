#pragma once
// A flat, lazy list of nodes (search hits or filter results) across both sides: one row per hit, the text is
// built only for rows a view asks for, so 10^5 hits cost two vectors.
#include "models/snapshot.h"

#include <QAbstractListModel>

#include <memory>
#include <utility>
#include <vector>

namespace psui {

struct NodeSet;

class HitListModel : public QAbstractListModel {
    Q_OBJECT
public:
    explicit HitListModel(QObject* parent = nullptr);
    ~HitListModel() override;

    // NPU hits first, then bench hits, each in execution order.
    void setHits(std::shared_ptr<const Snapshot> snapshot, const std::shared_ptr<const NodeSet>& npu,
        const std::shared_ptr<const NodeSet>& bench);
    void clear();
    std::pair<Side, NodeId> hit(int row) const { return m_hits[size_t(row)]; }
    int rowOfNode(Side side, NodeId node) const; // -1 if not a hit

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const Snapshot> m_snapshot;
    std::vector<std::pair<Side, NodeId>> m_hits;
};

} // namespace psui
