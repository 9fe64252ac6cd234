// msprobe 26.0.0's PPMerger: the stages of a pipeline folded into the first stage's graph.
#include "merge/pp_merger.h"

#include "graph/naming.h"
#include "merge/param_merge.h"

#include <algorithm>
#include <unordered_map>

namespace ps::merge {

bool hasLayerNumber(std::string_view name)
{
    return layerNumberSpan(name).first != std::string_view::npos;
}

std::pair<size_t, size_t> layerNumberSpan(std::string_view name, size_t from)
{
    // r"(layers\.|layer\.)\d+(\.)": the digits of the first "layers.<n>." or "layer.<n>."
    for (size_t at = name.find("layer", from); at != std::string_view::npos; at = name.find("layer", at + 1)) {
        size_t p = at + 5;
        if (p < name.size() && name[p] == 's')
            ++p;
        if (p >= name.size() || name[p] != '.')
            continue;
        size_t digits = ++p;
        while (p < name.size() && name[p] >= '0' && name[p] <= '9')
            ++p;
        if (p > digits && p < name.size() && name[p] == '.')
            return { digits, p };
    }
    return { std::string_view::npos, std::string_view::npos };
}

std::string replaceLayerNumbers(std::string_view name, std::string_view number)
{
    std::string out;
    size_t pos = 0;
    for (auto [b, e] = layerNumberSpan(name, 0); b != std::string_view::npos;
         std::tie(b, e) = layerNumberSpan(name, e)) {
        out += name.substr(pos, b - pos);
        out += number;
        pos = e;
    }
    return out + std::string(name.substr(pos));
}

bool hasMark(std::string_view name)
{
    return markOf(name).first >= 0;
}

std::pair<long long, long long> markOf(std::string_view name)
{
    // r"%(\d+)%(\d+)$": position and rank
    size_t last = name.rfind('%');
    if (last == std::string_view::npos || last == 0 || last + 1 == name.size())
        return { -1, -1 };
    size_t first = name.rfind('%', last - 1);
    if (first == std::string_view::npos || first + 1 == last)
        return { -1, -1 };
    auto digits = [](std::string_view s) {
        return !s.empty() && s.size() <= 18
            && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    std::string_view pos = name.substr(first + 1, last - first - 1), rank = name.substr(last + 1);
    if (!digits(pos) || !digits(rank))
        return { -1, -1 };
    return { std::stoll(std::string(pos)), std::stoll(std::string(rank)) };
}

std::string_view withoutMark(std::string_view name)
{
    return hasMark(name) ? name.substr(0, name.rfind('%', name.rfind('%') - 1)) : name;
}

void PpMerge::run()
{
    // Indices, not iterators: a layer split at the root appends its other stages to the list walked here.
    MNodeId root = m_f.graphs[m_group[0]].root;
    for (size_t i = 0; i < m_f.nodes[root].children.size(); ++i) {
        MNodeId top = m_f.nodes[root].children[i];
        std::string_view name = m_f.nameOf(top);
        if (m_f.nodes[top].type != NodeType::Module || name == "clip_grad" || name == "optimizer")
            continue;
        mergeNodes(top);
        sortNodes(top);
    }
}

// _merge_nodes, in the same pre-order as msprobe's recursion.
void PpMerge::mergeNodes(MNodeId start)
{
    std::vector<MNodeId> stack { start };
    m_mergeWalk.begin(m_f.nodes.size());
    while (!stack.empty()) {
        MNodeId n = stack.back();
        stack.pop_back();
        if (!m_mergeWalk.firstVisit(n))
            continue;
        if (!visit(n))
            continue;
        const std::vector<MNodeId>& kids = m_f.nodes[n].children;
        for (size_t k = kids.size(); k-- > 0;)
            if (m_f.nodes[kids[k]].type == NodeType::Module)
                stack.push_back(kids[k]);
    }
}

// One module: false when its children are not to be visited.
bool PpMerge::visit(MNodeId n)
{
    std::vector<MNodeId> others;
    for (size_t k = 1; k < m_group.size(); ++k) {
        MNodeId o = m_f.graphs[m_group[k]].find(m_f.nodes[n].name);
        if (o == kNone)
            return false; // only the first stage has it
        others.push_back(o);
    }
    ParamDiff in, out;
    diffParams(m_f, n, others, true, in, out);
    const std::string name(m_f.nameOf(n));
    const bool backward = name.find(".backward.") != std::string::npos;
    bool split = !in.empty() && !out.empty() && hasLayerNumber(name);
    if (backward) {
        // a backward module may have no outputs: it is split when its forward module was
        MNodeId forward = main().find(m_f.names.find(replaceAll(name, ".backward.", ".forward.")));
        if (forward != kNone && m_f.nodes[forward].ppMerged)
            split = true;
    }
    if (split) {
        m_f.nodes[n].ppMerged = true;
        const MNodeId up = m_f.nodes[n].parent;
        for (MNodeId o : others) {
            markSubtree(o, m_f.nodes[o].rank, positionAmongSiblings(o));
            addToMain(o);
            if (up != kNone)
                m_f.attach(o, up);
        }
        return false;
    }
    if (in.empty() && !out.empty() && name.find(".forward.") != std::string::npos)
        m_f.nodes[n].out = m_f.nodes[others.back()].out; // a wrapper of split layers ends on the last stage
    else if (!in.empty() && out.empty() && backward)
        m_f.nodes[n].in = m_f.nodes[others.back()].in;
    addUniqueChildren(n, others);
    return true;
}

// The first sibling of the node's name: looked up in an index of the parent's children made once (the later
// stages' lists do not change here), checked, and searched only when a marked sibling of that name came first.
uint32_t PpMerge::positionAmongSiblings(MNodeId n)
{
    MNodeId up = m_f.nodes[n].parent;
    if (up == kNone)
        return 0;
    const std::vector<MNodeId>& siblings = m_f.nodes[up].children;
    auto [it, fresh] = m_firstByName.try_emplace(up);
    if (fresh)
        for (size_t i = 0; i < siblings.size(); ++i)
            it->second.emplace(m_f.nodes[siblings[i]].name, uint32_t(i));
    const StrId name = m_f.nodes[n].name;
    auto found = it->second.find(name);
    if (found != it->second.end() && found->second < siblings.size() && m_f.nodes[siblings[found->second]].name == name)
        return found->second;
    for (size_t i = 0; i < siblings.size(); ++i)
        if (m_f.nodes[siblings[i]].name == name)
            return uint32_t(i);
    return 0;
}

// _mark_node_id_position_rank: "<name>%<position among its siblings>%<rank>" on the whole subtree.
void PpMerge::markSubtree(MNodeId top, int rank, uint32_t position)
{
    std::vector<std::pair<MNodeId, uint32_t>> stack { { top, position } };
    m_markWalk.begin(m_f.nodes.size());
    while (!stack.empty()) {
        auto [n, pos] = stack.back();
        stack.pop_back();
        if (!m_markWalk.firstVisit(n))
            continue;
        m_f.setName(n, std::string(m_f.nameOf(n)) + "%" + std::to_string(pos) + "%" + std::to_string(rank), false);
        const std::vector<MNodeId>& kids = m_f.nodes[n].children;
        // A child's position is its own index: msprobe looks for the first sibling of its name, and the siblings
        // before it already carry their marks.
        for (size_t i = kids.size(); i-- > 0;)
            stack.emplace_back(kids[i], uint32_t(i));
    }
}

// _add_node_to_main_graph: the subtree enters the main node_map (a name already there keeps its node).
void PpMerge::addToMain(MNodeId top)
{
    std::vector<MNodeId> stack { top };
    m_addWalk.begin(m_f.nodes.size());
    while (!stack.empty()) {
        MNodeId n = stack.back();
        stack.pop_back();
        if (!m_addWalk.firstVisit(n))
            continue;
        if (main().find(m_f.nodes[n].name) == kNone)
            main().insert(m_f.nodes[n].name, n);
        else
            m_log.push_back(std::string(m_f.nameOf(n)) + " is exist!");
        const std::vector<MNodeId>& kids = m_f.nodes[n].children;
        stack.insert(stack.end(), kids.rbegin(), kids.rend());
    }
}

// _merge_other_unique_nodes: children only one later stage has join the main node, marked with their stage.
void PpMerge::addUniqueChildren(MNodeId n, const std::vector<MNodeId>& others)
{
    std::unordered_map<StrId, uint32_t> lists; // name -> number of child lists holding it
    auto count = [&](MNodeId parent) {
        std::unordered_map<StrId, bool> once;
        for (MNodeId c : m_f.nodes[parent].children)
            if (once.emplace(m_f.nodes[c].name, true).second)
                ++lists[m_f.nodes[c].name];
    };
    count(n);
    for (MNodeId o : others)
        count(o);
    std::vector<std::pair<MNodeId, uint32_t>> unique; // node and its position among its own siblings
    for (MNodeId o : others) {
        const std::vector<MNodeId>& kids = m_f.nodes[o].children;
        std::unordered_map<StrId, size_t> last, first;
        for (size_t i = 0; i < kids.size(); ++i) {
            last[m_f.nodes[kids[i]].name] = i;
            first.emplace(m_f.nodes[kids[i]].name, i);
        }
        std::unordered_map<StrId, bool> taken;
        for (MNodeId c : kids) {
            StrId name = m_f.nodes[c].name;
            if (lists[name] == 1 && taken.emplace(name, true).second)
                unique.emplace_back(kids[last[name]], uint32_t(first[name])); // a dict keeps the last node
        }
    }
    for (auto [u, position] : unique) {
        markSubtree(u, m_f.nodes[u].rank, position);
        addToMain(u);
        m_f.attach(u, n);
    }
}

// _sort_nodes: marked siblings go after (forward) or before (backward) the others, ordered by rank and position,
// layers renumbered, marks removed.
void PpMerge::sortNodes(MNodeId start)
{
    std::vector<MNodeId> stack { start };
    m_sortWalk.begin(m_f.nodes.size());
    m_sortedParents.begin(m_f.nodes.size());
    while (!stack.empty()) {
        MNodeId n = stack.back();
        stack.pop_back();
        if (!m_sortWalk.firstVisit(n))
            continue;
        std::string_view name = m_f.nameOf(n);
        MNodeId up = m_f.nodes[n].parent;
        // A parent's children are ordered once (a sibling whose rename failed keeps its mark).
        if (hasMark(name) && up != kNone && m_sortedParents.firstVisit(up)) {
            const bool forward
                = name.find(".forward.") != std::string_view::npos || name.find(".forward%") != std::string_view::npos;
            std::vector<MNodeId> plain, marked;
            for (MNodeId s : m_f.nodes[up].children)
                (hasMark(m_f.nameOf(s)) ? marked : plain).push_back(s);
            std::stable_sort(marked.begin(), marked.end(), [&](MNodeId a, MNodeId b) {
                auto [pa, ra] = markOf(m_f.nameOf(a));
                auto [pb, rb] = markOf(m_f.nameOf(b));
                return forward ? std::pair(ra, pa) < std::pair(rb, pb) : std::pair(-ra, pa) < std::pair(-rb, pb);
            });
            std::vector<MNodeId> ordered = forward ? plain : marked;
            const std::vector<MNodeId>& second = forward ? marked : plain;
            ordered.insert(ordered.end(), second.begin(), second.end());
            int index = -1;
            for (size_t k = 0; k < ordered.size(); ++k) {
                MNodeId s = ordered[forward ? k : ordered.size() - 1 - k];
                if (hasLayerNumber(m_f.nameOf(s)))
                    ++index;
                if (hasMark(m_f.nameOf(s))) {
                    m_f.nodes[s].ppIndex = index;
                    m_f.nodes[s].hasPpIndex = true;
                }
            }
            for (MNodeId s : marked)
                renameMarked(s);
            m_f.nodes[up].children = std::move(ordered);
        }
        const std::vector<MNodeId>& kids = m_f.nodes[n].children;
        stack.insert(stack.end(), kids.begin(), kids.end());
    }
}

// _update_node_id on a subtree: layers take the new number, APIs `_rank<r>`, marks go, data keys follow.
void PpMerge::renameMarked(MNodeId start)
{
    std::vector<std::pair<MNodeId, std::string>> stack { { start, "" } };
    m_renameWalk.begin(m_f.nodes.size());
    while (!stack.empty()) {
        auto [n, ppIndex] = stack.back();
        stack.pop_back();
        if (!m_renameWalk.firstVisit(n))
            continue;
        const StrId current = m_f.nodes[n].name;
        if (main().find(current) == kNone) {
            m_log.push_back("Update node id " + std::string(m_f.nameOf(n)) + " fail!");
        } else {
            main().erase(current);
            const std::string name(m_f.nameOf(n));
            const std::string old(withoutMark(name));
            std::string renamed = name;
            if (m_f.nodes[n].type == NodeType::Module) {
                if (hasLayerNumber(name) && hasMark(name)) {
                    if (m_f.nodes[n].hasPpIndex)
                        ppIndex = std::to_string(m_f.nodes[n].ppIndex);
                    renamed = replaceLayerNumbers(name, ppIndex);
                }
            } else {
                std::vector<std::string_view> parts = splitDots(name);
                if (parts.size() >= 2) {
                    std::string rank(name.substr(name.rfind('%') + 1));
                    renamed.clear();
                    for (size_t i = 0; i < parts.size(); ++i)
                        renamed += (i ? "." : "") + std::string(parts[i]) + (i == 1 ? "_rank" + rank : "");
                }
            }
            renamed = std::string(withoutMark(renamed));
            m_f.setName(n, renamed, false);
            m_f.renameKeys(m_f.nodes[n].in, old, renamed);
            m_f.renameKeys(m_f.nodes[n].out, old, renamed);
            main().insert(m_f.nodes[n].name, n);
        }
        for (MNodeId c : m_f.nodes[n].children)
            stack.emplace_back(c, ppIndex);
    }
}

GraphGroup mergePp(Forest& f, const GraphGroup& group, int vpp)
{
    if (group.size() < 2)
        return group;
    std::vector<std::string> log;
    PpMerge merge(f, group, log);
    merge.run();
    if (vpp > 1)
        foldVirtualChunks(f, group[0], vpp);
    return { group[0] };
}

} // namespace ps::merge
