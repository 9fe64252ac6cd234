#include "merge/parallel_layout.h"

#include "util/error.h"

#include <algorithm>
#include <array>

namespace ps {

const char* mergeStrategyName(MergeStrategy s)
{
    switch (s) {
    case MergeStrategy::None:
        return "NoParallelMerger";
    case MergeStrategy::Tp:
        return "TPMerger";
    case MergeStrategy::Pp:
        return "PPMerger";
    case MergeStrategy::Vpp:
        return "VPPMerger";
    case MergeStrategy::TpPp:
        return "TPPPMerger";
    case MergeStrategy::Full:
        return "FullMerger";
    }
    return "NoParallelMerger";
}

MergeStrategy mergeStrategyOf(const ParallelLayout& l)
{
    const MergeStrategy pipeline = l.vpp == 1 ? MergeStrategy::Pp : MergeStrategy::Vpp;
    if (l.tp == 1 && l.pp == 1 && l.rankSize == 1)
        return MergeStrategy::None;
    if (l.tp == l.rankSize)
        return MergeStrategy::Tp;
    if (l.pp == l.rankSize)
        return pipeline;
    if (l.pp == 1)
        return MergeStrategy::Tp;
    if (l.tp == 1)
        return pipeline;
    if (l.tp * l.pp == l.rankSize)
        return MergeStrategy::TpPp;
    return MergeStrategy::Full;
}

void checkLayout(const ParallelLayout& l)
{
    auto fail = [](const std::string& what) { throw Error(ErrorCode::BadArgument, "", what); };
    if (l.rankSize <= 0 || l.tp <= 0 || l.pp <= 0 || l.vpp <= 0)
        fail("the parallel params rank_size, tp, pp and vpp must be greater than 0");
    if (l.rankSize > kMaxRanks)
        fail("rank_size (" + std::to_string(l.rankSize) + ") is more than " + std::to_string(kMaxRanks) + " ranks");
    if (l.tp > l.rankSize || l.rankSize % l.tp != 0)
        fail("rank_size (" + std::to_string(l.rankSize) + ") must be a multiple of tp (" + std::to_string(l.tp) + ")");
    if (l.pp > l.rankSize || l.rankSize % l.pp != 0)
        fail("rank_size (" + std::to_string(l.rankSize) + ") must be a multiple of pp (" + std::to_string(l.pp) + ")");
    if (int64_t(l.tp) * l.pp > l.rankSize || l.rankSize % (l.tp * l.pp) != 0)
        fail("rank_size (" + std::to_string(l.rankSize)
            + ") must be tp x pp x dp, but tp x pp = " + std::to_string(int64_t(l.tp) * l.pp) + " does not divide it");
    if (l.vpp > 1 && l.pp < 2)
        fail("vpp (" + std::to_string(l.vpp) + ") needs a pipeline: pp must be greater than 1");
    if (l.order.empty()
        || !std::all_of(l.order.begin(), l.order.end(), [](char c) { return (c >= 'a' && c <= 'z') || c == '-'; }))
        fail("the order \"" + l.order + "\" must consist only of lowercase letters and \"-\"");
    defaultTpGroups(l); // the order's own checks
}

void validateLayout(const ParallelLayout& l, size_t rankFolders, const std::string& dir, const char* side)
{
    const std::string prefix = std::string("[") + side + "] ";
    if (size_t(std::max(0, l.rankSize)) != rankFolders)
        throw Error(ErrorCode::BadArgument, dir,
            prefix + "rank_size is " + std::to_string(l.rankSize) + " but the folder holds "
                + std::to_string(rankFolders) + " rank folder(s)");
    try {
        checkLayout(l);
    } catch (const Error& e) {
        throw Error(ErrorCode::BadArgument, dir, prefix + e.detail());
    }
}

namespace {

std::vector<std::string> splitDashes(const std::string& s)
{
    std::vector<std::string> out(1);
    for (char c : s) {
        if (c == '-')
            out.emplace_back();
        else
            out.back() += c;
    }
    return out;
}

std::vector<int64_t> prefixProducts(const std::vector<int>& dims)
{
    std::vector<int64_t> out { 1 };
    for (int d : dims)
        out.push_back(out.back() * d);
    return out;
}

std::vector<int64_t> decompose(int64_t index, const std::vector<int>& shape)
{
    std::vector<int64_t> strides = prefixProducts(shape);
    std::vector<int64_t> out;
    for (size_t i = 0; i < shape.size(); ++i)
        out.push_back((index / strides[i]) % shape[i]);
    return out;
}

int64_t innerProduct(const std::vector<int64_t>& a, const std::vector<int64_t>& b)
{
    int64_t sum = 0;
    for (size_t i = 0; i < std::min(a.size(), b.size()); ++i)
        sum += a[i] * b[i];
    return sum;
}

// msprobe's RankGroupGenerator.generate_ranks(token) with cp = ep = 1: the ranks that differ only in `token`'s
// coordinate, one group per combination of the other coordinates.
RankGroups groupsOf(const ParallelLayout& l, const std::string& token)
{
    const int dp = l.rankSize / std::max(1, l.tp * l.pp);
    const std::array<std::pair<const char*, int>, 5> sizes { { { "tp", l.tp }, { "pp", l.pp }, { "dp", dp },
        { "ep", 1 }, { "cp", 1 } } };
    std::string order = l.order;
    if (order.find("ep") != std::string::npos && order.find("ep-dp") == std::string::npos
        && order.find("dp-ep") == std::string::npos)
        throw Error(ErrorCode::BadArgument, "", "the order \"" + l.order + "\": ep and dp must be adjacent");
    for (const auto& [name, size] : sizes)
        if (order.find(name) == std::string::npos) {
            if (size != 1)
                throw Error(ErrorCode::BadArgument, "",
                    "the order \"" + l.order + "\" does not name " + name + ", whose size is " + std::to_string(size));
            order += std::string("-") + name;
        }
    std::vector<int> dims;
    std::vector<bool> mask;
    for (const std::string& t : splitDashes(order)) {
        if (t == "ep")
            continue; // size 1 without expert parallelism
        auto known = std::find_if(sizes.begin(), sizes.end(), [&](const auto& s) { return t == s.first; });
        if (known == sizes.end())
            throw Error(ErrorCode::BadArgument, "",
                "the order \"" + l.order + "\" names \"" + t + "\"; known dimensions are tp, cp, ep, dp and pp");
        dims.push_back(known->second);
        mask.push_back(t == token);
    }
    std::vector<int> masked, unmasked;
    std::vector<int64_t> maskedStrides, unmaskedStrides;
    std::vector<int64_t> strides = prefixProducts(dims);
    for (size_t i = 0; i < dims.size(); ++i) {
        (mask[i] ? masked : unmasked).push_back(dims[i]);
        (mask[i] ? maskedStrides : unmaskedStrides).push_back(strides[i]);
    }
    const int64_t groupSize = prefixProducts(masked).back();
    const int64_t total = int64_t(l.tp) * l.pp * dp;
    RankGroups groups;
    for (int64_t g = 0; g < total / std::max<int64_t>(1, groupSize); ++g) {
        std::vector<int64_t> outer = decompose(g, unmasked);
        std::vector<int> group;
        for (int64_t k = 0; k < groupSize; ++k)
            group.push_back(
                int(innerProduct(decompose(k, masked), maskedStrides) + innerProduct(outer, unmaskedStrides)));
        groups.push_back(std::move(group));
    }
    return groups;
}

} // namespace

RankGroups defaultTpGroups(const ParallelLayout& layout)
{
    return groupsOf(layout, "tp");
}

RankGroups defaultPpGroups(const ParallelLayout& layout)
{
    return groupsOf(layout, "pp");
}

std::string rankGroupsText(const RankGroups& groups)
{
    std::string s = "[";
    for (size_t g = 0; g < groups.size(); ++g) {
        s += g ? ", [" : "[";
        for (size_t k = 0; k < groups[g].size(); ++k)
            s += (k ? ", " : "") + std::to_string(groups[g][k]);
        s += "]";
    }
    return s + "]";
}

} // namespace ps
