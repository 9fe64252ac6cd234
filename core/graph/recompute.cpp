#include "graph/recompute.h"

#include "graph/naming.h"
#include "util/limits.h"

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace ps {

namespace {

struct Frame {
    std::string_view file;
    std::string_view function;
};

std::string_view trim(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

// "File {path}, line {n}, in {function}, ..." -> path and function; nullopt when the line has no ", in ".
std::optional<Frame> parseFrame(std::string_view line, std::string& scratch)
{
    scratch = replaceAll(trim(line), "File ", "");
    std::string_view s = scratch;
    size_t in = s.find(", in ");
    if (in == std::string_view::npos)
        return std::nullopt;
    std::string_view function = s.substr(in + 5);
    function = trim(function.substr(0, function.find(',')));
    return Frame { trim(s.substr(0, s.find(", line "))), function };
}

bool endsWith(std::string_view s, std::string_view tail)
{
    return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

// Module.[N.]name.[N.]Class.forward|backward.N is a first-time module; longer or differently shaped names are not.
bool isRecomputeName(const std::vector<std::string_view>& segs)
{
    if (segs.size() > 7)
        return true;
    if (segs.size() == 7)
        return !(allDigits(segs[1]) && allDigits(segs[3]));
    if (segs.size() == 6)
        return !allDigits(segs[1]);
    return false;
}

std::string joinDots(const std::vector<std::string_view>& segs, size_t count)
{
    std::string out;
    for (size_t i = 0; i < count && i < segs.size(); ++i)
        out += (i ? "." : "") + std::string(segs[i]);
    return out;
}

// `X.forward.N` -> X; nullopt for other names.
std::optional<std::string> forwardPrefix(std::string_view name)
{
    auto dot = name.rfind('.');
    if (dot == std::string_view::npos || dot < 8 || !allDigits(name.substr(dot + 1))
        || name.substr(dot - 8, 8) != ".forward")
        return std::nullopt;
    return std::string(name.substr(0, dot - 8));
}

} // namespace

bool isRecomputeStack(const std::vector<std::string_view>& lines)
{
    std::vector<std::string> texts(lines.size());
    std::vector<Frame> frames;
    for (size_t i = 0; i < lines.size(); ++i)
        if (auto f = parseFrame(lines[i], texts[i]))
            frames.push_back(*f);
    // torch.utils.checkpoint's own recompute function
    for (const Frame& f : frames)
        if (f.function == "recompute_fn" && endsWith(f.file, "torch/utils/checkpoint.py"))
            return true;
    // a custom backward (Megatron/MindSpeed) called by PyTorch's autograd Function machinery
    for (size_t i = 0; i < frames.size(); ++i) {
        const Frame& f = frames[i];
        bool backward = f.function == "backward"
            || (f.function == "checkpoint_function_backward" && f.file.find("megatron") != std::string_view::npos);
        if (!backward)
            continue;
        for (size_t k : { i + 1, i + 2 })
            if (k < frames.size() && endsWith(frames[k].file, "torch/autograd/function.py"))
                return true;
    }
    return false;
}

void moveRecomputeCalls(Graph& g, std::vector<std::vector<NodeId>>& kids, const StackData& stacks, bool pytorch)
{
    // step 1: root children that are recompute calls, with their module path (name without the last two segments)
    const std::vector<NodeId>& top = kids[g.root];
    std::unordered_set<std::string_view> topNames;
    for (NodeId n : top)
        topNames.insert(g.nameOf(n));
    std::vector<std::pair<NodeId, std::string>> recompute; // in root order
    std::unordered_set<std::string> twins;
    // Many nodes share one stack group: its verdict is computed once, so a large shared stack costs its size once.
    std::unordered_map<uint32_t, bool> recomputeGroup;
    std::vector<std::string_view> lineViews;
    auto hasRecomputeStack = [&](StrId id) {
        auto group = id == kNoStr ? stacks.groupOf.end() : stacks.groupOf.find(id);
        if (group == stacks.groupOf.end())
            return isRecomputeStack({});
        auto [it, inserted] = recomputeGroup.emplace(group->second, false);
        if (inserted) {
            lineViews.clear();
            for (StrId l : stacks.groups[group->second])
                lineViews.push_back(g.strings.view(l));
            it->second = isRecomputeStack(lineViews);
        }
        return it->second;
    };
    for (size_t i = 0; i < top.size(); ++i) {
        NodeId n = top[i];
        std::string_view name = g.nameOf(n);
        if (nodeTypeOfName(name, RulesProfile::Msprobe26).value_or(NodeType::Module) != NodeType::Module)
            continue;
        if (pytorch) {
            // backward nodes have no stack: the forward twin's decides
            auto forward = moduleBackwardToForward(name, false);
            if (!hasRecomputeStack(g.strings.find(forward ? std::string_view(*forward) : name)))
                continue;
        }
        std::vector<std::string_view> segs = splitDots(name);
        if (segs.size() < 2)
            continue;
        std::string prefix = joinDots(segs, segs.size() - 2);
        if (twins.count(std::string(name)) || isRecomputeName(segs)) {
            // a recompute call comes as a forward/backward pair at the top level
            std::string twin
                = prefix + (segs[segs.size() - 2] == "forward" ? ".backward." : ".forward.") + std::string(segs.back());
            if (!twins.count(std::string(name)) && !topNames.count(twin))
                continue;
            if (!twins.count(std::string(name)))
                twins.insert(twin);
            recompute.emplace_back(n, prefix);
        }
    }
    if (recompute.empty())
        return;
    // step 2: the first-time forward calls of those modules (not at the top level), earliest first
    std::unordered_set<std::string> prefixes;
    for (auto& r : recompute)
        prefixes.insert(r.second);
    struct Calls {
        std::vector<NodeId> nodes;
        size_t nextForward = 0, nextBackward = 0; // the forward and backward recompute calls consume them apart
    };
    std::unordered_map<std::string, Calls> firstTime;
    for (NodeId n = 0; n < g.size(); ++n) {
        if (g.type[n] != NodeType::Module || g.parent[n] == kNoNode || g.parent[n] == g.root)
            continue;
        auto prefix = forwardPrefix(g.nameOf(n));
        if (prefix && prefixes.count(*prefix))
            firstTime[*prefix].nodes.push_back(n);
    }
    if (firstTime.empty())
        return;
    // step 3: each recompute call goes under the backward of the parent of the next first-time call
    std::unordered_set<NodeId> moved;
    const uint64_t maxDepth = limits().maxDepth;
    for (auto& [node, prefix] : recompute) {
        auto it = firstTime.find(prefix);
        if (it == firstTime.end())
            continue;
        size_t& next = forwardPrefix(g.nameOf(node)) ? it->second.nextForward : it->second.nextBackward;
        if (next >= it->second.nodes.size())
            continue;
        NodeId firstCall = it->second.nodes[next++];
        std::string parentName(g.nameOf(g.parent[firstCall]));
        std::string backwardParent = parentName;
        if (auto fp = forwardPrefix(parentName))
            backwardParent = *fp + ".backward." + parentName.substr(parentName.rfind('.') + 1);
        NodeId newParent = g.find(backwardParent);
        if (newParent == kNoNode)
            continue;
        // No move may close a cycle. The walk up is bounded: past max_depth levels the graph is refused anyway
        // (checkHierarchy), so a chain of moves cannot make each later walk longer without end.
        bool closesCycle = newParent == node;
        uint64_t levels = 0;
        for (NodeId p = g.parent[newParent]; p != kNoNode && !closesCycle && levels <= maxDepth; p = g.parent[p])
            closesCycle = p == node, ++levels;
        if (closesCycle || levels > maxDepth)
            continue;
        g.parent[node] = newParent;
        kids[newParent].push_back(node);
        moved.insert(node);
    }
    if (!moved.empty())
        std::erase_if(kids[g.root], [&](NodeId n) { return moved.count(n) > 0; });
}

} // namespace ps
