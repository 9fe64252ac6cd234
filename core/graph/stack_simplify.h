#pragma once
// msprobe's default stack simplification (spec §4.4): keep the one line that shows the call site.
#include <string_view>
#include <vector>

namespace ps {

// Returns the index of the single line to keep, or -1 to keep the whole list.
int simplifiedStackLine(std::string_view nodeName, const std::vector<std::string_view>& lines);

} // namespace ps
