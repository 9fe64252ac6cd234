#include "vis/vis_reader.h"

#include "io/file_io.h"
#include "io/json_reader.h"
#include "util/error.h"
#include "util/limits.h"
#include "util/memory_budget.h"
#include "vis/vis_reader_common.h"

#include <algorithm>
#include <charconv>
#include <climits>
#include <optional>

#include <zlib.h>

namespace ps {

namespace {

// An integer node field, written as a number or as a string of digits; nullopt for anything else.
std::optional<int64_t> integerOf(const JArena& arena, const JValue& v)
{
    if (v.type == JType::Int)
        return v.i;
    if (v.type != JType::String)
        return std::nullopt;
    std::string_view text = arena.text(v);
    int64_t out = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return out;
}

class VisJsonParser {
public:
    VisJsonParser(std::string_view text, const std::string& file, VisDocument& doc)
        : m_reader(text, file)
        , m_file(file)
        , m_doc(doc)
        , m_top(file)
        , m_npu(file)
        , m_bench(file)
    {
    }

    void parse()
    {
        if (m_reader.peek() != '{')
            m_reader.fail("a .vis file must hold a JSON object");
        VisMeta& meta = m_doc.meta;
        meta.fromFile = true;
        JArena& arena = meta.store->arena;
        VisAssembly how;
        bool hasNpu = false, hasBench = false, hasOverflowKey = false;
        std::string_view key;
        m_reader.beginObject();
        while (m_reader.nextMember(key)) {
            std::string k(key);
            meta.topLevel.emplace_back(k, JValue());
            if (k == "NPU" || k == "Bench") {
                bool npu = k == "NPU";
                if (m_reader.peek() != '{')
                    m_reader.fail("\"" + k + "\" must be a graph object {root, node}");
                (npu ? hasNpu : hasBench) = parseGraphObject(npu ? m_npu : m_bench, npu ? 0 : 1);
            } else if (k == "root" || k == "node" || k == "dump_data_dir") {
                meta.graphKeyOrder[0].push_back(k);
                parseGraphMember(m_top, 0, k);
            } else if (k == "task" && m_reader.peek() == '"') {
                meta.taskText = std::string(m_reader.readString());
                how.mode = modeFromTask(meta.taskText);
            } else if (k == "MicroSteps" && m_reader.peek() != 'n') {
                JValue v = m_reader.readScalar(arena.pool());
                if (v.type != JType::Int || v.i < 0 || v.i > 1000000000)
                    m_reader.fail("\"MicroSteps\" must be a non-negative integer");
                how.microSteps = uint32_t(v.i);
            } else if (k == kVisNotesKey) {
                meta.topLevel.pop_back(); // the document holds them; the writer puts them back
                m_doc.notes = readNotesArray(m_reader);
            } else if (k == "OverflowCheck" && (m_reader.peek() == 't' || m_reader.peek() == 'f')) {
                how.overflowCheck = m_reader.readScalar(arena.pool()).b;
                hasOverflowKey = true;
            } else {
                meta.topLevel.back().second = m_reader.readValue(arena);
            }
        }
        m_reader.expectEnd();
        how.compare = hasNpu;
        if (hasNpu && !hasBench)
            throw Error(ErrorCode::BadContent, m_file, "the compare file has \"NPU\" but no \"Bench\" graph");
        if (!hasNpu && !m_top.hasRoot && m_top.assembler.size() == 0)
            throw Error(ErrorCode::BadContent, m_file,
                "neither a build graph (\"root\" and \"node\") nor a compare file (\"NPU\" and \"Bench\")");
        if (!hasOverflowKey) // the viewer treats a missing OverflowCheck as true
            for (const VisSide* side : { &m_top, &m_npu, &m_bench })
                for (OverflowLevel level : side->overflow)
                    how.overflowCheck |= level != OverflowLevel::None;
        if (how.compare)
            assembleDocument({ &m_npu, &m_bench }, how, m_doc, m_file);
        else
            assembleDocument({ &m_top }, how, m_doc, m_file);
    }

private:
    // Returns false for an empty object (falsy, as Python's bool(file["NPU"])).
    bool parseGraphObject(VisSide& side, size_t sideIndex)
    {
        std::string_view key;
        bool any = false;
        m_reader.beginObject();
        while (m_reader.nextMember(key)) {
            any = true;
            std::string k(key);
            m_doc.meta.graphKeyOrder[sideIndex].push_back(k);
            parseGraphMember(side, sideIndex, k);
        }
        return any;
    }

