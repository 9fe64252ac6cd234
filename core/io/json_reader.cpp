#include "json_reader.h"

#include "util/error.h"
#include "util/limits.h"
#include "util/utf8.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <unordered_map>

namespace ps {

JsonReader::JsonReader(std::string_view text, std::string fileName, int maxDepth)
    : m_text(text)
    , m_file(std::move(fileName))
    , m_maxDepth(maxDepth > 0 ? maxDepth : int(std::min<uint64_t>(limits().maxJsonDepth, INT32_MAX)))
{
    if (m_text.size() >= 3 && m_text.substr(0, 3) == "\xEF\xBB\xBF")
        fail("the file starts with a UTF-8 byte order mark, which JSON does not allow");
}

void JsonReader::fail(const std::string& what) const
{
    size_t line = 1, col = 1;
    size_t end = std::min(m_pos, m_text.size());
    for (size_t i = 0; i < end; ++i) {
        if (m_text[i] == '\n') {
            ++line;
            col = 1;
        } else {
            ++col;
        }
    }
    throw Error(ErrorCode::BadJson, m_file,
        "invalid JSON at line " + std::to_string(line) + ", column " + std::to_string(col) + ": " + what);
}

namespace {

static_assert(std::endian::native == std::endian::little, "the word-at-a-time scans number bytes from the low end");

constexpr uint64_t kOnes = 0x0101010101010101ull;
constexpr uint64_t kHighs = 0x8080808080808080ull;

uint64_t load8(const char* p)
{
    uint64_t w;
    std::memcpy(&w, p, 8);
    return w;
}

// The high bit of each byte of the 8 (little-endian) that is '"', '\\' or a control character. Bytes above the
// first flagged one may be flagged falsely (a borrow), so only the lowest flag is exact: where the scan must stop.
uint64_t stringStops(uint64_t w)
{
    uint64_t quote = w ^ (kOnes * '"');
    uint64_t slash = w ^ (kOnes * '\\');
    return (((quote - kOnes) & ~quote) | ((slash - kOnes) & ~slash) | ((w - kOnes * 0x20) & ~w)) & kHighs;
}

// Where the plain run of string bytes starting at `from` ends: the first '"', '\\' or control character, or the
// end of the text. Eight bytes at a time, straight to the lowest flagged byte.
size_t plainRunEnd(std::string_view text, size_t from)
{
    size_t i = from;
    while (i + 8 <= text.size()) {
        uint64_t stops = stringStops(load8(text.data() + i));
        if (stops != 0)
            return i + size_t(std::countr_zero(stops)) / 8;
        i += 8;
    }
    while (i < text.size() && text[i] != '"' && text[i] != '\\' && static_cast<unsigned char>(text[i]) >= 0x20)
        ++i;
    return i;
}

} // namespace

void JsonReader::skipWs()
{
    // Pretty-printed dumps are mostly a newline and a few spaces of indentation: step over the spaces of a word at
    // once, to the first byte that is not one.
    while (m_pos < m_text.size()) {
        char c = m_text[m_pos];
        if (c == ' ' && m_pos + 8 <= m_text.size()) {
            uint64_t other = load8(m_text.data() + m_pos) ^ (kOnes * ' ');
            if (other == 0) {
                m_pos += 8;
                continue;
            }
            m_pos += size_t(std::countr_zero(other)) / 8;
            continue;
        }
        if (c != ' ' && c != '\n' && c != '\r' && c != '\t')
            break;
        ++m_pos;
    }
}

char JsonReader::peek()
{
    skipWs();
    return m_pos < m_text.size() ? m_text[m_pos] : '\0';
}

bool JsonReader::atEnd()
{
    skipWs();
    return m_pos >= m_text.size();
}

void JsonReader::expectEnd()
{
    if (!atEnd())
        fail("unexpected text after the end of the document");
}

void JsonReader::beginObject()
{
    if (peek() != '{')
        fail("expected an object");
    ++m_pos;
    if (int(m_needComma.size()) >= m_maxDepth)
        fail(overLimit(
            "nesting deeper than " + std::to_string(m_maxDepth) + " levels", "max_json_depth", uint64_t(m_maxDepth)));
    m_needComma.push_back(false);
}

void JsonReader::beginArray()
{
    if (peek() != '[')
        fail("expected an array");
    ++m_pos;
    if (int(m_needComma.size()) >= m_maxDepth)
        fail(overLimit(
            "nesting deeper than " + std::to_string(m_maxDepth) + " levels", "max_json_depth", uint64_t(m_maxDepth)));
    m_needComma.push_back(false);
}

void JsonReader::separator(char close)
{
    (void)close;
    if (m_needComma.back()) {
        if (peek() != ',')
            fail(std::string("expected ',' or '") + close + "'");
        ++m_pos;
        skipWs();
        if (m_pos < m_text.size() && (m_text[m_pos] == '}' || m_text[m_pos] == ']'))
            fail("trailing comma");
    }
    m_needComma.back() = true;
}

bool JsonReader::nextMember(std::string_view& key)
{
    if (peek() == '}') {
        ++m_pos;
        m_needComma.pop_back();
        return false;
    }
    separator('}');
    if (peek() != '"')
        fail("expected a string key");
    key = readString();
    if (peek() != ':')
        fail("expected ':' after a key");
    ++m_pos;
    return true;
}

bool JsonReader::nextElement()
{
    if (peek() == ']') {
        ++m_pos;
        m_needComma.pop_back();
        return false;
    }
    separator(']');
    return true;
}

namespace {

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

} // namespace

void JsonReader::checkStringLength(size_t bytes) const
{
    if (bytes > limits().maxStringBytes)
        fail(
            overLimit("a string of " + std::to_string(bytes) + " bytes", "max_string_length", limits().maxStringBytes));
}

std::string_view JsonReader::readString()
{
    if (peek() != '"')
        fail("expected a string");
    size_t start = ++m_pos;
    m_pos = plainRunEnd(m_text, start);
    if (m_pos < m_text.size() && m_text[m_pos] == '"') { // no escapes: the text is the view itself
        std::string_view v = m_text.substr(start, m_pos - start);
        checkStringLength(v.size());
        ++m_pos;
        return v;
    }
    m_scratch.assign(m_text.data() + start, m_pos - start);
    while (true) { // at a stop byte, or the end
        if (m_pos >= m_text.size())
            fail("unterminated string");
        char c = m_text[m_pos];
        if (c == '"') {
            ++m_pos;
            checkStringLength(m_scratch.size());
            return m_scratch;
        }
        if (static_cast<unsigned char>(c) < 0x20)
            fail("control character inside a string");
        if (++m_pos >= m_text.size()) // past the backslash
            fail("unterminated string");
        char e = m_text[m_pos++];
        switch (e) {
        case '"':
            m_scratch += '"';
            break;
        case '\\':
            m_scratch += '\\';
            break;
        case '/':
            m_scratch += '/';
            break;
        case 'b':
            m_scratch += '\b';
            break;
        case 'f':
            m_scratch += '\f';
            break;
        case 'n':
            m_scratch += '\n';
            break;
        case 'r':
            m_scratch += '\r';
            break;
        case 't':
            m_scratch += '\t';
            break;
        case 'u': {
            auto hex4 = [&]() -> uint32_t {
                if (m_pos + 4 > m_text.size())
                    fail("truncated \\u escape");
                uint32_t v = 0;
                for (int k = 0; k < 4; ++k) {
                    int h = hexValue(m_text[m_pos++]);
                    if (h < 0)
                        fail("invalid \\u escape");
                    v = v * 16 + uint32_t(h);
                }
                return v;
            };
            uint32_t cp = hex4();
            if (cp >= 0xD800 && cp < 0xDC00 && m_pos + 6 <= m_text.size() && m_text[m_pos] == '\\'
                && m_text[m_pos + 1] == 'u') {
                size_t save = m_pos;
                m_pos += 2;
                uint32_t lo = hex4();
                if (lo >= 0xDC00 && lo < 0xE000)
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                else
                    m_pos = save;
            }
            utf8::append(m_scratch, cp);
            break;
        }
        default:
            fail("invalid escape in a string");
        }
        size_t run = m_pos;
        m_pos = plainRunEnd(m_text, m_pos);
        m_scratch.append(m_text.data() + run, m_pos - run);
    }
}

bool JsonReader::matchLiteral(std::string_view lit)
{
    if (m_text.substr(m_pos, lit.size()) == lit) {
        m_pos += lit.size();
        return true;
    }
    return false;
}

JValue JsonReader::readNumber(StringPool& pool)
{
    size_t start = m_pos;
    bool isFloat = false;
    if (m_text[m_pos] == '-')
        ++m_pos;
    if (m_pos < m_text.size() && m_text[m_pos] == 'I' && matchLiteral("Infinity")) {
        JValue v;
        v.type = JType::Float;
        v.d = m_text[start] == '-' ? -HUGE_VAL : HUGE_VAL;
        return v;
    }
    size_t digitsStart = m_pos;
    while (m_pos < m_text.size()) {
        char c = m_text[m_pos];
        if (c >= '0' && c <= '9') {
            ++m_pos;
        } else if (c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
            isFloat = true;
            ++m_pos;
        } else {
            break;
        }
    }
    if (m_pos == digitsStart)
        fail("invalid number");
    const char* b = m_text.data() + start;
    const char* e = m_text.data() + m_pos;
    if (digitsStart + 1 < m_pos && m_text[digitsStart] == '0' && m_text[digitsStart + 1] >= '0'
        && m_text[digitsStart + 1] <= '9')
        fail("number with a leading zero");
    JValue v;
    if (isFloat) {
        v.type = JType::Float;
        auto res = std::from_chars(b, e, v.d);
        if (res.ptr != e || (res.ec != std::errc() && res.ec != std::errc::result_out_of_range))
            fail("invalid number");
        if (res.ec == std::errc::result_out_of_range)
            v.d = std::strtod(std::string(b, e).c_str(), nullptr);
        return v;
    }
    auto res = std::from_chars(b, e, v.i);
    if (res.ec == std::errc::result_out_of_range) {
        v.type = JType::BigInt;
        v.n = pool.intern(std::string_view(b, size_t(e - b)));
        return v;
    }
    if (res.ptr != e || res.ec != std::errc())
        fail("invalid number");
    v.type = JType::Int;
    return v;
}

JValue JsonReader::readScalar(StringPool& pool)
{
    char c = peek();
    JValue v;
    switch (c) {
    case '"':
        v.type = JType::String;
        v.n = pool.intern(readString());
        return v;
    case 't':
        if (!matchLiteral("true"))
            fail("invalid literal");
        v.type = JType::Bool;
        v.b = true;
        return v;
    case 'f':
        if (!matchLiteral("false"))
            fail("invalid literal");
        v.type = JType::Bool;
        return v;
    case 'n':
        if (!matchLiteral("null"))
            fail("invalid literal");
        return v;
    case 'N':
        if (!matchLiteral("NaN"))
            fail("invalid literal");
        v.type = JType::Float;
        v.d = std::nan("");
        return v;
    case '\0':
        fail("unexpected end of file");
    default:
        if (c == '-' || c == 'I' || (c >= '0' && c <= '9')) {
            if (c == 'I') {
                if (!matchLiteral("Infinity"))
                    fail("invalid literal");
                v.type = JType::Float;
                v.d = HUGE_VAL;
                return v;
            }
            return readNumber(pool);
        }
        fail(std::string("unexpected character '") + c + "'");
    }
}

namespace {

// Python dicts keep the first position of a repeated key and its last value. Linear: small objects are scanned,
// larger ones (and the merge) go through a hash table, so 10^6 members with a repeated key cost 10^6 steps.
size_t dedupeMembers(JMember* first, size_t n)
{
    constexpr size_t kScan = 32;
    if (n <= kScan) {
        size_t out = 0;
        for (size_t i = 0; i < n; ++i) {
            size_t j = 0;
            while (j < out && first[j].key != first[i].key)
                ++j;
            if (j < out)
                first[j].value = first[i].value;
            else
                first[out++] = first[i];
        }
        return out;
    }
    std::unordered_map<StrId, size_t> position;
    position.reserve(n);
    size_t out = 0;
    for (size_t i = 0; i < n; ++i) {
        auto [it, inserted] = position.emplace(first[i].key, out);
        if (inserted)
            first[out++] = first[i];
        else
            first[it->second].value = first[i].value;
    }
    return out;
}

} // namespace

JValue JsonReader::readValue(JArena& arena)
{
    char c = peek();
    if (c != '{' && c != '[')
        return readScalar(arena.pool());

    std::vector<Frame>& frames = m_frames; // kept between calls: a dump reads one value per record
    frames.clear();
    size_t baseElems = m_elemStack.size(), baseMembers = m_memberStack.size();
    auto open = [&](bool isObject) {
        if (int(frames.size()) >= m_maxDepth)
            fail(overLimit("nesting deeper than " + std::to_string(m_maxDepth) + " levels", "max_json_depth",
                uint64_t(m_maxDepth)));
        ++m_pos;
        frames.push_back({ isObject, isObject ? m_memberStack.size() : m_elemStack.size(), kNoStr });
    };
    open(c == '{');
    JValue result;
    bool needComma = false;
    while (true) {
        Frame& f = frames.back();
        char ch = peek();
        if (ch == (f.isObject ? '}' : ']')) {
            ++m_pos;
            JValue made;
            if (f.isObject) {
                size_t n = dedupeMembers(m_memberStack.data() + f.start, m_memberStack.size() - f.start);
                made = arena.makeObject({ m_memberStack.data() + f.start, n });
                m_memberStack.resize(f.start);
            } else {
                made = arena.makeArray({ m_elemStack.data() + f.start, m_elemStack.size() - f.start });
                m_elemStack.resize(f.start);
            }
            frames.pop_back();
            if (frames.empty()) {
                result = made;
                break;
            }
            Frame& parent = frames.back();
            if (parent.isObject)
                m_memberStack.push_back({ parent.key, made });
            else
                m_elemStack.push_back(made);
            needComma = true;
            continue;
        }
        if (needComma) {
            if (ch != ',')
                fail(std::string("expected ',' or '") + (f.isObject ? '}' : ']') + "'");
            ++m_pos;
            ch = peek();
            if (ch == '}' || ch == ']')
                fail("trailing comma");
        }
        StrId key = kNoStr;
        if (f.isObject) {
            if (ch != '"')
                fail("expected a string key");
            key = arena.pool().intern(readString());
            if (peek() != ':')
                fail("expected ':' after a key");
            ++m_pos;
            ch = peek();
        }
        if (ch == '{' || ch == '[') {
            f.key = key;
            open(ch == '{');
            needComma = false;
            continue;
        }
        JValue v = readScalar(arena.pool());
        if (f.isObject)
            m_memberStack.push_back({ key, v });
        else
            m_elemStack.push_back(v);
        needComma = true;
    }
    m_elemStack.resize(baseElems);
    m_memberStack.resize(baseMembers);
    return result;
}

void JsonReader::skipValue()
{
    char c = peek();
    if (c != '{' && c != '[') {
        if (c == '"') {
            readString();
            return;
        }
        StringPool dummy;
        readScalar(dummy);
        return;
    }
    // Containers: match brackets while stepping over strings.
    int depth = 0;
    while (m_pos < m_text.size()) {
        char ch = m_text[m_pos];
        if (ch == '"') {
            readString();
            continue;
        }
        ++m_pos;
        if (ch == '{' || ch == '[') {
            if (++depth > m_maxDepth)
                fail(overLimit("nesting deeper than " + std::to_string(m_maxDepth) + " levels", "max_json_depth",
                    uint64_t(m_maxDepth)));
        } else if (ch == '}' || ch == ']') {
            if (--depth == 0)
                return;
        }
    }
    fail("unexpected end of file");
}

} // namespace ps
