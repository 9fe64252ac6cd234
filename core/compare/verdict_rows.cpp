#include "compare/verdict_rows.h"

#include "compare/comparison.h"
#include "graph/naming.h"
#include "io/json_reader.h"
#include "util/error.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace ps {

namespace {

// msprobe's states: input (positional, keyword, backward input), parameters, output, parameters_grad.
size_t stateOf(ItemSource s)
{
    switch (s) {
    case ItemSource::InputArgs:
    case ItemSource::InputKwargs:
    case ItemSource::Input:
        return 0;
    case ItemSource::Parameters:
        return 1;
    case ItemSource::Output:
        return 2;
    case ItemSource::ParametersGrad:
        return 3;
    }
    return 0;
}

std::array<std::vector<uint32_t>, 4> itemsByState(const Graph& g, NodeId n)
{
    std::array<std::vector<uint32_t>, 4> out;
    if (!g.dump)
        return out;
    for (auto list : { g.inputItems(n), g.outputItems(n) })
        for (uint32_t item : list)
            out[stateOf(g.dump->items[item].source)].push_back(item);
    return out;
}

// The value as msprobe's table holds it: NaN statistics become the text "Nan" (process_summary_data).
bool isNanField(const FieldValue* f)
{
    return f && !f->isText && f->json.type == JType::Float && std::isnan(f->json.d);
}

bool pyEqualInTable(const DumpData& a, const FieldValue* x, const DumpData& b, const FieldValue* y)
{
    if (isNanField(x) || isNanField(y))
        return (isNanField(x) || fieldText(a, x) == "Nan") && (isNanField(y) || fieldText(b, y) == "Nan");
    return fieldEquals(a, x, b, y);
}

bool isInfOrNan(const DumpData& d, const FieldValue* f)
{
    if (!f)
        return false;
    if (!f->isText && f->json.type == JType::Float)
        return !std::isfinite(f->json.d);
    std::string_view t = fieldText(d, f);
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front())))
        t.remove_prefix(1);
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back())))
        t.remove_suffix(1);
    std::string lower(t);
    for (char& c : lower)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return lower == "inf" || lower == "-inf" || lower == "nan";
}

// A text column: "" for None, the string itself, else Python str().
std::string textOf(const DumpData& d, const FieldValue* f)
{
    if (!f || (!f->isText && f->json.isNull()))
        return {};
    if (f->isText)
        return f->text;
    if (f->json.isString())
        return std::string(d.pool.view(f->json.n));
    std::string s;
    appendPyStr(s, d, f->json);
    return s;
}

std::optional<std::string> requiresGradOf(const DumpData& d, const FieldValue* f)
{
    std::string t = textOf(d, f);
    return t.empty() ? std::nullopt : std::optional<std::string>(t);
}

thread_local ItemFields t_npuFields, t_benchFields;

} // namespace

std::vector<std::pair<uint32_t, uint32_t>> pairRows26(const Graph& npu, NodeId n, const Graph& bench, NodeId b)
{
    auto npuStates = itemsByState(npu, n);
    auto benchStates = itemsByState(bench, b);
    std::vector<std::pair<uint32_t, uint32_t>> rows;
    for (size_t s = 0; s < 4; ++s)
        for (size_t i = 0; i < npuStates[s].size(); ++i)
            rows.emplace_back(npuStates[s][i], i < benchStates[s].size() ? benchStates[s][i] : kNoItem);
    return rows;
}

