#include "io/construct_stack.h"

#include "io/file_io.h"
#include "io/json_reader.h"
#include "util/error.h"
#include "util/limits.h"

#include <cstdint>

namespace ps {

ConstructData parseConstructJson(std::string_view text, const std::string& path, StringPool& pool)
{
    ConstructData out;
    out.path = path;
    JsonReader reader(text, path);
    if (reader.peek() != '{')
        reader.fail("construct.json must be a JSON object of node -> parent");
    reader.beginObject();
    std::string_view key;
    // Siblings follow each other: the parent named last is tried before the pool's table (module names are too
    // long for the pool's cache of recent short strings).
    StrId lastParent = kNoStr;
    auto internParent = [&](std::string_view p) {
        if (lastParent == kNoStr || pool.view(lastParent) != p)
            lastParent = pool.intern(p);
        return lastParent;
    };
    out.entries.reserve(text.size() / 96); // an entry takes ~100 bytes
    while (reader.nextMember(key)) {
        StrId node = pool.intern(key);
        if (key == "megatron_micro_step_number") {
            JValue v = reader.readScalar(pool);
            if (v.type == JType::Int && v.i >= INT32_MAX)
                reader.fail("megatron_micro_step_number is " + std::to_string(v.i) + ", not a micro step count");
            if (v.type == JType::Int)
                out.megatronMicroSteps = int(v.i);
            continue;
        }
        StrId parent = kNoStr;
        int32_t microStep = -1;
        char c = reader.peek();
        if (c == '"') {
            std::string_view p = reader.readString();
            parent = p.empty() ? kNoStr : internParent(p);
        } else if (c == '[') {
            // Newer dumps: [parent, micro_step_id], read in place (a generic value per entry was a sixth of reading
            // a side); further elements are skipped.
            reader.beginArray();
            for (size_t k = 0; reader.nextElement(); ++k) {
                if (k == 0 && reader.peek() == '"') {
                    std::string_view p = reader.readString();
                    parent = p.empty() ? kNoStr : internParent(p);
                } else if (k == 1 && reader.peek() != '[' && reader.peek() != '{') {
                    JValue v = reader.readScalar(pool);
                    if (v.type == JType::Int && v.i >= 0 && v.i <= INT32_MAX)
                        microStep = int32_t(v.i);
                } else {
                    reader.skipValue();
                }
            }
        } else {
            JValue v = reader.readScalar(pool);
            if (!v.isNull())
                reader.fail("the parent of \"" + std::string(pool.view(node)) + "\" must be a string or null");
        }
        auto [index, inserted] = out.entryOf.emplace(node, uint32_t(out.entries.size()));
        if (inserted && out.entries.size() >= limits().maxNodes)
            reader.fail(
                overLimit("more than " + std::to_string(limits().maxNodes) + " nodes", "max_nodes", limits().maxNodes));
        if (inserted)
            out.entries.push_back({ node, parent, microStep });
        else
            out.entries[index] = { node, parent, microStep };
    }
    reader.expectEnd();
    return out;
}

ConstructData readConstructJson(const std::string& path, StringPool& pool)
{
    return parseMapped(path, [&](MappedFile& file) {
        if (file.isBlank())
            throw Error(ErrorCode::BadJson, path, "the file is empty");
        return parseConstructJson(file.text(), path, pool);
    });
}

namespace {

std::vector<StrId> linesOf(const JArena& a, const JValue& v, StringPool& pool)
{
    std::vector<StrId> out;
    if (v.isArray()) {
        for (const JValue& e : a.elements(v))
            if (e.isString())
                out.push_back(e.str());
    } else if (v.isString()) {
        // Newer dumps store one text; its frames are separated by newlines that start a "File ..." line.
        std::string_view s = a.text(v);
        size_t start = 0;
        while (start < s.size()) {
            size_t next = s.find("\nFile ", start);
            size_t end = next == std::string_view::npos ? s.size() : next;
            out.push_back(pool.intern(s.substr(start, end - start)));
            start = next == std::string_view::npos ? s.size() : next + 1;
        }
    }
    return out;
}

} // namespace

StackData parseStackJson(std::string_view text, const std::string& path, StringPool& pool)
{
    StackData out;
    JsonReader reader(text, path);
    if (reader.peek() != '{')
        reader.fail("stack.json must be a JSON object");
    JArena arena(pool);
    JValue top = reader.readValue(arena);
    reader.expectEnd();
    const JValue* grouped = arena.member(top, "0");
    bool groupedFormat = grouped && grouped->isArray() && grouped->n > 0;
    // Equal line lists share one group (the 1.2.1 format repeats a stack for every node called from one place).
    std::unordered_map<std::string, uint32_t> groupByLines;
    auto addGroup = [&](std::vector<StrId> lines) {
        std::string key(reinterpret_cast<const char*>(lines.data()), lines.size() * sizeof(StrId));
        auto [it, inserted] = groupByLines.emplace(std::move(key), uint32_t(out.groups.size()));
        if (inserted)
            out.groups.push_back(std::move(lines));
        return it->second;
    };
    for (const JMember& m : arena.members(top)) {
        if (groupedFormat) {
            auto pair = arena.elements(m.value);
            if (!m.value.isArray() || pair.size() < 2 || !pair[0].isArray())
                continue;
            uint32_t group = addGroup(linesOf(arena, pair[1], pool));
            for (const JValue& n : arena.elements(pair[0]))
                if (n.isString())
                    out.groupOf[n.str()] = group;
        } else if (m.value.isArray()) {
            out.groupOf[m.key] = addGroup(linesOf(arena, m.value, pool));
        }
    }
    return out;
}

StackData readStackJson(const std::string& path, StringPool& pool)
{
    return parseMapped(path, [&](MappedFile& file) {
        if (file.isBlank())
            throw Error(ErrorCode::BadJson, path, "the file is empty");
        return parseStackJson(file.text(), path, pool);
    });
}

} // namespace ps
