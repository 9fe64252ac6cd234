#include "io/vis_config.h"

#include "io/file_io.h"
#include "io/json_reader.h"
#include "io/json_writer.h"
#include "util/error.h"
#include "util/utf8.h"

#include <unordered_set>

namespace ps {

namespace {
constexpr uint64_t kMaxConfigBytes = 256ull << 20; // pairs of node names: far above any real model

// A name we could not write back byte for byte (invalid UTF-8, a lone surrogate escape) would turn into another
// name on save, so it is refused, as Python's json refuses a file that is not UTF-8.
void requireUtf8(const JsonReader& reader, const std::string& name, const char* side)
{
    if (utf8::firstInvalid(name) != std::string_view::npos)
        reader.fail(std::string("a ") + side + " node name that is not valid UTF-8 (or holds a lone surrogate escape)");
}
} // namespace

MatchPairs parseVisConfig(std::string_view text, const std::string& path)
{
    JsonReader reader(text, path);
    if (reader.peek() != '{')
        reader.fail("a .vis.config must be a JSON object {\"<NPU node>\": \"<bench node>\", ...}");
    MatchPairs pairs;
    std::unordered_set<std::string> seen;
    reader.beginObject();
    std::string_view key;
    while (reader.nextMember(key)) {
        std::string npu(key);
        if (npu.empty())
            reader.fail("an empty NPU node name");
        requireUtf8(reader, npu, "NPU");
        if (reader.peek() != '"')
            reader.fail("the bench node of \"" + npu + "\" must be a string");
        std::string bench(reader.readString());
        if (bench.empty())
            reader.fail("the bench node of \"" + npu + "\" is empty");
        requireUtf8(reader, bench, "bench");
        if (!seen.insert(npu).second)
            reader.fail("\"" + npu + "\" is listed twice");
        pairs.emplace_back(std::move(npu), std::move(bench));
    }
    reader.expectEnd();
    return pairs;
}

MatchPairs readVisConfig(const std::string& path)
{
    return parseVisConfig(readWholeFile(path, kMaxConfigBytes), path);
}

std::string visConfigJson(const MatchPairs& pairs)
{
    std::string out;
    PyJsonWriter w(out);
    w.beginObject();
    for (const auto& [npu, bench] : pairs) {
        w.key(npu);
        w.string(bench);
    }
    w.endObject();
    return out;
}

void writeVisConfig(const std::string& path, const MatchPairs& pairs)
{
    writeFileAtomically(path, visConfigJson(pairs));
}

} // namespace ps
