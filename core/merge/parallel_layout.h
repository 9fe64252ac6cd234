#pragma once
// How one side's run was split across ranks (msprobe 26.0.0's `--rank_size/--tp/--pp/--vpp/--order`), its checks,
// the merger msprobe picks for it, and the tensor- and pipeline-parallel groups computed from it (Megatron's rank
// order, msprobe's RankGroupGenerator) for when the dump itself does not tell.
#include <string>
#include <vector>

namespace ps {

constexpr int kMaxRanks = 65535; // ranks merged at most (one side of one step)

struct ParallelLayout {
    int rankSize = 1;
    int tp = 1;
    int pp = 1;
    int vpp = 1; // virtual pipeline chunks (model chunks Module.<chunk>.) per stage
    std::string order = "tp-cp-ep-dp-pp"; // fastest-varying dimension first
    bool operator==(const ParallelLayout&) const = default;
};

enum class MergeStrategy { None, Tp, Pp, Vpp, TpPp, Full };
const char* mergeStrategyName(MergeStrategy s); // msprobe's class name, e.g. "TPMerger"

// msprobe's choice: nothing to merge when every size is 1, TP when tp covers every rank (or pp is 1), PP (VPP with
// vpp > 1) when pp does (or tp is 1), TP+PP when tp x pp covers every rank, else PP within each pipeline then TP.
MergeStrategy mergeStrategyOf(const ParallelLayout& layout);

// The argument checks of msprobe's validate_parallel_param plus rank_size = tp x pp x dp. Throws
// ps::Error(BadArgument) saying what is wrong.
void checkLayout(const ParallelLayout& layout);
// The same, and rank_size against the number of rank folders found in `dir`; the error names `dir` and the side
// ("NPU"/"Bench").
void validateLayout(const ParallelLayout& layout, size_t rankFolders, const std::string& dir, const char* side);

using RankGroups = std::vector<std::vector<int>>;

// The tp and pp groups a Megatron run of this layout has (cp = ep = 1, dp = rank_size / (tp x pp)), in msprobe's
// order. Throws ps::Error(BadArgument) for an order that names unknown dimensions or separates ep from dp.
RankGroups defaultTpGroups(const ParallelLayout& layout);
RankGroups defaultPpGroups(const ParallelLayout& layout);

std::string rankGroupsText(const RankGroups& groups); // Python's str(): "[[0, 1], [2, 3]]"

} // namespace ps
