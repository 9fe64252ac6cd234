// Our JSON reader against RapidJSON's SAX reader on the part of dump.json reading a library could replace: the
// text of every record of "data" into the same per-record value tree (JArena, strings interned in a StringPool),
// which the flattening into the leaf store then walks unchanged. Both must build the same trees (a checksum over
// every value, string texts included); the time of each is the median of REPEATS runs over a warm page cache.
// RapidJSON runs in situ (strings decoded in place) over a private writable map of the file, with NaN/Infinity
// literals and full-precision (correctly rounded) doubles, as Python's json writes and reads them.
// Usage: bench_json_reader DUMP_JSON... [--repeats N (5)]
#include "io/file_io.h"
#include "io/json_reader.h"

#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace {

double now()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// FNV-1a over a record's name and tree: both readers must give the same value for every file.
struct Checksum {
    uint64_t h = 1469598103934665603ull;
    void add(const void* data, size_t n)
    {
        const auto* p = static_cast<const unsigned char*>(data);
        for (size_t i = 0; i < n; ++i)
            h = (h ^ p[i]) * 1099511628211ull;
    }
    void add(std::string_view s)
    {
        add(s.data(), s.size());
        add(uint8_t(0xff));
    }
    template <typename T> void add(T value) { add(&value, sizeof value); }

    // Depth-first with an explicit stack: no recursion follows the input.
    void addTree(const ps::JArena& arena, const ps::JValue& root)
    {
        std::vector<const ps::JValue*> stack { &root };
        while (!stack.empty()) {
            const ps::JValue& v = *stack.back();
            stack.pop_back();
            add(uint8_t(v.type));
            switch (v.type) {
            case ps::JType::Null:
                break;
            case ps::JType::Bool:
                add(v.b);
                break;
            case ps::JType::Int:
                add(v.i);
                break;
            case ps::JType::Float:
                add(std::bit_cast<uint64_t>(v.d));
                break;
            case ps::JType::String:
            case ps::JType::BigInt:
                add(arena.text(v));
                break;
            case ps::JType::Array: {
                add(v.n);
                const auto elements = arena.elements(v);
                for (size_t i = elements.size(); i-- > 0;)
                    stack.push_back(&elements[i]);
                break;
            }
            case ps::JType::Object: {
                add(v.n);
                const auto members = arena.members(v);
                for (size_t i = members.size(); i-- > 0;) {
                    add(arena.pool().view(members[i].key));
                    stack.push_back(&members[i].value);
                }
                break;
            }
            }
        }
    }
};

// Ours: the pull reader the dump reader uses, record by record.
uint64_t readOurs(std::string_view text, const std::string& path)
{
    ps::StringPool pool;
    ps::JArena scratch(pool);
    ps::JsonReader reader(text, path);
    Checksum sum;
    reader.beginObject();
    std::string_view key;
    while (reader.nextMember(key)) {
        if (key != "data") {
            reader.skipValue();
            continue;
        }
        reader.beginObject();
        std::string_view name;
        while (reader.nextMember(name)) {
            sum.add(pool.view(pool.intern(name)));
            scratch.clear();
            const ps::JValue record = reader.readValue(scratch);
            sum.addTree(scratch, record);
        }
    }
    return sum.h;
}

// RapidJSON's SAX events building the same per-record trees. Depth 1 is the top object, 2 "data"'s object.
class TreeHandler : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, TreeHandler> {
public:
    explicit TreeHandler(ps::StringPool& pool)
        : m_pool(pool)
        , m_scratch(pool)
    {
    }
    uint64_t checksum() const { return m_sum.h; }

