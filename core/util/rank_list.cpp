#include "util/rank_list.h"

#include "util/error.h"

#include <algorithm>

namespace ps {

namespace {

[[noreturn]] void refuse(std::string_view text, const std::string& why)
{
    throw Error(ErrorCode::BadArgument, "", "the rank list \"" + std::string(text.substr(0, 200)) + "\" " + why);
}

int rankNumber(std::string_view text, std::string_view item, std::string_view number)
{
    if (number.empty() || number.size() > 7 || number.find_first_not_of("0123456789") != std::string_view::npos)
        refuse(text, "has the item \"" + std::string(item) + "\", which is no rank N or range A-B");
    if (number.size() > 1 && number[0] == '0')
        refuse(text, "has the rank \"" + std::string(number) + "\" with a leading zero");
    int value = 0;
    for (char c : number)
        value = value * 10 + (c - '0');
    if (value > kMaxRank)
        refuse(text, "has the rank " + std::string(number) + ", above the largest rank " + std::to_string(kMaxRank));
    return value;
}

} // namespace

std::vector<int> parseRankList(std::string_view text)
{
    if (text.empty())
        refuse(text, "is empty");
    std::vector<int> ranks;
    size_t start = 0;
    while (start <= text.size()) {
        size_t comma = text.find(',', start);
        if (comma == std::string_view::npos)
            comma = text.size();
        std::string_view item = text.substr(start, comma - start);
        size_t dash = item.find('-');
        int first = rankNumber(text, item, item.substr(0, dash));
        int last = dash == std::string_view::npos ? first : rankNumber(text, item, item.substr(dash + 1));
        if (last < first)
            refuse(text, "has the range " + std::string(item) + ", which ends before it starts");
        if (ranks.size() + size_t(last - first) + 1 > kMaxRankListSize)
            refuse(text, "names more than " + std::to_string(kMaxRankListSize) + " ranks");
        for (int r = first; r <= last; ++r)
            ranks.push_back(r);
        start = comma + 1;
    }
    std::sort(ranks.begin(), ranks.end());
    auto twin = std::adjacent_find(ranks.begin(), ranks.end());
    if (twin != ranks.end())
        refuse(text, "names the rank " + std::to_string(*twin) + " twice");
    return ranks;
}

std::string formatRankList(const std::vector<int>& sortedRanks)
{
    std::string out;
    for (size_t i = 0; i < sortedRanks.size();) {
        size_t j = i;
        while (j + 1 < sortedRanks.size() && sortedRanks[j + 1] == sortedRanks[j] + 1)
            ++j;
        if (!out.empty())
            out += ',';
        out += std::to_string(sortedRanks[i]);
        if (j > i)
            out += '-' + std::to_string(sortedRanks[j]);
        i = j + 1;
    }
    return out;
}

} // namespace ps