    void parseGraphMember(VisSide& side, size_t sideIndex, const std::string& key)
    {
        DumpData& dump = side.assembler.dump();
        if (key == "root") {
            if (m_reader.peek() != '"')
                m_reader.fail("\"root\" must be the name of the root node");
            side.rootName = std::string(m_reader.readString());
            side.hasRoot = true;
        } else if (key == "dump_data_dir") {
            if (m_reader.peek() == '"') {
                dump.dumpDataDir = std::string(m_reader.readString());
                dump.dumpDataDirIsNull = false;
            } else {
                m_reader.skipValue();
                dump.dumpDataDirIsNull = true;
            }
        } else if (key == "node") {
            if (m_reader.peek() != '{')
                m_reader.fail("\"node\" must be an object of nodes");
            std::string_view name;
            m_reader.beginObject();
            while (m_reader.nextMember(name))
                parseNode(side, std::string(name));
        } else {
            m_reader.skipValue(); // unknown keys of a graph object are not kept
            m_doc.meta.graphKeyOrder[sideIndex].pop_back();
        }
    }

    void readStrings(const char* what, std::vector<std::string>& out)
    {
        out.clear();
        if (m_reader.peek() != '[')
            m_reader.fail(std::string("\"") + what + "\" must be a list of strings");
        m_reader.beginArray();
        while (m_reader.nextElement()) {
            if (m_reader.peek() != '"')
                m_reader.fail(std::string("\"") + what + "\" must be a list of strings");
            out.emplace_back(m_reader.readString());
        }
    }

    void parseData(Precision& precision, OverflowLevel& overflow)
    {
        if (m_reader.peek() != '{') {
            m_reader.skipValue();
            return;
        }
        std::string_view key;
        m_reader.beginObject();
        while (m_reader.nextMember(key)) {
            if (key == "precision_index") {
                JValue v = m_reader.readScalar(m_doc.meta.store->pool);
                if (v.type == JType::Int)
                    precision = Precision::integer(int(v.i));
                else if (v.type == JType::Float)
                    precision = Precision::real(v.d);
            } else if (key == "overflow_level" && m_reader.peek() == '"') {
                overflow = overflowFromText(m_reader.readString());
            } else {
                m_reader.skipValue(); // Result is derived from precision_index when written
            }
        }
    }

    void parseNode(VisSide& side, const std::string& name)
    {
        if (m_reader.peek() != '{')
            m_reader.fail("the node \"" + name + "\" must be an object");
        // The node is created once all its keys are read: node_type may come after the items.
        JArena& arena = m_doc.meta.store->arena;
        std::string_view key;
        m_inputs.clear();
        m_outputs.clear();
        m_extras.clear();
        m_children.clear();
        m_link.clear();
        m_stack.clear();
        int nodeType = -1;
        std::string parent;
        int64_t microStep = -1;
        JValue distributed;
        Precision precision;
        OverflowLevel overflow = OverflowLevel::None;
        m_reader.beginObject();
        while (m_reader.nextMember(key)) {
            if (key == "node_type") {
                JValue v = m_reader.readScalar(arena.pool());
                std::optional<int64_t> type = integerOf(arena, v);
                if (!type || *type < 0 || *type > 255)
                    m_reader.fail("\"node_type\" of \"" + name + "\" must be an integer from 0 to 255");
                nodeType = int(*type);
            } else if (key == "output_data" || key == "input_data") {
                bool input = key == "input_data";
                readItemObject(
                    m_reader, side, input ? ItemSource::Input : ItemSource::Output, input ? m_inputs : m_outputs);
            } else if (key == "upnode") {
                parent = m_reader.peek() == '"' ? std::string(m_reader.readString()) : (m_reader.skipValue(), "");
            } else if (key == "subnodes") {
                readStrings("subnodes", m_children);
            } else if (key == "matched_node_link") {
                readStrings("matched_node_link", m_link);
            } else if (key == "stack_info" && m_reader.peek() == '[') {
                readStrings("stack_info", m_stack);
            } else if (key == "micro_step_id" && m_reader.peek() != 'n') {
                JValue v = m_reader.readScalar(arena.pool());
                std::optional<int64_t> step = integerOf(arena, v);
                if (v.type == JType::String && !step)
                    step = 0; // as Python's int() of a label would fail, msprobe never writes one; read as 0
                if (!step || *step < -1 || *step > INT32_MAX)
                    m_reader.fail("\"micro_step_id\" of \"" + name + "\" must be an integer from -1 to "
                        + std::to_string(INT32_MAX));
                microStep = *step;
            } else if (key == "data") {
                parseData(precision, overflow);
            } else if (key == "matched_distributed") {
                distributed = m_reader.readValue(arena);
            } else if (key == "id") {
                m_reader.skipValue();
            } else {
                StrId k = arena.pool().intern(key);
                m_extras.push_back({ k, m_reader.readValue(arena) });
            }
        }
        if (nodeType < 0)
            throw Error(ErrorCode::BadContent, m_file, "the node \"" + name + "\" has no \"node_type\"");
        NodeId n = side.addNode(name, nodeType);
        side.assembler.setParent(n, parent);
        for (const std::string& child : m_children)
            side.assembler.addChild(child);
        for (const std::string& l : m_link)
            side.assembler.addLinkName(l);
        side.assembler.setStack(n, m_stack);
        side.assembler.setItems(n, m_inputs, m_outputs);
        side.assembler.graph().microStep[n] = int32_t(microStep);
        side.distributed[n] = distributed;
        if (!m_extras.empty())
            side.extras[n] = arena.makeObject(m_extras);
        side.precision[n] = precision;
        side.overflow[n] = overflow;
    }

