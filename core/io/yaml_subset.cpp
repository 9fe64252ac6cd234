#include "io/yaml_subset.h"

#include "util/error.h"
#include "util/utf8.h"

#include <cstdint>

namespace ps::yaml {

namespace {

// ---- Input checks -------------------------------------------------------------------------------------------

// Characters a YAML file may not hold raw (PyYAML's printable set), plus NEL/LS/PS, which PyYAML reads as line
// breaks where this reader would not: refusing them keeps both readings the same.
bool needsEscape(uint32_t cp)
{
    return (cp < 0x20 && cp != '\t') || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f) || cp == 0x2028 || cp == 0x2029
        || cp == 0xfeff || cp == 0xfffe || cp == 0xffff;
}

// ---- YAML 1.1 implicit types (PyYAML's resolver), matched by hand: std::regex recurses per character -------

struct Cursor {
    std::string_view s;
    size_t i = 0;
    bool end() const { return i >= s.size(); }
    char peek(size_t ahead = 0) const { return i + ahead < s.size() ? s[i + ahead] : '\0'; }
    bool eat(char c)
    {
        if (peek() != c || end())
            return false;
        ++i;
        return true;
    }
    bool eatAny(std::string_view set)
    {
        if (end() || set.find(peek()) == std::string_view::npos)
            return false;
        ++i;
        return true;
    }
    size_t eatWhile(std::string_view set)
    {
        size_t start = i;
        while (eatAny(set)) { }
        return i - start;
    }
};

constexpr std::string_view kDigits = "0123456789";
constexpr std::string_view kDigitsUnderscore = "0123456789_";

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// (":" [0-5]?[0-9])+ ; greedy is exact because a digit may not follow a group.
bool eatSexagesimal(Cursor& c)
{
    size_t groups = 0;
    while (c.peek() == ':' && isDigit(c.peek(1))) {
        c.i += 2;
        if (c.s[c.i - 1] <= '5' && isDigit(c.peek()))
            ++c.i;
        ++groups;
    }
    return groups > 0;
}

// ([eE][-+][0-9]+)?
bool eatExponent(Cursor& c)
{
    Cursor save = c;
    if (!c.eatAny("eE") || !c.eatAny("-+") || c.eatWhile(kDigits) == 0) {
        c = save;
        return false;
    }
    return true;
}

bool isInt(std::string_view s)
{
    Cursor c { s };
    c.eatAny("-+");
    Cursor body = c;
    if (c.eat('0') && c.eat('b'))
        return c.eatWhile("01_") > 0 && c.end();
    c = body;
    if (c.eat('0') && c.eat('x'))
        return c.eatWhile("0123456789abcdefABCDEF_") > 0 && c.end();
    c = body;
    if (c.eat('0'))
        return c.end() || (c.eatWhile("01234567_") > 0 && c.end());
    c = body;
    if (!c.eatAny("123456789"))
        return false;
    c.eatWhile(kDigitsUnderscore);
    if (c.end())
        return true;
    return eatSexagesimal(c) && c.end();
}

bool isFloat(std::string_view s)
{
    for (std::string_view special : { ".nan", ".NaN", ".NAN" })
        if (s == special)
            return true;
    Cursor c { s };
    bool sign = c.eatAny("-+");
    std::string_view rest = s.substr(c.i);
    if (rest == ".inf" || rest == ".Inf" || rest == ".INF")
        return true;
    if (c.eat('.')) { // unsigned only: "\.[0-9_]+([eE][-+][0-9]+)?"
        if (sign || c.eatWhile(kDigitsUnderscore) == 0)
            return false;
        eatExponent(c);
        return c.end();
    }
    if (!c.eatAny(kDigits))
        return false;
    c.eatWhile(kDigitsUnderscore);
    if (c.peek() == ':') { // sexagesimal float: digits (":" [0-5]?[0-9])+ "." [0-9_]*
        if (!eatSexagesimal(c) || !c.eat('.'))
            return false;
        c.eatWhile(kDigitsUnderscore);
        return c.end();
    }
    if (!c.eat('.'))
        return false;
    c.eatWhile(kDigitsUnderscore);
    eatExponent(c);
    return c.end();
}

bool isTimestamp(std::string_view s)
{
    Cursor c { s };
    auto digits = [&](size_t lo, size_t hi) {
        size_t n = 0;
        while (n < hi && isDigit(c.peek())) {
            ++c.i;
            ++n;
        }
        return n >= lo;
    };
    if (!digits(4, 4) || !c.eat('-'))
        return false;
    size_t monthStart = c.i;
    if (!digits(1, 2))
        return false;
    size_t monthLen = c.i - monthStart;
    if (!c.eat('-'))
        return false;
    size_t dayStart = c.i;
    if (!digits(1, 2))
        return false;
    if (c.end())
        return monthLen == 2 && c.i - dayStart == 2; // a date alone needs two-digit month and day
    if (!c.eatAny("Tt") && c.eatWhile(" \t") == 0)
        return false;
    if (!digits(1, 2) || !c.eat(':') || !digits(2, 2) || !c.eat(':') || !digits(2, 2))
        return false;
    if (c.eat('.'))
        c.eatWhile(kDigits);
    c.eatWhile(" \t");
    if (c.eat('Z'))
        return c.end();
    if (c.eatAny("-+")) {
        if (!digits(1, 2))
            return false;
        if (c.eat(':') && !digits(2, 2))
            return false;
    }
    return c.end();
}

// ---- The reader ---------------------------------------------------------------------------------------------

struct Line {
    int number = 0;
    int indent = 0;
    std::string_view text; // after the indentation, '\r' of "\r\n" removed
};

bool isBlank(char c)
{
    return c == ' ' || c == '\t';
}

// Why a scalar may not start with this character (nullptr when it may).
const char* refusedStart(std::string_view s)
{
    char c = s[0];
    bool spaceAfter = s.size() == 1 || isBlank(s[1]);
    switch (c) {
    case '-':
        return spaceAfter ? "lists ('- ' items) are not supported" : nullptr;
    case '?':
        return spaceAfter ? "complex keys ('? ') are not supported" : nullptr;
    case ':':
        return spaceAfter ? "a key is missing before ':'" : nullptr;
    case '[':
    case '{':
        return "flow collections ([...] and {...}) are not supported; write one 'key: value' per line";
    case '&':
        return "anchors (&) are not supported";
    case '*':
        return "aliases (*) are not supported";
    case '!':
        return "tags (!) are not supported";
    case '|':
    case '>':
        return "block scalars (| and >) are not supported";
    case ',':
    case ']':
    case '}':
    case '@':
    case '`':
    case '%':
        return "a name cannot start with this character unless it is quoted";
    default:
        return nullptr;
    }
}

class Reader {
public:
    Reader(std::string_view text, const std::string& sourceName)
        : m_source(sourceName)
    {
        splitLines(text);
    }

