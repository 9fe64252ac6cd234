#pragma once
// The colour legend of a comparison: msprobe's bins per mode, the
// limits tb_graph_ascend's colour editor enforces on customised ones, and the rule that picks a node's bin.
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ps {

enum class CompareMode : uint8_t; // compare/comparison.h
enum class RulesProfile : uint8_t; // util/rules_profile.h

struct ColorBin {
    // A constructor rather than an aggregate, so that brace lists without the later fields stay warning-free.
    ColorBin(std::string hex_ = {}, double lo_ = 0, double hi_ = 0, bool unmatched_ = false,
        std::string description_ = {}, std::string accuracyLevel_ = {})
        : hex(std::move(hex_))
        , lo(lo_)
        , hi(hi_)
        , unmatched(unmatched_)
        , description(std::move(description_))
        , accuracyLevel(std::move(accuracyLevel_))
    {
    }
    std::string hex; // "#RRGGBB"
    double lo = 0, hi = 0; // value range; unused for the unmatched entry
    bool unmatched = false; // the grey "not matched" entry (written as value [])
    std::string description;
    std::string accuracyLevel; // msprobe 26.0.0: "pass", "warning", "error", "unmatched node" ("" before)
    bool operator==(const ColorBin&) const = default;
};

// msprobe's legend: 1.2.1's bins per mode, or 26.0.0's three verdict bands (pass [0, 0.3], warning [0.3, 0.6],
// error [0.6, 1]) for every mode.
std::vector<ColorBin> defaultColors(CompareMode mode);
std::vector<ColorBin> defaultColors(CompareMode mode, RulesProfile profile);

// The editor's limits: at most 5 value ranges, colours from this palette, each used once.
constexpr size_t kMaxColorRanges = 5;
const std::array<const char*, 7>& colorPalette();
constexpr const char* kUnmatchedColor = "#C7C7C7";

// Why these value ranges (the unmatched entry excluded) cannot be used, or "" when they can: 1 to 5 ranges, palette
// colours used once, bounds in [0, 1] with at most 5 decimals, lo < hi, no overlap, no bound repeated.
std::string colorRangesProblem(const std::vector<ColorBin>& ranges);

// A complete legend from value ranges: sorted by lower bound, msprobe's description for the mode, and the grey
// unmatched entry last.
std::vector<ColorBin> legendFromRanges(CompareMode mode, std::vector<ColorBin> ranges);

// The value ranges of a legend (what the editor shows).
std::vector<ColorBin> rangesOf(const std::vector<ColorBin>& legend);

// The bin of precision p: the first value bin with lo <= p < hi, or hi == 1 && p == 1,
// or lo == 0 && p == 0; -1 when none. Bins: anything with lo, hi and unmatched (the GUI's legend too).
template <typename Bins> int colorBinOf(const Bins& legend, double p)
{
    for (size_t i = 0; i < legend.size(); ++i) {
        const auto& b = legend[i];
        if (b.unmatched)
            continue;
        if ((b.lo <= p && p < b.hi) || (b.hi == 1 && p == 1) || (b.lo == 0 && p == 0))
            return int(i);
    }
    return -1;
}

} // namespace ps
