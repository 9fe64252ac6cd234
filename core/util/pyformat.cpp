#include "pyformat.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace ps::py {

namespace {

// Shortest round-trip digits and decimal exponent of a finite, non-zero |x|: x = 0.d1d2d3... * 10^(exp10+1).
struct Digits {
    char digits[32];
    int count = 0;
    int exp10 = 0; // exponent of the first digit: x = d1.d2d3... * 10^exp10
};

Digits shortestDigits(double x)
{
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf - 1, x, std::chars_format::scientific);
    *res.ptr = '\0';
    Digits d;
    const char* p = buf;
    if (*p == '-')
        ++p;
    for (; p < res.ptr && *p != 'e'; ++p)
        if (*p != '.')
            d.digits[d.count++] = *p;
    if (p < res.ptr && *p == 'e')
        d.exp10 = std::atoi(p + 1);
    return d;
}

void appendExponent(std::string& out, int e)
{
    out += 'e';
    out += e < 0 ? '-' : '+';
    int a = e < 0 ? -e : e;
    if (a < 10)
        out += '0';
    out += std::to_string(a);
}

// Python's text of nan and the infinities; false (nothing written) for a finite x.
bool appendNonFinite(std::string& out, double x)
{
    if (std::isnan(x)) {
        out += "nan";
        return true;
    }
    if (std::isinf(x)) {
        out += x < 0 ? "-inf" : "inf";
        return true;
    }
    return false;
}

} // namespace

void appendRepr(std::string& out, double x)
{
    if (appendNonFinite(out, x))
        return;
    if (std::signbit(x))
        out += '-';
    if (x == 0) {
        out += "0.0";
        return;
    }
    Digits d = shortestDigits(std::fabs(x));
    if (d.exp10 >= -4 && d.exp10 < 16) {
        if (d.exp10 < 0) {
            out += "0.";
            out.append(size_t(-d.exp10 - 1), '0');
            out.append(d.digits, size_t(d.count));
        } else {
            int intDigits = d.exp10 + 1;
            for (int i = 0; i < intDigits; ++i)
                out += i < d.count ? d.digits[i] : '0';
            out += '.';
            if (d.count > intDigits)
                out.append(d.digits + intDigits, size_t(d.count - intDigits));
            else
                out += '0';
        }
        return;
    }
    out += d.digits[0];
    if (d.count > 1) {
        out += '.';
        out.append(d.digits + 1, size_t(d.count - 1));
    }
    appendExponent(out, d.exp10);
}

std::string repr(double x)
{
    std::string s;
    appendRepr(s, x);
    return s;
}

bool reprHasExponent(double x)
{
    // repr switches to exponent notation below 1e-4 and from 1e16 on. Rounding is monotonic, so the shortest
    // digits of x lie below 10^-4 exactly when x is below the double nearest 10^-4 (and 1e16 is exact): no digits
    // need computing (checked against the digit-based test on 2e7 random doubles).
    if (!std::isfinite(x) || x == 0)
        return false;
    const double a = std::fabs(x);
    return a < 1e-4 || a >= 1e16;
}

std::string formatFixed(double x, int decimals)
{
    // to_chars with a precision rounds the exact binary value correctly (half to even), like Python's format.
    std::string s;
    appendFixed(s, x, decimals);
    return s;
}

std::string formatExp6(double x)
{
    std::string s;
    appendExp6(s, x);
    return s;
}

void appendExp6(std::string& out, double x)
{
    if (appendNonFinite(out, x))
        return;
    // to_chars with a precision formats as printf's "%.6e" does (exact rounding, at least two exponent digits).
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific, 6);
    out.append(buf, res.ptr);
}

void appendFixed(std::string& out, double x, int decimals)
{
    if (!std::isfinite(x)) {
        out += std::isnan(x) ? "nan" : x < 0 ? "-inf" : "inf";
        return;
    }
    char buf[400];
    auto res = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::fixed, decimals);
    out.append(buf, res.ptr);
}

double round(double x, int ndigits)
{
    if (!std::isfinite(x) || x == 0)
        return x;
    char buf[400];
    auto res = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::fixed, ndigits);
    double r = 0;
    std::from_chars(buf, res.ptr, r);
    if (r == 0)
        return std::copysign(0.0, x); // Python keeps the sign of a value rounded to zero
    return r;
}

void appendJsonFloat(std::string& out, double x)
{
    if (std::isnan(x))
        out += "NaN";
    else if (std::isinf(x))
        out += x < 0 ? "-Infinity" : "Infinity";
    else
        appendRepr(out, x);
}

