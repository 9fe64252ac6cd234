#include "batch/engine.h"

#include "batch/distributed.h"
#include "batch/merge_run.h"
#include "batch/rank_part.h"
#include "compare/comparator.h"
#include "graph/builder.h"
#include "io/file_io.h"
#include "io/json_reader.h"
#include "match/layer_mapping.h"
#include "match/layer_mapping_rules.h"
#include "util/error.h"
#include "util/rank_list.h"
#include "vis/graph_file.h"

#include <cstdio>
#include <ctime>
#include <future>
#include <optional>

namespace ps {

std::string currentTimestamp()
{
    std::time_t now = std::time(nullptr);
    std::tm tm {};
    localtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y%m%d%H%M%S", &tm);
    return buf;
}

CompareConfig readCompareJson(const std::string& path)
{
    std::string text = readWholeFile(path, 64ull << 20);
    JsonReader reader(text, path);
    if (reader.peek() != '{')
        reader.fail("compare.json must be a JSON object with \"npu_path\" (and \"bench_path\" to compare)");
    StringPool pool;
    JArena arena(pool);
    JValue top = reader.readValue(arena);
    reader.expectEnd();
    CompareConfig config;
    auto pathOf = [&](const char* key, bool required) -> std::string {
        const JValue* v = arena.member(top, key);
        if (!v || v->isNull() || (v->isString() && arena.text(*v).empty()) || (v->type == JType::Bool && !v->b)) {
            if (required)
                throw Error(ErrorCode::BadContent, path, std::string("the key \"") + key + "\" is missing");
            return {};
        }
        if (!v->isString())
            throw Error(ErrorCode::BadContent, path, std::string("\"") + key + "\" must be a string path");
        std::string p(arena.text(*v));
        if (!p.empty() && p[0] != '/' && !isDirectory(p) && isDirectory(joinPath(parentDir(path), p)))
            p = joinPath(parentDir(path), p);
        if (!isDirectory(p))
            throw Error(ErrorCode::FileNotFound, p,
                std::string("the ") + key + " folder named in " + path + " does not exist or is not a folder");
        return p;
    };
    config.npuPath = pathOf("npu_path", true);
    config.benchPath = pathOf("bench_path", false);
    if (const JValue* v = arena.member(top, "is_print_compare_log"); v && v->type == JType::Bool)
        config.printCompareLog = v->b;
    return config;
}

std::shared_ptr<Graph> buildSideGraph(
    const std::string& dir, const EngineOptions& options, std::vector<std::string>& warnings, ProgressPart progress)
{
    BuildOptions build;
    build.profile = options.profile;
    build.completeStack = options.completeStack || options.profile == RulesProfile::Msprobe26; // 26 never simplifies
    build.progress = progress;
    return std::shared_ptr<Graph>(buildGraphFromFolder(dir, build, warnings));
}

std::shared_ptr<Comparison> runPair(const std::string& npuDir, const std::string& benchDir,
    const EngineOptions& options, std::vector<std::string>& warnings, const Progress* progress)
{
    if (benchDir.empty()) {
        auto graph = buildSideGraph(npuDir, options, warnings, { progress });
        auto built = buildOnly(graph, options.overflowCheck, options.profile);
        built->msprobe26Release = options.msprobe26Release;
        return built;
    }
    // Both sides are read and built in parallel.
    std::vector<std::string> benchWarnings;
    auto benchFuture = std::async(std::launch::async, [&]() {
        return buildSideGraph(benchDir, options, benchWarnings, { progress, 1, 2 });
    });
    std::shared_ptr<Graph> npu;
    try {
        npu = buildSideGraph(npuDir, options, warnings, { progress, 0, 2 });
    } catch (...) {
        benchFuture.wait();
        throw;
    }
    std::shared_ptr<Graph> bench = benchFuture.get();
    warnings.insert(warnings.end(), benchWarnings.begin(), benchWarnings.end());
    return compareBuiltGraphs(npu, bench, npuDir, benchDir, options, warnings, progress);
}

std::shared_ptr<Comparison> compareBuiltGraphs(std::shared_ptr<Graph> npu, std::shared_ptr<Graph> bench,
    const std::string& npuDir, const std::string& benchDir, const EngineOptions& options,
    std::vector<std::string>& warnings, const Progress* progress, bool parallelMerge)
{
    CompareMode mode = detectCompareMode(*npu->dump, *bench->dump);
    if (progress)
        progress->setTensors(mode == CompareMode::Real);

    CompareOptions compare;
    compare.profile = options.profile;
    compare.overflowCheck = options.overflowCheck;
    compare.threads = options.threads;
    compare.progress = progress;
    compare.parallelMerge = parallelMerge;
    std::unordered_map<std::string, std::string> nameMap;
    const bool v26 = options.profile == RulesProfile::Msprobe26;
    if (options.layerMappingRules) {
        // The editor's rules stand for a -lm file (26.0.0 matches through the map even when it is empty).
        nameMap = buildLayerNameMap(npuDir, benchDir, *options.layerMappingRules, "the layer mapping", warnings);
        if (v26 || !nameMap.empty())
            compare.match.strategy = MatchStrategy::LayerMap;
    } else if (v26 && (options.nameOnlyMatch || !options.layerMappingPath.empty())) {
        // 26.0.0: -lm always matches through the map; without a file (or when the file fails) the map comes from
        // the module trees alone and names it lacks match themselves. Unlike 1.2.1, 26.0.0 also catches its check
        // of the file itself (missing, unreadable, a folder): a warning, as for a file that does not parse.
        try {
            nameMap = buildLayerNameMap(npuDir, benchDir, options.layerMappingPath, options.framework, warnings);
        } catch (const Error& e) {
            if (e.code() == ErrorCode::Cancelled || e.code() == ErrorCode::MemoryLimit)
                throw;
            warnings.push_back(std::string(kLayerMappingFailed) + " " + e.what());
        }
        compare.match.strategy = MatchStrategy::LayerMap;
    } else if (!options.layerMappingPath.empty()) {
        nameMap = buildLayerNameMap(npuDir, benchDir, options.layerMappingPath, options.framework, warnings);
        if (!nameMap.empty())
            compare.match.strategy = MatchStrategy::LayerMap;
    } else if (options.nameOnlyMatch) {
        compare.match.strategy = MatchStrategy::NameOnly;
    }
    if (options.fuzzy || parallelMerge)
        compare.match.strategy = MatchStrategy::Fuzzy; // a merge compare always matches fuzzily
    compare.match.nameMap = &nameMap;
    auto compared = compareGraphs(npu, bench, mode, compare);
    compared->msprobe26Release = options.msprobe26Release;
    return compared;
}

namespace {

void runJobs(const CompareConfig& config, const std::string& outputDir, const EngineOptions& options,
    const Progress& progress, const std::string& timestamp, RunResult& result)
{
    const bool v26 = options.profile == RulesProfile::Msprobe26;
    if (!options.onlyRanks.empty())
        checkPartOptions(config, options);
    if (v26 && !options.parallel.empty()) {
        runMergedJobs(config, outputDir, options, progress, timestamp, result);
        return;
    }
    std::vector<GraphJob> jobs
        = v26 ? planJobs26(config.npuPath, config.benchPath) : planJobs(config.npuPath, config.benchPath, timestamp);
    std::optional<VisDbPart> part;
    if (!options.onlyRanks.empty())
        part = selectPartJobs(jobs, config, options);
    progress.plan(jobs.size(), true);
    ensureDirectory(outputDir);
    bool compare = !config.benchPath.empty();
    bool single = jobs.size() == 1 && jobs[0].rankDir.empty();
    bool database = v26 || options.outputFormat == "db";
    std::vector<VisDocument> dbGraphs; // --output_format db: every step and rank go into one file at the end
    // Files are written per step, after every rank of the step (and the distributed analysis) succeeded.
    for (size_t first = 0; first < jobs.size();) {
        size_t last = first;
        while (last < jobs.size() && jobs[last].stepDir == jobs[first].stepDir)
            ++last;
        if (!jobs[first].stepDir.empty())
            progress.info("Start processing data for " + jobs[first].stepDir + "...");
        std::vector<JobResult> stepResults;
        for (size_t j = first; j < last; ++j) {
            progress.checkCancelled();
            const GraphJob& job = jobs[j];
            if (!job.rankDir.empty())
                progress.info("Start processing data for " + job.rankDir + "...");
            else
                progress.info(compare ? "Start building model graphs..." : "Start building model graph...");
            progress.beginJob(j);
            auto c = runPair(job.npuDir, job.benchDir, options, result.warnings, &progress);
            if (single && compare)
                progress.info("Model graphs built successfully, start Comparing graphs...");
            stepResults.push_back({ job, c });
        }
        if (stepResults.size() > 1 && !part) // a part leaves it to the merge, which sees every rank
            analyzeDistributed(stepResults, result.warnings, options.profile);
        for (size_t k = 0; k < stepResults.size(); ++k) {
            const JobResult& r = stepResults[k];
            progress.beginJob(first + k);
            progress.report(Stage::Write, 0);
            progress.checkCancelled();
            if (database) {
                dbGraphs.push_back({ r.comparison, {}, r.job.step, r.job.rank }); // no file extras
                continue;
            }
            std::string path = joinPath(outputDir, r.job.outputName);
            saveGraphFile({ { r.comparison, {}, r.job.step, r.job.rank } }, path, { &progress });
            result.outputFiles.push_back(path);
            progress.report(Stage::Write, 1);
            if (single)
                progress.info(compare ? "Model graphs compared successfully, the result file is saved in " + path
                                      : "Model graph built successfully, the result file is saved in " + path);
        }
        first = last;
    }
    if (database) {
        std::string path = joinPath(outputDir,
            part ? partFileName(compare, options.onlyRanks, timestamp)
                 : (compare ? "compare_" : "build_") + timestamp + ".vis.db");
        progress.checkCancelled();
        // One file for every graph, written after the last one: its progress is the last job's Write stage.
        progress.beginJob(jobs.size() - 1);
        progress.report(Stage::Write, 0);
        saveGraphFile(dbGraphs, path, { &progress }, part ? &*part : nullptr);
        result.outputFiles.push_back(path);
        progress.info(std::string(part ? "The part database (ranks " + formatRankList(options.onlyRanks) + ") is"
                                       : "The graph database is")
            + " saved in " + path);
        progress.finish();
        return;
    }
    if (!single)
        progress.info("The graph files are saved in " + outputDir);
    progress.finish();
}

} // namespace

RunResult runGraphCommand(const CompareConfig& config, const std::string& outputDir, const EngineOptions& options,
    const Progress& progress, const std::string& timestamp)
{
    RunResult result;
    try {
        runJobs(config, outputDir, options, progress, timestamp, result);
        return result;
    } catch (const Error& e) {
        if (e.code() == ErrorCode::Cancelled)
            for (const std::string& path : result.outputFiles)
                std::remove(path.c_str()); // a cancelled run leaves nothing behind
        throw;
    }
}

} // namespace ps
