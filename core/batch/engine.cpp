#include "batch/engine.h"

#include "compare/comparator.h"
#include "graph/builder.h"
#include "io/file_io.h"
#include "io/json_reader.h"
#include "match/layer_mapping.h"
#include "match/layer_mapping_rules.h"
#include "util/error.h"

#include <cstdio>
#include <ctime>
#include <future>

namespace ps {

const char* frameworkName(Framework framework)
{
    return framework == Framework::MindSpore ? "mindspore" : "pytorch";
}

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
    const EngineOptions& options, std::vector<std::string>& warnings, RunContext* progress)
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
    std::vector<std::string>& warnings, RunContext* progress, bool parallelMerge)
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
    // 26.0.0's -lm without a file maps through the module trees alone: empty rules.
    static const LayerMapping treesAlone { "", std::make_shared<const LayerMappingRules>(), nullptr, "" };
    const LayerMapping* mapping = options.layerMapping ? options.layerMapping.get()
        : v26 && options.nameOnlyMatch                 ? &treesAlone
                                                       : nullptr;
    if (mapping) {
        // 26.0.0 matches through the map even when it is empty (names it lacks match themselves); 1.2.1 falls back
        // to its default matching.
        nameMap = buildLayerNameMap(npuDir, benchDir, *mapping, warnings);
        if (v26 || !nameMap.empty())
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

} // namespace ps
