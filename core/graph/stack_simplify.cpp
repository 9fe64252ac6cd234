#include "graph/stack_simplify.h"

#include "graph/naming.h"

#include <cstdint>
#include <deque>
#include <unordered_map>

namespace ps {

namespace {

bool isWordChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

bool isLetter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// re.search(r"\b[A-Z][a-zA-Z]*Template\(", line)
bool hasTemplateCall(std::string_view line)
{
    size_t pos = 0;
    while ((pos = line.find("Template(", pos)) != std::string_view::npos) {
        size_t start = pos;
        while (start > 0 && isLetter(line[start - 1]))
            --start;
        if (start < pos && line[start] >= 'A' && line[start] <= 'Z' && (start == 0 || !isWordChar(line[start - 1])))
            return true;
        ++pos;
    }
    return false;
}

// An Aho-Corasick automaton over the needles: transitions in one hash table keyed by (state, byte).
class NeedleAutomaton {
public:
    explicit NeedleAutomaton(std::span<const std::string> needles)
    {
        m_states.push_back({});
        for (uint32_t k = 0; k < needles.size(); ++k) {
            uint32_t s = 0;
            for (unsigned char c : needles[k]) {
                auto [it, inserted] = m_next.emplace(key(s, c), uint32_t(m_states.size()));
                if (inserted)
                    m_states.push_back({});
                s = it->second;
            }
            m_states[s].needles.push_back(k);
        }
        linkFailures();
    }

    // first[k]: the first line holding needle k, or -1.
    void scan(std::span<const std::string_view> lines, std::vector<int>& first) const
    {
        for (size_t line = 0; line < lines.size(); ++line) {
            uint32_t s = 0;
            for (unsigned char c : lines[line]) {
                s = step(s, c);
                // Needles ending here, longest first; once one was already seen, all shorter ones were too
                // (they occurred wherever it did), so the walk stops: linear in the text.
                for (uint32_t o = m_states[s].needles.empty() ? m_states[s].output : s; o != 0;
                     o = m_states[o].output) {
                    if (first[m_states[o].needles.front()] >= 0)
                        break;
                    for (uint32_t k : m_states[o].needles)
                        first[k] = int(line);
                }
            }
        }
    }

private:
    struct State {
        uint32_t fail = 0;
        uint32_t output = 0; // the nearest state on the failure chain that ends a needle (0: none)
        std::vector<uint32_t> needles; // needles ending exactly here
    };

    static uint64_t key(uint32_t state, unsigned char c) { return (uint64_t(state) << 8) | c; }

    uint32_t step(uint32_t s, unsigned char c) const
    {
        while (true) {
            auto it = m_next.find(key(s, c));
            if (it != m_next.end())
                return it->second;
            if (s == 0)
                return 0;
            s = m_states[s].fail;
        }
    }

    void linkFailures()
    {
        // Breadth first over the trie: a state's failure is its longest proper suffix that is a state.
        std::vector<std::vector<std::pair<unsigned char, uint32_t>>> children(m_states.size());
        for (const auto& [k, child] : m_next)
            children[size_t(k >> 8)].push_back({ static_cast<unsigned char>(k & 0xff), child });
        std::deque<uint32_t> queue;
        for (auto [c, child] : children[0])
            queue.push_back(child);
        while (!queue.empty()) {
            uint32_t s = queue.front();
            queue.pop_front();
            for (auto [c, child] : children[s]) {
                uint32_t f = m_states[s].fail;
                while (f != 0 && !m_next.count(key(f, c)))
                    f = m_states[f].fail;
                auto it = m_next.find(key(f, c));
                m_states[child].fail = it != m_next.end() && it->second != child ? it->second : 0;
                uint32_t fail = m_states[child].fail;
                m_states[child].output = m_states[fail].needles.empty() ? m_states[fail].output : fail;
                queue.push_back(child);
            }
        }
    }

    std::vector<State> m_states;
    std::unordered_map<uint64_t, uint32_t> m_next;
};

} // namespace

std::string callSiteNeedle(std::string_view nodeName)
{
    if (nodeTypeOfName(nodeName) != NodeType::Module)
        return {};
    auto parts = splitDots(nodeName);
    if (parts.size() < 4)
        return {};
    return std::string(parts[parts.size() - 4]) + "(";
}

std::vector<int> firstLinesContaining(std::span<const std::string> needles, std::span<const std::string_view> lines)
{
    std::vector<int> first(needles.size(), -1);
    if (needles.size() == 1) { // the common case (one module per stack): no automaton to build
        for (size_t line = 0; line < lines.size() && first[0] < 0; ++line)
            if (lines[line].find(needles[0]) != std::string_view::npos)
                first[0] = int(line);
    } else if (!needles.empty()) {
        NeedleAutomaton(needles).scan(lines, first);
    }
    return first;
}

int lineAfterTemplateCall(std::span<const std::string_view> lines)
{
    for (size_t i = 0; i < lines.size(); ++i)
        if (hasTemplateCall(lines[i]))
            return i + 1 < lines.size() ? int(i + 1) : -1;
    return -1;
}

int simplifiedStackLine(std::string_view nodeName, std::span<const std::string_view> lines)
{
    if (nodeTypeOfName(nodeName) == NodeType::Module) {
        std::string needle = callSiteNeedle(nodeName);
        return needle.empty() ? -1 : firstLinesContaining({ &needle, 1 }, lines).front();
    }
    return lineAfterTemplateCall(lines);
}

} // namespace ps
