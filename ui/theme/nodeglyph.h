#pragma once
// The small shape in front of each tree row, also drawn in the legend (the shapes of tb_graph_ascend): a
// rounded box for a module that has children, an ellipse for a leaf (an API, or a module with no
// children), a dashed box for an API list (Apis_Between_Modules).
#include "graph/graph.h"

#include <QIcon>

namespace psui {

enum class NodeGlyph { Module, Leaf, ApiList };

NodeGlyph glyphOf(ps::NodeType type, bool hasChildren);
QIcon nodeGlyphIcon(NodeGlyph glyph); // 16x12, drawn once and cached

} // namespace psui
