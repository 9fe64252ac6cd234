#include "analysis/cross_rank.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace ps {

namespace {

constexpr size_t kNone = std::numeric_limits<size_t>::max();

// How a divergence arrived: the divergence on the sending rank it came from, and the node that sent it.
struct Arrival {
    size_t from = kNone; // index in the flattened list of all ranks' divergences
    RankNode via;
};

// The divergences of every rank in one list: rank i's are [offset[i], offset[i + 1]).
class AllFound {
public:
    explicit AllFound(const std::vector<RankFindings>& ranks)
        : m_ranks(ranks)
        , m_offset(ranks.size() + 1, 0)
    {
        for (size_t i = 0; i < ranks.size(); ++i) {
            m_offset[i + 1] = m_offset[i] + ranks[i].found.size();
            m_indexOfRank.emplace(ranks[i].rank, i);
        }
        m_rankOf.reserve(m_offset.back());
        for (size_t i = 0; i < ranks.size(); ++i)
            m_rankOf.insert(m_rankOf.end(), ranks[i].found.size(), i);
        m_byName.resize(ranks.size());
        for (size_t i = 0; i < ranks.size(); ++i)
            for (size_t k = 0; k < ranks[i].found.size(); ++k)
                m_byName[i].emplace(ranks[i].found[k].node, m_offset[i] + k);
    }
    // The divergence at node `name` of rank `rank` (kNone: none).
    size_t at(int rank, const std::string& name) const
    {
        auto r = m_indexOfRank.find(rank);
        if (r == m_indexOfRank.end())
            return kNone;
        auto it = m_byName[r->second].find(name);
        return it == m_byName[r->second].end() ? kNone : it->second;
    }
    size_t size() const { return m_offset.back(); }
    size_t index(size_t rank, size_t found) const { return m_offset[rank] + found; }
    const RankFindings& rankOf(size_t x) const { return m_ranks[m_rankOf[x]]; }
    const RankFindings::Found& found(size_t x) const { return rankOf(x).found[x - m_offset[m_rankOf[x]]]; }
    RankNode place(size_t x) const { return { rankOf(x).rank, found(x).node }; }
    const RankFindings* findRank(int rank) const
    {
        auto it = m_indexOfRank.find(rank);
        return it == m_indexOfRank.end() ? nullptr : &m_ranks[it->second];
    }
    size_t rankIndex(const RankFindings* r) const { return size_t(r - m_ranks.data()); }

private:
    const std::vector<RankFindings>& m_ranks;
    std::vector<size_t> m_offset;
    std::vector<size_t> m_rankOf;
    std::unordered_map<int, size_t> m_indexOfRank;
    std::vector<std::unordered_map<std::string, size_t>> m_byName;
};

// Divergence `f` of a rank is at a node that receives from its peers: the first peer that handed over a tensor
// already beyond its tolerance, and the divergence on that rank that came first before it sent.
Arrival arrivalOf(const AllFound& all, const RankFindings& rank, const RankFindings::Found& f)
{
    auto comm = rank.comm.find(f.node);
    if (comm == rank.comm.end() || !comm->second.receives)
        return {};
    for (const auto& [peerRank, peerNode] : comm->second.peers) {
        const RankFindings* peer = all.findRank(peerRank);
        if (!peer)
            continue;
        auto sent = peer->comm.find(peerNode);
        if (sent == peer->comm.end() || !sent->second.sends || !sent->second.inputExceeds)
            continue;
        // The divergence the sent tensor's error comes from; without one (a trace lost through an unmatched node),
        // the first divergence of that rank before it sent.
        size_t cause = kNone;
        for (size_t m = 0; m < peer->found.size(); ++m) {
            const RankFindings::Found& candidate = peer->found[m];
            const bool earlier = candidate.record < sent->second.record
                && (cause == kNone || candidate.record < peer->found[cause].record);
            if (sent->second.cause.empty() ? earlier : candidate.node == sent->second.cause)
                cause = m;
        }
        if (cause != kNone)
            return { all.index(all.rankIndex(peer), cause), { peerRank, peerNode } };
    }
    return {};
}

// Each divergence's origin: follows the arrivals to one that did not arrive. A cycle of arrivals (ranks that
// each saw the error arrive from the other) is cut where the walk meets itself: that divergence is the origin.
std::vector<size_t> resolveOrigins(std::vector<Arrival>& parent)
{
    enum : uint8_t { Unseen, OnWalk, Resolved };
    std::vector<uint8_t> state(parent.size(), Unseen);
    std::vector<size_t> origin(parent.size(), kNone);
    std::vector<size_t> walk;
    for (size_t x = 0; x < parent.size(); ++x) {
        walk.clear();
        size_t y = x;
        while (state[y] == Unseen) {
            state[y] = OnWalk;
            walk.push_back(y);
            if (parent[y].from == kNone)
                break;
            y = parent[y].from;
        }
        size_t root = y;
        if (state[y] == Resolved) {
            root = origin[y];
        } else if (parent[y].from != kNone) { // y is on this walk twice: a cycle
            parent[y].from = kNone;
        }
        for (size_t w : walk) {
            origin[w] = root;
            state[w] = Resolved;
        }
    }
    return origin;
}

// The hops from the origin to divergence `x`.
std::vector<RankNode> pathTo(const AllFound& all, const std::vector<Arrival>& parent, size_t x)
{
    std::vector<RankNode> hops;
    auto add = [&](RankNode hop) { // a node that both diverged and sent is one hop
        if (hops.empty() || !(hops.back() == hop))
            hops.push_back(std::move(hop));
    };
    for (size_t y = x; y != kNone; y = parent[y].from) {
        add(all.place(y));
        if (parent[y].from != kNone)
            add(parent[y].via);
    }
    std::reverse(hops.begin(), hops.end());
    return hops;
}

// Origins at the ends of one collective (every rank's all_reduce off, no rank's input off): the collective itself
// made the error, on all of them; they become one origin, held by the lowest rank. Returns each origin's holder.
std::vector<size_t> mergeCollectives(const AllFound& all, const std::vector<size_t>& origin)
{
    std::vector<size_t> holder(all.size());
    for (size_t x = 0; x < all.size(); ++x)
        holder[x] = x;
    auto root = [&](size_t x) {
        while (holder[x] != x)
            x = holder[x] = holder[holder[x]];
        return x;
    };
    for (size_t x = 0; x < all.size(); ++x) {
        if (origin[x] != x)
            continue;
        const RankFindings& rank = all.rankOf(x);
        auto comm = rank.comm.find(all.found(x).node);
        if (comm == rank.comm.end() || !comm->second.receives || !comm->second.sends)
            continue;
        for (const auto& [peerRank, peerNode] : comm->second.peers) {
            const size_t y = all.at(peerRank, peerNode);
            if (y == kNone || origin[y] != y)
                continue;
            size_t a = root(x), b = root(y);
            if (all.rankOf(b).rank < all.rankOf(a).rank)
                std::swap(a, b);
            holder[b] = a;
        }
    }
    for (size_t x = 0; x < all.size(); ++x)
        holder[x] = root(x);
    return holder;
}

double rankingError(double added)
{
    return std::isnan(added) ? std::numeric_limits<double>::infinity() : added;
}

} // namespace

