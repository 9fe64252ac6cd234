#pragma once
// The nested-box layout of tb_graph_ascend: which nodes are visible, their labels, sizes and
// positions in the root's frame, and the expand/collapse state machine. Pure and Qt-free: a canvas only draws
// the boxes and forwards double-clicks here.
#include "graph/graph.h"

#include <cstdint>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace ps {

// The plugin's box geometry. Text is measured in characters (6 units each), not with a real font.
struct LayoutMetrics {
    static constexpr int leafWidth = 50;
    static constexpr int rowHeight = 15;
    static constexpr int hGap = 5;
    static constexpr int vGap = 10;
    static constexpr int perRow = 5;
};
int layoutTextWidth(std::string_view text); // 6 x code points (UTF-8)

constexpr uint32_t kNoBox = 0xffffffffu;

// One visible node. Boxes are kept in pre-order, so a container is always before its children.
struct LayoutBox {
    NodeId node = kNoNode;
    uint32_t parent = kNoBox; // index of the parent box
    uint32_t subtreeEnd = 0; // one past the last box of this box's subtree (pre-order)
    int x = 0, y = 0, width = 0, height = 0;
    uint16_t depth = 0;
    NodeType displayType = NodeType::Api; // stored type when the node has children, else Api (a leaf)
    bool expandable = false;
    bool expanded = false;
    std::string_view label; // view into the graph's string pool
    bool isLeaf() const { return !expandable; }
};

class HierarchyLayout {
public:
    // The graph must outlive the layout. microStep -1 shows every first-level node.
    explicit HierarchyLayout(const Graph& graph, int microStep = -1);

    // Open file / change micro step: only the root expanded.
    void reset(int microStep = -1);
    // Double-click: expands a collapsed visible node, collapses an expanded one (forgetting deeper expansion).
    // The root and leaves ignore it. Returns whether anything changed.
    bool toggle(NodeId node);
    bool setExpanded(NodeId node, bool expanded);
    // Jump-to: expands every collapsed ancestor so that the node becomes visible. Returns whether it is visible.
    bool reveal(NodeId node);

    const Graph& graph() const { return *m_graph; }
    int microStep() const { return m_microStep; }
    const std::vector<LayoutBox>& boxes() const { return m_boxes; }
    const LayoutBox& rootBox() const { return m_boxes.front(); }
    uint32_t boxOf(NodeId node) const; // kNoBox when not visible
    bool isExpanded(NodeId node) const { return m_expanded.count(node) != 0; }

    // Level-of-detail culling: the boxes overlapping [x0, x1) x [y0, y1), in pre-order (containers first).
    // Subtrees of boxes outside the rectangle are skipped without being visited.
    void boxesIn(int x0, int y0, int x1, int y1, std::vector<uint32_t>& out) const;
    // The deepest box containing the point, kNoBox if none.
    uint32_t boxAt(int x, int y) const;

private:
    void collectVisible();
    void size();
    void place();
    bool isExpandable(NodeId node) const;
    bool keepFirstLevel(NodeId child) const;

    const Graph* m_graph;
    int m_microStep = -1;
    std::unordered_set<NodeId> m_expanded; // invariant: every expanded node's ancestors are expanded
    std::vector<LayoutBox> m_boxes;
    std::vector<uint32_t> m_boxOfNode; // per NodeId
    // Children of box i: m_kids[m_kidBegin[i] .. m_kidBegin[i + 1]).
    std::vector<uint32_t> m_kidBegin;
    std::vector<uint32_t> m_kids;
};

} // namespace ps
