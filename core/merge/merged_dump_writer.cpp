#include "merge/merged_dump_writer.h"

#include "io/file_io.h"
#include "io/item_fields.h"
#include "io/json_reader.h"
#include "io/json_writer.h"
#include "util/error.h"
#include "util/memory_budget.h"
#include "vis/json_emit.h"

#include <algorithm>
#include <map>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace ps::merge {

namespace {

// The records of the main rank's dump.json, located once and parsed one at a time when written.
class RawRecords {
public:
    explicit RawRecords(const std::string& path)
        : m_file(path)
        , m_path(path)
    {
        try {
            locate();
        } catch (...) {
            m_file.checkUnchanged(); // a file a job is still writing: say so rather than what the parser met
            throw;
        }
    }

    // The records are read again while the merged dump is written: the file must not have changed meanwhile.
    void checkUnchanged() const { m_file.checkUnchanged(); }

    // The record's value in `arena`, or nullopt when the main rank has none of that name.
    std::optional<JValue> find(const std::string& name, JArena& arena) const
    {
        auto it = m_offsets.find(name);
        if (it == m_offsets.end())
            return std::nullopt;
        JsonReader reader(m_file.text().substr(it->second.first, it->second.second - it->second.first), m_path);
        return reader.readValue(arena);
    }

private:
    void locate()
    {
        JsonReader reader(m_file.text(), m_path);
        reader.beginObject();
        std::string_view key;
        while (reader.nextMember(key)) {
            if (key != "data" || reader.peek() != '{') {
                reader.skipValue();
                continue;
            }
            reader.beginObject();
            std::string_view name;
            while (reader.nextMember(name)) {
                std::string record(name);
                const size_t begin = reader.offset();
                reader.skipValue();
                m_offsets[record] = { begin, reader.offset() }; // a repeated name: the last, as json.load keeps it
            }
        }
    }

