#pragma once
// The NPU and bench trees side by side. Left and right share one code path (setupSide twice); every sync
// handler is guarded against re-entrancy. Selecting a node selects and reveals its counterpart; expansion can
// be mirrored and scrolling linked.
#include "models/snapshot.h"

#include <QWidget>

#include <array>
#include <memory>
#include <vector>

class QSplitter;
class QTreeView;
class QModelIndex;

namespace psui {

class SessionController;
class NodeFilterProxy;

class SideBySideTreeView : public QWidget {
    Q_OBJECT
public:
    explicit SideBySideTreeView(SessionController* session, QWidget* parent = nullptr);
    ~SideBySideTreeView() override;

    QTreeView* view(Side side) const { return m_views[size_t(side)]; }
    NodeFilterProxy* proxy(Side side) const { return m_proxies[size_t(side)]; }
    QSplitter* splitter() const { return m_splitter; }

    NodeId currentNode(Side side) const;
    Side activeSide() const { return m_activeSide; }
    // Expands the path to node, centres it and makes it current (its counterpart follows).
    void selectNode(Side side, NodeId node);
    // Expands the node's ancestors only (no expandAll on big trees).
    void revealNode(Side side, NodeId node);

    void setMirrorExpansion(bool on) { m_mirrorExpansion = on; }
    void setLinkScrolling(bool on) { m_linkScrolling = on; }
    void setVisibleNodes(Side side, std::shared_ptr<const std::vector<bool>> visible);
    void setHitNodes(Side side, std::shared_ptr<const std::vector<bool>> hits);
    void setMicroStep(int step); // -1: all
    void setOverflowColours(bool on); // fill the rows by overflow level instead of precision

    // The expanded nodes of a side, in tree order (walks the expanded rows only); expanding a list of nodes
    // reveals and expands each, without mirroring (the other side gets its own list).
    std::vector<NodeId> expandedNodes(Side side) const;
    void expandNodes(Side side, const std::vector<NodeId>& nodes);

    void expandCurrent();
    void collapseCurrent();
    void collapseAll();
    void resetSession(); // after the session controller swapped in a new snapshot
    // The width the shown trees need for their name (readable, elided) and Verdict / Precision columns whole.
    int readableWidth() const;
    void retranslate(); // headers and type names come from the models' tr()

Q_SIGNALS:
    void currentNodesChanged(NodeId npu, NodeId bench);
    // A right click on a node (made current first): the context menu's owner shows it at globalPos.
    void nodeContextMenuRequested(psui::Side side, psui::NodeId node, const QPoint& globalPos);

private:
    void setupSide(Side side);
    void onCurrentChanged(Side side, const QModelIndex& current);
    void onExpansion(Side side, const QModelIndex& index, bool expanded);
    void onScrolled(Side side);
    QModelIndex proxyIndex(Side side, NodeId node) const;
    NodeId counterpartOrAncestor(Side side, NodeId node) const;
    const Snapshot* snapshot() const;

    SessionController* m_session;
    QSplitter* m_splitter;
    std::array<QTreeView*, 2> m_views {};
    std::array<NodeFilterProxy*, 2> m_proxies {};
    bool m_syncing = false;
    bool m_mirrorExpansion = true;
    bool m_linkScrolling = false;
    Side m_activeSide = Side::Npu;
};

} // namespace psui
