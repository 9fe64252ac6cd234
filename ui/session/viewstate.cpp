#include "session/viewstate.h"

namespace psui {

ViewState::ViewState(QObject* parent)
    : QObject(parent)
{
}

void ViewState::setCurrentNodes(NodeId npu, NodeId bench, Side active)
{
    m_current = { npu, bench };
    m_activeSide = active;
    Q_EMIT currentNodesChanged(npu, bench);
}

void ViewState::setPick(Side side, NodeId node)
{
    if (m_pick[size_t(side)] == node)
        return;
    m_pick[size_t(side)] = node;
    Q_EMIT picksChanged();
}

void ViewState::clearPicks()
{
    m_pick = { ps::kNoNode, ps::kNoNode };
    Q_EMIT picksChanged();
}

void ViewState::requestJump(Side side, NodeId node)
{
    Q_EMIT jumpRequested(side, node);
}

void ViewState::setSearchResult(const QueryResult& result)
{
    for (Side s : { Side::Npu, Side::Bench }) {
        const auto& set = result.sides[size_t(s)];
        // Aliasing pointers: the masks keep the whole NodeSet alive.
        m_searchVisible[size_t(s)] = set ? NodeMask(set, &set->visible) : nullptr;
        m_searchHits[size_t(s)] = set ? NodeMask(set, &set->isHit) : nullptr;
    }
    Q_EMIT searchHitsChanged();
    Q_EMIT visibilityChanged();
}

void ViewState::setSearchOnly(bool on)
{
    m_searchOnly = on;
    Q_EMIT visibilityChanged();
}

void ViewState::setFilterResult(const QueryResult& result)
{
    for (Side s : { Side::Npu, Side::Bench }) {
        const auto& set = result.sides[size_t(s)];
        m_filterVisible[size_t(s)] = set ? NodeMask(set, &set->visible) : nullptr;
    }
    Q_EMIT visibilityChanged();
}

void ViewState::setFilterOnly(bool on)
{
    m_filterOnly = on;
    Q_EMIT visibilityChanged();
}

ViewState::NodeMask ViewState::visibleNodes(Side side) const
{
    if (m_searchOnly && m_searchVisible[size_t(side)])
        return m_searchVisible[size_t(side)];
    if (m_filterOnly && m_filterVisible[size_t(side)])
        return m_filterVisible[size_t(side)];
    return nullptr;
}

ViewState::Restriction ViewState::restriction() const
{
    const auto any = [](const std::array<NodeMask, 2>& masks) { return masks[0] || masks[1]; };
    if (m_searchOnly && any(m_searchVisible))
        return Restriction::Search;
    if (m_filterOnly && any(m_filterVisible))
        return Restriction::Filter;
    return Restriction::None;
}

void ViewState::resetSession()
{
    m_current = { ps::kNoNode, ps::kNoNode };
    for (auto* masks : { &m_searchVisible, &m_searchHits, &m_filterVisible })
        *masks = {};
    // The check boxes keep their state; their results are gone with the session. Views reset themselves.
}

} // namespace psui
