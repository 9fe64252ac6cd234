#include "box_layout/node_label.h"

#include "graph/naming.h"

#include <vector>

namespace ps {

namespace {

// The suffix made of the last `count` dot-separated parts (parts.size() >= count).
std::string_view lastParts(std::string_view name, const std::vector<size_t>& dots, size_t count)
{
    // dots[i] = position of the i-th '.'; there are dots.size() + 1 parts.
    size_t parts = dots.size() + 1;
    if (count >= parts)
        return name;
    return name.substr(dots[parts - count - 1] + 1);
}

std::string_view part(std::string_view name, const std::vector<size_t>& dots, size_t index)
{
    size_t begin = index == 0 ? 0 : dots[index - 1] + 1;
    size_t end = index < dots.size() ? dots[index] : name.size();
    return name.substr(begin, end - begin);
}

} // namespace

std::string_view shortLabel(std::string_view name, NodeType type, int depth)
{
    if (depth <= 1)
        return name;
    std::vector<size_t> dots;
    for (size_t i = 0; i < name.size(); ++i)
        if (name[i] == '.')
            dots.push_back(i);
    const size_t parts = dots.size() + 1;
    // Modules keep 4 parts (5 when the 4th from the end is a layer number); other nodes 2 (3 after a number).
    const size_t keep = type == NodeType::Module ? 4 : 2;
    if (parts < keep)
        return name;
    if (!allDigits(part(name, dots, parts - keep)))
        return lastParts(name, dots, keep);
    if (parts > keep)
        return lastParts(name, dots, keep + 1);
    return name;
}

} // namespace ps
