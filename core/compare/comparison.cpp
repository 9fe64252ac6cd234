#include "compare/comparison.h"

#include "compare/row_metrics.h"

#include <algorithm>

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

MetricRow::MetricRow(std::span<const PyScalar> values)
    : m_size(std::min(values.size(), m_values.size()))
{
    std::copy_n(values.begin(), m_size, m_values.begin());
}

MetricRow Comparison::metricsOf(uint32_t npuItem) const
{
    if (!isBound(npuItem))
        return {};
    const BoundRow& row = rows[npuItem];
    if (mode == CompareMode::Real)
        return MetricRow({ realValues.data() + size_t(row.realSlot) * metricCount(), metricCount() });
    const DumpData& nd = *graphs[0]->dump;
    ItemStats npu, bench;
    itemStats(nd, nd.items[row.npuItem], npu);
    const DumpData* bd = row.benchItem != kNoItem ? graphs[1]->dump.get() : nullptr;
    if (bd)
        itemStats(*bd, bd->items[row.benchItem], bench);
    if (mode == CompareMode::Md5) {
        PyScalar result = bd ? md5Result(nd, npu, *bd, bench) : PyScalar::str("Nan");
        return MetricRow({ &result, 1 });
    }
    SummaryMetrics m = bd ? summaryMetrics(npu, bench) : summaryNpuOnly(nd, npu);
    return MetricRow(m);
}

} // namespace ps
