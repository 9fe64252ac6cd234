#pragma once
// msprobe's default stack simplification: keep the one line that shows the call site. A module keeps
// the first line calling its attribute ("<name part -4>("), an API the line after the first "...Template(" call.
// Names are matched literally: msprobe builds a regular expression from the name part, so a part holding
// pattern characters ('[', '*', ...) can match differently there (docs/deviations.md).
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ps {

// The text a module's kept line must contain ("fc(" for Module.fc.Linear.forward.0); "" when the node's kept line
// does not depend on its name (APIs, short names: see simplifiedStackLine).
std::string callSiteNeedle(std::string_view nodeName);

// For each needle, the index of the first line containing it, or -1. One pass over the lines for all needles
// together (Aho-Corasick), so that many nodes sharing one long stack cost its length once, not once per node.
std::vector<int> firstLinesContaining(std::span<const std::string> needles, std::span<const std::string_view> lines);

// Index of the single line to keep, or -1 to keep the whole list; for one node (the builder batches nodes).
int simplifiedStackLine(std::string_view nodeName, std::span<const std::string_view> lines);
// The API rule alone: the line after the first "[A-Z][a-zA-Z]*Template(" call, or -1.
int lineAfterTemplateCall(std::span<const std::string_view> lines);

} // namespace ps
