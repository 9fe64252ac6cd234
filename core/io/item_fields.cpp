#include "io/item_fields.h"

#include "util/pyformat.h"

#include <optional>
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
    static const char* hex = "0123456789abcdef";
    std::string out(8, '0');
    for (int i = 7; i >= 0; --i, crc >>= 4)
        out[size_t(i)] = hex[crc & 15];
    return out;
}

// msprobe 26.0.0's extra non-tensor cases of gen_op_item; false when none applies.
bool special26(const DumpData& d, const DumpItem& item, std::string_view type, const JValue* value, ItemFields& out)
{
    auto setStats = [&](FieldValue v) {
        for (const char* k : { "Max", "Min", "Mean", "Norm" })
            setField(out, k, v);
    };
    std::string name = d.itemKey(item);
    std::string_view last
        = std::string_view(name).substr(name.rfind('.') == std::string::npos ? 0 : name.rfind('.') + 1);
    if (type == "ellipsis") {
        setField(out, "dtype", textField("ellipsis"));
        setField(out, "shape", textField("[]"));
        setStats(value ? jsonField(*value) : FieldValue());
        return true;
    }
    const bool rankArgument = last == "src" || last == "dst" || last == "group_src" || last == "group_dst";
    if (rankArgument || type == "torch.ProcessGroup") {
        std::string text;
        if (rankArgument) {
            if (value)
                appendPyStr(text, d, *value);
            else
                text = "None";
        } else {
            const ItemField* ranks = find(out, "group_ranks");
            if (ranks && !ranks->value.isText)
                appendPyStr(text, d, ranks->value.json);
            else
                text = ranks ? ranks->value.text : "None";
        }
        setField(out, "dtype", textField(std::string(type)));
        setField(out, "shape", textField("[]"));
        setStats(textField(text));
        setField(out, "md5", textField(text));
        return true;
    }
    return false;
}

} // namespace

void collectItemFields(const DumpData& d, const DumpItem& item, ItemFields& out, RulesProfile profile)
{
    const bool v26 = profile == RulesProfile::Msprobe26;
    out.clear();
    if (d.verbatim) {
        // Read back from a .vis/.vis.db: the leaf already holds the fields as the file shows them.
        LeafFields leaf = d.leafOf(item);
        for (size_t i = 0; i < leaf.size(); ++i)
            out.push_back({ d.pool.view(leaf.keys[i]), jsonField(leaf.values[i]) });
        return;
    }
    if (!item.leaf.isObject()) {
        // Placeholder of a null argument.
        JValue null;
        for (const char* k : { "type", "Max", "Min", "Mean", "Norm", "dtype", "shape", "md5", "value" })
            out.push_back({ k, jsonField(null) });
        out.push_back({ "data_name", textField("-1") });
        if (v26)
            out.push_back({ "requires_grad", jsonField(null) });
        return;
    }
    LeafFields leaf = d.leafOf(item);
    // The leaf's own `value` (the last one, as a dict keeps it); the special cases read it unconverted.
    std::optional<JValue> rawValue;
    for (size_t i = 0; i < leaf.size(); ++i) {
        const JValue& v = leaf.values[i];
        if (d.pool.view(leaf.keys[i]) == "value")
            rawValue = v;
        if (v26 && v.type == JType::Bool)
            out.push_back({ d.pool.view(leaf.keys[i]), textField(v.b ? "True" : "False") });
        else
            out.push_back({ d.pool.view(leaf.keys[i]), jsonField(v) });
    }

    // data_name: kept when truthy, else "-1"
    if (ItemField* dn = find(out, "data_name"); !dn || !(dn->value.isText || isTruthy(d, dn->value.json)))
        setField(out, "data_name", textField("-1"));
    if (v26 && !find(out, "requires_grad"))
        out.push_back({ "requires_grad", jsonField(JValue()) });
    for (const char* k : { "Max", "Min", "Mean", "Norm" })
        if (!find(out, k))
            out.push_back({ k, jsonField(JValue()) });

    ItemField* dtype = find(out, "dtype");
    if (!dtype || !isTruthy(d, dtype->value.json)) {
        const ItemField* typeF = find(out, "type");
        std::string_view type = typeF && typeF->value.json.isString() ? d.pool.view(typeF->value.json.n) : "";
        const JValue* value = rawValue ? &*rawValue : nullptr;
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
        } else if (v26 && special26(d, item, type, value, out)) {
            // ellipsis, src/dst, ProcessGroup
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
        if (rawValue)
            appendPyStr(text, d, *rawValue);
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

void itemStats(const DumpData& d, const DumpItem& item, ItemStats& out, RulesProfile profile)
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
    collectItemFields(d, item, fields, profile);
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

} // namespace ps