namespace {

// Decodes one UTF-8 code point; invalid bytes decode as U+FFFD and consume one byte.
uint32_t decodeUtf8(std::string_view s, size_t& i)
{
    auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
    unsigned char c = b(i);
    if (c < 0x80) {
        ++i;
        return c;
    }
    int len = (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (len == 0 || i + size_t(len) > s.size()) {
        ++i;
        return 0xFFFD;
    }
    uint32_t cp = c & (0x7F >> len);
    for (int k = 1; k < len; ++k) {
        unsigned char cc = b(i + size_t(k));
        if ((cc & 0xC0) != 0x80) {
            ++i;
            return 0xFFFD;
        }
        cp = (cp << 6) | (cc & 0x3F);
    }
    i += size_t(len);
    return cp;
}

void appendU16(std::string& out, uint32_t u)
{
    static const char* hex = "0123456789abcdef";
    out += "\\u";
    out += hex[(u >> 12) & 15];
    out += hex[(u >> 8) & 15];
    out += hex[(u >> 4) & 15];
    out += hex[u & 15];
}

} // namespace

namespace {

// True when none of the 8 bytes needs escaping in JSON (control character, '"', '\\' or non-ASCII).
bool plainWord(uint64_t w)
{
    constexpr uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    auto hasZero = [&](uint64_t v) { return (v - ones) & ~v & highs; };
    return !((w & highs) | ((w - 0x20 * ones) & ~w & highs) | hasZero(w ^ (ones * '"')) | hasZero(w ^ (ones * '\\')));
}

} // namespace

void appendJsonString(std::string& out, std::string_view s)
{
    // Nearly every string is plain ASCII: checked 8 bytes at a time and copied in one piece.
    size_t plain = 0;
    for (uint64_t w; plain + 8 <= s.size(); plain += 8) {
        std::memcpy(&w, s.data() + plain, 8);
        if (!plainWord(w))
            break;
    }
    while (plain < s.size()) {
        unsigned char c = static_cast<unsigned char>(s[plain]);
        if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\')
            break;
        ++plain;
    }
    if (plain == s.size()) {
        const size_t at = out.size();
        out.resize(at + s.size() + 2);
        char* d = out.data() + at;
        d[0] = '"';
        std::memcpy(d + 1, s.data(), s.size());
        d[s.size() + 1] = '"';
        return;
    }
    out += '"';
    out.append(s.data(), plain);
    size_t i = plain;
    while (i < s.size()) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
            size_t j = i + 1;
            while (j < s.size()) {
                unsigned char cj = static_cast<unsigned char>(s[j]);
                if (cj < 0x20 || cj >= 0x80 || cj == '"' || cj == '\\')
                    break;
                ++j;
            }
            out.append(s.data() + i, j - i);
            i = j;
            continue;
        }
        if (c < 0x80) {
            ++i;
            switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            default:
                appendU16(out, c);
            }
            continue;
        }
        uint32_t cp = decodeUtf8(s, i);
        if (cp >= 0x10000) {
            cp -= 0x10000;
            appendU16(out, 0xD800 + (cp >> 10));
            appendU16(out, 0xDC00 + (cp & 0x3FF));
        } else {
            appendU16(out, cp);
        }
    }
    out += '"';
}

void appendStrRepr(std::string& out, std::string_view s)
{
    bool hasSingle = s.find('\'') != std::string_view::npos;
    bool hasDouble = s.find('"') != std::string_view::npos;
    char quote = hasSingle && !hasDouble ? '"' : '\'';
    out += quote;
    for (char ch : s) {
        unsigned char c = static_cast<unsigned char>(ch);
        if (ch == quote || ch == '\\') {
            out += '\\';
            out += ch;
        } else if (ch == '\n') {
            out += "\\n";
        } else if (ch == '\r') {
            out += "\\r";
        } else if (ch == '\t') {
            out += "\\t";
        } else if (c < 0x20 || c == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else {
            out += ch; // printable non-ASCII stays as is, as Python's repr keeps printable characters
        }
    }
    out += quote;
}

bool parseFloat(std::string_view text, double& out)
{
    auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; };
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    if (text.empty())
        return false;
    std::string low;
    for (char c : text)
        low += char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    std::string_view body = low;
    bool neg = false;
    if (body.front() == '+' || body.front() == '-') {
        neg = body.front() == '-';
        body.remove_prefix(1);
    }
    if (body == "inf" || body == "infinity") {
        out = neg ? -HUGE_VAL : HUGE_VAL;
        return true;
    }
    if (body == "nan") {
        out = std::nan("");
        return true;
    }
    for (char c : body)
        if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == '+' || c == '-'))
            return false;
    double v = 0;
    auto res = std::from_chars(body.data(), body.data() + body.size(), v);
    if (res.ec != std::errc() && res.ec != std::errc::result_out_of_range)
        return false;
    if (res.ptr != body.data() + body.size())
        return false;
    if (res.ec == std::errc::result_out_of_range)
        v = std::strtod(std::string(body).c_str(), nullptr);
    out = neg ? -v : v;
    return true;
}

} // namespace ps::py
