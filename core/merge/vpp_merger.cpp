// msprobe 26.0.0's VPPMerger: with virtual pipeline stages each rank runs several model chunks
// (`Module.<chunk>.module...`); after the stages are merged, the chunks are folded into chunk 0.
#include "graph/naming.h"
#include "merge/pp_merger.h"

#include <algorithm>
#include <set>
#include <string>
#include <unordered_set>

namespace ps::merge {

namespace {

bool isDigits(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string_view secondPart(std::string_view name)
{
    std::vector<std::string_view> parts = splitDots(name);
    return parts.size() < 2 ? std::string_view() : parts[1];
}

// _replace_vpp_id: "Module.3.module..." -> "Module.<chunk>.module..." when the second part is a number.
std::string withChunk(std::string_view name, std::string_view chunk)
{
    std::vector<std::string_view> parts = splitDots(name);
    if (parts.size() < 2 || !isDigits(parts[1]))
        return std::string(name);
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i)
        out += (i ? "." : "") + std::string(i == 1 ? chunk : parts[i]);
    return out;
}

bool isForwardCall(std::string_view name)
{
    // r"\.forward\.\d+$"
    size_t at = name.rfind(".forward.");
    return at != std::string_view::npos && isDigits(name.substr(at + 9));
}

class VppFold {
public:
    VppFold(Forest& f, uint16_t graph, int vpp)
        : m_f(f)
        , m_g(f.graphs[graph])
        , m_last(std::to_string(vpp - 1))
        , m_vpp(vpp)
    {
    }

    // _merge_vpp_data: a chunk-0 module (forward) ends with the last chunk's output, a backward one starts with
    // the last chunk's input.
    void takeLastChunkData()
    {
        std::vector<MNodeId> stack;
        const std::vector<MNodeId>& top = m_f.nodes[m_g.root].children;
        for (size_t i = top.size(); i-- > 0;) {
            std::string_view chunk = secondPart(m_f.nameOf(top[i]));
            if (!chunk.empty() && (chunk == "0" || chunk == m_last))
                stack.push_back(top[i]);
        }
        // msprobe lists the root's children backwards and pops from the end: root order
        m_walk.begin(m_f.nodes.size());
        while (!stack.empty()) {
            MNodeId cur = stack.back();
            stack.pop_back();
            const MNode& node = m_f.nodes[cur];
            if (!m_walk.firstVisit(cur) || node.ppMerged || node.hasPpIndex || node.type != NodeType::Module)
                continue;
            stack.insert(stack.end(), node.children.rbegin(), node.children.rend());
            const std::string name(m_f.nameOf(cur));
            MNodeId target = m_g.find(m_f.names.find(withChunk(name, m_last)));
            if (target == kNone)
                continue;
            const std::string targetName(m_f.nameOf(target));
            DataRef& mine = isForwardCall(name) ? m_f.nodes[cur].out : m_f.nodes[cur].in;
            mine = isForwardCall(name) ? m_f.nodes[target].out : m_f.nodes[target].in;
            m_f.renameKeys(mine, targetName, name);
        }
    }