    Node document()
    {
        if (m_lines.empty())
            return {};
        size_t i = 0;
        Node top;
        if (isEmptyFlowMap(m_lines[0].text)) {
            top.kind = Node::Kind::Map;
            top.line = m_lines[0].number;
            i = 1;
        } else {
            top = block(i, -1, 0);
        }
        if (i < m_lines.size())
            fail(m_lines[i].number,
                i == 1 && top.entries.empty() ? "nothing may follow '{}'"
                                              : "the indentation does not line up with the keys above");
        return top;
    }

private:
    [[noreturn]] void fail(int line, const std::string& detail) const
    {
        throw Error(ErrorCode::BadContent, m_source, "line " + std::to_string(line) + ": " + detail);
    }

    // Keeps the lines that hold content; handles `---`, `...` and directives here.
    void splitLines(std::string_view text)
    {
        if (text.substr(0, 3) == "\xef\xbb\xbf")
            text.remove_prefix(3); // a UTF-8 byte order mark
        bool ended = false;
        int number = 0;
        for (size_t pos = 0; pos <= text.size();) {
            size_t nl = text.find('\n', pos);
            std::string_view raw = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
            pos = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
            ++number;
            if (!raw.empty() && raw.back() == '\r')
                raw.remove_suffix(1);
            if (raw.find('\r') != std::string_view::npos)
                fail(number, "a carriage return inside a line");
            size_t spaces = 0;
            while (spaces < raw.size() && raw[spaces] == ' ')
                ++spaces;
            size_t first = spaces;
            while (first < raw.size() && isBlank(raw[first]))
                ++first;
            if (first == raw.size() || raw[first] == '#')
                continue; // blank or comment only
            if (first != spaces)
                fail(number, "a tab in the indentation (YAML indents with spaces only)");
            std::string_view body = raw.substr(spaces);
            if (spaces == 0 && isMarker(body, "---")) {
                if (!m_lines.empty() || ended)
                    fail(number, "only one YAML document is allowed");
                if (!restIsComment(body.substr(3)))
                    fail(number, "content on the '---' line is not supported; start it on the next line");
                continue;
            }
            if (spaces == 0 && isMarker(body, "...")) {
                if (!restIsComment(body.substr(3)))
                    fail(number, "content after '...' is not supported");
                ended = true;
                continue;
            }
            if (ended)
                fail(number, "only one YAML document is allowed (content after '...')");
            if (spaces == 0 && body[0] == '%')
                fail(number, "YAML directives (%) are not supported");
            if (spaces > 100000)
                fail(number, "the line is indented by more than 100000 spaces");
            m_lines.push_back({ number, int(spaces), body });
        }
    }

