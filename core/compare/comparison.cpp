#include "compare/comparison.h"

#include "compare/row_metrics.h"

#include <algorithm>

namespace ps {

const char* taskName(CompareMode mode)
{
    switch (mode) {
    case CompareMode::Summary:
        return "summary";
    case CompareMode::Md5:
        return "md5";
    case CompareMode::Real:
        return "all";
    }
    return "summary";
}

std::span<const char* const> metricNames(CompareMode mode, RulesProfile profile)
{
    static const char* const kSummary[] = { "Max diff", "Min diff", "Mean diff", "L2norm diff", "MaxRelativeErr",
        "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr" };
    static const char* const kMd5[] = { "Result" };
    static const char* const kReal[]
        = { "Cosine", "MaxAbsErr", "MaxRelativeErr", "One Thousandth Err Ratio", "Five Thousandths Err Ratio" };
    static const char* const kSummary26[] = { "Max diff", "Min diff", "Mean diff", "L2norm diff", "MaxRelativeErr",
        "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr", "Requires_grad Consistent", "Result", "Err_message" };
    static const char* const kMd526[] = { "Result", "Requires_grad Consistent", "Err_message" };
    static const char* const kReal26[] = { "Cosine", "EucDist", "MaxAbsErr", "MaxRelativeErr",
        "One Thousandth Err Ratio", "Five Thousandths Err Ratio", "Requires_grad Consistent", "Result", "Err_message" };
    const bool v26 = profile == RulesProfile::Msprobe26;
    switch (mode) {
    case CompareMode::Summary:
        return v26 ? std::span<const char* const>(kSummary26) : kSummary;
    case CompareMode::Md5:
        return v26 ? std::span<const char* const>(kMd526) : kMd5;
    case CompareMode::Real:
        return v26 ? std::span<const char* const>(kReal26) : kReal;
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
    std::array<PyScalar, 12> buffer;
    size_t count = 0;
    auto push = [&](PyScalar v) { buffer[count++] = std::move(v); };
    const DumpData& nd = *graphs[0]->dump;
    const DumpData* bd = row.benchItem != kNoItem ? graphs[1]->dump.get() : nullptr;
    const bool v26 = profile == RulesProfile::Msprobe26;
    const RowVerdict verdict = npuItem < verdicts.size() ? verdicts[npuItem] : RowVerdict();
    if (mode == CompareMode::Real) {
        const PyScalar* real = realValues.data() + size_t(row.realSlot) * realMetricCount();
        for (size_t k = 0; k < realMetricCount(); ++k)
            push(real[k]);
    } else {
        ItemStats npu, bench;
        itemStats(nd, nd.items[row.npuItem], npu, profile);
        if (bd)
            itemStats(*bd, bd->items[row.benchItem], bench, profile);
        if (mode == CompareMode::Md5) {
            // msprobe 26.0.0's Result is the row's verdict; 1.2.1's compares the md5 texts.
            push(v26     ? PyScalar::str(verdictName(verdict.level))
                    : bd ? md5Result(nd, npu, *bd, bench)
                         : PyScalar::str("Nan"));
        } else if (bd) {
            for (PyScalar& v : summaryMetrics(npu, bench))
                push(std::move(v));
        } else {
            // msprobe 26.0.0 leaves all eight columns blank; 1.2.1 shifts the NPU statistics into them.
            SummaryMetrics m = v26 ? SummaryMetrics {} : summaryNpuOnly(nd, npu);
            if (v26)
                m.fill(PyScalar::str(" "));
            for (PyScalar& v : m)
                push(std::move(v));
        }
    }
    if (v26) {
        push(PyScalar::str(verdict.requiresGradConsistent ? "True" : "False"));
        if (mode != CompareMode::Md5)
            push(PyScalar::str(verdictName(verdict.level)));
        push(PyScalar::str(verdict.errMessageJson()));
    }
    return MetricRow({ buffer.data(), count });
}

PyScalar Comparison::normRelativeErrOf(uint32_t npuItem) const
{
    if (!isBound(npuItem) || mode != CompareMode::Summary)
        return {};
    const BoundRow& row = rows[npuItem];
    const DumpData& nd = *graphs[0]->dump;
    ItemStats npu, bench;
    itemStats(nd, nd.items[row.npuItem], npu, profile);
    if (row.benchItem == kNoItem)
        return profile == RulesProfile::Msprobe26 ? PyScalar::str(" ") : summaryNpuOnly(nd, npu)[7];
    const DumpData& bd = *graphs[1]->dump;
    itemStats(bd, bd.items[row.benchItem], bench, profile);
    return summaryRelativeErr(npu, bench, 3);
}

} // namespace ps
