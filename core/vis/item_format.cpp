#include "vis/item_format.h"

#include "graph/naming.h"
#include "util/pyformat.h"

#include <charconv>
#include <cmath>

namespace ps {

namespace {

// The common case of the decimal trimming, a relative error such as "0.123456789%": the whole text is the one
// match of \d{1,20}\.\d{1,20}%?. Appends the trimmed text and returns true, or returns false for any other text.
bool appendWholeDecimal(std::string& out, std::string_view s)
{
    auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
    size_t i = 0;
    while (i < s.size() && isDigit(s[i]))
        ++i;
    const size_t intDigits = i;
    if (i >= s.size() || s[i] != '.' || intDigits < 1 || intDigits > 20)
        return false;
    const size_t frac = ++i;
    while (i < s.size() && isDigit(s[i]))
        ++i;
    const size_t fracDigits = i - frac;
    const bool percent = i < s.size() && s[i] == '%';
    if (fracDigits < 1 || fracDigits > 20 || i + (percent ? 1 : 0) != s.size())
        return false;
    if (fracDigits <= 6) {
        out += s;
        return true;
    }
    double x = 0;
    std::from_chars(s.data(), s.data() + i, x); // digits and a point: strtod's value, without a copy
    py::appendFixed(out, x, 6);
    if (percent)
        out += '%';
    return true;
}

} // namespace

std::string formatDecimalString(std::string_view s)
{
    // findall(r"\d{1,20}\.\d{1,20}%?") on the original text, then str.replace for each long match.
    auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
    {
        std::string whole;
        if (appendWholeDecimal(whole, s))
            return whole;
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

namespace {

void appendStringValue(std::string& out, std::string_view s)
{
    if (!needsStringFormatting(s)) {
        out += s;
        return;
    }
    if (s.find('\'') == std::string_view::npos && s.find("None") == std::string_view::npos) {
        if (!appendWholeDecimal(out, s))
            out += formatDecimalString(s);
        return;
    }
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
    out += formatDecimalString(u);
}

void appendStringValue26(std::string& out, std::string_view s)
{
    if (s.find('\'') == std::string_view::npos && s.find("None") == std::string_view::npos) {
        // ^\d{1,20}\.\d{1,20}%?$: only a string that is one decimal number is trimmed.
        size_t i = 0;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9')
            ++i;
        const size_t intDigits = i;
        if (intDigits < 1 || intDigits > 20 || i >= s.size() || s[i] != '.') {
            out += s;
            return;
        }
        const size_t frac = ++i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9')
            ++i;
        const bool percent = i + 1 == s.size() && s[i] == '%';
        if (i - frac < 1 || i - frac > 20 || (i != s.size() && !percent) || i - frac <= 6) {
            out += s;
            return;
        }
        double x = 0;
        std::from_chars(s.data(), s.data() + i, x); // digits and a point: strtod's value, without a copy
        py::appendFixed(out, x, 6);
        if (percent)
            out += '%';
        return;
    }
    // Neither a quote nor "None" is left afterwards, so this recursion ends at once.
    appendStringValue26(out, replaceAll(replaceAll(s, "'", ""), "None", "null"));
}

void appendFloatValue(std::string& out, double x)
{
    if (py::reprHasExponent(x)) {
        py::appendExp6(out, x);
        return;
    }
    const double a = std::fabs(x);
    if (a >= 1e-4 && a < 1e9) {
        // repr(round(x, 6)): round() gives the double nearest the 6-decimal text, and that text (at most 15
        // significant digits here) is the shortest one naming that double, so repr prints it without trailing
        // zeros (one is kept after the point).
        py::appendFixed(out, x, 6);
        size_t end = out.size();
        while (out[end - 1] == '0' && out[end - 2] != '.')
            --end;
        out.resize(end);
        return;
    }
    py::appendRepr(out, py::round(x, 6));
}

// msprobe 1.2.1 and the 26.0.0 release round an item's floats to 6 decimals; the 26.1 line writes repr().
bool roundsFloats(RulesProfile profile, Msprobe26Release release)
{
    return profile != RulesProfile::Msprobe26 || release == Msprobe26Release::V26_0_0;
}

void appendScalar(std::string& out, const PyScalar& v, bool v26, bool rounded)
{
    switch (v.kind) {
    case PyScalar::Kind::None:
        out += "null";
        return;
    case PyScalar::Kind::Int:
        out += std::to_string(v.i);
        return;
    case PyScalar::Kind::Float:
        rounded ? appendFloatValue(out, v.d) : py::appendRepr(out, v.d);
        return;
    case PyScalar::Kind::Str:
        v26 ? appendStringValue26(out, v.s) : appendStringValue(out, v.s);
        return;
    }
    out += "null";
}

} // namespace

std::string formatStringValue(std::string_view s)
{
    std::string out;
    appendStringValue(out, s);
    return out;
}

std::string formatFloatValue(double x)
{
    std::string out;
    appendFloatValue(out, x);
    return out;
}

std::string formatStringValue26(std::string_view s)
{
    std::string out;
    appendStringValue26(out, s);
    return out;
}

std::string formatScalar(const PyScalar& v)
{
    std::string out;
    appendScalar(out, v, false, true);
    return out;
}

std::string formatScalar26(const PyScalar& v, Msprobe26Release release)
{
    std::string out;
    appendScalar(out, v, true, roundsFloats(RulesProfile::Msprobe26, release));
    return out;
}

namespace {

void appendField(std::string& out, const DumpData& d, const FieldValue& f, RulesProfile profile, bool rounded)
{
    const bool v26 = profile == RulesProfile::Msprobe26;
    if (f.isText) {
        v26 ? appendStringValue26(out, f.text) : appendStringValue(out, f.text);
        return;
    }
    const JValue& v = f.json;
    switch (v.type) {
    case JType::Null:
        out += "null";
        return;
    case JType::String:
        v26 ? appendStringValue26(out, d.pool.view(v.n)) : appendStringValue(out, d.pool.view(v.n));
        return;
    case JType::Float:
        rounded ? appendFloatValue(out, v.d) : py::appendRepr(out, v.d);
        return;
    default:
        appendPyStr(out, d, v);
        return;
    }
}

bool isProcessGroupKept(std::string_view key)
{
    return key == "type" || key == "group_ranks" || key == "group_id" || key == "data_name";
}

} // namespace

void formatItemInto(ItemText& out, const DumpData& dump, const DumpItem& item, std::span<const char* const> metricNames,
    std::span<const PyScalar> metrics, RulesProfile profile, bool md5Mode, Msprobe26Release release)
{
    const bool v26 = profile == RulesProfile::Msprobe26;
    const bool rounded = roundsFloats(profile, release);
    thread_local ItemFields fields; // reused: one item after another on each writer thread
    collectItemFields(dump, item, fields, profile);
    out.clear();
    if (dump.verbatim) {
        // Read back from a .vis/.vis.db: the fields (and metrics) are already formatted; copy them unchanged.
        for (const ItemField& f : fields) {
            appendPyStr(out.beginField(f.key), dump, f.value.json);
            out.endField();
        }
        return;
    }
    const FieldValue* type = findField(fields, "type");
    const bool processGroup = fieldText(dump, type) == "torch.ProcessGroup";
    for (const ItemField& f : fields) {
        if (f.key == "full_op_name" || (v26 ? f.key == "md5" && !md5Mode : f.key == "requires_grad"))
            continue;
        if (processGroup && !isProcessGroupKept(f.key))
            continue;
        appendField(out.beginField(f.key), dump, f.value, profile, rounded);
        out.endField();
    }
    if (!processGroup) {
        const size_t own = out.size();
        for (size_t k = 0; k < metrics.size() && k < metricNames.size(); ++k) {
            const std::string_view name = metricNames[k];
            appendScalar(out.beginField(name), metrics[k], v26, rounded);
            out.endField();
            // A dict assignment keeps the key's first position (a dump field of the same name).
            bool replaced = false;
            for (size_t i = 0; i < own; ++i)
                if (out.key(i) == name) {
                    out.copyLastInto(i);
                    replaced = true;
                }
            if (replaced)
                out.dropLast();
        }
    }
    for (size_t i = 0; i < out.size(); ++i)
        if (out.key(i) == "Max" && out.value(i) == "null") {
            out.clear();
            out.beginField("value") += "null";
            out.endField();
            return;
        }
}

FormattedItem formatItem(const DumpData& dump, const DumpItem& item, std::span<const char* const> metricNames,
    std::span<const PyScalar> metrics, RulesProfile profile, bool md5Mode, Msprobe26Release release)
{
    ItemText text;
    formatItemInto(text, dump, item, metricNames, metrics, profile, md5Mode, release);
    FormattedItem out;
    for (size_t i = 0; i < text.size(); ++i)
        out.emplace_back(std::string(text.key(i)), std::string(text.value(i)));
    return out;
}

} // namespace ps
