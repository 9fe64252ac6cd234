#pragma once
// Interned strings: each distinct string is stored once and named by a 32-bit id.
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ps {

using StrId = uint32_t;
constexpr StrId kNoStr = 0xffffffffu;

class StringPool {
public:
    StringPool();
    StrId intern(std::string_view s);
    StrId find(std::string_view s) const; // kNoStr when absent
    std::string_view view(StrId id) const { return m_views[id]; }
    size_t size() const { return m_views.size(); }

private:
    std::string_view store(std::string_view s);
    std::vector<std::string_view> m_views;
    std::unordered_map<std::string_view, StrId> m_index;
    std::deque<std::string> m_blocks; // stable storage, appended in large blocks
    size_t m_blockUsed = 0;
};

} // namespace ps
