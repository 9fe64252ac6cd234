#include "vis/vis_db_browser.h"

#include "vis/vis_db_reader_detail.h"

#include <array>
#include <unordered_map>

namespace ps {

namespace {

// The names of a JSON list of strings; an unreadable list gives none (the full read reports it).
std::vector<std::string> nameList(std::string_view text)
{
    std::vector<std::string> out;
    if (text.empty())
        return out;
    try {
        JsonReader reader(text, std::string());
        if (reader.peek() != '[')
            return {};
        reader.beginArray();
        while (reader.nextElement()) {
            if (reader.peek() != '"')
                return {};
            out.emplace_back(reader.readString());
        }
    } catch (const Error&) {
        return {};
    }
    return out;
}

} // namespace

struct VisDbBrowser::Impl {
    Impl(const std::string& path, int step, int rank)
        : reader(path)
        , step(step)
        , rank(rank)
    {
    }

    struct Loaded {
        std::vector<std::unique_ptr<detail::StoredRow>> rows; // in load order: row i is node i
        std::unordered_map<std::string, NodeId> byName;
        std::vector<uint8_t> childrenLoaded;
        std::vector<uint8_t> hasChildren;
    };

    detail::DbReader reader;
    int step, rank;
    Loaded sides[2];

    size_t sideCount() const { return reader.config().compare ? 2 : 1; }
    static const char* source(size_t side) { return side == 0 ? "NPU" : "Bench"; }

    void add(size_t side, const detail::RowView& row)
    {
        Loaded& s = sides[side];
        std::string name(row.name);
        if (s.byName.count(name))
            return;
        s.byName.emplace(std::move(name), NodeId(s.rows.size()));
        s.rows.push_back(std::make_unique<detail::StoredRow>(row));
        s.childrenLoaded.push_back(0);
        s.hasChildren.push_back(!nameList(row.subNodes).empty());
    }

    // Loads the children of `node`; returns the id of the first node added (the size before when none was).
    NodeId loadChildren(size_t side, NodeId node)
    {
        Loaded& s = sides[side];
        const NodeId first = NodeId(s.rows.size());
        if (s.childrenLoaded[node])
            return first;
        s.childrenLoaded[node] = 1;
        const std::string name(s.rows[node]->view().name);
        reader.selectRows(
            step, rank, source(side), "up_node", name, [&](const detail::RowView& row) { add(side, row); });
        return first;
    }

    // Follows the links of the nodes loaded from `first` on: every node of a link path but its last (the
    // counterpart itself) gets its children loaded on the other side, which brings the counterpart in.
    void followLinks(std::array<NodeId, 2> first, size_t maxNodes)
    {
        size_t budget = maxNodes;
        std::array<NodeId, 2> next = first;
        for (bool more = true; more && budget > 0;) {
            more = false;
            for (size_t side = 0; side < sideCount(); ++side) {
                const size_t other = 1 - side;
                for (; next[side] < sides[side].rows.size() && budget > 0; ++next[side]) {
                    const std::vector<std::string> path = nameList(sides[side].rows[next[side]]->view().link);
                    for (size_t i = 0; i + 1 < path.size(); ++i) {
                        auto it = sides[other].byName.find(path[i]);
                        if (it == sides[other].byName.end())
                            break; // a path the other side does not hold
                        const size_t before = sides[other].rows.size();
                        loadChildren(other, it->second);
                        const size_t added = sides[other].rows.size() - before;
                        budget -= std::min(budget, added);
                        more = more || added > 0;
                    }
                }
            }
        }
    }
};

VisDbBrowser::VisDbBrowser(const std::string& path, int step, int rank)
    : m(std::make_unique<Impl>(path, step, rank))
{
    for (size_t side = 0; side < m->sideCount(); ++side) {
        m->reader.selectRows(
            step, rank, Impl::source(side), "up_node", "", [&](const detail::RowView& row) { m->add(side, row); });
        if (m->sides[side].rows.empty())
            throw Error(ErrorCode::BadContent, path,
                std::string("no ") + Impl::source(side) + " root node (a row with up_node = '') in step "
                    + std::to_string(step) + ", rank " + std::to_string(rank));
    }
    for (size_t side = 0; side < m->sideCount(); ++side)
        m->loadChildren(side, 0);
    m->followLinks({ 0, 0 }, 200000);
}

VisDbBrowser::~VisDbBrowser() = default;

bool VisDbBrowser::expand(Side side, NodeId node, size_t maxNodes)
{
    const size_t s = size_t(side);
    if (s >= m->sideCount() || node >= m->sides[s].rows.size() || m->sides[s].childrenLoaded[node])
        return false;
    std::array<NodeId, 2> first { NodeId(m->sides[0].rows.size()), NodeId(m->sides[1].rows.size()) };
    first[s] = m->loadChildren(s, node);
    m->followLinks(first, maxNodes);
    return true;
}

bool VisDbBrowser::childrenLoaded(Side side, NodeId node) const
{
    const auto& s = m->sides[size_t(side)];
    return node < s.childrenLoaded.size() && s.childrenLoaded[node];
}

bool VisDbBrowser::hasChildren(Side side, NodeId node) const
{
    const auto& s = m->sides[size_t(side)];
    return node < s.hasChildren.size() && s.hasChildren[node];
}

size_t VisDbBrowser::loadedNodes(Side side) const
{
    return m->sides[size_t(side)].rows.size();
}

VisDocument VisDbBrowser::document() const
{
    detail::DbReader::GraphRows rows(m->reader.path(), VisDbData::Structure);
    rows.loadOrder = true;
    rows.microSteps = 1;
    for (size_t side = 0; side < m->sideCount(); ++side)
        for (const auto& row : m->sides[side].rows)
            m->reader.addRow(rows, row->view());
    return m->reader.assemble(rows, m->step, m->rank, nullptr);
}

} // namespace ps
