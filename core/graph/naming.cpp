#include "graph/naming.h"

namespace ps {

namespace {

// The regexes are `^(Module.|Cell.)`: the dot is a wildcard, so any character must follow the prefix.
bool hasPrefixPlusOne(std::string_view name, std::string_view prefix)
{
    return name.size() > prefix.size() && name.substr(0, prefix.size()) == prefix;
}

} // namespace

bool allDigits(std::string_view s)
{
    if (s.empty())
        return false;
    for (char c : s)
        if (c < '0' || c > '9')
            return false;
    return true;
}

std::optional<NodeType> nodeTypeOfName(std::string_view name, RulesProfile profile)
{
    const bool v26 = profile == RulesProfile::Msprobe26;
    for (std::string_view p : { "Module", "Cell" })
        if (hasPrefixPlusOne(name, p))
            return NodeType::Module;
    if (v26)
        for (std::string_view p : { "optimizer", "clip_grad", "DefaultModel" })
            if (name.starts_with(p))
                return NodeType::Module;
    for (std::string_view p : { "Tensor", "Torch", "Functional", "NPU", "VF", "Distributed", "Aten", "Mint",
             "Primitive", "Jit", "MintFunctional" })
        if (hasPrefixPlusOne(name, p))
            return NodeType::Api;
    if (v26 && hasPrefixPlusOne(name, "MindSpeed"))
        return NodeType::Api;
    return std::nullopt;
}

bool isModuleBackwardName(std::string_view name)
{
    auto dot = name.rfind('.');
    if (dot == std::string_view::npos || !allDigits(name.substr(dot + 1)))
        return false;
    std::string_view head = name.substr(0, dot);
    return head.size() >= 9 && head.substr(head.size() - 9) == ".backward";
}

bool isApiBackwardName(std::string_view name)
{
    return name.size() >= 9 && name.substr(name.size() - 9) == ".backward";
}

std::optional<std::string> moduleBackwardToForward(std::string_view name, bool forceIndexZero)
{
    if (!isModuleBackwardName(name))
        return std::nullopt;
    auto dot = name.rfind('.');
    std::string_view head = name.substr(0, dot - 9);
    std::string out(head);
    out += ".forward.";
    out += forceIndexZero ? std::string_view("0") : name.substr(dot + 1);
    return out;
}

std::string replaceAll(std::string_view s, std::string_view from, std::string_view to)
{
    std::string out;
    size_t pos = 0;
    while (true) {
        size_t hit = s.find(from, pos);
        if (hit == std::string_view::npos || from.empty()) {
            out.append(s.substr(pos));
            return out;
        }
        out.append(s.substr(pos, hit - pos));
        out.append(to);
        pos = hit + from.size();
    }
}

std::vector<std::string_view> splitDots(std::string_view s)
{
    std::vector<std::string_view> parts;
    size_t start = 0;
    while (true) {
        size_t dot = s.find('.', start);
        if (dot == std::string_view::npos) {
            parts.push_back(s.substr(start));
            return parts;
        }
        parts.push_back(s.substr(start, dot - start));
        start = dot + 1;
    }
}

} // namespace ps
