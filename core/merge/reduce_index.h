#pragma once
// TPMerger._handle_tp_matmul_reduce pairs each matmul of a RowParallelLinear (backward ColumnParallelLinear) with
// the first remaining all_reduce / reduce_scatter whose input has the matmul output's Max, Min, Mean and Norm
// (Python's ==; a statistic that is no number matches anything). msprobe compares every pair; a hostile module with
// 10^5 of each would take hours. This index answers "the first remaining reduce whose input matches" in O(1)
// hash lookups: each reduce is filed under every subset of its number statistics, and a query looks up, for each
// set of number positions a reduce may have, the subset both sides hold numbers at.
#include "merge/merge_forest.h"

#include <array>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace ps::merge {

class ReduceIndex {
public:
    using Stats = std::array<Stat, 4>;

    // Adds reduce number `order` (reduces are found in increasing order) with its input's statistics.
    void add(uint32_t order, const Stats& input);
    // Files reduce `order` under new statistics (its input was merged meanwhile).
    void update(uint32_t order, const Stats& input);
    // The first remaining reduce whose input matches `output`, or nullopt.
    std::optional<uint32_t> first(const Stats& output) const;
    void remove(uint32_t order);

private:
    std::vector<std::string> keysOf(const Stats& stats) const;
    std::unordered_map<std::string, std::set<uint32_t>> m_byKey;
    std::unordered_map<uint32_t, std::vector<std::string>> m_keys; // the keys each remaining reduce is filed under
    uint16_t m_masks = 0; // bit m: some reduce has number statistics exactly at the positions of mask m
};

} // namespace ps::merge