    bool Null() { return value(ps::JValue()); }
    bool Bool(bool b)
    {
        ps::JValue v;
        v.type = ps::JType::Bool;
        v.b = b;
        return value(v);
    }
    bool Int(int i) { return Int64(i); }
    bool Uint(unsigned u) { return Int64(u); }
    bool Int64(int64_t i)
    {
        ps::JValue v;
        v.type = ps::JType::Int;
        v.i = i;
        return value(v);
    }
    bool Uint64(uint64_t u)
    {
        if (u > uint64_t(INT64_MAX)) { // beyond int64: kept as digits, as our reader does
            ps::JValue v;
            v.type = ps::JType::BigInt;
            v.n = m_pool.intern(std::to_string(u));
            return value(v);
        }
        return Int64(int64_t(u));
    }
    bool Double(double d)
    {
        ps::JValue v;
        v.type = ps::JType::Float;
        v.d = d;
        return value(v);
    }
    bool String(const char* s, rapidjson::SizeType length, bool)
    {
        ps::JValue v;
        v.type = ps::JType::String;
        v.n = m_pool.intern(std::string_view(s, length));
        return value(v);
    }
    bool Key(const char* s, rapidjson::SizeType length, bool)
    {
        const std::string_view key(s, length);
        if (m_depth == 2) {
            m_sum.add(m_pool.view(m_pool.intern(key)));
            m_inRecord = true;
            m_scratch.clear();
        } else if (m_depth == 1) {
            m_inData = key == "data";
        } else if (m_inRecord) {
            m_keys.push_back(m_pool.intern(key));
        }
        return true;
    }
    bool StartObject() { return open(true); }
    bool EndObject(rapidjson::SizeType) { return close(true); }
    bool StartArray() { return open(false); }
    bool EndArray(rapidjson::SizeType) { return close(false); }

private:
    struct Frame {
        bool isObject;
        size_t first; // in m_values (and m_keys for objects)
        size_t firstKey;
    };

    bool open(bool isObject)
    {
        ++m_depth;
        if (m_inRecord)
            m_frames.push_back({ isObject, m_values.size(), m_keys.size() });
        return true;
    }
    bool close(bool isObject)
    {
        --m_depth;
        if (!m_inRecord)
            return true;
        const Frame frame = m_frames.back();
        m_frames.pop_back();
        ps::JValue made;
        if (isObject) {
            m_members.clear();
            for (size_t i = frame.first; i < m_values.size(); ++i)
                m_members.push_back({ m_keys[frame.firstKey + i - frame.first], m_values[i] });
            made = m_scratch.makeObject(m_members);
            m_keys.resize(frame.firstKey);
        } else {
            made = m_scratch.makeArray({ m_values.data() + frame.first, m_values.size() - frame.first });
        }
        m_values.resize(frame.first);
        return value(made);
    }
    bool value(const ps::JValue& v)
    {
        if (!m_inRecord)
            return true;
        if (m_frames.empty()) { // the record's own value is complete
            m_sum.addTree(m_scratch, v);
            m_inRecord = false;
            return true;
        }
        m_values.push_back(v);
        return true;
    }

    ps::StringPool& m_pool;
    ps::JArena m_scratch;
    Checksum m_sum;
    int m_depth = 0;
    bool m_inData = false;
    bool m_inRecord = false;
    std::vector<Frame> m_frames;
    std::vector<ps::JValue> m_values;
    std::vector<ps::StrId> m_keys;
    std::vector<ps::JMember> m_members;
};

