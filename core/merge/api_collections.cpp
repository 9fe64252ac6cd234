// msprobe 26.0.0's merge_graph_api_collection and sort_merged_api_collection.
#include "merge/mergers.h"

#include "graph/naming.h"

#include <algorithm>

namespace ps::merge {

namespace {

constexpr std::string_view kCollection = "Apis_Between_Modules";
constexpr std::string_view kAllRanks = "Apis_Between_Modules_All_Ranks";

std::string lastSegment(std::string_view name)
{
    size_t dot = name.rfind('.');
    return std::string(dot == std::string_view::npos ? name : name.substr(dot + 1));
}

// "Torch.split.2.forward" -> "Torch.split_rank1.2.forward"
std::string withRank(std::string_view name, int rank)
{
    std::vector<std::string_view> parts = splitDots(name);
    if (parts.size() < 2)
        return std::string(name);
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) {
        out += (i ? "." : "") + std::string(parts[i]);
        if (i == 1)
            out += "_rank" + std::to_string(rank);
    }
    return out;
}

// Graph.add_node(api_collection, "Apis_Between_Modules_All_Ranks", id_accumulation=True): numbered per graph.
MNodeId newAllRanksNode(Forest& f, MGraph& g, int& counter)
{
    std::string name = std::string(kAllRanks) + "." + std::to_string(counter++);
    MNodeId n = f.addNode(name, NodeType::ApiCollection, g.rank, g.part);
    g.insert(f.nodes[n].name, n);
    return n;
}

} // namespace

void mergeApiCollections(Forest& f, const GraphGroup& group)
{
    if (group.empty())
        return;
    MGraph& main = f.graphs[group[0]];
    const std::vector<MNodeId> rootChildren = f.nodes[main.root].children;
    std::vector<MNodeId> kept;
    for (MNodeId node : rootChildren) {
        std::string_view name = f.nameOf(node);
        if (name.starts_with(kAllRanks)) {
            // step 1: an already merged collection takes the members of the other ranks' one of the same name
            kept.push_back(node);
            for (size_t k = 1; k < group.size(); ++k) {
                MNodeId other = f.graphs[group[k]].find(f.nodes[node].name);
                if (other == kNone)
                    continue;
                for (MNodeId member : f.nodes[other].children) {
                    f.nodes[member].parent = node;
                    main.insert(f.nodes[member].name, member);
                    for (MNodeId api : f.nodes[member].children)
                        main.insert(f.nodes[api].name, api);
                    f.nodes[node].children.push_back(member);
                }
            }
        } else if (name.starts_with(kCollection)) {
            // step 2: Apis_Between_Modules.N -> Apis_Between_Modules_All_Ranks.M > Apis_Between_Modules_Rank<r>.N
            MNodeId all = newAllRanksNode(f, main, main.allRanksCounter);
            f.nodes[all].parent = main.root;
            kept.push_back(all);
            const StrId origin = f.nodes[node].name;
            const std::string number = lastSegment(name);
            f.setName(node, std::string(kCollection) + "_Rank" + std::to_string(main.rank) + "." + number, false);
            f.nodes[all].children = { node };
            f.nodes[node].parent = all;
            main.insert(f.nodes[node].name, node);
            main.erase(origin);
            for (size_t k = 1; k < group.size(); ++k) {
                const MGraph& og = f.graphs[group[k]];
                MNodeId other = og.find(origin);
                if (other == kNone)
                    continue;
                f.setName(other, std::string(kCollection) + "_Rank" + std::to_string(og.rank) + "." + number, false);
                main.insert(f.nodes[other].name, other);
                for (MNodeId api : f.nodes[other].children) {
                    f.setName(api, withRank(f.nameOf(api), og.rank), true);
                    main.insert(f.nodes[api].name, api);
                }
                f.nodes[all].children.push_back(other);
                f.nodes[other].parent = all;
            }
        } else {
            kept.push_back(node);
        }
    }
    f.nodes[main.root].children = std::move(kept);
}

void sortMergedApiCollections(Forest& f, uint16_t graph)
{
    auto rankOf = [&](MNodeId n) -> std::pair<bool, long long> {
        std::string_view name = f.nameOf(n);
        size_t at = name.find("_Rank");
        while (at != std::string_view::npos) {
            size_t end = at + 5;
            while (end < name.size() && name[end] >= '0' && name[end] <= '9')
                ++end;
            if (end > at + 5)
                return { true, std::stoll(std::string(name.substr(at + 5, std::min<size_t>(end - at - 5, 18)))) };
            at = name.find("_Rank", at + 1);
        }
        return { false, 0 }; // msprobe's key is None: such members come first
    };
    for (MNodeId node : f.nodes[f.graphs[graph].root].children) {
        if (f.nodes[node].type != NodeType::ApiCollection || !f.nameOf(node).starts_with(kAllRanks))
            continue;
        std::vector<MNodeId>& members = f.nodes[node].children;
        std::stable_sort(members.begin(), members.end(), [&](MNodeId a, MNodeId b) { return rankOf(a) < rankOf(b); });
    }
}

} // namespace ps::merge