RankFindings rankFindings(const Comparison& c, int rank, const DiagnoseOptions& options)
{
    RankFindings out;
    out.rank = rank;
    const Graph& g = c.graph(Side::Npu);
    DiagnoseOptions all = options;
    all.limit = 0;
    std::vector<Divergence> found = findDivergences(c, all);
    InputTracer tracer(c, found, all);
    for (Divergence& d : found) {
        std::string node(g.nameOf(d.npu));
        const int64_t record = g.record[d.npu];
        out.found.push_back({ std::move(node), record, std::move(d) });
    }
    for (const auto& [node, link] : c.distributed[size_t(Side::Npu)]) {
        RankFindings::CommNode comm;
        comm.record = g.record[node];
        comm.receives = link.type == "receive" || link.type == "send_receive";
        comm.sends = link.type == "send" || link.type == "send_receive";
        comm.inputExceeds = comm.sends && tracer.inputError(node).exceeds;
        if (const NodeId cause = comm.inputExceeds ? tracer.causeOfInputs(node) : kNoNode; cause != kNoNode)
            comm.cause = std::string(g.nameOf(cause));
        for (const DistributedPeer& p : link.peers)
            comm.peers.emplace_back(p.rank, p.node);
        out.comm.emplace(std::string(g.nameOf(node)), std::move(comm));
    }
    return out;
}

std::vector<CrossRankOrigin> traceOrigins(const std::vector<RankFindings>& ranks)
{
    const AllFound all(ranks);
    std::vector<Arrival> parent(all.size());
    for (size_t i = 0; i < ranks.size(); ++i)
        for (size_t k = 0; k < ranks[i].found.size(); ++k)
            parent[all.index(i, k)] = arrivalOf(all, ranks[i], ranks[i].found[k]);
    const std::vector<size_t> origin = resolveOrigins(parent);
    const std::vector<size_t> holder = mergeCollectives(all, origin);

    std::unordered_map<size_t, size_t> slot; // holder's index in all -> position in `out`
    std::vector<CrossRankOrigin> out;
    for (size_t x = 0; x < all.size(); ++x)
        if (origin[x] == x && holder[x] == x) {
            slot.emplace(x, out.size());
            out.push_back({ all.place(x), all.found(x).divergence, { all.rankOf(x).rank }, {} });
        }
    for (size_t x = 0; x < all.size(); ++x) {
        const size_t h = holder[origin[x]];
        if (x == h)
            continue;
        CrossRankOrigin& o = out[slot.at(h)];
        o.ranks.push_back(all.rankOf(x).rank);
        if (origin[x] == x) // another end of the holder's collective
            o.paths.push_back({ all.place(h), all.place(x) });
        else
            o.paths.push_back(pathTo(all, parent, x));
    }
    for (CrossRankOrigin& o : out) {
        std::sort(o.ranks.begin(), o.ranks.end());
        o.ranks.erase(std::unique(o.ranks.begin(), o.ranks.end()), o.ranks.end());
    }
    std::stable_sort(out.begin(), out.end(), [](const CrossRankOrigin& a, const CrossRankOrigin& b) {
        if (a.ranks.size() != b.ranks.size())
            return a.ranks.size() > b.ranks.size();
        const double ea = rankingError(a.divergence.added), eb = rankingError(b.divergence.added);
        if (ea != eb)
            return ea > eb;
        if (a.where.rank != b.where.rank)
            return a.where.rank < b.where.rank;
        return a.divergence.order < b.divergence.order;
    });
    return out;
}

} // namespace ps
