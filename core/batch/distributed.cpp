#include "batch/distributed.h"

#include "merge/distributed_params.h"

#include "graph/naming.h"
#include "io/item_fields.h"
#include "io/json_reader.h"
#include "util/error.h"
#include "util/pyformat.h"

#include <algorithm>
#include <optional>
#include <unordered_map>

namespace ps {

namespace {

const std::string kCannotMatch = "cannot match distributed node in rank";

// One rank's graph of the analysed side, with its communication nodes named uniquely (step A).
struct RankGraph {
    int rank = 0;
    const Graph* graph = nullptr;
    Comparison* comparison = nullptr;
    std::unordered_map<std::string, NodeId> nodeOfUnique;
    std::unordered_map<NodeId, std::string> uniqueOfNode;
    std::vector<NodeId> order; // the nodes in the order the analyzer visits them
};

class Analyzer {
public:
    Analyzer(std::vector<RankGraph>& graphs, Side side, std::vector<std::string>& warnings, RulesProfile profile)
        : m_graphs(graphs)
        , m_side(side)
        , m_warnings(profile == RulesProfile::Msprobe26 ? m_debugOnly : warnings)
        , m_profile(profile)
    {
    }

    ~Analyzer()
    {
        if (m_dropped)
            m_warnings.push_back(std::to_string(m_dropped) + " more distributed-matching warnings are not shown");
    }

    void run()
    {
        for (RankGraph& rg : m_graphs) {
            rg.order = nodeOrder(*rg.graph);
            nameUniquely(rg);
        }
        for (RankGraph& rg : m_graphs) {
            for (NodeId n : rg.order) {
                if (!isCommunication(*rg.graph, n) || links(rg).count(n))
                    continue;
                std::string_view api = apiOf(rg, n);
                if (api.empty())
                    continue;
                const CommConfig* config = commConfigOf(api);
                if (config && config->kind == CommKind::PointToPoint)
                    matchPointToPoint(rg, n, api, *config);
                else
                    matchCollective(rg, n, config);
            }
        }
    }

private:
    static bool isCommunication(const Graph& g, NodeId n) { return g.nameOf(n).starts_with("Distributed"); }

    // 1.2.1 walks the node map; 26.0.0 reads the database, which holds the nodes the root reaches in post-order.
    std::vector<NodeId> nodeOrder(const Graph& g) const
    {
        if (m_profile == RulesProfile::Msprobe26)
            return postOrderFromRoot(g);
        std::vector<NodeId> all(g.size());
        for (NodeId n = 0; n < g.size(); ++n)
            all[n] = n;
        return all;
    }

    std::unordered_map<NodeId, DistributedLink>& links(RankGraph& rg)
    {
        return rg.comparison->distributed[size_t(m_side)];
    }

    std::string_view apiOf(const RankGraph& rg, NodeId n)
    {
        std::string_view name = rg.graph->nameOf(n);
        if (name.find('.') == std::string_view::npos) {
            warn("Invalid node id " + std::string(name) + ", " + kCannotMatch + std::to_string(rg.rank));
            return {};
        }
        return splitDots(name)[1];
    }

    ParamValue rankParam(const RankGraph& rg, NodeId n, std::string_view param, bool warnIfMissing)
    {
        ParamValue v = leafMember(*rg.graph, nodeInputItem(*rg.graph, n, param), "value");
        if (!v.present() && warnIfMissing)
            warn("The parameter " + std::string(param) + " of node " + std::string(rg.graph->nameOf(n))
                + " does not exist, " + kCannotMatch + std::to_string(rg.rank));
        return v;
    }

    struct GroupInfo {
        ParamValue ranks, id;
    };