VerdictRow verdictRowOf(const Comparison& c, uint32_t npuItem, uint32_t benchItem)
{
    const DumpData& npu = *c.graphs[0]->dump;
    const DumpData* bench = c.graphs[1] ? c.graphs[1]->dump.get() : nullptr;
    VerdictRow r;
    const DumpItem& ni = npu.items[npuItem];
    collectItemFields(npu, ni, t_npuFields, RulesProfile::Msprobe26);
    r.npuName = npu.itemKey(ni);
    r.isOutput = r.npuName.find(".output.") != std::string::npos;
    const FieldValue* nShape = findField(t_npuFields, "shape");
    r.npuDtype = textOf(npu, findField(t_npuFields, "dtype"));
    r.npuShapeIsEmptyList = nShape
        && ((nShape->isText && nShape->text == "[]")
            || (!nShape->isText && nShape->json.isArray() && nShape->json.n == 0)
            || (!nShape->isText && nShape->json.isString() && npu.pool.view(nShape->json.n) == "[]"));
    r.npuRequiresGrad = requiresGradOf(npu, findField(t_npuFields, "requires_grad"));
    r.npuStatInfNan = isInfOrNan(npu, findField(t_npuFields, "Max")) || isInfOrNan(npu, findField(t_npuFields, "Min"));
    r.npuMd5 = textOf(npu, findField(t_npuFields, "md5"));
    const bool shapeNull = !nShape || (!nShape->isText && nShape->json.isNull());
    if (bench && benchItem != kNoItem) {
        const DumpItem& bi = bench->items[benchItem];
        collectItemFields(*bench, bi, t_benchFields, RulesProfile::Msprobe26);
        r.benchName = bench->itemKey(bi);
        const FieldValue* bShape = findField(t_benchFields, "shape");
        r.benchDtype = textOf(*bench, findField(t_benchFields, "dtype"));
        r.shapesKnown = !shapeNull && bShape && !(!bShape->isText && bShape->json.isNull());
        r.shapesEqual = r.shapesKnown && fieldEquals(npu, nShape, *bench, bShape);
        r.benchRequiresGrad = requiresGradOf(*bench, findField(t_benchFields, "requires_grad"));
        r.benchStatInfNan = isInfOrNan(*bench, findField(t_benchFields, "Max"))
            || isInfOrNan(*bench, findField(t_benchFields, "Min"));
        r.maxEqual = pyEqualInTable(npu, findField(t_npuFields, "Max"), *bench, findField(t_benchFields, "Max"));
        r.benchMd5 = textOf(*bench, findField(t_benchFields, "md5"));
        r.requiresGradEqual = fieldEquals(
            npu, findField(t_npuFields, "requires_grad"), *bench, findField(t_benchFields, "requires_grad"));
    } else {
        // msprobe's table writes "Nan" in every bench column of an unpaired NPU item.
        r.benchName = r.benchDtype = r.benchMd5 = "Nan";
        r.shapesKnown = !shapeNull;
        r.shapesEqual = false;
        r.benchRequiresGrad = "Nan";
        r.benchStatInfNan = true;
        const FieldValue* nMax = findField(t_npuFields, "Max");
        r.maxEqual = isNanField(nMax) || fieldText(npu, nMax) == "Nan";
    }
    if (c.mode == CompareMode::Summary)
        r.normRelativeErr = c.normRelativeErrOf(npuItem);
    if (c.mode == CompareMode::Real) {
        const MetricRow metrics = c.metricsOf(npuItem);
        if (metrics.size() > 4) {
            r.cosine = metrics[0];
            r.oneThousandth = metrics[4];
        }
    }
    return r;
}

Precision precision26(CompareMode mode, std::string_view nodeName, Verdict verdict)
{
    static const std::string_view kExempt[]
        = { "empty", "empty_like", "empty_with_format", "new_empty_strided", "new_empty", "empty_strided" };
    std::vector<std::string_view> parts = splitDots(nodeName);
    if (parts.size() >= 2 && std::find(std::begin(kExempt), std::end(kExempt), parts[1]) != std::end(kExempt))
        return Precision::integer(mode == CompareMode::Md5 ? 1 : 0);
    if (verdict == Verdict::Warning)
        return Precision::real(0.5);
    return Precision::integer(verdict == Verdict::Error ? 1 : 0);
}

void verdictsFromItems(Comparison& c)
{
    const DumpData& d = *c.graphs[0]->dump;
    c.verdicts.assign(d.items.size(), RowVerdict {});
    ItemFields fields;
    StringPool pool;
    JArena arena(pool);
    for (uint32_t i = 0; i < d.items.size(); ++i) {
        collectItemFields(d, d.items[i], fields);
        RowVerdict& v = c.verdicts[i];
        v.level = verdictOfName(fieldText(d, findField(fields, "Result"))).value_or(Verdict::Pass);
        v.requiresGradConsistent = fieldText(d, findField(fields, "Requires_grad Consistent")) == "True";
        std::string_view messages = fieldText(d, findField(fields, "Err_message"));
        if (messages.empty() || messages.front() != '[')
            continue;
        arena.clear();
        try {
            JsonReader reader(messages, d.path);
            JValue list = reader.readValue(arena);
            reader.expectEnd();
            for (const JValue& m : list.isArray() ? arena.elements(list) : std::span<const JValue>())
                if (m.isString())
                    if (auto reason = reasonOfMessage(arena.text(m)))
                        v.reasons |= uint16_t(1u << unsigned(*reason));
        } catch (const Error&) {
            // not a JSON list: the text stays in the item, no reason is known
        }
    }
}

} // namespace ps
