// The whole pipeline on hostile dump folders: construct + stack + dump for both sides -> build -> match (default,
// fuzzy, layer mapping, name only) -> compare -> diagnose -> manual match -> .vis and .vis.db written to a scratch
// folder -> both read back with the viewer's readers. Besides crashes, run with -timeout and -rss_limit_mb so
// that slow and greedy inputs are findings; a file ProbeScope wrote that it cannot read back aborts (a finding).
//
// Input: one flags byte, then up to seven parts separated by NUL bytes (JSON and YAML hold none):
// NPU dump.json, construct.json, stack.json, bench dump.json, construct.json, stack.json, mapping YAML.
// Missing bench parts repeat the NPU's.
#include "analysis/divergence.h"
#include "analysis/graph_report.h"
#include "batch/engine.h"
#include "compare/manual_match.h"
#include "fuzz_common.h"
#include "io/file_io.h"
#include "vis/vis_db_reader.h"
#include "vis/vis_db_writer.h"
#include "vis/vis_reader.h"
#include "vis/vis_writer.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace {

const std::string& scratchDir()
{
    static const std::string dir = [] {
        std::string base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
        std::string d = base + "/probescope_fuzz_pipeline_" + std::to_string(::getpid());
        std::filesystem::create_directories(d + "/npu");
        std::filesystem::create_directories(d + "/bench");
        std::filesystem::create_directories(d + "/out");
        return d;
    }();
    return dir;
}

void put(const std::string& path, std::string_view text)
{
    std::ofstream(path, std::ios::binary | std::ios::trunc).write(text.data(), std::streamsize(text.size()));
}

// Our own output must read back: anything else is a finding.
template <typename Fn> void mustRead(const char* what, Fn&& fn)
{
    try {
        fn();
    } catch (const ps::Error& e) {
        std::fprintf(stderr, "ProbeScope refused its own %s: %s\n", what, e.what());
        std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size == 0)
        return 0;
    const uint8_t flags = data[0];
    std::vector<std::string_view> parts;
    std::string_view rest = fuzz::asText(data + 1, size - 1);
    while (parts.size() < 6) {
        size_t nul = rest.find('\0');
        parts.push_back(rest.substr(0, nul));
        if (nul == std::string_view::npos) {
            rest = {};
            break;
        }
        rest.remove_prefix(nul + 1);
    }
    const std::string yaml(rest);
    while (parts.size() < 6)
        parts.push_back(parts[parts.size() - 3]);
    const std::string& dir = scratchDir();
    const char* names[] = { "dump.json", "construct.json", "stack.json" };
    for (size_t k = 0; k < 6; ++k)
        put(dir + (k < 3 ? "/npu/" : "/bench/") + names[k % 3], parts[k]);
    ps::EngineOptions options;
    options.threads = 1 + (flags & 1);
    options.fuzzy = flags & 2;
    options.overflowCheck = flags & 4;
    options.completeStack = flags & 8;
    options.nameOnlyMatch = flags & 16;
    if (flags & 32) {
        put(dir + "/map.yaml", yaml);
        options.layerMappingPath = dir + "/map.yaml";
    }
    fuzz::expectOnlyPsErrors([&] {
        std::vector<std::string> warnings;
        auto c = ps::runPair(dir + "/npu", dir + "/bench", options, warnings);
        if (c->mode == ps::CompareMode::Real)
            return; // tensor files are the .pt/.npy fuzzers' job
        (void)ps::findDivergences(*c, ps::DiagnoseOptions {});
        (void)ps::summarizeComparison(*c, 5);
        if (ps::manualMatchRefusal(*c).empty() && c->graphs[0]->size() > 0 && c->graphs[1]->size() > 0) {
            ps::ManualMatchReport report;
            auto unmatched = ps::unmatchManually(*c, c->graphs[0]->root, c->graphs[1]->root, true, report);
            (void)ps::matchManually(*unmatched, unmatched->graphs[0]->root, unmatched->graphs[1]->root, true, report);
        }
        const std::string vis = dir + "/out/g.vis", db = dir + "/out/g.vis.db";
        ps::writeVisFile(*c, vis);
        mustRead(".vis", [&] { (void)ps::readVisFile(vis); });
        if (flags & 64) {
            ps::writeVisDb({ { 0, 0, c, nullptr } }, db);
            mustRead(".vis.db", [&] { (void)ps::readVisDb(db); });
        }
    });
    return 0;
}