    static bool isMarker(std::string_view body, std::string_view marker)
    {
        return body.substr(0, 3) == marker && (body.size() == 3 || isBlank(body[3]));
    }

    static bool restIsComment(std::string_view rest)
    {
        size_t k = 0;
        while (k < rest.size() && isBlank(rest[k]))
            ++k;
        return k == rest.size() || (k > 0 && rest[k] == '#');
    }

    // "{}" with optional blanks and a comment: the one flow collection allowed (an empty mapping).
    static bool isEmptyFlowMap(std::string_view s)
    {
        size_t k = 0;
        if (s.substr(0, 1) != "{")
            return false;
        k = 1;
        while (k < s.size() && isBlank(s[k]))
            ++k;
        if (k == s.size() || s[k] != '}')
            return false;
        return restIsComment(s.substr(k + 1));
    }

    // The mapping whose first line is m_lines[i], if that line is indented more than parentIndent; else Null.
    Node block(size_t& i, int parentIndent, int depth)
    {
        Node map;
        if (i >= m_lines.size() || m_lines[i].indent <= parentIndent)
            return map;
        if (depth >= kMaxDepth)
            fail(m_lines[i].number, "mappings nested deeper than " + std::to_string(kMaxDepth) + " levels");
        map.kind = Node::Kind::Map;
        map.line = m_lines[i].number;
        const int indent = m_lines[i].indent;
        while (i < m_lines.size() && m_lines[i].indent >= indent) {
            const Line& line = m_lines[i];
            if (line.indent != indent)
                fail(line.number, "the indentation does not line up with the keys above");
            ++i;
            std::string_view rest;
            Node key = scalarAt(line, line.text, rest, true);
            Node value;
            if (rest.empty()) {
                value = block(i, indent, depth + 1);
                if (value.kind == Node::Kind::Null)
                    value.line = line.number;
            } else {
                value = inlineValue(line, rest);
                if (i < m_lines.size() && m_lines[i].indent > indent)
                    fail(m_lines[i].number,
                        "indented under a key that already has a value (values spanning lines are not supported)");
            }
            map.entries.push_back({ std::move(key), std::move(value) });
        }
        return map;
    }

    // The value after "key:" (already known not to be empty or a comment).
    Node inlineValue(const Line& line, std::string_view text)
    {
        if (isEmptyFlowMap(text)) {
            Node empty;
            empty.kind = Node::Kind::Map;
            empty.line = line.number;
            return empty;
        }
        std::string_view none;
        return scalarAt(line, text, none, false);
    }

