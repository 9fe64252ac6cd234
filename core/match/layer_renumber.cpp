// Step 5 of the layer scopes: msprobe's renumber_index_pass, without its prefixes x items loops.
//
// msprobe takes every scope S of a ParallelTransformer item, makes the prefix "S.layers", and for each prefix in
// turn rewrites every scope that starts with "prefix." : the item after the prefix (regex \S+?(?:\.|$)) becomes
// its last number minus the prefix's minimum (taken over the scopes as they were before any rewrite). Later
// prefixes see the rewritten scopes. Done literally that is prefixes x items; with thousands of such items
// (a hostile dump) it never ends.
//
// Here the scopes are a trie of '.'-separated segments. A prefix is a node; the scopes starting with "prefix."
// are its subtrees; rewriting the item after the prefix renames a child (or, for an empty segment, lifts a
// grandchild: "p..5.x" becomes "p.0.x"). Renamed children that meet an existing name merge, smaller map into
// larger, so every prefix costs its length plus the nodes it moves: O(n log n) over the whole pass.
#include "match/layer_scope.h"

#include "graph/naming.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace ps {

namespace {

bool hasPySpace(std::string_view s)
{
    return std::any_of(s.begin(), s.end(),
        [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; });
}

// The last run of digits; nullopt stands for msprobe's infinity (no digits).
std::optional<long long> lastNumber(std::string_view s)
{
    std::optional<long long> last;
    for (size_t i = 0; i < s.size();) {
        if (!std::isdigit(static_cast<unsigned char>(s[i]))) {
            ++i;
            continue;
        }
        long long v = 0;
        for (; i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])); ++i)
            v = v > std::numeric_limits<long long>::max() / 10 ? v : v * 10 + (s[i] - '0');
        last = v;
    }
    return last;
}

class ScopeTrie {
public:
    static constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

    explicit ScopeTrie(const std::vector<LayerScopeItem>& items)
    {
        m_nodes.push_back({ kNone, {}, {}, kNone }); // the root, above the first segment
        for (const LayerScopeItem& item : items) {
            uint32_t n = 0;
            for (std::string_view seg : splitDots(item.fullScope))
                n = childOrNew(n, seg);
            m_leafOf.push_back(n);
        }
    }

    // The node of a dotted prefix, or kNone.
    uint32_t find(std::string_view prefix) const
    {
        uint32_t n = 0;
        for (std::string_view seg : splitDots(prefix)) {
            auto it = m_nodes[n].children.find(std::string(seg));
            if (it == m_nodes[n].children.end())
                return kNone;
            n = it->second;
        }
        return n;
    }

    // The items after the prefix node `p` (each with the segment text msprobe's regex captures), as
    // (node below p that holds them, captured text); items with whitespace in it are not captured.
    std::vector<std::pair<uint32_t, std::string>> nextItems(uint32_t p) const
    {
        std::vector<std::pair<uint32_t, std::string>> out;
        for (const auto& [seg, child] : m_nodes[p].children) {
            if (!seg.empty()) {
                if (!hasPySpace(seg))
                    out.emplace_back(child, seg);
                continue;
            }
            // An empty segment: the capture starts with its '.' and runs to the end of the next segment.
            for (const auto& [next, grandchild] : m_nodes[child].children)
                if (!hasPySpace(next))
                    out.emplace_back(grandchild, next.empty() ? std::string(".") : "." + next);
        }
        return out;
    }

    // Each (node, name): the subtree at node becomes p's child `name`, all at once (every scope is rewritten from
    // what it was before this prefix, as msprobe rewrites each scope on its own); equal names merge.
    void renameUnder(uint32_t p, const std::vector<std::pair<uint32_t, std::string>>& renames)
    {
        for (const auto& [node, name] : renames)
            m_nodes[m_nodes[node].parent].children.erase(m_nodes[node].name);
        for (const auto& [node, name] : renames) {
            auto [it, inserted] = m_nodes[p].children.emplace(name, node);
            if (inserted) {
                m_nodes[node].parent = p;
                m_nodes[node].name = name;
            } else {
                merge(it->second, node);
            }
        }
    }

