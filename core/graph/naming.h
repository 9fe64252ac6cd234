#pragma once
// Node naming rules of msprobe: node types from name prefixes, backward/forward name helpers,
// module short names.
#include "graph/graph.h"
#include "util/rules_profile.h"

#include <optional>
#include <string>
#include <string_view>

namespace ps {

// Module for `Module.`/`Cell.` prefixes, Api for the API prefixes; nullopt for anything else
// (msprobe 1.2.1 aborts there; the builder makes such nodes modules and warns, as newer msprobe does).
// msprobe 26.0.0 also knows `optimizer`, `clip_grad` and `DefaultModel` (modules) and `MindSpeed.` (APIs).
std::optional<NodeType> nodeTypeOfName(std::string_view name, RulesProfile profile = RulesProfile::Msprobe121);

// `…backward.N` (module backward) -> the matching `…forward.N`; nullopt when the name is not of that form.
std::optional<std::string> moduleBackwardToForward(std::string_view name, bool forceIndexZero);
bool isModuleBackwardName(std::string_view name); // ends with .backward.<digits>
bool isApiBackwardName(std::string_view name); // ends with .backward
std::string replaceAll(std::string_view s, std::string_view from, std::string_view to);
std::vector<std::string_view> splitDots(std::string_view s);
bool allDigits(std::string_view s); // non-empty and only 0-9

} // namespace ps
