#include "match/matcher.h"

#include "io/item_fields.h"
#include "util/parallel.h"

#include <algorithm>
#include <unordered_map>

namespace ps {

namespace {

// re.sub(r"\.\d+\.", ".", name): every ".<digits>." becomes ".", scanning left to right without overlaps.
std::string withoutCallIndices(std::string_view name)
{
    std::string out;
    out.reserve(name.size());
    size_t i = 0;
    while (i < name.size()) {
        if (name[i] == '.') {
            size_t j = i + 1;
            while (j < name.size() && name[j] >= '0' && name[j] <= '9')
                ++j;
            if (j > i + 1 && j < name.size() && name[j] == '.') {
                out += '.';
                i = j + 1;
                continue;
            }
        }
        out += name[i++];
    }
    return out;
}

class MatchWalk {
public:
    MatchWalk(const Graph& npu, const Graph& bench, const MatchOptions& o, const MatchSink& sink)
        : m_npu(npu)
        , m_bench(bench)
        , m_options(o)
        , m_sink(sink)
    {
    }

    void run()
    {
        // Default matching judges each node alone, so partners are found on all cores first and reported in
        // pre-order below; the other strategies match children as they go and only walk.
        std::vector<NodeId> partner;
        if (m_options.strategy == MatchStrategy::Default)
            partner = defaultPartners();
        // Pre-order DFS with an explicit stack (hierarchies can be hundreds of levels deep).
        std::vector<NodeId> stack { m_npu.root };
        const ProgressPart progress { m_options.progress };
        size_t visited = 0;
        while (!stack.empty()) {
            if (++visited % 4096 == 0)
                progress.advance(Stage::Match, double(visited) / double(m_npu.size()));
            NodeId n = stack.back();
            stack.pop_back();
            if (partner.empty())
                visit(n);
            else if (partner[n] != kNoNode)
                m_sink(n, partner[n]);
            auto kids = m_npu.children(n);
            for (size_t i = kids.size(); i-- > 0;)
                stack.push_back(kids[i]);
        }
    }

private:
    // The bench node of the same name with the same items and ancestors, or kNoNode.
    NodeId defaultPartner(NodeId n, TypeShape& fx, TypeShape& fy) const
    {
        NodeId b = m_bench.find(m_npu.nameOf(n));
        return b != kNoNode && sameStructure(n, b, false, fx, fy) && sameAncestors(n, b) ? b : kNoNode;
    }

    std::vector<NodeId> defaultPartners() const
    {
        std::vector<NodeId> partner(m_npu.size(), kNoNode);
        constexpr size_t kMinNodesPerThread = 8192; // below this a thread costs more than it saves
        const unsigned threads = workerCount(m_options.threads, partner.size(), kMinNodesPerThread);
        parallelFor(partner.size(), threads, [&](unsigned, size_t begin, size_t end) {
            TypeShape fx, fy;
            for (size_t n = begin; n < end; ++n)
                partner[n] = defaultPartner(NodeId(n), fx, fy);
        });
        return partner;
    }

    void visit(NodeId n)
    {
        switch (m_options.strategy) {
        case MatchStrategy::Default: {
            NodeId b = defaultPartner(n, m_fx, m_fy);
            if (b != kNoNode)
                m_sink(n, b);
            break;
        }
        case MatchStrategy::Fuzzy: {
            if (m_npu.type[n] == NodeType::Api)
                break;
            NodeId b = m_bench.find(m_npu.nameOf(n));
            if (b == kNoNode || !sameStructure(n, b, true, m_fx, m_fy))
                break;
            m_sink(n, b);
            matchApiChildren(n, b);
            break;
        }
        case MatchStrategy::NameOnly: {
            NodeId b = m_bench.find(m_npu.nameOf(n));
            if (b != kNoNode)
                m_sink(n, b);
            break;
        }
        case MatchStrategy::LayerMap: {
            std::string_view name = m_npu.nameOf(n);
            std::string target(name);
            if (m_options.nameMap) {
                auto it = m_options.nameMap->find(target);
                if (it != m_options.nameMap->end())
                    target = it->second;
            }
            if (target == "N/A")
                break;
            NodeId b = m_bench.find(target);
            if (b != kNoNode)
                m_sink(n, b);
            break;
        }
        }
    }

