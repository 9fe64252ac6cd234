#pragma once
// Python-compatible text for numbers and strings, so that .vis output matches msprobe byte for byte:
// float repr, round(x, n), "{:.6e}", "{:.6f}", str(list) and json.dumps(ensure_ascii=True) escaping.
#include <cstdint>
#include <string>
#include <string_view>

namespace ps::py {

// repr(float): shortest round-trip digits, fixed for 1e-4 <= |x| < 1e16, else scientific ("1e-05").
void appendRepr(std::string& out, double x);
std::string repr(double x);

// round(x, ndigits) with Python's correctly-rounded semantics.
double round(double x, int ndigits);

// "{:.Nf}".format(x) / "{:.6e}".format(x)
std::string formatFixed(double x, int decimals);
std::string formatExp6(double x);
void appendFixed(std::string& out, double x, int decimals);
void appendExp6(std::string& out, double x);

// True when repr(x) uses an exponent (what msprobe's formatter tests with a regex).
bool reprHasExponent(double x);

// JSON number text as json.dumps writes a float (NaN, Infinity, -Infinity for non-finite values).
void appendJsonFloat(std::string& out, double x);

// json.dumps string literal with ensure_ascii=True, quotes included.
void appendJsonString(std::string& out, std::string_view s);

// repr(str) as Python writes it inside str(list): single quotes unless the text has ' and no ".
void appendStrRepr(std::string& out, std::string_view s);

// float(text) as Python parses it: accepts surrounding whitespace, inf/nan spellings, underscores are rejected.
bool parseFloat(std::string_view text, double& out);

} // namespace ps::py