    JsonReader m_reader;
    std::string m_file;
    VisDocument& m_doc;
    VisSide m_top, m_npu, m_bench;
    std::vector<uint32_t> m_inputs, m_outputs;
    std::vector<JMember> m_extras;
    std::vector<std::string> m_children, m_link, m_stack;
};

} // namespace

std::string readMaybeGzipped(const std::string& path)
{
    std::string raw = readWholeFile(path);
    if (raw.size() < 2 || uint8_t(raw[0]) != 0x1f || uint8_t(raw[1]) != 0x8b)
        return raw;
    // A few MB of gzip can inflate to GBs: the text is capped by max_inflate_ratio (beyond a small allowance),
    // by max_file_size (it is read as a .vis of that size) and by the memory budget, checked as it grows.
    constexpr uint64_t kSmallText = 16ull << 20;
    const uint64_t ratio = limits().maxInflateRatio;
    const uint64_t byRatio = raw.size() > UINT64_MAX / ratio ? UINT64_MAX : std::max(raw.size() * ratio, kSmallText);
    const uint64_t cap = std::min(byRatio, limits().maxFileBytes);
    z_stream z {};
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
        throw Error(ErrorCode::FileUnreadable, path, "cannot start gzip decompression");
    std::string out;
    uint64_t fed = 0, produced = 0;
    int rc = Z_OK;
    try {
        while (rc != Z_STREAM_END) {
            if (z.avail_in == 0 && fed < raw.size()) {
                const size_t n = size_t(std::min<uint64_t>(raw.size() - fed, 1u << 30));
                z.next_in = reinterpret_cast<Bytef*>(raw.data() + fed);
                z.avail_in = uInt(n);
                fed += n;
            }
            if (produced == out.size()) {
                if (out.size() >= cap)
                    throw Error(ErrorCode::FileTooLarge, path,
                        produced >= limits().maxFileBytes
                            ? overLimit("the gzip data inflates to more than " + std::to_string(cap) + " bytes",
                                "max_file_size", limits().maxFileBytes)
                            : overLimit("the gzip data inflates " + std::to_string(raw.size()) + " bytes to more than "
                                    + std::to_string(cap),
                                "max_inflate_ratio", ratio));
                const uint64_t grow = std::min<uint64_t>(std::max<uint64_t>(out.size(), 1u << 20), cap - out.size());
                checkMemoryFor(grow, "inflating the gzip data", path);
                out.resize(size_t(out.size() + grow));
            }
            const size_t room = size_t(std::min<uint64_t>(out.size() - produced, 1u << 30));
            z.next_out = reinterpret_cast<Bytef*>(out.data() + produced);
            z.avail_out = uInt(room);
            rc = inflate(&z, Z_NO_FLUSH);
            produced += room - z.avail_out;
            if (rc == Z_BUF_ERROR && z.avail_in == 0 && fed == raw.size())
                throw Error(ErrorCode::FileUnreadable, path, "the gzip data is truncated");
            if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR)
                throw Error(ErrorCode::FileUnreadable, path, "the gzip data is corrupt");
        }
    } catch (...) {
        inflateEnd(&z);
        throw;
    }
    inflateEnd(&z);
    out.resize(size_t(produced));
    return out;
}

VisDocument parseVisJson(std::string_view text, const std::string& fileName)
{
    VisDocument doc;
    VisJsonParser parser(text, fileName, doc);
    parser.parse();
    return doc;
}

VisDocument readVisFile(const std::string& path)
{
    // A plain .vis is parsed straight from the page cache (a GB-sized file is neither copied nor zero-filled first);
    // a gzipped one is inflated into memory.
    return parseMapped(path, [&](MappedFile& file) {
        const std::string_view text = file.text();
        if (text.size() >= 2 && uint8_t(text[0]) == 0x1f && uint8_t(text[1]) == 0x8b)
            return parseVisJson(readMaybeGzipped(path), path);
        return parseVisJson(text, path);
    });
}

} // namespace ps