    MappedFile m_file;
    std::string m_path;
    std::unordered_map<std::string, std::pair<size_t, size_t>> m_offsets;
};

// A field of a merged item as msprobe's data item holds it (collectItemFields: a str, or a value of the dump).
void writeField(PyJsonWriter& w, const DumpData& d, const FieldValue& f)
{
    if (f.isText)
        w.string(f.text);
    else
        writeJsonValue(w, d.arena, f.json);
}

bool isDigits(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool isInteger(std::string_view s)
{
    return isDigits(s.starts_with('-') ? s.substr(1) : s);
}

// ast.literal_eval of a shape text: a flat list or tuple of ints becomes a list; None, booleans and numbers stay
// text; anything else (no literal) becomes [].
void writeShapeText(PyJsonWriter& w, const std::string& text)
{
    if (text == "None" || text == "True" || text == "False" || isInteger(text)) {
        w.string(text);
        return;
    }
    std::vector<std::string> numbers;
    bool ok = text.size() >= 2
        && ((text.front() == '[' && text.back() == ']') || (text.front() == '(' && text.back() == ')'));
    if (ok) {
        std::vector<std::string> elements(1);
        for (char c : text.substr(1, text.size() - 2)) {
            if (c == ',')
                elements.emplace_back();
            else if (c != ' ')
                elements.back() += c;
        }
        if (elements.size() > 1 && elements.back().empty())
            elements.pop_back(); // "(3,)"
        if (elements.size() == 1 && elements[0].empty())
            elements.clear(); // "[]", "()"
        for (const std::string& e : elements) {
            ok = ok && isInteger(e);
            numbers.push_back(e);
        }
    }
    w.beginArray();
    if (ok)
        for (const std::string& t : numbers)
            w.raw(t);
    w.endArray();
}

class DumpJsonWriter {
public:
    DumpJsonWriter(const Graph& g, const RawRecords& raw, std::string& out)
        : m_g(g)
        , m_d(*g.dump)
        , m_raw(raw)
        , m_w(out, 2)
    {
    }

    void node(NodeId n)
    {
        const std::string name(m_g.nameOf(n));
        m_items.clear();
        for (auto items : { m_g.inputItems(n), m_g.outputItems(n) })
            for (uint32_t i : items)
                m_items[m_d.itemKey(m_d.items[i])] = i;
        m_arena.clear();
        std::optional<JValue> record = m_raw.find(name, m_arena);
        const bool fromRaw = record && record->isObject() && record->n > 0;
        Rebuilt rebuilt;
        if (!fromRaw) {
            rebuilt = rebuild(name, n);
            if (rebuilt.empty())
                return; // msprobe leaves out a node it cannot rebuild
        }
        m_w.key(name);
        m_w.beginObject();
        if (fromRaw)
            fromRecord(name, *record);
        else
            write(rebuilt);
        if (auto it = m_g.mergeInfo.find(n); it != m_g.mergeInfo.end()) {
            m_w.key("parallel_merge_info");
            m_w.beginArray();
            for (const std::string& line : it->second)
                m_w.string(line);
            m_w.endArray();
        }
        m_w.endObject();
    }

    PyJsonWriter& writer() { return m_w; }

private:
    // The main rank's record, its items' statistics taken from the merged items of the same name.
    void fromRecord(const std::string& node, const JValue& record)
    {
        for (const JMember& m : m_arena.members(record)) {
            std::string_view field = m_arena.pool().view(m.key);
            m_w.key(field);
            const JValue& v = m.value;
            const char* io = field == "input_args" || field == "input_kwargs" ? ".input."
                : field == "output"                                           ? ".output."
                : field == "parameters"                                       ? ".parameters."
                                                                              : nullptr;
            if (io && field != "input_kwargs" && v.isArray()) {
                m_w.beginArray();
                uint32_t i = 0;
                for (const JValue& e : m_arena.elements(v))
                    item(e, node + io + std::to_string(i++), true);
                m_w.endArray();
            } else if (field == "input_kwargs" && v.isObject()) {
                m_w.beginObject();
                for (const JMember& k : m_arena.members(v)) {
                    std::string_view key = m_arena.pool().view(k.key);
                    m_w.key(key);
                    const bool leaf = k.value.isObject() && m_arena.member(k.value, "type");
                    item(k.value, leaf ? node + io + std::string(key) : std::string(), true);
                }
                m_w.endObject();
            } else {
                writeJsonValue(m_w, m_arena, v);
            }
        }
    }

    // One argument of the record: a dict takes the merged item's statistics (when `name` has one) and loses md5.
    void item(const JValue& v, const std::string& name, bool dropMd5)
    {
        if (!v.isObject()) {
            writeJsonValue(m_w, m_arena, v);
            return;
        }
        auto found = name.empty() ? m_items.end() : m_items.find(name);
        static const char* const kStats[] = { "Max", "Min", "Mean", "Norm" };
        FieldValue stats[4];
        if (found != m_items.end()) {
            collectItemFields(m_d, m_d.items[found->second], m_fields, RulesProfile::Msprobe26);
            for (int k = 0; k < 4; ++k)
                if (const FieldValue* f = findField(m_fields, kStats[k]))
                    stats[k] = *f;
        }
        bool written[4] = {};
        m_w.beginObject();
        for (const JMember& m : m_arena.members(v)) {
            std::string_view key = m_arena.pool().view(m.key);
            if (dropMd5 && key == "md5")
                continue;
            m_w.key(key);
            int stat = -1;
            for (int k = 0; k < 4; ++k)
                if (key == kStats[k])
                    stat = k;
            if (stat >= 0 && found != m_items.end()) {
                writeField(m_w, m_d, stats[stat]);
                written[stat] = true;
            } else {
                writeJsonValue(m_w, m_arena, m.value);
            }
        }
        if (found != m_items.end())
            for (int k = 0; k < 4; ++k)
                if (!written[k]) {
                    m_w.key(kStats[k]);
                    writeField(m_w, m_d, stats[k]);
                }
        m_w.endObject();
    }

    // A node the main rank did not dump (another rank's, or renamed) is rebuilt from its items by their names:
    // "input.<n>" arguments by position, other "input.<name>" keyword arguments, "output.<n>", "parameters.<n>".
    struct Rebuilt {
        std::map<long long, uint32_t> args, outputs; // the first item of each position
        std::vector<std::pair<std::string, uint32_t>> kwargs;
        std::vector<std::pair<std::string, uint32_t>> params;
        bool empty() const { return args.empty() && outputs.empty() && kwargs.empty() && params.empty(); }
    };

    Rebuilt rebuild(const std::string& node, NodeId n) const
    {
        Rebuilt r;
        std::unordered_set<std::string> kwargKeys, paramKeys; // the first item of each name, found in O(1)
        for (int dir = 0; dir < 2; ++dir) {
            for (uint32_t i : dir == 0 ? m_g.inputItems(n) : m_g.outputItems(n)) {
                std::string key = m_d.itemKey(m_d.items[i]);
                std::string suffix = key.rfind(node, 0) == 0 ? key.substr(std::min(key.size(), node.size() + 1)) : key;
                size_t dot = suffix.find('.');
                if (dot == std::string::npos)
                    continue;
                std::string marker = suffix.substr(0, dot), index = suffix.substr(dot + 1);
                const bool number = isDigits(index) && index.size() <= 18;
                if (dir == 1) {
                    if (marker == "output" && number)
                        r.outputs.emplace(std::stoll(index), i);
                } else if (marker == "input") {
                    if (number)
                        r.args.emplace(std::stoll(index), i);
                    else if (kwargKeys.insert(index).second)
                        r.kwargs.emplace_back(index, i);
                } else if (marker == "parameters" && number && paramKeys.insert(index).second) {
                    r.params.emplace_back(index, i);
                }
            }
        }
        return r;
    }

    void write(const Rebuilt& r)
    {
        auto list = [&](const char* field, const auto& entries) {
            if (entries.empty())
                return;
            m_w.key(field);
            m_w.beginArray();
            for (const auto& e : entries)
                converted(e.second);
            m_w.endArray();
        };
        list("input_args", r.args);
        if (!r.kwargs.empty()) {
            m_w.key("input_kwargs");
            m_w.beginObject();
            for (const auto& [key, i] : r.kwargs) {
                m_w.key(key);
                converted(i);
            }
            m_w.endObject();
        }
        list("output", r.outputs);
        list("parameters", r.params);
    }

    // msprobe's _convert_entry of an item's fields: without data_name, full_op_name, state and md5, requires_grad
    // a boolean (dropped when None), the shape text a list; null when every field is None.
    void converted(uint32_t i)
    {
        collectItemFields(m_d, m_d.items[i], m_fields, RulesProfile::Msprobe26);
        std::vector<const ItemField*> kept;
        bool allNone = true;
        for (const ItemField& f : m_fields) {
            if (f.key == "data_name" || f.key == "full_op_name" || f.key == "state")
                continue;
            const bool none = !f.value.isText && f.value.json.isNull();
            if (f.key == "requires_grad" && none)
                continue;
            allNone = allNone && none;
            if (f.key != "md5")
                kept.push_back(&f);
        }
        if (allNone) {
            m_w.null();
            return;
        }
        m_w.beginObject();
        for (const ItemField* f : kept) {
            m_w.key(f->key);
            if (f->key == "requires_grad" && f->value.isText)
                m_w.boolean(f->value.text == "True");
            else if (f->key == "shape" && f->value.isText)
                writeShapeText(m_w, f->value.text);
            else
                writeField(m_w, m_d, f->value);
        }
        m_w.endObject();
    }

    const Graph& m_g;
    const DumpData& m_d;
    const RawRecords& m_raw;
    PyJsonWriter m_w;
    StringPool m_pool;
    JArena m_arena { m_pool };
    std::unordered_map<std::string, uint32_t> m_items;
    ItemFields m_fields;
};

std::string constructJson(const Graph& g, const std::vector<NodeId>& order)
{
    std::string out;
    PyJsonWriter w(out, 2);
    w.beginObject();
    for (NodeId n : order)
        if (n != g.root && g.parent[n] != kNoNode) {
            w.key(g.nameOf(n));
            w.string(g.nameOf(g.parent[n]));
        }
    w.endObject();
    return out;
}

// {"<group>": [[node names], [stack lines]]}: nodes with the same stack share a group, in node order.
std::string stackJson(const Graph& g, const std::vector<NodeId>& order)
{
    std::vector<std::pair<uint32_t, std::vector<NodeId>>> groups;
    std::unordered_map<uint32_t, size_t> byStack;
    for (NodeId n : order) {
        if (g.stackOf(n).empty())
            continue;
        auto [it, fresh] = byStack.emplace(g.stack[n], groups.size());
        if (fresh)
            groups.push_back({ g.stack[n], {} });
        groups[it->second].second.push_back(n);
    }
    std::string out;
    PyJsonWriter w(out, 2);
    w.beginObject();
    for (size_t k = 0; k < groups.size(); ++k) {
        w.key(std::to_string(k));
        w.beginArray();
        w.beginArray();
        for (NodeId n : groups[k].second)
            w.string(g.nameOf(n));
        w.endArray();
        w.beginArray();
        for (StrId line : g.stacks[groups[k].first])
            w.string(g.strings.view(line));
        w.endArray();
        w.endArray();
    }
    w.endObject();
    return out;
}

} // namespace

std::vector<std::string> writeMergedDumpFolder(
    const Graph& g, const std::string& mainRankDir, const std::string& outDir)
{
    if (!g.dump)
        throw Error(ErrorCode::BadArgument, outDir, "the merged graph has no dump data to write");
    const std::vector<NodeId> order = postOrderFromRoot(g);
    const RawRecords raw(joinPath(mainRankDir, "dump.json"));
    const DumpData& d = *g.dump;
    std::string dump;
    DumpJsonWriter writer(g, raw, dump);
    PyJsonWriter& w = writer.writer();
    w.beginObject();
    w.key("task");
    w.string(d.task);
    w.key("level");
    w.string(d.level);
    w.key("framework");
    w.string(d.framework.empty() ? "pytorch" : d.framework);
    w.key("dump_data_dir");
    if (d.dumpDataDirIsNull)
        w.null();
    else if (d.dumpDataDir.empty() || parentDir(d.dumpDataDir) == mainRankDir)
        w.string(d.dumpDataDir);
    else
        w.string(joinPath(mainRankDir, "dump_tensor_data")); // msprobe points it at the rank folder's tensors
    w.key("is_merged");
    w.boolean(true);
    w.key("data");
    w.beginObject();
    try {
        for (NodeId n : order) {
            if (n != g.root && !(g.inputItems(n).empty() && g.outputItems(n).empty()))
                writer.node(n);
            checkMemory(outDir); // the text grows with the dump: the run's memory budget holds here too
        }
        raw.checkUnchanged();
    } catch (...) {
        raw.checkUnchanged();
        throw;
    }
    w.endObject();
    w.endObject();

    ensureDirectory(outDir);
    std::vector<std::string> written;
    for (auto [file, text] : { std::pair { "construct.json", constructJson(g, order) },
             std::pair { "dump.json", std::move(dump) }, std::pair { "stack.json", stackJson(g, order) } }) {
        std::string path = joinPath(outDir, file);
        writeFileAtomically(path, text);
        written.push_back(std::move(path));
    }
    return written;
}

} // namespace ps::merge