    std::string scopeOfItem(size_t item)
    {
        std::vector<const std::string*> names;
        for (uint32_t n = resolve(m_leafOf[item]); n != 0; n = m_nodes[n].parent)
            names.push_back(&m_nodes[n].name);
        std::string out;
        for (size_t k = names.size(); k-- > 0;) {
            out += *names[k];
            if (k)
                out += '.';
        }
        return out;
    }

private:
    struct Node {
        uint32_t parent;
        std::string name;
        std::unordered_map<std::string, uint32_t> children;
        uint32_t mergedInto = kNone; // set when merged into an equal node
    };

    uint32_t childOrNew(uint32_t n, std::string_view seg)
    {
        auto [it, inserted] = m_nodes[n].children.emplace(std::string(seg), uint32_t(m_nodes.size()));
        if (inserted)
            m_nodes.push_back({ n, std::string(seg), {}, kNone });
        return it->second;
    }

    // The node a merged node lives on as (path halving).
    uint32_t resolve(uint32_t n)
    {
        while (m_nodes[n].mergedInto != kNone) {
            uint32_t up = m_nodes[n].mergedInto;
            if (m_nodes[up].mergedInto != kNone)
                m_nodes[n].mergedInto = m_nodes[up].mergedInto;
            n = up;
        }
        return n;
    }

    // Merges subtree `b` into subtree `a` (same place, same name), smaller children map into larger.
    void merge(uint32_t a, uint32_t b)
    {
        std::vector<std::pair<uint32_t, uint32_t>> work { { a, b } };
        while (!work.empty()) {
            auto [keep, gone] = work.back();
            work.pop_back();
            if (m_nodes[keep].children.size() < m_nodes[gone].children.size()) {
                std::swap(m_nodes[keep].children, m_nodes[gone].children);
                for (auto& [seg, child] : m_nodes[keep].children)
                    m_nodes[child].parent = keep;
            }
            m_nodes[gone].mergedInto = keep;
            for (auto& [seg, child] : m_nodes[gone].children) {
                auto [it, inserted] = m_nodes[keep].children.emplace(seg, child);
                if (inserted)
                    m_nodes[child].parent = keep;
                else
                    work.emplace_back(it->second, child);
            }
            m_nodes[gone].children.clear();
        }
    }

    std::vector<Node> m_nodes;
    std::vector<uint32_t> m_leafOf; // per item: the node its scope ended on when built
};

} // namespace

void renumberLayerIndices(std::vector<LayerScopeItem>& items, std::string_view typeName, std::string_view suffix)
{
    std::vector<std::string> prefixes;
    std::unordered_set<std::string> seen;
    for (const LayerScopeItem& item : items) {
        std::string prefix = item.fullScope + "." + std::string(suffix);
        if (item.typeName == typeName && seen.insert(prefix).second)
            prefixes.push_back(std::move(prefix));
    }
    if (prefixes.empty())
        return;
    ScopeTrie trie(items);
    // All minimums are taken before any scope changes, as msprobe does.
    std::vector<std::optional<long long>> minimum(prefixes.size());
    for (size_t p = 0; p < prefixes.size(); ++p) {
        uint32_t node = trie.find(prefixes[p]);
        if (node == ScopeTrie::kNone)
            continue;
        for (const auto& [below, text] : trie.nextItems(node))
            if (auto v = lastNumber(text); v && (!minimum[p] || *v < *minimum[p]))
                minimum[p] = v;
    }
    for (size_t p = 0; p < prefixes.size(); ++p) {
        uint32_t node = trie.find(prefixes[p]);
        if (node == ScopeTrie::kNone)
            continue;
        std::vector<std::pair<uint32_t, std::string>> renames;
        for (const auto& [below, text] : trie.nextItems(node)) {
            auto v = lastNumber(text);
            if (v && minimum[p])
                renames.emplace_back(below, std::to_string(*v - *minimum[p]));
            else if (!v && !minimum[p])
                renames.emplace_back(below, "nan"); // inf - inf in msprobe
        }
        trie.renameUnder(node, renames);
    }
    for (size_t i = 0; i < items.size(); ++i)
        items[i].fullScope = trie.scopeOfItem(i);
}

} // namespace ps
