#pragma once
// One string from several pieces, sized once: messages built inside loops (a + b + c there makes a temporary per +).
#include <initializer_list>
#include <string>
#include <string_view>

namespace ps {

inline std::string concat(std::initializer_list<std::string_view> pieces)
{
    size_t size = 0;
    for (std::string_view p : pieces)
        size += p.size();
    std::string out;
    out.reserve(size);
    for (std::string_view p : pieces)
        out += p;
    return out;
}

} // namespace ps
