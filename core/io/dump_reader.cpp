#include "io/dump_data.h"

#include "io/file_io.h"
#include "io/json_reader.h"
#include "io/overflow.h"
#include "util/error.h"
#include "util/limits.h"

namespace ps {

const char* overflowLevelName(OverflowLevel level)
{
    switch (level) {
    case OverflowLevel::Medium:
        return "medium";
    case OverflowLevel::High:
        return "high";
    case OverflowLevel::Critical:
        return "critical";
    case OverflowLevel::None:
        break;
    }
    return "";
}

DumpData::DumpData()
    : arena(pool)
    , leaves(arena)
{
}

uint32_t DumpData::addItem(
    std::string_view key, StrId record, const JArena& from, const JValue& entry, ItemSource source)
{
    DumpItem item;
    std::string_view recordName = record == kNoStr ? std::string_view() : pool.view(record);
    if (!recordName.empty() && key.size() > recordName.size() && key[recordName.size()] == '.'
        && key.substr(0, recordName.size()) == recordName) {
        item.keyPrefix = record;
        item.keySuffix = pool.intern(key.substr(recordName.size()));
    } else {
        item.keySuffix = pool.intern(key);
    }
    item.leaf = leaves.add(from, entry);
    item.source = source;
    itemsPrefault.advance(items.data(), (items.size() + 1) * sizeof(DumpItem), items.capacity() * sizeof(DumpItem));
    items.push_back(item);
    return uint32_t(items.size() - 1);
}

std::string_view DumpData::itemKey(const DumpItem& item, std::string& buffer) const
{
    if (item.keySuffix == kNoStr)
        return {};
    if (item.keyPrefix == kNoStr)
        return pool.view(item.keySuffix);
    buffer.assign(pool.view(item.keyPrefix));
    buffer += pool.view(item.keySuffix);
    return buffer;
}

std::string DumpData::itemKey(const DumpItem& item) const
{
    std::string buffer;
    return std::string(itemKey(item, buffer));
}

const DumpRecord* DumpData::record(std::string_view name) const
{
    StrId id = pool.find(name);
    if (id == kNoStr)
        return nullptr;
    uint32_t index = byName.find(id);
    return index == IdIndex::kNone ? nullptr : &records[index];
}

void DumpData::resolveKeys()
{
    keys.type = pool.find("type");
    keys.dtype = pool.find("dtype");
    keys.shape = pool.find("shape");
    keys.md5 = pool.find("md5");
    keys.value = pool.find("value");
    const char* stats[] = { "Max", "Min", "Mean", "Norm" };
    for (int k = 0; k < 4; ++k)
        keys.stats[k] = pool.find(stats[k]);
}

bool DumpData::anyMd5Field() const
{
    for (const DumpRecord& r : records)
        if (r.hasMd5Field)
            return true;
    return false;
}

size_t DumpData::memoryBytes() const
{
    return arena.memoryBytes() + leaves.memoryBytes() + records.capacity() * sizeof(DumpRecord)
        + items.size() * sizeof(DumpItem); // items: the reserved tail is address space, not memory
}

namespace {

struct Flattener {
    DumpData& dump;
    const JArena& scratch;
    const DumpReadOptions& options;
    std::string path; // current item path, grown and shrunk in place
    StrId dataNameKey;
    StrId typeKey;
    bool indexLists = true; // false inside parameters_grad records: list elements keep their parent's name
    StrId record = kNoStr; // the record being flattened

    void leaf(const JValue& entry, ItemSource source)
    {
        // full_op_name: the data_name stem when data_name is a non-empty string other than "-1".
        std::string_view key = path;
        for (const JMember& m : scratch.members(entry)) {
            if (m.key == dataNameKey && m.value.isString()) {
                std::string_view dn = scratch.text(m.value);
                if (!dn.empty() && dn != "-1") {
                    auto dot = dn.rfind('.');
                    key = dot == std::string_view::npos ? dn : dn.substr(0, dot);
                }
            }
        }
        dump.addItem(key, record, scratch, entry, source);
    }

    void placeholder(ItemSource source) { dump.addItem(path, record, scratch, JValue(), source); }

    bool isLeaf(const JValue& v) const
    {
        if (!v.isObject())
            return false;
        for (const JMember& m : scratch.members(v))
            if (m.key == typeKey && m.value.isString())
                return true;
        return false;
    }

