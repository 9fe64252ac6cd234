#include "compare/color_bins.h"

#include "compare/comparison.h"
#include "util/rules_profile.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ps {

namespace {

const char* kSummaryDesc = "此节点所有输入输出的统计量相对误差, 值越大代表测量值与标杆值的偏差越大, "
                           "相对误差计算方式:|(测量值-标杆值)/标杆值|";
const char* kRealDesc = "此节点所有输入的最小双千分之一和所有输出的最小双千分之一的差值的绝对值, "
                        "代表双千指标的变化情况, 值越大代表测量值与标杆值的偏差越大, 双千分之一指标计算方式："
                        "Tensor中的元素逐个与对应的标杆数据对比，相对误差小于千分之一的比例占总元素个数的比例，"
                        "比例越接近1越好";
const char* kUnmatched = "比对过程中节点未匹配上";

std::string bound(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

bool hasAtMostFiveDecimals(double v)
{
    double scaled = v * 1e5;
    return std::fabs(scaled - std::round(scaled)) < 1e-6;
}

} // namespace

std::vector<ColorBin> defaultColors(CompareMode mode)
{
    switch (mode) {
    case CompareMode::Md5:
        return {
            { "#FFFCF3", 1, 1, false, "与标杆相比, 此节点所有输入输出的md5值相同", "" },
            { "#FF704D", 0, 0, false, "与标杆相比, 此节点任意输入输出的md5值不同", "" },
            { kUnmatchedColor, 0, 0, true, kUnmatched, "" },
        };
    case CompareMode::Real:
        return {
            { "#FFFCF3", 0, 0.05, false, kRealDesc, "" },
            { "#FFEDBE", 0.05, 0.1, false, kRealDesc, "" },
            { "#FFDC7F", 0.1, 0.15, false, kRealDesc, "" },
            { "#FFC62E", 0.15, 0.2, false, kRealDesc, "" },
            { "#FF704D", 0.2, 1, false, kRealDesc, "" },
            { kUnmatchedColor, 0, 0, true, kUnmatched, "" },
        };
    case CompareMode::Summary:
        break;
    }
    return {
        { "#FFFCF3", 0, 0.2, false, kSummaryDesc, "" },
        { "#FFEDBE", 0.2, 0.4, false, kSummaryDesc, "" },
        { "#FFDC7F", 0.4, 0.6, false, kSummaryDesc, "" },
        { "#FFC62E", 0.6, 0.8, false, kSummaryDesc, "" },
        { "#FF704D", 0.8, 1, false, kSummaryDesc, "" },
        { kUnmatchedColor, 0, 0, true, kUnmatched, "" },
    };
}

std::vector<ColorBin> defaultColors(CompareMode mode, RulesProfile profile)
{
    if (profile != RulesProfile::Msprobe26)
        return defaultColors(mode);
    const char* kSummary26 = "此节点所有输入输出的统计量误差, 颜色越深代表调试侧与标杆侧的偏差越大";
    const char* kReal26 = "此节点所有输入输出的 tensor 误差, 颜色越深代表调试侧与标杆侧的偏差越大";
    const char* kMd5Same = "与标杆相比, 此节点所有输入输出的md5值相同";
    const char* kMd5Differs = "与标杆相比, 此节点任意输入输出的md5值不同";
    const bool md5 = mode == CompareMode::Md5;
    const char* text = mode == CompareMode::Real ? kReal26 : kSummary26;
    return {
        { "#FFFCF3", 0, 0.3, false, md5 ? kMd5Same : text, "pass" },
        { "#FFDC7F", 0.3, 0.6, false, md5 ? kMd5Differs : text, "warning" },
        { "#FF704D", 0.6, 1, false, md5 ? kMd5Differs : text, "error" },
        { kUnmatchedColor, 0, 0, true, kUnmatched, "unmatched node" },
    };
}

const std::array<const char*, 7>& colorPalette()
{
    static const std::array<const char*, 7> palette { "#FFFCF3", "#FFEDBE", "#FFDC7F", "#FFC62E", "#FF9B3D", "#FF704D",
        "#FF4118" };
    return palette;
}

std::string colorRangesProblem(const std::vector<ColorBin>& ranges)
{
    if (ranges.empty())
        return "at least one colour range is needed";
    if (ranges.size() > kMaxColorRanges)
        return "at most " + std::to_string(kMaxColorRanges) + " colour ranges are allowed";
    const auto& palette = colorPalette();
    for (size_t i = 0; i < ranges.size(); ++i) {
        const ColorBin& r = ranges[i];
        const std::string row = "range " + std::to_string(i + 1) + ": ";
        if (std::find(palette.begin(), palette.end(), r.hex) == palette.end())
            return row + r.hex + " is not one of the palette's colours";
        for (size_t j = 0; j < i; ++j)
            if (ranges[j].hex == r.hex)
                return row + "the colour " + r.hex + " is already used by range " + std::to_string(j + 1);
        for (double v : { r.lo, r.hi }) {
            if (!(v >= 0 && v <= 1))
                return row + "the bounds must lie between 0 and 1";
            if (!hasAtMostFiveDecimals(v))
                return row + "the bounds may have at most 5 decimals";
        }
        if (!(r.lo < r.hi))
            return row + "the lower bound " + bound(r.lo) + " must be below the upper bound " + bound(r.hi);
        for (size_t j = 0; j < i; ++j)
            if (ranges[j].lo == r.lo || ranges[j].hi == r.hi)
                return row + "repeats a bound of range " + std::to_string(j + 1);
    }
    std::vector<ColorBin> sorted = ranges;
    std::sort(sorted.begin(), sorted.end(), [](const ColorBin& a, const ColorBin& b) { return a.lo < b.lo; });
    for (size_t i = 1; i < sorted.size(); ++i)
        if (sorted[i].lo < sorted[i - 1].hi)
            return "the ranges [" + bound(sorted[i - 1].lo) + ", " + bound(sorted[i - 1].hi) + "] and ["
                + bound(sorted[i].lo) + ", " + bound(sorted[i].hi) + "] overlap";
    return {};
}

std::vector<ColorBin> legendFromRanges(CompareMode mode, std::vector<ColorBin> ranges)
{
    std::vector<ColorBin> defaults = defaultColors(mode);
    std::stable_sort(ranges.begin(), ranges.end(), [](const ColorBin& a, const ColorBin& b) { return a.lo < b.lo; });
    for (ColorBin& r : ranges) {
        r.unmatched = false;
        r.description = defaults.front().description;
    }
    ranges.push_back(defaults.back());
    return ranges;
}

std::vector<ColorBin> rangesOf(const std::vector<ColorBin>& legend)
{
    std::vector<ColorBin> out;
    for (const ColorBin& b : legend)
        if (!b.unmatched)
            out.push_back(b);
    return out;
}

} // namespace ps
