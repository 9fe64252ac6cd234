#include "compare/item_fields.h"

#include "util/pyformat.h"

// Python semantics of field values: str() of JSON values as json.load builds them, and == between them.
namespace ps {

void appendPyReprInContainer(std::string& out, const DumpData& d, const JValue& v)
{
    if (v.type == JType::String)
        py::appendStrRepr(out, d.pool.view(v.n));
    else
        appendPyStr(out, d, v);
}

void appendPyStr(std::string& out, const DumpData& d, const JValue& v)
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
        out += d.pool.view(v.n);
        return;
    case JType::Array: {
        out += '[';
        bool first = true;
        for (const JValue& e : d.arena.elements(v)) {
            if (!first)
                out += ", ";
            first = false;
            appendPyReprInContainer(out, d, e);
        }
        out += ']';
        return;
    }
    case JType::Object: {
        out += '{';
        bool first = true;
        for (const JMember& m : d.arena.members(v)) {
            if (!first)
                out += ", ";
            first = false;
            py::appendStrRepr(out, d.pool.view(m.key));
            out += ": ";
            appendPyReprInContainer(out, d, m.value);
        }
        out += '}';
        return;
    }
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

bool jsonEquals(const DumpData& a, const JValue& x, const DumpData& b, const JValue& y)
{
    auto isNum
        = [](const JValue& v) { return v.type == JType::Int || v.type == JType::Float || v.type == JType::Bool; };
    auto num = [](const JValue& v) {
        return v.type == JType::Int ? double(v.i) : v.type == JType::Bool ? (v.b ? 1.0 : 0.0) : v.d;
    };
    if (isNum(x) && isNum(y)) {
        if (x.type == JType::Int && y.type == JType::Int)
            return x.i == y.i;
        return num(x) == num(y);
    }
    if (x.type != y.type)
        return false;
    switch (x.type) {
    case JType::Null:
        return true;
    case JType::String:
    case JType::BigInt:
        return a.pool.view(x.n) == b.pool.view(y.n);
    case JType::Array: {
        if (x.n != y.n)
            return false;
        auto ex = a.arena.elements(x), ey = b.arena.elements(y);
        for (size_t i = 0; i < ex.size(); ++i)
            if (!jsonEquals(a, ex[i], b, ey[i]))
                return false;
        return true;
    }
    case JType::Object: {
        if (x.n != y.n)
            return false;
        for (const JMember& m : a.arena.members(x)) {
            const JValue* other = b.arena.member(y, a.pool.view(m.key));
            if (!other || !jsonEquals(a, m.value, b, *other))
                return false;
        }
        return true;
    }
    default:
        return false;
    }
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