    // Reads a scalar at the start of `text`. A key must be followed by ':', and `rest` gets what follows the colon
    // (empty when only blanks or a comment do). A value may only be followed by blanks and a comment.
    Node scalarAt(const Line& line, std::string_view text, std::string_view& rest, bool isKey)
    {
        Node node;
        node.kind = Node::Kind::Scalar;
        node.line = line.number;
        size_t k = 0;
        if (text[0] == '\'' || text[0] == '"') {
            k = quotedScalar(line, text, node.scalar);
        } else {
            if (const char* why = refusedStart(text))
                fail(line.number, why);
            node.plain = true;
            // A plain scalar ends at ": ", a final ':', or " #" (a comment).
            while (k < text.size()) {
                if (text[k] == ':' && (k + 1 == text.size() || isBlank(text[k + 1])))
                    break;
                if (text[k] == '#' && k > 0 && isBlank(text[k - 1]))
                    break;
                ++k;
            }
            size_t end = k;
            while (end > 0 && isBlank(text[end - 1]))
                --end;
            node.scalar = std::string(text.substr(0, end));
            if (isKey && node.scalar == "<<")
                fail(line.number, "merge keys (<<) are not supported");
        }
        while (k < text.size() && isBlank(text[k]))
            ++k;
        if (k < text.size() && text[k] == '#' && !isBlank(text[k - 1]))
            fail(line.number, "a comment needs a blank before '#'");
        bool colon = k < text.size() && text[k] == ':' && (k + 1 == text.size() || isBlank(text[k + 1]));
        rest = {};
        if (!isKey) {
            if (colon)
                fail(line.number, "a value cannot hold ': ' unless it is quoted");
            if (k < text.size() && text[k] != '#')
                fail(line.number, "unexpected text after the quoted value");
            return node;
        }
        if (!colon)
            fail(line.number, "expected 'key: value' (a line without a ':' after its key)");
        std::string_view after = text.substr(k + 1);
        size_t b = 0;
        while (b < after.size() && isBlank(after[b]))
            ++b;
        if (b < after.size() && after[b] != '#')
            rest = after.substr(b);
        return node;
    }

    // A quoted scalar at text[0]; returns the index after its closing quote.
    size_t quotedScalar(const Line& line, std::string_view text, std::string& out)
    {
        const char quote = text[0];
        for (size_t k = 1; k < text.size();) {
            char c = text[k];
            if (c == quote) {
                if (quote == '\'' && k + 1 < text.size() && text[k + 1] == '\'') {
                    out += '\'';
                    k += 2;
                    continue;
                }
                return k + 1;
            }
            if (quote == '"' && c == '\\') {
                k = escape(line, text, k, out);
                continue;
            }
            out += c;
            ++k;
        }
        fail(line.number, "the quoted name does not end on this line (names spanning lines are not supported)");
    }

    // The escape at text[k] == '\\' of a double-quoted scalar (YAML 1.1's set); returns the index after it.
    size_t escape(const Line& line, std::string_view text, size_t k, std::string& out)
    {
        if (k + 1 >= text.size())
            fail(line.number, "the quoted name does not end on this line (names spanning lines are not supported)");
        char e = text[k + 1];
        static constexpr std::string_view kSimple = "0abt\tnvfre \"/\\N_LP";
        static constexpr uint32_t kSimpleCode[]
            = { 0, 7, 8, 9, 9, 10, 11, 12, 13, 27, 32, '"', '/', '\\', 0x85, 0xa0, 0x2028, 0x2029 };
        if (size_t at = kSimple.find(e); at != std::string_view::npos) {
            utf8::append(out, kSimpleCode[at]);
            return k + 2;
        }
        size_t digits = e == 'x' ? 2 : e == 'u' ? 4 : e == 'U' ? 8 : 0;
        if (digits == 0)
            fail(line.number, std::string("unknown escape '\\") + e + "' in a quoted name");
        uint32_t cp = 0;
        for (size_t d = 0; d < digits; ++d) {
            char h = k + 2 + d < text.size() ? text[k + 2 + d] : '\0';
            int v = isDigit(h)           ? h - '0'
                : (h >= 'a' && h <= 'f') ? h - 'a' + 10
                : (h >= 'A' && h <= 'F') ? h - 'A' + 10
                                         : -1;
            if (v < 0)
                fail(line.number,
                    std::string("the escape '\\") + e + "' needs " + std::to_string(digits) + " hex digits");
            cp = cp * 16 + uint32_t(v);
        }
        if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
            fail(line.number, "the escape '\\" + std::string(text.substr(k + 1, digits + 1)) + "' is not a character");
        utf8::append(out, cp);
        return k + 2 + digits;
    }

