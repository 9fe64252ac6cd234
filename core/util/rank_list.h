#pragma once
// Rank lists as a cluster job names them: "0-3,8,10-11" (graph_visualize --ranks, merge --expect-ranks, and the
// part table of a part database, which stores its run's ranks in the same text).
#include <string>
#include <string_view>
#include <vector>

namespace ps {

inline constexpr int kMaxRank = 1'000'000; // far above any cluster; keeps a hostile "0-2147483647" small
inline constexpr size_t kMaxRankListSize = 1u << 20;

// Comma-separated ranks and inclusive ranges A-B (A <= B), decimal digits only, each rank once. Returns the ranks
// sorted; throws Error(BadArgument) naming the offending item (the caller adds the file or option).
std::vector<int> parseRankList(std::string_view text);

// The canonical text of sorted unique ranks: runs of consecutive ranks become ranges ("0-3,8,10-11").
std::string formatRankList(const std::vector<int>& sortedRanks);

} // namespace ps