    std::optional<GroupInfo> groupInfo(const RankGraph& rg, NodeId n)
    {
        std::string id(rg.graph->nameOf(n));
        const DumpItem* group = nodeInputItem(*rg.graph, n, "group");
        auto fail = [&](const char* what) -> std::optional<GroupInfo> {
            warn(std::string("The ") + what + " of node " + id + " does not exist, " + kCannotMatch
                + std::to_string(rg.rank));
            return std::nullopt;
        };
        if (!group || rg.graph->dump->leafOf(*group).size() == 0)
            return fail("kwarg group");
        GroupInfo info { leafMember(*rg.graph, group, "group_ranks"), leafMember(*rg.graph, group, "group_id") };
        if (!info.ranks.truthy())
            return fail("group_ranks");
        if (m_profile == RulesProfile::Msprobe26) {
            // 26.0.0 reads the database, which holds the list as its text ("[0, 1]"), with json.loads: the same
            // for a fresh run and for parts read back (a list that str() does not make JSON of matches nothing).
            info.ranks = parsedList(group, info.ranks);
            if (!info.ranks.truthy())
                return std::nullopt;
        }
        if (!info.id.truthy())
            return fail("group_id");
        return info;
    }

    // Step A: p2p nodes are named `{api}rank{peer}_{k}`, collectives `{group_id}{api}_{k}`.
    void nameUniquely(RankGraph& rg)
    {
        std::unordered_map<std::string, int> count;
        for (NodeId n : rg.order) {
            if (!isCommunication(*rg.graph, n))
                continue;
            std::string_view api = apiOf(rg, n);
            if (api.empty())
                continue;
            const CommConfig* config = commConfigOf(api);
            std::string key;
            if (config && config->kind == CommKind::PointToPoint) {
                ParamValue target = rankParam(rg, n, config->rankParam, true);
                if (!target.present())
                    continue;
                key = std::string(api) + "rank" + target.str();
            } else {
                auto group = groupInfo(rg, n);
                if (!group)
                    continue;
                key = group->id.str() + std::string(api);
            }
            std::string unique = key + "_" + std::to_string(++count[key]);
            rg.nodeOfUnique[unique] = n;
            rg.uniqueOfNode[n] = unique;
        }
    }

    // 26.0.0 reads the values from the database, where every value is its str() text and names a rank when that
    // text is the rank's: "1" (from 1 or "1"), but not "1.0" or "True".
    std::optional<int> rankOf(const ParamValue& v) const
    {
        if (m_profile == RulesProfile::Msprobe26) {
            std::string text = v.str();
            if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos
                || (text.size() > 1 && text[0] == '0'))
                return std::nullopt;
            return std::stoi(text);
        }
        return v.asRank();
    }

    RankGraph* graphOfRank(const ParamValue& rank)
    {
        if (auto r = rankOf(rank))
            for (RankGraph& rg : m_graphs)
                if (rg.rank == *r)
                    return &rg;
        warn("Graph data does not exist, " + kCannotMatch + rank.str());
        return nullptr;
    }

    std::optional<NodeId> nodeOfUnique(RankGraph& target, const std::string& unique, const ParamValue& targetRank)
    {
        auto it = target.nodeOfUnique.find(unique);
        if (it != target.nodeOfUnique.end())
            return it->second;
        warn("Node  does not exist, " + kCannotMatch + targetRank.str());
        return std::nullopt;
    }

    // str() of the node's precision_index (or overflow_level with -oc), "Nan" when it has none.
    std::string indexOf(const RankGraph& rg, NodeId n) const
    {
        const Comparison& c = *rg.comparison;
        if (c.overflowCheck) {
            OverflowLevel level
                = c.overflow[size_t(m_side)].size() > n ? c.overflow[size_t(m_side)][n] : OverflowLevel::None;
            return level == OverflowLevel::None ? "Nan" : overflowLevelName(level);
        }
        if (m_side != Side::Npu || !c.isCompare || n >= c.precision.size() || !c.precision[n].has)
            return "Nan";
        const Precision& p = c.precision[n];
        return p.isInt ? std::to_string((long long)p.value) : py::repr(p.value);
    }