    // Default: equal counts and, position by position, equal type and shape.
    // Fuzzy: positions up to the shorter list, equal shape only.
    bool sameStructure(NodeId n, NodeId b, bool fuzzy, TypeShape& fx, TypeShape& fy) const
    {
        if (m_options.profile == RulesProfile::Msprobe26)
            return true;
        return sameItems(m_npu.inputItems(n), m_bench.inputItems(b), fuzzy, fx, fy)
            && sameItems(m_npu.outputItems(n), m_bench.outputItems(b), fuzzy, fx, fy);
    }

    bool sameItems(
        std::span<const uint32_t> x, std::span<const uint32_t> y, bool fuzzy, TypeShape& fx, TypeShape& fy) const
    {
        if (!fuzzy && x.size() != y.size())
            return false;
        size_t count = std::min(x.size(), y.size());
        for (size_t i = 0; i < count; ++i) {
            itemTypeShape(*m_npu.dump, m_npu.dump->items[x[i]], fx);
            itemTypeShape(*m_bench.dump, m_bench.dump->items[y[i]], fy);
            if (!fuzzy && !fieldEquals(*m_npu.dump, &fx.type, *m_bench.dump, &fy.type))
                return false;
            if (!fieldEquals(*m_npu.dump, &fx.shape, *m_bench.dump, &fy.shape))
                return false;
        }
        return true;
    }

    bool sameAncestors(NodeId n, NodeId b) const
    {
        std::vector<NodeId> an = m_npu.ancestors(n), ab = m_bench.ancestors(b);
        if (an.size() != ab.size())
            return false;
        for (size_t i = 0; i < an.size(); ++i)
            if (m_npu.nameOf(an[i]) != m_bench.nameOf(ab[i]))
                return false;
        return true;
    }

    // r"_rank\d+" removed everywhere: "Torch.matmul_rank1.forward" -> "Torch.matmul.forward".
    static std::string withoutRankSuffixes(const std::string& name)
    {
        std::string out;
        for (size_t i = 0; i < name.size();) {
            size_t end = i + 5;
            if (name.compare(i, 5, "_rank") == 0 && end < name.size() && name[end] >= '0' && name[end] <= '9') {
                while (end < name.size() && name[end] >= '0' && name[end] <= '9')
                    ++end;
                i = end;
                continue;
            }
            out += name[i++];
        }
        return out;
    }

    // "Torch.matmul.3.forward" -> "Torch.matmul.forward" + per-key counter, so shifted call indices still pair.
    std::vector<std::pair<std::string, NodeId>> recountedApis(const Graph& g, NodeId parent)
    {
        std::unordered_map<std::string, int> counter;
        std::vector<std::pair<std::string, NodeId>> out;
        for (NodeId c : g.children(parent)) {
            if (g.type[c] != NodeType::Api)
                continue;
            std::string stripped = withoutCallIndices(g.nameOf(c));
            if (m_options.profile == RulesProfile::Msprobe26)
                stripped = withoutRankSuffixes(stripped); // APIs a parallel merge renamed `<api>_rank<r>`
            int k = ++counter[stripped];
            out.emplace_back(stripped + std::to_string(k), c);
        }
        return out;
    }

    void matchApiChildren(NodeId n, NodeId b)
    {
        auto benchKeys = recountedApis(m_bench, b);
        std::unordered_map<std::string, NodeId> benchByKey;
        for (auto& [key, id] : benchKeys)
            benchByKey.emplace(key, id);
        for (auto& [key, id] : recountedApis(m_npu, n)) {
            auto it = benchByKey.find(key);
            if (it != benchByKey.end() && sameStructure(id, it->second, true, m_fx, m_fy))
                m_sink(id, it->second);
        }
    }

    const Graph& m_npu;
    const Graph& m_bench;
    const MatchOptions& m_options;
    const MatchSink& m_sink;
    TypeShape m_fx, m_fy;
};

} // namespace

void matchGraphs(const Graph& npu, const Graph& bench, const MatchOptions& options, const MatchSink& sink)
{
    MatchWalk(npu, bench, options, sink).run();
}

} // namespace ps
