#include "io/overflow.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>
#include <vector>

namespace ps {

namespace {

const JValue* memberById(const JArena& a, const JValue& obj, StrId key)
{
    if (!obj.isObject())
        return nullptr;
    const JValue* found = nullptr;
    for (const JMember& m : a.members(obj))
        if (m.key == key)
            found = &m.value;
    return found;
}

// str(v).lower() in {"inf", "-inf", "nan"}
bool isAnomalousScalar(const JArena& a, const JValue& v)
{
    if (v.type == JType::Float)
        return !std::isfinite(v.d);
    if (v.type == JType::String) {
        std::string s(a.text(v));
        std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        return s == "inf" || s == "-inf" || s == "nan";
    }
    return false;
}

// An object is anomalous through its own Max/Min/Mean (not Norm); a list through any element.
bool isAnomalous(const JArena& a, const JValue& v, const OverflowKeys& keys)
{
    if (v.isObject()) {
        for (const JMember& m : a.members(v))
            if ((m.key == keys.max || m.key == keys.min || m.key == keys.mean) && isAnomalousScalar(a, m.value))
                return true;
        return false;
    }
    if (!v.isArray())
        return false;
    std::vector<JValue> stack { v };
    while (!stack.empty()) {
        JValue cur = stack.back();
        stack.pop_back();
        if (cur.isObject()) {
            for (const JMember& m : a.members(cur))
                if ((m.key == keys.max || m.key == keys.min || m.key == keys.mean) && isAnomalousScalar(a, m.value))
                    return true;
        } else if (cur.isArray()) {
            for (const JValue& e : a.elements(cur))
                stack.push_back(e);
        }
    }
    return false;
}

struct IgnoreRule {
    const char* api;
    std::initializer_list<int> inputIndices;
    std::initializer_list<const char*> inputNames;
    std::initializer_list<int> outputIndices;
};

const IgnoreRule kIgnoreRules[] = {
    { "torch.empty", {}, {}, { 0 } },
    { "torch.empty_like", {}, {}, { 0 } },
    { "torch.empty_strided", {}, {}, { 0 } },
    { "distributed.recv", { 0 }, { "tensor" }, {} },
    { "distributed.all_gather", { 0 }, {}, {} },
    { "distributed.reduce_scatter", { 0 }, { "output" }, {} },
    { "distributed._reduce_scatter_base", { 0 }, {}, {} },
    { "distributed.all_gather_into_tensor", { 0 }, {}, {} },
    { "distributed.reduce_scatter_tensor", { 0 }, {}, {} },
    { "tensor.masked_fill_", { 0 }, {}, {} },
};

std::string torchApiName(std::string_view name)
{
    auto first = name.find('.');
    auto second = first == std::string_view::npos ? first : name.find('.', first + 1);
    std::string api(name.substr(0, second));
    std::transform(api.begin(), api.end(), api.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return api;
}

bool contains(std::initializer_list<int> list, int v)
{
    return std::find(list.begin(), list.end(), v) != list.end();
}

// Some element outside the ignored positions is an object with an anomaly of its own.
bool anomalyOutsideIndices(
    const JArena& a, const JValue* list, std::initializer_list<int> ignored, const OverflowKeys& keys)
{
    if (!list || !list->isArray() || list->n == 0)
        return false;
    auto elems = a.elements(*list);
    for (size_t i = 0; i < elems.size(); ++i)
        if (!contains(ignored, int(i)) && elems[i].isObject() && isAnomalous(a, elems[i], keys))
            return true;
    return false;
}

bool ruleMatches(const JArena& a, const IgnoreRule& rule, const JValue* args, const JValue* kwargs, const JValue* outs,
    const OverflowKeys& keys)
{
    if (rule.inputIndices.size() && anomalyOutsideIndices(a, args, rule.inputIndices, keys))
        return false;
    if (rule.inputNames.size() && kwargs && kwargs->isObject() && kwargs->n > 0) {
        for (const JMember& m : a.members(*kwargs)) {
            std::string_view key = a.pool().view(m.key);
            bool ignored
                = std::any_of(rule.inputNames.begin(), rule.inputNames.end(), [&](const char* n) { return key == n; });
            if (!ignored && m.value.isObject() && isAnomalous(a, m.value, keys))
                return false;
        }
    }
    if (rule.outputIndices.size() && anomalyOutsideIndices(a, outs, rule.outputIndices, keys))
        return false;
    return true;
}

// Largest finite Norm of top-level torch.Tensor objects; -1 when there is none.
double maxTensorNorm(const JArena& a, const JValue* container, const OverflowKeys& keys)
{
    double best = -1;
    auto consider = [&](const JValue& v) {
        if (!v.isObject())
            return;
        const JValue* type = memberById(a, v, keys.type);
        if (!type || !type->isString() || a.text(*type) != "torch.Tensor")
            return;
        const JValue* norm = memberById(a, v, keys.norm);
        if (!norm || !(norm->type == JType::Int || norm->type == JType::Float))
            return;
        double x = norm->type == JType::Int ? double(norm->i) : norm->d;
        if (std::isnan(x))
            return;
        best = std::max(best, x);
    };
    if (!container)
        return best;
    if (container->isArray())
        for (const JValue& e : a.elements(*container))
            consider(e);
    else if (container->isObject())
        for (const JMember& m : a.members(*container))
            consider(m.value);
    return best;
}

bool anyAnomalous(const JArena& a, const JValue* container, const OverflowKeys& keys)
{
    if (!container)
        return false;
    if (container->isArray()) {
        for (const JValue& e : a.elements(*container))
            if (isAnomalous(a, e, keys))
                return true;
    } else if (container->isObject()) {
        for (const JMember& m : a.members(*container))
            if (isAnomalous(a, m.value, keys))
                return true;
    }
    return false;
}

} // namespace

OverflowKeys OverflowKeys::intern(StringPool& pool)
{
    return { pool.intern("Max"), pool.intern("Min"), pool.intern("Mean"), pool.intern("Norm"), pool.intern("type"),
        pool.intern("input_args"), pool.intern("input"), pool.intern("input_kwargs"), pool.intern("output") };
}

OverflowLevel overflowLevelOfRecord(std::string_view name, const JValue& record, const JArena& a)
{
    return overflowLevelOfRecord(name, record, a, OverflowKeys::intern(a.pool()));
}

OverflowLevel overflowLevelOfRecord(
    std::string_view name, const JValue& record, const JArena& a, const OverflowKeys& keys)
{
    const JValue* args = memberById(a, record, keys.inputArgs);
    if (!args)
        args = memberById(a, record, keys.input);
    const JValue* kwargs = memberById(a, record, keys.inputKwargs);
    const JValue* outs = memberById(a, record, keys.output);
    // Dict arguments are iterated by key in Python, and keys are never anomalous.
    bool inBad = (args && args->isArray() && anyAnomalous(a, args, keys)) || anyAnomalous(a, kwargs, keys);
    bool outBad = outs && outs->isArray() && anyAnomalous(a, outs, keys);

    OverflowLevel level = OverflowLevel::None;
    if (!inBad && outBad) {
        level = OverflowLevel::Critical;
    } else if (inBad && outBad) {
        level = OverflowLevel::High;
    } else if (inBad) {
        level = OverflowLevel::Medium;
    } else {
        double in = std::max(
            maxTensorNorm(a, args && args->isArray() ? args : nullptr, keys), maxTensorNorm(a, kwargs, keys));
        double out = maxTensorNorm(a, outs && outs->isArray() ? outs : nullptr, keys);
        bool haveIn = in >= 0, haveOut = out >= 0;
        if (haveIn && haveOut && (in == 0 ? out > 100 : out / in > 100))
            level = OverflowLevel::High;
    }
    if (level == OverflowLevel::None)
        return level;
    std::string api = torchApiName(name);
    for (const IgnoreRule& rule : kIgnoreRules)
        if (api == rule.api && ruleMatches(a, rule, args, kwargs, outs, keys))
            return OverflowLevel::None;
    return level;
}

} // namespace ps
