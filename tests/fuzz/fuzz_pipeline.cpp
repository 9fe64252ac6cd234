// The whole pipeline on hostile dump folders: construct + stack + dump for both sides -> build -> match (default,
// fuzzy, layer mapping, name only) -> compare -> diagnose -> manual match -> .vis and .vis.db written to a scratch
// folder -> both read back with the viewer's readers. Besides crashes, run with -timeout and -rss_limit_mb so
// that slow and greedy inputs are findings; a file ProbeScope wrote that it cannot read back aborts (a finding).
//
// Input: one flags byte, then up to seven parts separated by NUL bytes (JSON and YAML hold none):
// NPU dump.json, construct.json, stack.json, bench dump.json, construct.json, stack.json, mapping YAML.
// Missing bench parts repeat the NPU's.
//
// Flag 128 selects msprobe 26.0.0's graph_visualize (its rules, its .vis.db, read back). With flag 8 as well the
// two sides are two ranks of one run, merged (tp = 2; pp = 2 with flag 16, and vpp = 2 with flag 1 too), then
// built (flag 2: compared with themselves) into a .vis.db, or with flag 64 written as a merged dump folder
// (--file_type json) that must build again.
#include "analysis/divergence.h"
#include "analysis/graph_report.h"
#include "analysis/report_format.h"
#include "batch/engine.h"
#include "commands/graph_command.h"
#include "compare/manual_match.h"
#include "fuzz_common.h"
#include "io/file_io.h"
#include "match/layer_mapping.h"
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
        std::filesystem::create_directories(d + "/ranks/rank0");
        std::filesystem::create_directories(d + "/ranks/rank1");
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

void graphVisualize(uint8_t flags, const std::string& dir, const std::string& yaml)
{
    ps::EngineOptions options;
    options.profile = ps::RulesProfile::Msprobe26;
    options.outputFormat = ps::OutputFormat::Db;
    options.threads = 1;
    options.fuzzy = flags & 2;
    options.overflowCheck = flags & 4;
    if (flags & 32) {
        put(dir + "/map.yaml", yaml);
        options.layerMapping = ps::readLayerMapping(dir + "/map.yaml", false);
    } else {
        options.nameOnlyMatch = flags & 16;
    }
    const std::string out = dir + "/out26";
    std::filesystem::remove_all(out);
    ps::CompareConfig config;
    if (flags & 8) {
        // the NPU and bench parts as rank0 and rank1 of one run
        for (int rank = 0; rank < 2; ++rank)
            for (const char* file : { "dump.json", "construct.json", "stack.json" })
                std::filesystem::copy_file(dir + (rank ? "/bench/" : "/npu/") + file,
                    dir + "/ranks/rank" + std::to_string(rank) + "/" + file,
                    std::filesystem::copy_options::overwrite_existing);
        ps::ParallelLayout layout { 2, 2, 1, 1, "tp-cp-ep-dp-pp" };
        if (flags & 16)
            layout = { 2, 1, 2, (flags & 1) ? 2 : 1, "tp-cp-ep-dp-pp" };
        config.npuPath = dir + "/ranks";
        options.parallel = { layout };
        if (flags & 64) {
            options.fileType = ps::MergeOutput::Json;
        } else if (flags & 2) {
            config.benchPath = config.npuPath;
            options.parallel.push_back(layout);
        }
    } else {
        config.npuPath = dir + "/npu";
        config.benchPath = dir + "/bench";
    }
    ps::RunContext run;
    ps::RunResult result = ps::runGraphCommand(config, out, options, run, "20260101000000");
    for (const std::string& file : result.outputFiles) {
        if (file.ends_with(".vis.db"))
            mustRead(".vis.db", [&] { (void)ps::reportGraphFile(file); });
        else if (file.ends_with("dump.json")) { // a merged dump folder builds like any rank's
            std::vector<std::string> warnings;
            ps::EngineOptions again;
            again.profile = ps::RulesProfile::Msprobe26;
            mustRead("merged dump folder", [&] { (void)ps::buildSideGraph(ps::parentDir(file), again, warnings, {}); });
        }
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
    while (parts.size() < 3) // an NPU side cut short: its missing files are empty
        parts.emplace_back();
    while (parts.size() < 6)
        parts.push_back(parts[parts.size() - 3]);
    const std::string& dir = scratchDir();
    const char* names[] = { "dump.json", "construct.json", "stack.json" };
    for (size_t k = 0; k < 6; ++k)
        put(dir + (k < 3 ? "/npu/" : "/bench/") + names[k % 3], parts[k]);
    if (flags & 128) {
        fuzz::expectOnlyPsErrors([&] { graphVisualize(flags, dir, yaml); });
        return 0;
    }
    ps::EngineOptions options;
    options.threads = 1 + (flags & 1);
    options.fuzzy = flags & 2;
    options.overflowCheck = flags & 4;
    options.completeStack = flags & 8;
    options.nameOnlyMatch = flags & 16;
    if (flags & 32) {
        put(dir + "/map.yaml", yaml);
        options.layerMapping = ps::readLayerMapping(dir + "/map.yaml", true);
    }
    fuzz::expectOnlyPsErrors([&] {
        std::vector<std::string> warnings;
        auto c = ps::runPair(dir + "/npu", dir + "/bench", options, warnings);
        if (c->mode == ps::CompareMode::Real)
            return; // tensor files are the .pt/.npy fuzzers' job
        (void)ps::findDivergences(*c, ps::DiagnoseOptions {});
        (void)ps::summarizeComparison(*c, ps::ReportOptions { 5 });
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
