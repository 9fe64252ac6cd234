#include "string_pool.h"

namespace ps {

namespace {
constexpr size_t kBlockSize = 1 << 20;
}

StringPool::StringPool()
{
    m_index.reserve(1024);
}

std::string_view StringPool::store(std::string_view s)
{
    if (s.size() > kBlockSize / 4) {
        m_blocks.emplace_front(s); // big strings get a block of their own (front: keeps the tail block current)
        return m_blocks.front();
    }
    if (m_blocks.empty() || m_blockUsed + s.size() > kBlockSize) {
        m_blocks.emplace_back();
        m_blocks.back().resize(kBlockSize);
        m_blockUsed = 0;
    }
    char* dst = m_blocks.back().data() + m_blockUsed;
    s.copy(dst, s.size());
    m_blockUsed += s.size();
    return { dst, s.size() };
}

StrId StringPool::intern(std::string_view s)
{
    auto it = m_index.find(s);
    if (it != m_index.end())
        return it->second;
    std::string_view stored = store(s);
    StrId id = StrId(m_views.size());
    m_views.push_back(stored);
    m_index.emplace(stored, id);
    return id;
}

StrId StringPool::find(std::string_view s) const
{
    auto it = m_index.find(s);
    return it == m_index.end() ? kNoStr : it->second;
}

} // namespace ps