    // Walk with an explicit stack: depth is bounded by msprobe's limit anyway, but no recursion on input.
    void walk(const JValue& root, ItemSource source, const std::string& recordName)
    {
        struct Step {
            JValue value;
            size_t pathLen; // length of `path` before this value's own segment was appended
            std::string segment;
            int depth;
            bool sameName = false; // an element of a list that is not indexed: the list's own name
        };
        std::vector<Step> stack;
        size_t basePathLen = path.size();
        stack.push_back({ root, basePathLen, "", 0 });
        while (!stack.empty()) {
            Step s = std::move(stack.back());
            stack.pop_back();
            path.resize(s.pathLen);
            if (!s.sameName && (!s.segment.empty() || s.depth > 0)) {
                path += '.';
                path += s.segment;
            }
            if (s.depth > options.maxArgumentDepth)
                throw Error(ErrorCode::RecursionLimit, dump.path,
                    "parse of api/module of " + path + " exceeds the recursion limit (record " + recordName + ")");
            const JValue& v = s.value;
            if (v.isNull()) {
                placeholder(source);
            } else if (v.isArray()) {
                auto elems = scratch.elements(v);
                size_t here = path.size();
                for (size_t i = elems.size(); i-- > 0;) {
                    if (indexLists)
                        stack.push_back({ elems[i], here, std::to_string(i), s.depth + 1 });
                    else
                        stack.push_back({ elems[i], here, "", s.depth + 1, true });
                }
            } else if (isLeaf(v)) {
                leaf(v, source);
            } else if (v.isObject()) {
                auto mem = scratch.members(v);
                size_t here = path.size();
                for (size_t i = mem.size(); i-- > 0;)
                    stack.push_back({ mem[i].value, here, std::string(scratch.pool().view(mem[i].key)), s.depth + 1 });
            }
        }
        path.resize(basePathLen);
    }
};

bool recordHasMd5Field(const JArena& a, const JValue& record, StrId md5Key)
{
    if (md5Key == kNoStr)
        return false;
    for (const JMember& field : a.members(record)) {
        const JValue& v = field.value;
        if (v.isArray()) {
            for (const JValue& e : a.elements(v))
                if (e.isObject())
                    for (const JMember& m : a.members(e))
                        if (m.key == md5Key)
                            return true;
        } else if (v.isObject()) {
            for (const JMember& m : a.members(v))
                if (m.key == md5Key)
                    return true;
        }
    }
    return false;
}

// msprobe's read_op: the last or second-last name segment is "parameters_grad" (old and new dumpers).
bool isParametersGradName(std::string_view name)
{
    constexpr std::string_view kSegment = "parameters_grad";
    auto segmentAt = [&](size_t end) {
        return end >= kSegment.size() && name.substr(end - kSegment.size(), kSegment.size()) == kSegment
            && (end == kSegment.size() || name[end - kSegment.size() - 1] == '.');
    };
    if (segmentAt(name.size()))
        return true;
    size_t dot = name.rfind('.');
    return dot != std::string_view::npos && segmentAt(dot);
}

} // namespace

// Progress is reported (and cancellation checked) every this many bytes: about 2 ms of parsing.
constexpr size_t kProgressBytes = 256 << 10;

std::shared_ptr<DumpData> parseDumpJson(std::string_view text, const std::string& path, const DumpReadOptions& options)
{
    auto dump = std::make_shared<DumpData>();
    dump->path = path;
    JsonReader reader(text, path);
    StringPool& pool = dump->pool;
    JArena scratch(pool);
    // Generous address space for the big arrays (a leaf value takes ~30 bytes of JSON, an item ~200): untouched
    // pages cost no memory, and the arrays fill without doubling.
    dump->leaves.reserve(text.size() / 16);
    dump->items.reserve(text.size() / 64);
    pool.reserve(text.size() / 1024); // a record takes ~900 bytes of JSON, its name the one new string

    static constexpr std::pair<const char*, ItemSource> kSources[] = {
        { "input_args", ItemSource::InputArgs },
        { "input_kwargs", ItemSource::InputKwargs },
        { "input", ItemSource::Input },
        { "output", ItemSource::Output },
        { "parameters", ItemSource::Parameters },
    };
    static constexpr const char* kSuffix[] = { ".input", ".input", ".input", ".output", ".parameters" };
    StrId sourceKeys[5];
    for (int k = 0; k < 5; ++k)
        sourceKeys[k] = pool.intern(kSources[k].first);
    Flattener flat { *dump, scratch, options, {}, pool.intern("data_name"), pool.intern("type") };
    StrId md5Key = pool.intern("md5");
    OverflowKeys overflowKeys = OverflowKeys::intern(pool);

    auto readTopString = [&](std::string& out, bool* isNull) {
        JValue v = reader.readScalar(pool);
        if (v.isString())
            out = std::string(pool.view(v.str()));
        else if (v.isNull() && isNull)
            *isNull = true;
        else if (!v.isNull())
            reader.fail("expected a string value");
    };

    if (reader.peek() != '{')
        reader.fail("dump.json must be a JSON object");
    reader.beginObject();
    std::string_view key;
    while (reader.nextMember(key)) {
        if (key == "task") {
            readTopString(dump->task, nullptr);
        } else if (key == "level") {
            readTopString(dump->level, nullptr);
        } else if (key == "framework") {
            readTopString(dump->framework, nullptr);
        } else if (key == "dump_data_dir") {
            bool isNull = false;
            readTopString(dump->dumpDataDir, &isNull);
            dump->dumpDataDirIsNull = isNull;
        } else if (key == "data") {
            if (reader.peek() != '{')
                reader.fail("\"data\" must be an object of records");
            reader.beginObject();
            std::string_view name;
            size_t reportedAt = 0, doneUpTo = 0; // nothing before doneUpTo is referenced any more
            while (reader.nextMember(name)) {
                if (reader.offset() - reportedAt > kProgressBytes) {
                    reportedAt = reader.offset();
                    options.progress.advance(Stage::ReadDump, double(reportedAt) / double(text.size()));
                    if (options.consumed)
                        options.consumed(doneUpTo);
                }
                StrId nameId = pool.intern(name);
                std::string recordName(name);
                scratch.clear();
                JValue rec = reader.readValue(scratch);
                DumpRecord r;
                r.name = nameId;
                flat.record = nameId;
                r.firstItem = uint32_t(dump->items.size());
                if (rec.isObject() && isParametersGradName(recordName)) {
                    // The whole record is the gradients of the module's parameters, {param: [tensor]}.
                    flat.path = recordName;
                    flat.indexLists = false;
                    flat.walk(rec, ItemSource::ParametersGrad, recordName);
                    flat.indexLists = true;
                    r.overflow = overflowLevelOfRecord(recordName, rec, scratch, overflowKeys);
                    r.hasMd5Field = recordHasMd5Field(scratch, rec, md5Key);
                } else if (rec.isObject()) {
                    for (int k = 0; k < 5; ++k) {
                        const JValue* part = nullptr;
                        for (const JMember& m : scratch.members(rec))
                            if (m.key == sourceKeys[k])
                                part = &m.value;
                        if (!part)
                            continue;
                        flat.path = recordName + kSuffix[k];
                        flat.walk(*part, kSources[k].second, recordName);
                    }
                    r.overflow = overflowLevelOfRecord(recordName, rec, scratch, overflowKeys);
                    r.hasMd5Field = recordHasMd5Field(scratch, rec, md5Key);
                }
                r.itemCount = uint32_t(dump->items.size() - r.firstItem);
                auto [index, inserted] = dump->byName.emplace(nameId, uint32_t(dump->records.size()));
                if (inserted) {
                    if (dump->records.size() >= limits().maxNodes)
                        reader.fail(overLimit("more than " + std::to_string(limits().maxNodes) + " records",
                            "max_nodes", limits().maxNodes));
                    dump->records.push_back(r);
                } else {
                    // A repeated key: the last value wins at the first position, as in a Python dict.
                    dump->records[index] = r;
                }
                doneUpTo = reader.offset();
            }
        } else {
            reader.skipValue();
        }
    }
    reader.expectEnd();
    options.progress.advance(Stage::ReadDump, 1);
    dump->resolveKeys();
    return dump;
}

std::shared_ptr<DumpData> readDumpJson(const std::string& path, const DumpReadOptions& options)
{
    return parseMapped(path, [&](MappedFile& file) {
        if (file.isBlank())
            throw Error(ErrorCode::BadJson, path, "the file is empty");
        DumpReadOptions streaming = options;
        streaming.consumed = [&file](size_t offset) {
            file.checkUnchanged(); // a job still writing the file: stop early
            file.release(offset);
        };
        return parseDumpJson(file.text(), path, streaming);
    });
}

} // namespace ps
