#include "compare/comparison.h"

namespace ps {

const char* taskName(CompareMode mode)
{
    switch (mode) {
    case CompareMode::Summary: return "summary";
    case CompareMode::Md5: return "md5";
    case CompareMode::Real: return "all";
    }
    return "summary";
}

std::span<const char* const> metricNames(CompareMode mode)
{
    static const char* const kSummary[] = { "Max diff", "Min diff", "Mean diff", "L2norm diff", "MaxRelativeErr",
        "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr" };
    static const char* const kMd5[] = { "Result" };
    static const char* const kReal[] = { "Cosine", "MaxAbsErr", "MaxRelativeErr", "One Thousandth Err Ratio",
        "Five Thousandths Err Ratio" };
    switch (mode) {
    case CompareMode::Summary: return kSummary;
    case CompareMode::Md5: return kMd5;
    case CompareMode::Real: return kReal;
    }
    return kSummary;
}

std::span<const PyScalar> Comparison::metricsOf(uint32_t npuItem) const
{
    auto it = metricSlot.find(npuItem);
    if (it == metricSlot.end())
        return {};
    return { metricValues.data() + size_t(it->second) * metricCount(), metricCount() };
}

} // namespace ps