    std::string m_source;
    std::vector<Line> m_lines;
};

} // namespace

int firstUnacceptableLine(std::string_view text)
{
    int line = 1;
    for (size_t i = 0; i < text.size();) {
        uint32_t cp = 0;
        size_t len = utf8::decode(text, i, cp);
        if (len == 0)
            return line;
        if (cp == '\n')
            ++line;
        else if (cp != '\r' && needsEscape(cp) && !(cp == 0xfeff && i == 0))
            return line;
        i += len;
    }
    return 0;
}

const char* plainScalarKind(std::string_view s)
{
    if (s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL")
        return "null";
    for (std::string_view b : { "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False",
             "FALSE", "on", "On", "ON", "off", "Off", "OFF" })
        if (s == b)
            return "a boolean";
    if (isInt(s))
        return "an integer";
    if (isFloat(s))
        return "a number";
    if (isTimestamp(s))
        return "a date";
    if (s == "<<" || s == "=")
        return "a YAML merge or value key";
    return nullptr;
}

namespace {

bool safeAsPlain(std::string_view s)
{
    if (s.empty() || plainScalarKind(s) || refusedStart(s) || s[0] == '\'' || s[0] == '"' || s[0] == '#')
        return false;
    if (isBlank(s.front()) || isBlank(s.back()) || s.back() == ':' || s.substr(0, 3) == "---"
        || s.substr(0, 3) == "...")
        return false;
    for (size_t k = 0; k < s.size(); ++k) {
        if ((s[k] == ':' && k + 1 < s.size() && isBlank(s[k + 1])) || (s[k] == '#' && isBlank(s[k - 1]))
            || s[k] == '\t')
            return false;
    }
    for (size_t i = 0; i < s.size();) {
        uint32_t cp = 0;
        size_t len = utf8::decode(s, i, cp);
        if (len == 0 || needsEscape(cp))
            return false;
        i += len;
    }
    return true;
}

} // namespace

std::string quoted(std::string_view s)
{
    if (safeAsPlain(s))
        return std::string(s);
    std::string out = "\"";
    for (size_t i = 0; i < s.size();) {
        uint32_t cp = 0;
        size_t len = utf8::decode(s, i, cp);
        if (len == 0) { // not UTF-8: kept as is (the reader will refuse the file rather than change the name)
            out += s[i++];
            continue;
        }
        if (cp == '"' || cp == '\\') {
            out += '\\';
            out += char(cp);
        } else if (cp == '\t') {
            out += "\\t";
        } else if (cp == '\n') {
            out += "\\n";
        } else if (needsEscape(cp)) {
            static const char* hex = "0123456789ABCDEF";
            int digits = cp < 0x100 ? 2 : 4;
            out += cp < 0x100 ? "\\x" : "\\u";
            for (int d = digits - 1; d >= 0; --d)
                out += hex[(cp >> (4 * d)) & 15];
        } else {
            out.append(s.substr(i, len));
        }
        i += len;
    }
    return out + '"';
}

Node parse(std::string_view text, const std::string& sourceName)
{
    if (int line = firstUnacceptableLine(text))
        throw Error(ErrorCode::BadContent, sourceName,
            "line " + std::to_string(line) + ": not valid YAML: not UTF-8 text, or a control character");
    return Reader(text, sourceName).document();
}

} // namespace ps::yaml
