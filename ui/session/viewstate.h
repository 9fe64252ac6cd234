#pragma once
// What the views share about the open session, so that feature objects depend on it instead of on the main
// window: the current node of each side (the trees are the one selection), the nodes picked for a manual match,
// jump requests (any panel asks, the trees select), and which nodes the trees show (the search or filter rule).
#include "models/nodesearch.h"
#include "models/snapshot.h"

#include <QObject>

#include <array>
#include <memory>
#include <vector>

namespace psui {

class ViewState : public QObject {
    Q_OBJECT
public:
    using NodeMask = std::shared_ptr<const std::vector<bool>>; // per node; null: no restriction

    explicit ViewState(QObject* parent = nullptr);

    NodeId currentNode(Side side) const { return m_current[size_t(side)]; }
    Side activeSide() const { return m_activeSide; } // the side the user clicked last
    void setCurrentNodes(NodeId npu, NodeId bench, Side active); // by the trees

    // The unmatched node last selected on a side: what "Match" pairs (kNoNode when none).
    NodeId pick(Side side) const { return m_pick[size_t(side)]; }
    void setPick(Side side, NodeId node);
    void clearPicks();

    void requestJump(Side side, NodeId node); // any panel: show this node (the trees select it)

    // The search and the legend filter: their results and whether the trees show only their nodes. When both
    // restrict, the search wins.
    void setSearchResult(const QueryResult& result);
    void setSearchOnly(bool on);
    void setFilterResult(const QueryResult& result);
    void setFilterOnly(bool on);
    NodeMask visibleNodes(Side side) const;
    // What restricts the trees now (the search first, as in visibleNodes): a bar above the trees says it and
    // undoes it, so that no filter is ever at work unseen (e.g. with the legend dock closed).
    enum class Restriction { None, Search, Filter };
    Restriction restriction() const;
    NodeMask searchHits(Side side) const { return m_searchHits[size_t(side)]; }

    void resetSession(); // a new session: no current node, pick, search or filter

Q_SIGNALS:
    void currentNodesChanged(psui::NodeId npu, psui::NodeId bench);
    void picksChanged();
    void jumpRequested(psui::Side side, psui::NodeId node);
    void searchHitsChanged();
    void visibilityChanged();

private:
    std::array<NodeId, 2> m_current { ps::kNoNode, ps::kNoNode };
    Side m_activeSide = Side::Npu;
    std::array<NodeId, 2> m_pick { ps::kNoNode, ps::kNoNode };
    std::array<NodeMask, 2> m_searchVisible, m_searchHits, m_filterVisible;
    bool m_searchOnly = false;
    bool m_filterOnly = false;
};

} // namespace psui
