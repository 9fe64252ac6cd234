#include "batch/merge_run.h"

#include "batch/dump_layout.h"
#include "compare/comparator.h"
#include "io/file_io.h"
#include "merge/materialize.h"
#include "merge/merged_dump_writer.h"
#include "merge/mergers.h"
#include "util/error.h"
#include "vis/graph_file.h"

#include <future>
#include <map>

namespace ps {

MergedSide mergeRankFolders(const std::string& stepDir, const ParallelLayout& layout, const char* side,
    const EngineOptions& options, std::vector<std::string>& warnings, RunContext& progress)
{
    const std::vector<std::string> folders = rankFolders26(stepDir);
    validateLayout(layout, folders.size(), stepDir, side);
    std::map<int, std::string> byRank;
    for (const std::string& folder : folders)
        if (auto [it, fresh] = byRank.emplace(rankNumber26(folder), folder); !fresh)
            throw Error(ErrorCode::BadLayout, stepDir,
                "the folders " + it->second + " and " + folder + " both hold rank " + std::to_string(it->first));
    // step 1: every rank's graph, two at a time (the progress shows two parts)
    std::vector<std::shared_ptr<Graph>> built(folders.size());
    for (size_t k = 0; k < folders.size(); k += 2) {
        progress.checkCancelled();
        progress.info("Start building graph for " + folders[k] + "...");
        std::vector<std::string> otherWarnings;
        std::future<std::shared_ptr<Graph>> second;
        if (k + 1 < folders.size())
            second = std::async(std::launch::async, [&, k]() {
                return buildSideGraph(joinPath(stepDir, folders[k + 1]), options, otherWarnings, { &progress, 1, 2 });
            });
        try {
            built[k] = buildSideGraph(
                joinPath(stepDir, folders[k]), options, warnings, { &progress, 0, second.valid() ? 2 : 1 });
        } catch (...) {
            if (second.valid())
                second.wait();
            throw;
        }
        if (second.valid())
            built[k + 1] = second.get();
        warnings.insert(warnings.end(), otherWarnings.begin(), otherWarnings.end());
    }
    // step 2: the merge, msprobe's strategy for the layout
    merge::Forest forest;
    for (size_t k = 0; k < folders.size(); ++k)
        forest.addPart(rankNumber26(folders[k]), joinPath(stepDir, folders[k]), std::move(built[k]));
    std::vector<std::string> log;
    merge::GraphGroup merged = merge::mergeSide(forest, layout, log);
    for (const std::string& line : log)
        progress.info(std::string("[") + side + "] " + line);
    // step 3: ordinary graphs; the ranks' graphs go with the forest
    MergedSide out;
    for (uint16_t g : merged) {
        progress.checkCancelled();
        out.graphs.push_back(merge::materialize(forest, g));
        out.ranks.push_back(forest.graphs[g].rank);
        out.dirs.push_back(forest.parts[forest.graphs[g].part].dir);
    }
    return out;
}

namespace {

// The step folders of a merged run ("" for a folder of rank folders), after the checks every merged run needs.
std::vector<std::string> mergedSteps(const CompareConfig& config, const EngineOptions& options)
{
    const bool compare = !config.benchPath.empty();
    if (options.parallel.size() != (compare ? 2u : 1u))
        throw Error(ErrorCode::BadArgument, config.npuPath,
            compare ? "a merge compare takes two values of --rank_size, --tp and --pp (NPU, then bench)"
                    : "a merge build takes one value of --rank_size, --tp and --pp");
    if (options.fileType == MergeOutput::Json && compare)
        throw Error(ErrorCode::BadArgument, config.benchPath,
            "--file_type json writes a merged build only; remove -gp/--golden_path or use --file_type db");
    const DumpLayout layout = detectLayout26(config.npuPath);
    if (compare && detectLayout26(config.benchPath) != layout)
        throw Error(ErrorCode::InconsistentLayout, config.benchPath,
            "The directory structures of npu_path and bench_path are inconsistent.");
    if (layout == DumpLayout::Files)
        throw Error(ErrorCode::BadArgument, config.npuPath,
            "the parallel merge (--rank_size) needs a folder of rank folders (such as npu/step0), not one rank's "
            "dump folder");
    return layout == DumpLayout::Steps ? commonStepFolders26(config.npuPath, compare ? config.benchPath : std::string())
                                       : std::vector<std::string> { "" };
}

std::string stepFolder(const std::string& root, const std::string& step)
{
    return step.empty() ? root : joinPath(root, step);
}

} // namespace

std::vector<GraphJob> planMergedJobs(const CompareConfig& config, const EngineOptions& options)
{
    std::vector<GraphJob> jobs;
    const ParallelLayout& npu = options.parallel.at(0);
    const int replicas = npu.rankSize / std::max(1, npu.tp * npu.pp);
    for (const std::string& step : mergedSteps(config, options))
        for (int k = 0; k < replicas; ++k) {
            GraphJob job;
            job.npuDir = stepFolder(config.npuPath, step);
            job.benchDir = config.benchPath.empty() ? std::string() : stepFolder(config.benchPath, step);
            job.stepDir = step;
            job.step = step.empty() ? 0 : runNumber(step, "step");
            job.rank = k;
            job.rankDir = replicas > 1 ? "dp" + std::to_string(k) : std::string();
            jobs.push_back(job);
        }
    return jobs;
}

namespace {

// One step, merged on each side and compared (or built) replica by replica.
struct MergedStep {
    MergedSide npu;
    std::vector<std::shared_ptr<Comparison>> results;
};

MergedStep mergeStep(const std::string& npuStep, const std::string& benchStep, const EngineOptions& options,
    std::vector<std::string>& warnings, RunContext& progress)
{
    MergedStep step;
    step.npu = mergeRankFolders(npuStep, options.parallel.at(0), "NPU", options, warnings, progress);
    MergedSide bench;
    if (!benchStep.empty()) {
        bench = mergeRankFolders(benchStep, options.parallel.at(1), "Bench", options, warnings, progress);
        if (bench.graphs.size() != step.npu.graphs.size())
            throw Error(ErrorCode::RankMismatch, benchStep,
                "Parallel merge failed because the dp of npu: " + std::to_string(step.npu.graphs.size())
                    + " is inconsistent with that of bench: " + std::to_string(bench.graphs.size()) + "!");
    }
    for (size_t i = 0; i < step.npu.graphs.size(); ++i) {
        progress.checkCancelled();
        step.results.push_back(benchStep.empty()
                ? buildOnly(step.npu.graphs[i], options.overflowCheck, options.profile)
                : compareBuiltGraphs(step.npu.graphs[i], bench.graphs[i], step.npu.dirs[i], bench.dirs[i], options,
                    warnings, &progress, true));
        step.results.back()->msprobe26Release = options.msprobe26Release;
    }
    return step;
}

} // namespace

std::shared_ptr<Comparison> runMergedPair(
    const GraphJob& job, const EngineOptions& options, std::vector<std::string>& warnings, RunContext& progress)
{
    MergedStep step = mergeStep(job.npuDir, job.benchDir, options, warnings, progress);
    if (job.rank < 0 || size_t(job.rank) >= step.results.size())
        throw Error(ErrorCode::BadArgument, job.npuDir,
            "the merge gives " + std::to_string(step.results.size()) + " graph(s), not a replica "
                + std::to_string(job.rank));
    return step.results[size_t(job.rank)];
}

void runMergedJobs(const CompareConfig& config, const std::string& outputDir, const EngineOptions& options,
    RunContext& progress, const std::string& timestamp, RunResult& result)
{
    const bool compare = !config.benchPath.empty();
    const bool json = options.fileType == MergeOutput::Json;
    const std::vector<std::string> steps = mergedSteps(config, options);
    ensureDirectory(outputDir);
    progress.plan(steps.size(), true);
    std::vector<VisDocument> dbGraphs;
    for (size_t s = 0; s < steps.size(); ++s) {
        const std::string& step = steps[s];
        const int stepNumber = step.empty() ? 0 : runNumber(step, "step");
        if (!step.empty())
            progress.info("Start processing data for " + step + "...");
        progress.beginJob(s);
        MergedStep merged = mergeStep(stepFolder(config.npuPath, step),
            compare ? stepFolder(config.benchPath, step) : std::string(), options, result.warnings, progress);
        for (size_t i = 0; i < merged.results.size(); ++i) {
            if (json) {
                const std::string dir = joinPath(joinPath(outputDir, "step" + std::to_string(stepNumber)),
                    "rank" + std::to_string(merged.npu.ranks[i]));
                for (std::string& file : merge::writeMergedDumpFolder(*merged.npu.graphs[i], merged.npu.dirs[i], dir))
                    result.outputFiles.push_back(std::move(file));
                progress.info("JSON files exported to " + dir);
            } else {
                dbGraphs.push_back({ merged.results[i], {}, stepNumber, merged.npu.ranks[i] });
            }
        }
    }
    if (!json) {
        std::string path = joinPath(outputDir, (compare ? "compare_" : "build_") + timestamp + ".vis.db");
        progress.checkCancelled();
        progress.report(Stage::Write, 0);
        saveGraphFile(dbGraphs, path, { &progress });
        result.outputFiles.push_back(path);
        progress.info("The graph database is saved in " + path);
    }
    progress.finish();
}

} // namespace ps
