#include "models/legend.h"

#include "vis/vis_document.h"
#include "vis/vis_writer.h"

#include <algorithm>
#include <cctype>

namespace psui {

std::vector<LegendBin> defaultLegend(ps::CompareMode mode, ps::RulesProfile profile)
{
    std::vector<LegendBin> out;
    for (const ps::ColorBin& b : ps::defaultColors(mode, profile))
        out.push_back({ b.hex, b.lo, b.hi, b.unmatched, b.description, true });
    return out;
}

QString metricBandText(ps::ColorMetric metric, double lo, double hi)
{
    if (metric == ps::ColorMetric::Cosine) {
        if (lo == 0)
            return QStringLiteral("cos > %1").arg(1 - hi);
        return hi == 1 ? QStringLiteral("cos ≤ %1").arg(1 - lo) : QStringLiteral("cos %1 – %2").arg(1 - hi).arg(1 - lo);
    }
    if (lo == 0)
        return QStringLiteral("< %1 %").arg(hi * 100);
    return hi == 1 ? QStringLiteral("≥ %1 %").arg(lo * 100) : QStringLiteral("%1 – %2 %").arg(lo * 100).arg(hi * 100);
}

std::vector<LegendBin> legendFromBins(const std::vector<ps::ColorBin>& bins, ps::CompareMode mode)
{
    const std::vector<ps::ColorBin> defaults = ps::defaultColors(mode);
    std::vector<LegendBin> out;
    for (const ps::ColorBin& b : bins) {
        bool isDefault = std::find(defaults.begin(), defaults.end(), b) != defaults.end();
        out.push_back({ b.hex, b.lo, b.hi, b.unmatched, b.description, isDefault });
    }
    return out;
}

namespace {

bool isHexColour(std::string_view s)
{
    if (s.size() != 7 || s[0] != '#')
        return false;
    return std::all_of(s.begin() + 1, s.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
}

double numberOf(const ps::JValue& v)
{
    return v.type == ps::JType::Float ? v.d : double(v.i);
}

} // namespace

std::vector<LegendBin> legendFromColors(const ps::VisMeta& meta, ps::CompareMode mode)
{
    const ps::JValue* colors = meta.topValue("Colors");
    if (!colors || !colors->isObject())
        return {};
    const ps::JArena& a = meta.arena();
    const std::vector<LegendBin> defaults = defaultLegend(mode);
    std::vector<LegendBin> values;
    std::vector<LegendBin> unmatched;
    for (const ps::JMember& m : a.members(*colors)) {
        LegendBin bin;
        bin.hex = std::string(a.pool().view(m.key));
        if (!isHexColour(bin.hex) || !m.value.isObject())
            return {}; // not a legend tb_graph_ascend could use either
        const ps::JValue* value = a.member(m.value, "value");
        if (const ps::JValue* d = a.member(m.value, "description"); d && d->isString())
            bin.fileDescription = std::string(a.text(*d));
        if (value && value->isArray() && value->n == 2 && a.elements(*value)[0].type != ps::JType::BigInt
            && a.elements(*value)[0].isNumber() && a.elements(*value)[1].isNumber()) {
            bin.lo = numberOf(a.elements(*value)[0]);
            bin.hi = numberOf(a.elements(*value)[1]);
        } else if (value && ((value->isArray() && value->n == 0) || value->isString())) {
            bin.unmatched = true; // [] or the localized "no matching node" label
        } else {
            return {};
        }
        // A bin equal to msprobe's default keeps the translated description.
        bin.isDefault = std::any_of(defaults.begin(), defaults.end(), [&](const LegendBin& d) {
            return d.unmatched == bin.unmatched && d.fileDescription == bin.fileDescription
                && (bin.unmatched || (d.lo == bin.lo && d.hi == bin.hi));
        });
        (bin.unmatched ? unmatched : values).push_back(std::move(bin));
    }
    if (values.empty())
        return {};
    // md5 bins are "all equal" then "some differ"; value ranges go from best (low) to worst (high).
    if (mode != ps::CompareMode::Md5)
        std::stable_sort(
            values.begin(), values.end(), [](const LegendBin& x, const LegendBin& y) { return x.lo < y.lo; });
    // Unmatched nodes are grey whether or not the file lists them; the legend always counts them.
    values.push_back(unmatched.empty() ? defaults.back() : unmatched.front());
    return values;
}

std::vector<ps::ColorBin> valueRanges(const std::vector<LegendBin>& legend)
{
    std::vector<ps::ColorBin> out;
    for (const LegendBin& b : legend)
        if (!b.unmatched)
            out.push_back({ b.hex, b.lo, b.hi, false, b.fileDescription });
    return out;
}

} // namespace psui
