#include "compare/item_fields.h"

#include "util/pyformat.h"

#include <unordered_map>
#include <vector>
#include <zlib.h>

namespace ps {

namespace {

FieldValue jsonField(const JValue& v)
{
    FieldValue f;
    f.json = v;
    return f;
}

FieldValue textField(std::string s)
{
    FieldValue f;
    f.isText = true;
    f.text = std::move(s);
    return f;
}

bool isTruthy(const DumpData& d, const JValue& v)
{
    switch (v.type) {
    case JType::Null:
        return false;
    case JType::Bool:
        return v.b;
    case JType::Int:
        return v.i != 0;
    case JType::BigInt:
        return true;
    case JType::Float:
        return v.d != 0;
    case JType::String:
        return !d.pool.view(v.n).empty();
    case JType::Array:
    case JType::Object:
        return v.n != 0;
    }
    return false;
}

ItemField* find(ItemFields& f, std::string_view key)
{
    for (ItemField& x : f)
        if (x.key == key)
            return &x;
    return nullptr;
}

void setField(ItemFields& f, std::string_view key, FieldValue v)
{
    if (ItemField* x = find(f, key))
        x->value = std::move(v);
    else
        f.push_back({ key, std::move(v) });
}

const char* pyTypeName(const JValue* v)
{
    if (!v)
        return "<class 'NoneType'>";
    switch (v->type) {
    case JType::Null:
        return "<class 'NoneType'>";
    case JType::Bool:
        return "<class 'bool'>";
    case JType::Int:
    case JType::BigInt:
        return "<class 'int'>";
    case JType::Float:
        return "<class 'float'>";
    case JType::String:
        return "<class 'str'>";
    case JType::Array:
        return "<class 'list'>";
    case JType::Object:
        return "<class 'dict'>";
    }
    return "<class 'NoneType'>";
}

// numpy's shape of np.array(value), as str(): "(3,)", "()", "(2, 2)".
std::string numpyShape(const DumpData& d, const JValue* v)
{
    std::vector<size_t> dims;
    const JValue* cur = v;
    while (cur && cur->isArray()) {
        dims.push_back(cur->n);
        if (cur->n == 0)
            break;
        cur = &d.arena.elements(*cur)[0];
    }
    std::string s = "(";
    for (size_t i = 0; i < dims.size(); ++i) {
        if (i)
            s += ", ";
        s += std::to_string(dims[i]);
    }
    if (dims.size() == 1)
        s += ',';
    s += ')';
    return s;
}

std::string crc32Hex(std::string_view text)
{
    uLong crc = crc32(0L, Z_NULL, 0);
    crc = crc32(crc, reinterpret_cast<const Bytef*>(text.data()), uInt(text.size()));
    char buf[16];
    std::snprintf(buf, sizeof buf, "%08lx", static_cast<unsigned long>(crc & 0xffffffffu));
    return buf;
}

} // namespace

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

void collectItemFields(const DumpData& d, const DumpItem& item, ItemFields& out)
{
    out.clear();
    if (d.verbatim) {
        // Read back from a .vis/.vis.db: the leaf already holds the fields as the file shows them.
        LeafFields leaf = d.leafOf(item);
        for (size_t i = 0; i < leaf.size(); ++i)
            out.push_back({ d.pool.view(leaf.keys[i]), jsonField(leaf.values[i]) });
        return;
    }
    if (!item.leaf.isObject()) {
        // Placeholder of a null argument (spec §3.3).
        JValue null;
        for (const char* k : { "type", "Max", "Min", "Mean", "Norm", "dtype", "shape", "md5", "value" })
            out.push_back({ k, jsonField(null) });
        out.push_back({ "data_name", textField("-1") });
        return;
    }
    LeafFields leaf = d.leafOf(item);
    for (size_t i = 0; i < leaf.size(); ++i)
        out.push_back({ d.pool.view(leaf.keys[i]), jsonField(leaf.values[i]) });

    // data_name: kept when truthy, else "-1"
    if (ItemField* dn = find(out, "data_name"); !dn || !(dn->value.isText || isTruthy(d, dn->value.json)))
        setField(out, "data_name", textField("-1"));
    for (const char* k : { "Max", "Min", "Mean", "Norm" })
        if (!find(out, k))
            out.push_back({ k, jsonField(JValue()) });

    ItemField* dtype = find(out, "dtype");
    if (!dtype || !isTruthy(d, dtype->value.json)) {
        const ItemField* typeF = find(out, "type");
        std::string_view type = typeF && typeF->value.json.isString() ? d.pool.view(typeF->value.json.n) : "";
        // A copy: setField below may grow `out` and move the field this would point into.
        const ItemField* valueF = find(out, "value");
        JValue valueCopy = valueF ? valueF->value.json : JValue();
        const JValue* value = valueF ? &valueCopy : nullptr;
        if (type == "torch.Size") {
            std::string shape;
            if (value)
                appendPyStr(shape, d, *value);
            else
                shape = "None";
            setField(out, "dtype", textField("torch.Size"));
            setField(out, "shape", textField(shape));
        } else if (type == "slice") {
            setField(out, "dtype", textField("slice"));
            setField(out, "shape", textField(numpyShape(d, value)));
        } else {
            setField(out, "dtype", textField(pyTypeName(value)));
            setField(out, "shape", textField("[]"));
            JValue v = value ? *value : JValue();
            for (const char* k : { "Max", "Min", "Mean", "Norm" })
                setField(out, k, jsonField(v));
        }
    }

    ItemField* md5 = find(out, "md5");
    if (!md5 || !(md5->value.isText || isTruthy(d, md5->value.json))) {
        // CRC32 of str(value), "" when there is no value: every tensor without md5 gets "00000000".
        std::string text;
        const ItemField* valueF = find(out, "value");
        if (valueF)
            appendPyStr(text, d, valueF->value.json);
        setField(out, "md5", textField(crc32Hex(text)));
    }
}

void itemTypeShape(const DumpData& d, const DumpItem& item, TypeShape& out)
{
    out.type = FieldValue();
    out.shape = FieldValue();
    if (!d.verbatim && item.leaf.isObject()) {
        const JValue *type = nullptr, *dtype = nullptr, *shape = nullptr;
        LeafFields leaf = d.leafOf(item);
        for (size_t i = 0; i < leaf.size(); ++i) {
            if (leaf.keys[i] == d.keys.type)
                type = &leaf.values[i];
            else if (leaf.keys[i] == d.keys.dtype)
                dtype = &leaf.values[i];
            else if (leaf.keys[i] == d.keys.shape)
                shape = &leaf.values[i];
        }
        if (dtype && isTruthy(d, *dtype)) {
            if (type)
                out.type.json = *type;
            if (shape)
                out.shape.json = *shape;
            return;
        }
    }
    thread_local ItemFields fields;
    collectItemFields(d, item, fields);
    if (const FieldValue* t = findField(fields, "type"))
        out.type = *t;
    if (const FieldValue* s = findField(fields, "shape"))
        out.shape = *s;
}

void itemStats(const DumpData& d, const DumpItem& item, ItemStats& out)
{
    if (!d.verbatim && item.leaf.isObject()) {
        const JValue *dtype = nullptr, *md5 = nullptr, *stats[4] = { nullptr, nullptr, nullptr, nullptr };
        bool hasValue = false;
        LeafFields leaf = d.leafOf(item);
        for (size_t i = 0; i < leaf.size(); ++i) {
            const StrId key = leaf.keys[i];
            if (key == d.keys.dtype)
                dtype = &leaf.values[i];
            else if (key == d.keys.md5)
                md5 = &leaf.values[i];
            else if (key == d.keys.value)
                hasValue = true;
            for (int k = 0; k < 4; ++k)
                if (key == d.keys.stats[k])
                    stats[k] = &leaf.values[i];
        }
        bool md5Known = (md5 && isTruthy(d, *md5)) || !hasValue;
        if (dtype && isTruthy(d, *dtype) && md5Known) {
            for (int k = 0; k < 4; ++k)
                out.stats[k] = stats[k] ? jsonField(*stats[k]) : FieldValue();
            out.md5 = md5 && isTruthy(d, *md5) ? jsonField(*md5) : textField("00000000"); // CRC32 of ""
            return;
        }
    }
    thread_local ItemFields fields;
    collectItemFields(d, item, fields);
    const char* names[] = { "Max", "Min", "Mean", "Norm" };
    for (int k = 0; k < 4; ++k) {
        const FieldValue* f = findField(fields, names[k]);
        out.stats[k] = f ? *f : FieldValue();
    }
    const FieldValue* m = findField(fields, "md5");
    out.md5 = m ? *m : FieldValue();
}

const FieldValue* findField(const ItemFields& fields, std::string_view key)
{
    for (const ItemField& f : fields)
        if (f.key == key)
            return &f.value;
    return nullptr;
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