    void setLink(RankGraph& rg, NodeId n, std::string_view type, const RankGraph& peer, NodeId peerNode)
    {
        DistributedLink link;
        link.type = std::string(type);
        link.peers.push_back({ peer.rank, indexOf(peer, peerNode), std::string(peer.graph->nameOf(peerNode)) });
        links(rg)[n] = std::move(link);
    }

    bool sameOutput(const RankGraph& a, NodeId x, const RankGraph& b, NodeId y)
    {
        const DumpItem* ix = nodeFirstOutput(*a.graph, x);
        const DumpItem* iy = nodeFirstOutput(*b.graph, y);
        if (!ix || !iy)
            return false; // msprobe 1.2.1 crashes here; no link is the safe reading
        collectItemFields(*a.graph->dump, *ix, m_fx);
        collectItemFields(*b.graph->dump, *iy, m_fy);
        for (std::string_view key : { "dtype", "shape", "Max", "Min", "Mean", "Norm" })
            if (!fieldEquals(*a.graph->dump, findField(m_fx, key), *b.graph->dump, findField(m_fy, key)))
                return false;
        return true;
    }

    void matchPointToPoint(RankGraph& rg, NodeId n, std::string_view api, const CommConfig& config)
    {
        ParamValue targetRank = rankParam(rg, n, config.rankParam, true);
        if (!targetRank.present())
            return;
        auto uniqueIt = rg.uniqueOfNode.find(n);
        std::string unique = uniqueIt == rg.uniqueOfNode.end() ? std::string() : uniqueIt->second;
        RankGraph* target = graphOfRank(targetRank);
        if (!target)
            return;
        // isendrank1_1 on rank 0 pairs with irecvrank0_1 on rank 1.
        std::string targetUnique = replaceAll(
            replaceAll(unique, "rank" + targetRank.str(), "rank" + std::to_string(rg.rank)), api, config.partner);
        auto targetNode = nodeOfUnique(*target, targetUnique, targetRank);
        if (!targetNode)
            return;
        std::string id(rg.graph->nameOf(n)), targetId(target->graph->nameOf(*targetNode));
        const CommConfig& partner = *commConfigOf(config.partner);
        ParamValue source = rankParam(*target, *targetNode, partner.rankParam, false);
        if (!source.present()) {
            warn("The kwarg " + std::string(partner.rankParam) + " of node " + targetId + " does not exist, "
                + kCannotMatch + "None");
            return;
        }
        if (rankOf(source) != std::optional<int>(rg.rank)) {
            warn(id + " of rank" + std::to_string(rg.rank) + " is expected to communicate with " + targetId + " of rank"
                + targetRank.str() + ", but the data shows that " + targetId + " communicates with rank" + source.str()
                + ".The rank is inconsistent, cannot match distributed node");
            return;
        }
        if (m_profile == RulesProfile::Msprobe121 && !sameOutput(rg, n, *target, *targetNode)) {
            warn(id + " output of rank" + std::to_string(rg.rank) + " is different from the " + targetId
                + " output of rank" + targetRank.str() + ", cannot match distributed node");
            return;
        }
        setLink(rg, n, config.type, *target, *targetNode);
        setLink(*target, *targetNode, partner.type, rg, n);
    }

