#include "io/item_fields.h"

#include "util/pyformat.h"

#include <unordered_map>
#include <vector>

// Python semantics of field values: str() of JSON values as json.load builds them, and == between them.
namespace ps {

namespace {

// A scalar as Python's str() shows it, or repr() inside a container (strings quoted).
void appendPyScalar(std::string& out, const DumpData& d, const JValue& v, bool inContainer)
{
    switch (v.type) {
    case JType::Null:
        out += "None";
        return;
    case JType::Bool:
        out += v.b ? "True" : "False";
        return;
    case JType::Int:
        out += std::to_string(v.i);
        return;
    case JType::BigInt:
        out += d.pool.view(v.n);
        return;
    case JType::Float:
        py::appendRepr(out, v.d);
        return;
    case JType::String:
        if (inContainer)
            py::appendStrRepr(out, d.pool.view(v.n));
        else
            out += d.pool.view(v.n);
        return;
    case JType::Array:
    case JType::Object:
        return;
    }
}

} // namespace

void appendPyReprInContainer(std::string& out, const DumpData& d, const JValue& v)
{
    if (v.type == JType::String)
        py::appendStrRepr(out, d.pool.view(v.n));
    else
        appendPyStr(out, d, v);
}

void appendPyStr(std::string& out, const DumpData& d, const JValue& v)
{
    if (!v.isArray() && !v.isObject()) {
        appendPyScalar(out, d, v, false);
        return;
    }
    // Lists and dicts with an explicit stack: a value may nest as deep as max_json_depth allows.
    struct Frame {
        JValue container;
        uint32_t next = 0;
    };
    std::vector<Frame> stack;
    auto open = [&](const JValue& c) {
        out += c.isArray() ? '[' : '{';
        stack.push_back({ c, 0 });
    };
    open(v);
    while (!stack.empty()) {
        Frame& f = stack.back();
        if (f.next == f.container.n) {
            out += f.container.isArray() ? ']' : '}';
            stack.pop_back();
            continue;
        }
        if (f.next > 0)
            out += ", ";
        const uint32_t i = f.next++;
        JValue value;
        if (f.container.isArray()) {
            value = d.arena.elements(f.container)[i];
        } else {
            const JMember& m = d.arena.members(f.container)[i];
            py::appendStrRepr(out, d.pool.view(m.key));
            out += ": ";
            value = m.value;
        }
        if (value.isArray() || value.isObject())
            open(value); // f is not used after this
        else
            appendPyScalar(out, d, value, true);
    }
}

std::string_view fieldText(const DumpData& d, const FieldValue* f)
{
    if (!f)
        return {};
    if (f->isText)
        return f->text;
    return f->json.isString() ? d.pool.view(f->json.n) : std::string_view();
}

namespace {

// Python's == on two JSON values (1 == 1.0 == True). Iterative, and objects of many members are compared through a
// hash table: a hostile field nested thousands deep or holding 10^5 members costs its size, not more.
bool jsonEquals(const DumpData& a, const JValue& rootX, const DumpData& b, const JValue& rootY)
{
    auto isNum
        = [](const JValue& v) { return v.type == JType::Int || v.type == JType::Float || v.type == JType::Bool; };
    auto num = [](const JValue& v) {
        return v.type == JType::Int ? double(v.i) : v.type == JType::Bool ? (v.b ? 1.0 : 0.0) : v.d;
    };
    std::vector<std::pair<JValue, JValue>> todo { { rootX, rootY } };
    while (!todo.empty()) {
        auto [x, y] = todo.back();
        todo.pop_back();
        if (isNum(x) && isNum(y)) {
            if (x.type == JType::Int && y.type == JType::Int ? x.i != y.i : num(x) != num(y))
                return false;
            continue;
        }
        if (x.type != y.type)
            return false;
        switch (x.type) {
        case JType::Null:
            break;
        case JType::String:
        case JType::BigInt:
            if (a.pool.view(x.n) != b.pool.view(y.n))
                return false;
            break;
        case JType::Array: {
            if (x.n != y.n)
                return false;
            auto ex = a.arena.elements(x), ey = b.arena.elements(y);
            for (size_t i = 0; i < ex.size(); ++i)
                todo.emplace_back(ex[i], ey[i]);
            break;
        }
        case JType::Object: {
            if (x.n != y.n)
                return false;
            constexpr size_t kScan = 16;
            std::unordered_map<std::string_view, JValue> byKey; // the last value of a repeated key, as member()
            if (y.n > kScan)
                for (const JMember& m : b.arena.members(y))
                    byKey[b.pool.view(m.key)] = m.value;
            for (const JMember& m : a.arena.members(x)) {
                std::string_view key = a.pool.view(m.key);
                if (y.n > kScan) {
                    auto it = byKey.find(key);
                    if (it == byKey.end())
                        return false;
                    todo.emplace_back(m.value, it->second);
                } else {
                    const JValue* other = b.arena.member(y, key);
                    if (!other)
                        return false;
                    todo.emplace_back(m.value, *other);
                }
            }
            break;
        }
        default:
            return false;
        }
    }
    return true;
}

} // namespace

bool fieldEquals(const DumpData& a, const FieldValue* x, const DumpData& b, const FieldValue* y)
{
    bool xNull = !x || (!x->isText && x->json.isNull());
    bool yNull = !y || (!y->isText && y->json.isNull());
    if (xNull || yNull)
        return xNull == yNull;
    if (x->isText || y->isText) {
        bool xs = x->isText || x->json.isString();
        bool ys = y->isText || y->json.isString();
        return xs && ys && fieldText(a, x) == fieldText(b, y);
    }
    return jsonEquals(a, x->json, b, y->json);
}

} // namespace ps
