#include "vis/json_emit.h"

#include "util/pyformat.h"

#include <vector>

namespace ps {

namespace {

void appendScalar(std::string& out, const JArena& arena, const JValue& v)
{
    switch (v.type) {
    case JType::Null:
        out += "null";
        break;
    case JType::Bool:
        out += v.b ? "true" : "false";
        break;
    case JType::Int:
        out += std::to_string(v.i);
        break;
    case JType::BigInt:
        out += arena.text(v);
        break;
    case JType::Float:
        py::appendJsonFloat(out, v.d);
        break;
    case JType::String:
        py::appendJsonString(out, arena.text(v));
        break;
    case JType::Array:
    case JType::Object:
        break;
    }
}

struct Frame {
    JValue container;
    uint32_t next = 0;
};

// Walks v depth-first with an explicit stack; `visit` sees (value, key or nullptr) on the way down and
// `leave` sees each closed container.
template <typename Enter, typename Leave> void walk(const JArena& arena, const JValue& v, Enter enter, Leave leave)
{
    std::vector<Frame> stack;
    auto visit = [&](const JValue& value, const std::string_view* key, bool first) {
        enter(value, key, first);
        if (value.isArray() || value.isObject())
            stack.push_back({ value, 0 });
    };
    visit(v, nullptr, true);
    while (!stack.empty()) {
        Frame& f = stack.back();
        if (f.next == f.container.n) {
            JValue done = f.container;
            stack.pop_back();
            leave(done);
            continue;
        }
        uint32_t i = f.next++;
        bool first = i == 0;
        if (f.container.isObject()) {
            const JMember& m = arena.members(f.container)[i];
            std::string_view key = arena.pool().view(m.key);
            JValue value = m.value;
            visit(value, &key, first);
        } else {
            JValue value = arena.elements(f.container)[i];
            visit(value, nullptr, first);
        }
    }
}

} // namespace

void appendCompactJson(std::string& out, const JArena& arena, const JValue& v)
{
    PyJsonWriter w(out, PyJsonWriter::kCompact);
    writeJsonValue(w, arena, v);
}

void writeJsonValue(PyJsonWriter& w, const JArena& arena, const JValue& v)
{
    std::string scalar;
    walk(
        arena, v,
        [&](const JValue& value, const std::string_view* key, bool) {
            if (key)
                w.key(*key);
            if (value.isArray())
                w.beginArray();
            else if (value.isObject())
                w.beginObject();
            else {
                scalar.clear();
                appendScalar(scalar, arena, value);
                w.raw(scalar);
            }
        },
        [&](const JValue& closed) {
            if (closed.isArray())
                w.endArray();
            else
                w.endObject();
        });
}

void writeLeaf(PyJsonWriter& w, const DumpData& dump, const DumpItem& item)
{
    if (const JValue* raw = dump.leaves.raw(item.leaf))
        return writeJsonValue(w, dump.arena, *raw);
    if (!item.leaf.isObject())
        return writeJsonValue(w, dump.arena, JValue());
    LeafFields leaf = dump.leafOf(item);
    w.beginObject();
    for (size_t i = 0; i < leaf.size(); ++i) {
        w.key(dump.pool.view(leaf.keys[i]));
        writeJsonValue(w, dump.arena, leaf.values[i]);
    }
    w.endObject();
}

} // namespace ps