    void matchCollective(RankGraph& rg, NodeId n, const CommConfig* config)
    {
        std::string_view type = "send_receive";
        if (config) {
            // One-to-many or many-to-one: only the root rank starts the matching.
            ParamValue root = rankParam(rg, n, config->rankParam, true);
            if (!root.present() || root.str() != std::to_string(rg.rank))
                return;
            type = config->type;
        }
        auto group = groupInfo(rg, n);
        if (!group)
            return;
        auto uniqueIt = rg.uniqueOfNode.find(n);
        std::string unique = uniqueIt == rg.uniqueOfNode.end() ? std::string() : uniqueIt->second;
        std::string id(rg.graph->nameOf(n));
        DistributedLink link;
        link.type = std::string(type);
        if (group->ranks.value.isArray()) {
            for (const JValue& r : group->ranks.dump->arena.elements(group->ranks.value)) {
                ParamValue targetRank { group->ranks.dump, r };
                if (targetRank.str() == std::to_string(rg.rank))
                    continue;
                RankGraph* target = graphOfRank(targetRank);
                if (!target)
                    continue;
                auto targetNode = nodeOfUnique(*target, unique, targetRank);
                if (!targetNode)
                    continue;
                auto targetGroup = groupInfo(*target, *targetNode);
                if (!targetGroup)
                    continue;
                if (group->id.str() != targetGroup->id.str()) {
                    warn(id + " of rank" + std::to_string(rg.rank) + " is expected to communicate with "
                        + std::string(target->graph->nameOf(*targetNode)) + " of rank" + targetRank.str()
                        + ", but the data shows that the group id of the two nodes are different, cannot match "
                          "distributed node");
                    continue;
                }
                DistributedPeer peer { target->rank, indexOf(*target, *targetNode),
                    std::string(target->graph->nameOf(*targetNode)) };
                auto same = std::find_if(link.peers.begin(), link.peers.end(),
                    [&](const DistributedPeer& p) { return p.rank == peer.rank; });
                if (same != link.peers.end())
                    *same = std::move(peer);
                else
                    link.peers.push_back(std::move(peer));
                if (config)
                    setLink(*target, *targetNode, oppositeCommType(config->type), rg, n);
            }
        }
        if (!link.peers.empty())
            links(rg)[n] = std::move(link);
    }

    // A hostile group_ranks list of 10^6 ranks on every node would otherwise fill the memory with warnings.
    void warn(std::string message)
    {
        constexpr size_t kMaxWarnings = 1000;
        if (m_shown < kMaxWarnings) {
            m_warnings.push_back(std::move(message));
            ++m_shown;
        } else {
            ++m_dropped;
        }
    }

    // json.loads(str(value)) of the group's group_ranks into m_parsed, once per item (each collective reads its
    // peers' groups again); Null when it is no JSON.
    ParamValue parsedList(const DumpItem* group, const ParamValue& value)
    {
        auto [it, fresh] = m_parsedOf.try_emplace(group);
        if (fresh) {
            try {
                const std::string text = value.str();
                JsonReader reader(text, "group_ranks");
                JValue v = reader.readValue(m_parsed.arena);
                reader.expectEnd();
                it->second = v;
            } catch (const Error& e) {
                if (e.code() == ErrorCode::MemoryLimit)
                    throw;
            }
        }
        return { &m_parsed, it->second };
    }

    std::vector<RankGraph>& m_graphs;
    Side m_side;
    DumpData m_parsed; // group_ranks lists parsed from their text
    std::unordered_map<const DumpItem*, JValue> m_parsedOf;
    std::vector<std::string> m_debugOnly; // 26.0.0 logs these at debug level only
    std::vector<std::string>& m_warnings;
    size_t m_shown = 0, m_dropped = 0;
    RulesProfile m_profile;
    ItemFields m_fx, m_fy;
};

} // namespace

void analyzeDistributed(std::vector<JobResult>& stepResults, std::vector<std::string>& warnings, RulesProfile profile)
{
    for (Side side : { Side::Npu, Side::Bench }) {
        std::vector<RankGraph> graphs;
        for (JobResult& r : stepResults) {
            if (!r.comparison || !r.comparison->graphs[size_t(side)])
                continue;
            RankGraph rg;
            rg.rank = r.job.rank;
            rg.graph = r.comparison->graphs[size_t(side)].get();
            rg.comparison = r.comparison.get();
            graphs.push_back(std::move(rg));
        }
        if (!graphs.empty())
            Analyzer(graphs, side, warnings, profile).run();
    }
}

} // namespace ps
