#pragma once
// A thin O(1) tree model over one side of a snapshot: internalId = NodeId, children contiguous in the graph,
// index/parent/rowCount never search. The root is the single top-level row.
#include "models/changemap.h"
#include "models/nodenotes.h"
#include "models/snapshot.h"

#include <QAbstractItemModel>

#include <functional>
#include <memory>

namespace psui {

class GraphTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    explicit GraphTreeModel(Side side, QObject* parent = nullptr);
    ~GraphTreeModel() override;

    void setSnapshot(std::shared_ptr<const Snapshot> snapshot);
    // The same graphs with new matches and precision (manual matching): no reset, so expansion and selection stay.
    void updateSnapshot(std::shared_ptr<const Snapshot> snapshot);
    // A partial snapshot that grew (more of a .vis.db loaded): the same nodes with the same ids, and children
    // under nodes that had none loaded. Rows are inserted, so expansion and selection stay.
    void growSnapshot(std::shared_ptr<const Snapshot> snapshot);
    // Called by fetchMore for a node of a partial snapshot whose children are not loaded yet.
    void setChildLoader(std::function<void(Side, NodeId)> load) { m_loadChildren = std::move(load); }
    const Snapshot* snapshot() const { return m_snapshot.get(); }
    // Marks against another comparison (null: none); they must describe this snapshot. Repaints, no reset.
    void setChanges(std::shared_ptr<const ChangeMap> changes);
    // The notes of the graph shown (NoteTagRole, NoteTextRole, the tooltip); null: none. Rows whose note changed
    // are repainted.
    void setNotes(std::shared_ptr<const GraphNotes> notes);
    Side side() const { return m_side; }

    QModelIndex indexOfNode(NodeId node, int column = 0) const;
    static NodeId nodeOf(const QModelIndex& index);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString typeName(ps::NodeType type);
    static QString overflowName(ps::OverflowLevel level);
    // The tree's mark of NonFiniteBits: "NaN" (also with inf), "inf", or "" (names of values: not translated).
    static QString nonFiniteMark(uint8_t bits);

private:
    const ps::Graph* graph() const;
    bool md5Bins() const; // md5 mode under msprobe 1.2's rules: equal / differs instead of numbers
    static QString md5Text(bool equal);
    QString precisionText(double p) const;
    QString worstText(NodeId node) const;

    Side m_side;
    std::shared_ptr<const Snapshot> m_snapshot;
    std::function<void(Side, NodeId)> m_loadChildren;
    std::vector<NodeId> m_grownPending; // growSnapshot: nodes whose new rows are not announced yet (shown childless)
    std::shared_ptr<const ChangeMap> m_changes;
    std::shared_ptr<const GraphNotes> m_notes;
};

} // namespace psui
