#include "commands/graph_command.h"

#include "batch/distributed.h"
#include "batch/merge_run.h"
#include "batch/rank_part.h"
#include "io/file_io.h"
#include "util/error.h"
#include "util/rank_list.h"
#include "vis/graph_file.h"

#include <cstdio>
#include <optional>

namespace ps {

namespace {

void runJobs(const Source& source, const std::string& outputDir, RunContext& progress, const std::string& timestamp,
    RunResult& result)
{
    const EngineOptions& options = source.options();
    const CompareConfig config { source.inputs().npuPath, source.inputs().benchPath };
    const bool v26 = options.profile == RulesProfile::Msprobe26;
    if (!source.inputs().isDumps())
        throw Error(ErrorCode::BadArgument, source.label(), "the graph commands build graphs from dump folders");
    if (!options.onlyRanks.empty())
        checkPartOptions(config, options);
    if (!options.parallel.empty()) {
        // Each step's ranks are merged once for all its data-parallel replicas.
        runMergedJobs(config, outputDir, options, progress, timestamp, result);
        return;
    }
    const bool compare = source.isCompare();
    std::vector<GraphJob> jobs = source.jobs();
    std::vector<size_t> indexes(jobs.size()); // each job's graph in `source`
    for (size_t j = 0; j < jobs.size(); ++j) {
        indexes[j] = j;
        jobs[j].outputName = graphOutputName(jobs[j], compare, timestamp);
    }
    std::optional<VisDbPart> part;
    if (!options.onlyRanks.empty())
        part = selectPartJobs(jobs, indexes, config, options);
    progress.plan(jobs.size(), true);
    ensureDirectory(outputDir);
    bool single = jobs.size() == 1 && jobs[0].rankDir.empty();
    bool database = v26 || options.outputFormat == OutputFormat::Db;
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
            auto c = source.load(indexes[j], result.warnings, &progress);
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

RunResult runGraphCommand(
    const Source& source, const std::string& outputDir, RunContext& progress, const std::string& timestamp)
{
    RunResult result;
    try {
        runJobs(source, outputDir, progress, timestamp, result);
        return result;
    } catch (const Error& e) {
        if (e.code() == ErrorCode::Cancelled)
            for (const std::string& path : result.outputFiles)
                std::remove(path.c_str()); // a cancelled run leaves nothing behind
        throw;
    }
}

RunResult runGraphCommand(const CompareConfig& config, const std::string& outputDir, const EngineOptions& options,
    RunContext& progress, const std::string& timestamp)
{
    SourceInputs inputs;
    inputs.npuPath = config.npuPath;
    inputs.benchPath = config.benchPath;
    return runGraphCommand(Source::open(std::move(inputs), options), outputDir, progress, timestamp);
}

} // namespace ps
