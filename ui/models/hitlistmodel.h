#pragma once
// A flat, lazy table of nodes (search hits or filter results) across both sides, as the match list shows them:
// name, side, verdict or precision (BinRole carries the colour's legend bin; a bench row the bin of its NPU
// partner). One row per hit, the text is built only for rows a view asks for, so 10^5 hits cost two vectors.
#include "models/snapshot.h"

#include <QAbstractTableModel>

#include <memory>
#include <utility>
#include <vector>

namespace psui {

struct NodeSet;

class HitListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, SideColumn, ValueColumn, ColumnCount };

    explicit HitListModel(QObject* parent = nullptr);
    ~HitListModel() override;

    // NPU hits first, then bench hits, each in execution order.
    void setHits(std::shared_ptr<const Snapshot> snapshot, const std::shared_ptr<const NodeSet>& npu,
        const std::shared_ptr<const NodeSet>& bench);
    void clear();
    std::pair<Side, NodeId> hit(int row) const { return m_hits[size_t(row)]; }
    int rowOfNode(Side side, NodeId node) const; // -1 if not a hit
    void retranslate(); // after a language change: the headers and the side and verdict texts
    const Snapshot* snapshot() const { return m_snapshot.get(); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString valueText(Side side, NodeId node) const;
    int colourBin(Side side, NodeId node) const;

    std::shared_ptr<const Snapshot> m_snapshot;
    std::vector<std::pair<Side, NodeId>> m_hits;
};

} // namespace psui
