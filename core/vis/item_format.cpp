#include "vis/item_format.h"

#include "graph/naming.h"
#include "util/pyformat.h"

#include <cmath>

namespace ps {

std::string formatDecimalString(std::string_view s)
{
    // findall(r"\d{1,20}\.\d{1,20}%?") on the original text, then str.replace for each long match.
    auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
    {
        // The common case, a relative error such as "0.123456789%": the whole text is the one match.
        size_t i = 0;
        while (i < s.size() && isDigit(s[i]))
            ++i;
        const size_t intDigits = i;
        if (i < s.size() && s[i] == '.' && intDigits >= 1 && intDigits <= 20) {
            const size_t frac = ++i;
            while (i < s.size() && isDigit(s[i]))
                ++i;
            const size_t fracDigits = i - frac;
            const bool percent = i < s.size() && s[i] == '%';
            if (fracDigits >= 1 && fracDigits <= 20 && i + (percent ? 1 : 0) == s.size()) {
                if (fracDigits <= 6)
                    return std::string(s);
                const std::string number(s.substr(0, i));
                return py::formatFixed(std::strtod(number.c_str(), nullptr), 6) + (percent ? "%" : "");
            }
        }
    }
    std::vector<std::string> matches;
    size_t i = 0;
    while (i < s.size()) {
        if (!isDigit(s[i])) {
            ++i;
            continue;
        }
        size_t run = i;
        while (run < s.size() && isDigit(s[run]))
            ++run;
        if (run - i > 20 || run >= s.size() || s[run] != '.') {
            // No match can start here; a shorter digit run later in this run still might.
            if (run - i > 20 && run < s.size() && s[run] == '.')
                i = run - 20;
            else
                i = run;
            continue;
        }
        size_t frac = run + 1, fracEnd = frac;
        while (fracEnd < s.size() && isDigit(s[fracEnd]) && fracEnd - frac < 20)
            ++fracEnd;
        if (fracEnd == frac) {
            i = run;
            continue;
        }
        size_t end = fracEnd;
        if (end < s.size() && s[end] == '%')
            ++end;
        matches.emplace_back(s.substr(i, end - i));
        i = end;
    }
    std::string out(s);
    for (const std::string& m : matches) {
        bool percent = m.back() == '%';
        std::string number = percent ? m.substr(0, m.size() - 1) : m;
        std::string decimals = number.substr(number.find('.') + 1);
        if (decimals.size() <= 6)
            continue;
        double x = std::strtod(number.c_str(), nullptr);
        std::string formatted = py::formatFixed(x, 6) + (percent ? "%" : "");
        std::string replaced;
        size_t pos = 0;
        while (true) {
            size_t hit = out.find(m, pos);
            if (hit == std::string::npos)
                break;
            replaced.append(out, pos, hit - pos);
            replaced += formatted;
            pos = hit + m.size();
        }
        replaced.append(out, pos, std::string::npos);
        out = std::move(replaced);
    }
    return out;
}

namespace {

// True when formatStringValue could change s: a quote, "None", or a run of 7+ digits after a '.'.
bool needsStringFormatting(std::string_view s)
{
    int digitsAfterDot = -1;
    for (size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        if (c == '\'' || (c == 'N' && s.substr(i, 4) == "None"))
            return true;
        if (c == '.') {
            digitsAfterDot = 0;
        } else if (c >= '0' && c <= '9') {
            if (digitsAfterDot >= 0 && ++digitsAfterDot > 6)
                return true;
        } else {
            digitsAfterDot = -1;
        }
    }
    return false;
}

} // namespace

std::string formatStringValue(std::string_view s)
{
    if (!needsStringFormatting(s))
        return std::string(s);
    std::string t;
    t.reserve(s.size());
    for (char c : s)
        if (c != '\'')
            t += c;
    std::string u;
    size_t pos = 0;
    while (true) {
        size_t hit = t.find("None", pos);
        if (hit == std::string::npos)
            break;
        u.append(t, pos, hit - pos);
        u += "null";
        pos = hit + 4;
    }
    u.append(t, pos, std::string::npos);
    return formatDecimalString(u);
}

std::string formatFloatValue(double x)
{
    if (py::reprHasExponent(x))
        return py::formatExp6(x);
    return py::repr(py::round(x, 6));
}

std::string formatStringValue26(std::string_view s)
{
    std::string t = replaceAll(replaceAll(s, "'", ""), "None", "null");
    // ^\d{1,20}\.\d{1,20}%?$: only a string that is one decimal number is trimmed.
    size_t i = 0;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9')
        ++i;
    const size_t intDigits = i;
    if (intDigits < 1 || intDigits > 20 || i >= t.size() || t[i] != '.')
        return t;
    const size_t frac = ++i;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9')
        ++i;
    const bool percent = i + 1 == t.size() && t[i] == '%';
    if (i - frac < 1 || i - frac > 20 || (i != t.size() && !percent) || i - frac <= 6)
        return t;
    return py::formatFixed(std::strtod(t.substr(0, i).c_str(), nullptr), 6) + (percent ? "%" : "");
}

std::string formatScalar(const PyScalar& v)
{
    switch (v.kind) {
    case PyScalar::Kind::None: return "null";
    case PyScalar::Kind::Int: return std::to_string(v.i);
    case PyScalar::Kind::Float: return formatFloatValue(v.d);
    case PyScalar::Kind::Str:
        return formatStringValue(v.s);
    }
    return "null";
}

std::string formatScalar26(const PyScalar& v)
{
    switch (v.kind) {
    case PyScalar::Kind::None:
        return "null";
    case PyScalar::Kind::Int:
        return std::to_string(v.i);
    case PyScalar::Kind::Float:
        return py::repr(v.d);
    case PyScalar::Kind::Str:
        return formatStringValue26(v.s);
    }
    return "null";
}

namespace {

std::string formatField(const DumpData& d, const FieldValue& f, RulesProfile profile)
{
    const bool v26 = profile == RulesProfile::Msprobe26;
    if (f.isText)
        return v26 ? formatStringValue26(f.text) : formatStringValue(f.text);
    const JValue& v = f.json;
    switch (v.type) {
    case JType::Null: return "null";
    case JType::String:
        return v26 ? formatStringValue26(d.pool.view(v.n)) : formatStringValue(d.pool.view(v.n));
    case JType::Float:
        return v26 ? py::repr(v.d) : formatFloatValue(v.d);
    default: {
        std::string s;
        appendPyStr(s, d, v);
        return s;
    }
    }
}

} // namespace

FormattedItem formatItem(const DumpData& dump, const DumpItem& item, std::span<const char* const> metricNames,
    std::span<const PyScalar> metrics, RulesProfile profile, bool md5Mode)
{
    const bool v26 = profile == RulesProfile::Msprobe26;
    thread_local ItemFields fields; // reused: one item after another on each writer thread
    collectItemFields(dump, item, fields, profile);
    if (dump.verbatim) {
        // Read back from a .vis/.vis.db: the fields (and metrics) are already formatted; copy them unchanged.
        FormattedItem verbatim;
        for (const ItemField& f : fields) {
            std::string text;
            appendPyStr(text, dump, f.value.json);
            verbatim.emplace_back(std::string(f.key), std::move(text));
        }
        return verbatim;
    }
    const FieldValue* type = findField(fields, "type");
    bool processGroup = fieldText(dump, type) == "torch.ProcessGroup";
    FormattedItem out;
    for (const ItemField& f : fields) {
        if (f.key == "full_op_name" || (v26 ? f.key == "md5" && !md5Mode : f.key == "requires_grad"))
            continue;
        if (processGroup && f.key != "type" && f.key != "group_ranks" && f.key != "group_id" && f.key != "data_name")
            continue;
        out.emplace_back(std::string(f.key), formatField(dump, f.value, profile));
    }
    if (!processGroup) {
        for (size_t k = 0; k < metrics.size() && k < metricNames.size(); ++k) {
            std::string name = metricNames[k];
            std::string value = v26 ? formatScalar26(metrics[k]) : formatScalar(metrics[k]);
            bool replaced = false;
            for (auto& kv : out)
                if (kv.first == name) {
                    kv.second = value; // a dict assignment keeps the key's first position
                    replaced = true;
                }
            if (!replaced)
                out.emplace_back(std::move(name), std::move(value));
        }
    }
    for (const auto& kv : out)
        if (kv.first == "Max" && kv.second == "null")
            return { { "value", "null" } };
    return out;
}

} // namespace ps
