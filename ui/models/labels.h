#pragma once
// Node labels as tb_graph_ascend shortens them: the rule lives in the core, next to the
// layout that sizes boxes by it.
#include "box_layout/node_label.h"

namespace psui {

using ps::shortLabel;

} // namespace psui