    // _merge_vpp_chunks: the layers of chunks 1.. move under chunk 0's layer list (forward after, backward before)
    // and the other chunks' module chains leave the graph.
    void foldChunks()
    {
        std::vector<MNodeId> stack;
        const std::vector<MNodeId>& top = m_f.nodes[m_g.root].children;
        for (size_t i = top.size(); i-- > 0;)
            if (secondPart(m_f.nameOf(top[i])) == "0")
                stack.push_back(top[i]);
        std::vector<MNodeId> layerParents; // in the order found, each once
        m_walk.begin(m_f.nodes.size());
        std::vector<uint8_t> listed(m_f.nodes.size(), 0);
        while (!stack.empty()) {
            MNodeId cur = stack.back();
            stack.pop_back();
            if (!m_walk.firstVisit(cur))
                continue;
            const MNode& node = m_f.nodes[cur];
            MNodeId up = node.parent;
            if (up != kNone && (node.ppMerged || (node.hasPpIndex && !listed[up]))) {
                if (!listed[up]++)
                    layerParents.push_back(up);
                continue;
            }
            stack.insert(stack.end(), node.children.rbegin(), node.children.rend());
        }
        // The chunks the graph holds (second name part), in order: --vpp may say more than there are, and a loop
        // over 1..vpp-1 per layer list would follow the argument, not the data.
        std::set<long long> chunks;
        for (MNodeId n : m_g.values()) {
            std::string_view chunk = secondPart(m_f.nameOf(n));
            if (isDigits(chunk) && chunk.size() <= 9 && std::stoll(std::string(chunk)) >= 1
                && std::stoll(std::string(chunk)) < m_vpp)
                chunks.insert(std::stoll(std::string(chunk)));
        }
        for (MNodeId parent : layerParents) {
            const bool forward = isForwardCall(m_f.nameOf(parent));
            std::vector<MNodeId>& kids = m_f.nodes[parent].children;
            std::vector<MNodeId> before; // backward: each chunk's layers go in front of the ones before it
            for (long long chunk : chunks) {
                MNodeId target = m_g.find(m_f.names.find(withChunk(m_f.nameOf(parent), std::to_string(chunk))));
                if (target == kNone)
                    continue;
                const std::vector<MNodeId> moved = m_f.nodes[target].children;
                if (forward)
                    kids.insert(kids.end(), moved.begin(), moved.end());
                else
                    before.insert(before.end(), moved.rbegin(), moved.rend());
                for (MNodeId m : moved)
                    m_f.nodes[m].parent = parent;
                dropChain(target);
            }
            if (!before.empty()) {
                std::reverse(before.begin(), before.end());
                before.insert(before.end(), kids.begin(), kids.end());
                kids = std::move(before);
            }
            renumber(parent, forward);
        }
        dropRootKids();
    }

private:
    // The other chunk's modules from its top (under the root) down to `target`'s parent leave the node_map, its
    // top leaves the root.
    void dropChain(MNodeId target)
    {
        std::vector<MNodeId> chain; // target's ancestors, nearest first
        m_chainWalk.begin(m_f.nodes.size());
        for (MNodeId up = m_f.nodes[target].parent; up != kNone; up = m_f.nodes[up].parent) {
            if (!m_chainWalk.firstVisit(up))
                return; // get_ancestors() finds a cycle and returns []
            chain.push_back(up);
        }
        if (chain.size() < 2)
            return;
        chain.pop_back(); // the root stays
        for (MNodeId m : chain)
            m_g.erase(m_f.nodes[m].name);
        m_droppedTops.insert(m_f.nodes[chain.back()].name);
    }

    // The root's children named like a dropped chain's top leave it, all in one pass at the end of the fold (the
    // fold renames only nodes below the layer lists, never the root's children).
    void dropRootKids()
    {
        if (m_droppedTops.empty())
            return;
        std::vector<MNodeId>& rootKids = m_f.nodes[m_g.root].children;
        std::erase_if(rootKids, [&](MNodeId n) { return m_droppedTops.count(m_f.nodes[n].name) > 0; });
    }

    void renameNode(MNodeId n, const std::string& name)
    {
        m_g.erase(m_f.nodes[n].name);
        m_f.setName(n, name, true);
        m_g.insert(m_f.nodes[n].name, n);
    }

    // _sort_layers: the chunk's number becomes 0, layers are renumbered in order, their module subtrees follow.
    void renumber(MNodeId parent, bool forward)
    {
        std::vector<MNodeId> list = m_f.nodes[parent].children;
        if (!forward)
            std::reverse(list.begin(), list.end());
        int index = -1;
        for (MNodeId node : list) {
            const std::string name(m_f.nameOf(node));
            auto [begin, end] = layerNumberSpan(name);
            const bool layer = begin != std::string::npos;
            if (layer)
                ++index;
            std::vector<std::string_view> parts = splitDots(name);
            if (parts.size() < 2 || parts[1] == "0")
                continue;
            std::string prefix; // the new name up to and including the layer number's dot
            std::string renamed;
            if (layer) {
                prefix = withChunk(name.substr(0, begin) + std::to_string(index) + ".", "0");
                renamed = prefix + name.substr(end + 1);
            } else {
                renamed = withChunk(name, "0");
            }
            renameNode(node, renamed);
            std::vector<MNodeId> stack(m_f.nodes[node].children.begin(), m_f.nodes[node].children.end());
            m_walk.begin(m_f.nodes.size());
            while (!stack.empty()) {
                MNodeId cur = stack.back();
                stack.pop_back();
                if (!m_walk.firstVisit(cur) || m_f.nodes[cur].type != NodeType::Module)
                    continue;
                const std::vector<MNodeId>& kids = m_f.nodes[cur].children;
                stack.insert(stack.end(), kids.rbegin(), kids.rend());
                const std::string curName(m_f.nameOf(cur));
                auto [b, e] = layerNumberSpan(curName);
                renameNode(cur, b != std::string::npos ? prefix + curName.substr(e + 1) : withChunk(curName, "0"));
            }
        }
    }

    Forest& m_f;
    MGraph& m_g;
    std::string m_last;
    int m_vpp;
    WalkMarks m_walk, m_chainWalk; // the chain walk runs inside the fold's walks
    std::unordered_set<StrId> m_droppedTops;
};

} // namespace

void foldVirtualChunks(Forest& f, uint16_t graph, int vpp)
{
    VppFold fold(f, graph, vpp);
    fold.takeLastChunkData();
    fold.foldChunks();
}

} // namespace ps::merge
