#include "analysis/node_assessment.h"

#include <charconv>
#include <cmath>

namespace ps {

Severity severityOfBin(const std::vector<ColorBin>& bins, int bin)
{
    if (bin < 0 || size_t(bin) >= bins.size())
        return Severity::None;
    const std::string& level = bins[size_t(bin)].accuracyLevel;
    if (!level.empty())
        return level == "error" ? Severity::Error : level == "warning" ? Severity::Warning : Severity::None;
    int lastValueBin = -1;
    for (size_t i = 0; i < bins.size(); ++i)
        if (!bins[i].unmatched)
            lastValueBin = int(i);
    return bin == lastValueBin && bin > 0 ? Severity::Error : bin > 0 ? Severity::Warning : Severity::None;
}

std::string binLabel(const std::vector<ColorBin>& bins, int bin)
{
    if (bin < 0 || size_t(bin) >= bins.size())
        return {};
    const std::string& level = bins[size_t(bin)].accuracyLevel;
    return level.empty() ? "bin " + std::to_string(bin) : level;
}

int nodeBin(const Comparison& c, const std::vector<ColorBin>& bins, NodeId npu)
{
    if (!c.isCompare || npu >= c.precision.size() || !c.precision[npu].has || c.counterpart[0][npu] == kNoNode)
        return -1;
    return colorBinOf(bins, c.precision[npu].value);
}

FormattedItem formattedItem(const Comparison& c, Side side, uint32_t item)
{
    const Graph& g = c.graph(side);
    if (!g.dump || item >= g.dump->items.size())
        return {};
    const bool npu = side == Side::Npu && c.isCompare;
    const MetricRow metrics = npu ? c.metricsOf(item) : MetricRow();
    return formatItem(*g.dump, g.dump->items[item], npu ? c.metricKeys() : std::span<const char* const>(),
        metrics.span(), c.profile, c.isCompare && c.mode == CompareMode::Md5, c.msprobe26Release);
}

bool metricNumber(std::string_view text, double& out)
{
    bool percent = text.ends_with('%');
    if (percent)
        text.remove_suffix(1);
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty())
        return false;
    if (percent)
        out /= 100;
    return true;
}

const std::string* itemField(const FormattedItem& fields, std::string_view key)
{
    for (const auto& [k, v] : fields)
        if (k == key)
            return &v;
    return nullptr;
}

namespace {

// The item's worst metric in the comparison's mode.
WorstMetric itemMetric(const Comparison& c, const FormattedItem& fields)
{
    WorstMetric m;
    if (const std::string* result = itemField(fields, "Result"); result && c.profile == RulesProfile::Msprobe26) {
        if (auto v = verdictOfName(*result))
            m.rowLevel = int(*v);
    }
    auto consider = [&](const char* key, bool cosine) {
        const std::string* text = itemField(fields, key);
        double value = 0;
        // "Nan" (msprobe's text for no value, also inf - inf) is no measure; the row verdict rates those rows.
        if (!text || !metricNumber(*text, value) || std::isnan(value))
            return;
        const double bad = cosine ? 1 - value : value;
        if (m.name.empty() || bad > m.badness) {
            m.name = key;
            m.value = *text;
            m.badness = bad;
        }
    };
    switch (c.mode) {
    case CompareMode::Summary:
        for (const char* key : { "MaxRelativeErr", "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr" })
            consider(key, false);
        break;
    case CompareMode::Real:
        consider("Cosine", true);
        break;
    case CompareMode::Md5:
        if (const std::string* result = itemField(fields, "Result")) {
            m.name = "Result";
            m.value = *result;
            m.badness = *result == "pass" || *result == "Pass" ? 0 : 1;
        }
        break;
    }
    if (m.name.empty() && m.rowLevel >= 0) {
        m.name = "Result";
        m.value = *itemField(fields, "Result");
    }
    return m;
}

} // namespace

WorstMetric worstMetricOf(const Comparison& c, NodeId npu)
{
    WorstMetric worst;
    const Graph& g = c.graph(Side::Npu);
    if (!c.isCompare || npu >= g.size() || !g.dump)
        return worst;
    for (auto items : { g.inputItems(npu), g.outputItems(npu) })
        for (uint32_t item : items) {
            WorstMetric m = itemMetric(c, formattedItem(c, Side::Npu, item));
            if (m.name.empty())
                continue;
            m.npuItem = item;
            if (worst.name.empty() || m.worseThan(worst))
                worst = std::move(m);
        }
    return worst;
}

uint32_t benchItemOf(const Comparison& c, NodeId npu, uint32_t npuItem)
{
    if (c.isBound(npuItem))
        return c.rows[npuItem].benchItem;
    const Graph& g = c.graph(Side::Npu);
    if (!c.isCompare || npu >= g.size() || c.counterpart[0][npu] == kNoNode || !g.dump || !c.graph(Side::Bench).dump)
        return kNoItem;
    const Graph& b = c.graph(Side::Bench);
    const NodeId other = c.counterpart[0][npu];
    const std::string key = g.dump->itemKey(g.dump->items[npuItem]);
    const std::string_view own = g.nameOf(npu);
    const std::string_view suffix
        = std::string_view(key).starts_with(own) ? std::string_view(key).substr(own.size()) : std::string_view(key);
    const std::string_view otherName = b.nameOf(other);
    for (auto items : { b.inputItems(other), b.outputItems(other) })
        for (uint32_t item : items) {
            const std::string k = b.dump->itemKey(b.dump->items[item]);
            if (k.size() == otherName.size() + suffix.size() && k.starts_with(otherName) && k.ends_with(suffix))
                return item;
        }
    return kNoItem;
}

} // namespace ps