// A private writable map: the in-situ reader writes decoded strings into it; the file itself is never written.
struct WritableCopy {
    char* data = nullptr;
    size_t size = 0;
    explicit WritableCopy(const std::string& path)
    {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        struct stat st { };
        if (fd < 0 || ::fstat(fd, &st) != 0)
            throw std::runtime_error(path + ": cannot open");
        size = size_t(st.st_size);
        if ((size & 4095) == 0) { // the terminating byte below would lie beyond the file's last page
            ::close(fd);
            throw std::runtime_error(path + ": a size that is a multiple of the page size is not handled here");
        }
        // one byte more, zero: the in-situ reader needs a terminated buffer
        void* map = ::mmap(nullptr, size + 1, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
        ::close(fd);
        if (map == MAP_FAILED)
            throw std::runtime_error(path + ": cannot map");
        data = static_cast<char*>(map);
        data[size] = '\0';
    }
    ~WritableCopy() { ::munmap(data, size + 1); }
    WritableCopy(const WritableCopy&) = delete;
    WritableCopy& operator=(const WritableCopy&) = delete;
};

// kInsitu: strings decoded in place in a private writable map; else read from the file's read-only map, strings
// with escapes decoded into RapidJSON's own stack.
template <unsigned kFlags> uint64_t readRapidJson(const std::string& path)
{
    ps::StringPool pool;
    TreeHandler handler(pool);
    rapidjson::Reader reader;
    rapidjson::ParseResult ok;
    if constexpr ((kFlags & rapidjson::kParseInsituFlag) != 0) {
        WritableCopy copy(path);
        rapidjson::InsituStringStream stream(copy.data);
        ok = reader.Parse<kFlags>(stream, handler);
    } else {
        ps::MappedFile file(path);
        rapidjson::MemoryStream stream(file.text().data(), file.text().size());
        ok = reader.Parse<kFlags>(stream, handler);
    }
    if (!ok)
        throw std::runtime_error(path + ": RapidJSON: " + rapidjson::GetParseError_En(ok.Code()) + " at offset "
            + std::to_string(ok.Offset()));
    return handler.checksum();
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    std::vector<std::string> files;
    int repeats = 5;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--repeats") == 0 && i + 1 < argc)
            repeats = std::max(1, std::atoi(argv[++i]));
        else
            files.emplace_back(argv[i]);
    }
    if (files.empty()) {
        std::fprintf(stderr, "usage: bench_json_reader DUMP_JSON... [--repeats N]\n");
        return 2;
    }
    using rapidjson::kParseFullPrecisionFlag;
    using rapidjson::kParseInsituFlag;
    using rapidjson::kParseNanAndInfFlag;
    struct Variant {
        const char* name;
        uint64_t (*read)(const std::string&);
    };
    // The first is the configuration that gives the same values as ours (and Python's json): correctly rounded.
    const Variant variants[] = {
        { "in situ, full precision", readRapidJson<kParseInsituFlag | kParseNanAndInfFlag | kParseFullPrecisionFlag> },
        { "read-only map, full precision", readRapidJson<kParseNanAndInfFlag | kParseFullPrecisionFlag> },
        { "in situ, fast doubles (not always correctly rounded)",
            readRapidJson<kParseInsituFlag | kParseNanAndInfFlag> },
    };
    try {
        for (const std::string& path : files) {
            std::vector<double> ours;
            std::vector<std::vector<double>> theirs(std::size(variants));
            std::vector<uint64_t> sums(std::size(variants));
            uint64_t ourSum = 0;
            size_t bytes = 0;
            for (int r = 0; r < repeats; ++r) { // interleaved, so that a load change hits all alike
                {
                    const double t0 = now(); // every time includes mapping the file
                    ps::MappedFile file(path);
                    bytes = file.text().size();
                    ourSum = readOurs(file.text(), path);
                    ours.push_back(now() - t0);
                }
                for (size_t v = 0; v < std::size(variants); ++v) {
                    const double t0 = now();
                    sums[v] = variants[v].read(path);
                    theirs[v].push_back(now() - t0);
                }
            }
            const double a = median(ours);
            std::printf("%s (%.1f MB): ours %.3f s (%.0f MB/s)\n", path.c_str(), double(bytes) / 1e6, a,
                double(bytes) / 1e6 / a);
            for (size_t v = 0; v < std::size(variants); ++v) {
                const double b = median(theirs[v]);
                std::printf("  RapidJSON SAX, %-52s %.3f s  %.2fx ours  same trees: %s\n", variants[v].name, b, b / a,
                    sums[v] == ourSum ? "yes" : "NO");
            }
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    std::printf("times: median of %d runs each, warm page cache, the file mapped inside the time\n", repeats);
    return 0;
}
