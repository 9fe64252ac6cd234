#pragma once
// Which parent a construct.json entry is attached to. Both msprobe versions repair backward nodes whose
// construct.json parent is missing or wrong, with different rules:
//  * 1.2.1: a module backward `X.backward.N` with no parent takes the backward twin of its forward
//    node's parent.
//  * 26.0.0 (GraphBuilder._handle_backward_upnode_missing / _handle_backward_inplace): the same, also for API
//    backwards `X.backward`, and a module backward whose parent's module path differs from its own (an inplace
//    layer that fired no backward hook) takes the backward twin of its forward node's parent, or the root.
#include "io/construct_stack.h"
#include "util/rules_profile.h"

namespace ps {

// The repaired parent of `node` (whose construct.json parent is `parent`, kNoStr for null or ""); kNoStr means
// the root. Names that the rules build are looked up in `pool` and must be construct.json keys to be used.
StrId repairedParent(
    RulesProfile profile, const StringPool& pool, const ConstructData& construct, StrId node, StrId parent);

} // namespace ps
