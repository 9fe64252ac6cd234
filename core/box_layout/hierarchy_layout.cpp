#include "box_layout/hierarchy_layout.h"

#include "box_layout/node_label.h"

#include <algorithm>

namespace ps {

namespace {

using M = LayoutMetrics;

int floorHalf(int v)
{
    return v >= 0 ? v / 2 : -((-v + 1) / 2);
}

} // namespace

int layoutTextWidth(std::string_view text)
{
    int codePoints = 0;
    for (unsigned char c : text)
        codePoints += (c & 0xC0) != 0x80; // count lead bytes only
    return 6 * codePoints;
}

HierarchyLayout::HierarchyLayout(const Graph& graph, int microStep)
    : m_graph(&graph)
    , m_boxOfNode(graph.size(), kNoBox)
{
    reset(microStep);
}

void HierarchyLayout::reset(int microStep)
{
    m_microStep = microStep;
    m_expanded.clear();
    m_expanded.insert(m_graph->root);
    collectVisible();
}

bool HierarchyLayout::keepFirstLevel(NodeId child) const
{
    const int step = m_graph->microStep[child];
    return m_microStep < 0 || step < 0 || step == m_microStep;
}

bool HierarchyLayout::isExpandable(NodeId node) const
{
    return !m_graph->children(node).empty();
}

uint32_t HierarchyLayout::boxOf(NodeId node) const
{
    return node < m_boxOfNode.size() ? m_boxOfNode[node] : kNoBox;
}

bool HierarchyLayout::toggle(NodeId node)
{
    return setExpanded(node, !isExpanded(node));
}

bool HierarchyLayout::setExpanded(NodeId node, bool expanded)
{
    const uint32_t box = boxOf(node);
    if (box == kNoBox || node == m_graph->root || !m_boxes[box].expandable || isExpanded(node) == expanded)
        return false;
    if (expanded) {
        m_expanded.insert(node);
    } else {
        // Prune: every expanded node inside the subtree is forgotten, so re-expanding shows children collapsed.
        for (uint32_t b = box; b < m_boxes[box].subtreeEnd; ++b)
            m_expanded.erase(m_boxes[b].node);
    }
    collectVisible();
    return true;
}

bool HierarchyLayout::reveal(NodeId node)
{
    if (node >= m_graph->size())
        return false;
    if (boxOf(node) != kNoBox)
        return true;
    bool changed = false;
    for (NodeId a : m_graph->ancestors(node)) {
        if (!isExpandable(a))
            break;
        changed |= m_expanded.insert(a).second;
    }
    if (changed)
        collectVisible();
    return boxOf(node) != kNoBox;
}

void HierarchyLayout::collectVisible()
{
    for (const LayoutBox& b : m_boxes)
        m_boxOfNode[b.node] = kNoBox;
    m_boxes.clear();
    // Pre-order walk through expanded nodes with an explicit stack (hostile files may nest very deeply).
    struct Frame {
        NodeId node;
        uint32_t parentBox;
    };
    std::vector<Frame> stack { { m_graph->root, kNoBox } };
    while (!stack.empty()) {
        const Frame f = stack.back();
        stack.pop_back();
        const auto index = uint32_t(m_boxes.size());
        LayoutBox b;
        b.node = f.node;
        b.parent = f.parentBox;
        b.depth = f.parentBox == kNoBox ? 0 : uint16_t(m_boxes[f.parentBox].depth + 1);
        b.expandable = isExpandable(f.node);
        const NodeType stored = m_graph->type[f.node];
        b.displayType = !b.expandable ? NodeType::Api : (stored == NodeType::Api ? NodeType::Module : stored);
        b.expanded = b.expandable && isExpanded(f.node);
        b.label = shortLabel(m_graph->nameOf(f.node), stored, b.depth);
        m_boxes.push_back(b);
        m_boxOfNode[f.node] = index;
        if (!b.expanded)
            continue;
        const auto kids = m_graph->children(f.node);
        for (size_t i = kids.size(); i-- > 0;)
            if (f.parentBox != kNoBox || keepFirstLevel(kids[i]))
                stack.push_back({ kids[i], index });
    }
    // Children lists (CSR, in child order) and subtree ends.
    const auto count = uint32_t(m_boxes.size());
    m_kidBegin.assign(count + 1, 0);
    for (uint32_t i = 1; i < count; ++i)
        ++m_kidBegin[m_boxes[i].parent + 1];
    for (uint32_t i = 0; i < count; ++i)
        m_kidBegin[i + 1] += m_kidBegin[i];
    m_kids.assign(count > 0 ? count - 1 : 0, 0);
    std::vector<uint32_t> fill(m_kidBegin.begin(), m_kidBegin.end() - 1);
    for (uint32_t i = 1; i < count; ++i)
        m_kids[fill[m_boxes[i].parent]++] = i;
    for (uint32_t i = count; i-- > 0;) {
        m_boxes[i].subtreeEnd = std::max(m_boxes[i].subtreeEnd, i + 1);
        if (m_boxes[i].parent != kNoBox)
            m_boxes[m_boxes[i].parent].subtreeEnd
                = std::max(m_boxes[m_boxes[i].parent].subtreeEnd, m_boxes[i].subtreeEnd);
    }
    size();
    place();
}

// Sizes, bottom-up: reverse pre-order visits children before their parent.
void HierarchyLayout::size()
{
    for (uint32_t i = uint32_t(m_boxes.size()); i-- > 0;) {
        LayoutBox& n = m_boxes[i];
        const int labelWidth = layoutTextWidth(n.label) + 2 * M::hGap;
        if (n.isLeaf()) {
            n.width = M::leafWidth;
            n.height = M::rowHeight;
            continue;
        }
        if (!n.expanded) {
            n.width = labelWidth;
            n.height = M::rowHeight;
            continue;
        }
        int innerWidth = 0;
        int h = M::rowHeight; // title strip
        const uint32_t end = m_kidBegin[i + 1];
        for (uint32_t k = m_kidBegin[i]; k < end;) {
            const NodeType runType = m_boxes[m_kids[k]].displayType;
            uint32_t runEnd = k;
            while (runEnd < end && m_boxes[m_kids[runEnd]].displayType == runType)
                ++runEnd;
            const int runSize = int(runEnd - k);
            if (m_boxes[m_kids[k]].isLeaf()) {
                const int rows = (runSize + M::perRow - 1) / M::perRow;
                if (rows > 1) {
                    innerWidth = std::max(innerWidth, M::perRow * M::leafWidth + (M::perRow - 1) * M::hGap);
                    h += rows * (M::rowHeight + M::vGap);
                } else {
                    int rowWidth = (runSize - 1) * M::hGap;
                    for (uint32_t j = k; j < runEnd; ++j)
                        rowWidth += m_boxes[m_kids[j]].width;
                    innerWidth = std::max(innerWidth, rowWidth);
                    h += M::rowHeight + M::vGap;
                }
            } else {
                for (uint32_t j = k; j < runEnd; ++j) {
                    innerWidth = std::max(innerWidth, m_boxes[m_kids[j]].width);
                    h += m_boxes[m_kids[j]].height + M::vGap;
                }
            }
            k = runEnd;
        }
        n.width = std::max(innerWidth + 2 * M::hGap, labelWidth);
        n.height = h + M::vGap;
    }
}

// Positions, top-down: pre-order visits a parent before its children. Everything is centred in its parent.
void HierarchyLayout::place()
{
    if (m_boxes.empty())
        return;
    m_boxes[0].x = 0;
    m_boxes[0].y = 0;
    for (uint32_t i = 0; i < m_boxes.size(); ++i) {
        const LayoutBox& n = m_boxes[i];
        if (!n.expanded)
            continue;
        int y = n.y + M::rowHeight + M::vGap;
        const uint32_t end = m_kidBegin[i + 1];
        for (uint32_t k = m_kidBegin[i]; k < end;) {
            const NodeType runType = m_boxes[m_kids[k]].displayType;
            uint32_t runEnd = k;
            while (runEnd < end && m_boxes[m_kids[runEnd]].displayType == runType)
                ++runEnd;
            if (m_boxes[m_kids[k]].isLeaf()) {
                for (uint32_t row = k; row < runEnd; row += M::perRow) {
                    const uint32_t rowEnd = std::min<uint32_t>(row + M::perRow, runEnd);
                    int rowWidth = int(rowEnd - row - 1) * M::hGap;
                    int rowHeight = 0;
                    for (uint32_t j = row; j < rowEnd; ++j) {
                        rowWidth += m_boxes[m_kids[j]].width;
                        rowHeight = std::max(rowHeight, m_boxes[m_kids[j]].height);
                    }
                    int x = n.x + floorHalf(n.width - rowWidth);
                    for (uint32_t j = row; j < rowEnd; ++j) {
                        LayoutBox& leaf = m_boxes[m_kids[j]];
                        leaf.x = x;
                        leaf.y = y;
                        x += leaf.width + M::hGap;
                    }
                    y += rowHeight + M::vGap;
                }
            } else {
                for (uint32_t j = k; j < runEnd; ++j) {
                    LayoutBox& c = m_boxes[m_kids[j]];
                    c.x = n.x + floorHalf(n.width - c.width);
                    c.y = y;
                    y += c.height + M::vGap;
                }
            }
            k = runEnd;
        }
    }
}

void HierarchyLayout::boxesIn(int x0, int y0, int x1, int y1, std::vector<uint32_t>& out) const
{
    out.clear();
    for (uint32_t i = 0; i < m_boxes.size();) {
        const LayoutBox& b = m_boxes[i];
        const bool overlaps = b.x < x1 && b.x + b.width > x0 && b.y < y1 && b.y + b.height > y0;
        if (!overlaps) {
            i = b.subtreeEnd; // children lie inside their container: none of them can overlap either
            continue;
        }
        out.push_back(i);
        ++i;
    }
}

uint32_t HierarchyLayout::boxAt(int x, int y) const
{
    uint32_t found = kNoBox;
    for (uint32_t i = 0; i < m_boxes.size();) {
        const LayoutBox& b = m_boxes[i];
        const bool inside = x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height;
        if (!inside) {
            i = b.subtreeEnd;
            continue;
        }
        found = i; // pre-order: a later hit is deeper
        ++i;
    }
    return found;
}

} // namespace ps
