#include "source/source.h"

#include "batch/dump_layout.h"
#include "batch/merge_run.h"
#include "io/file_io.h"
#include "match/layer_mapping.h"
#include "util/error.h"
#include "vis/graph_file.h"
#include "vis/vis_db_reader.h"
#include "vis/vis_reader.h"

#include <algorithm>

namespace ps {

const char* sourceKindName(SourceKind kind)
{
    switch (kind) {
    case SourceKind::CompareJson:
        return "compare.json";
    case SourceKind::DumpFolders:
        return "dump folders";
    case SourceKind::Vis:
        return ".vis";
    case SourceKind::VisDb:
        return ".vis.db";
    }
    return ".vis";
}

SourceInputs SourceInputs::fromPaths(const std::vector<std::string>& paths)
{
    if (paths.empty() || paths.size() > 2)
        throw Error(ErrorCode::BadArgument, "", "a comparison source is one file or two dump folders");
    SourceInputs in;
    if (paths.size() == 2) {
        for (const std::string& p : paths)
            if (!isDirectory(p))
                throw Error(ErrorCode::FileNotFound, p, "two sources are compared as dump folders; this is no folder");
        in.npuPath = paths[0];
        in.benchPath = paths[1];
    } else if (isDirectory(paths[0])) {
        in.npuPath = paths[0];
    } else if (paths[0].ends_with(".json")) {
        in.compareJson = paths[0];
    } else {
        in.graphFile = paths[0];
    }
    return in;
}

RulesProfile Source::defaultProfile(const SourceInputs& inputs)
{
    return inputs.compareJson.empty() ? RulesProfile::Msprobe26 : RulesProfile::Msprobe121;
}

namespace {

// The step/rank pairs of a .vis.db, as jobs (step<N>/rank<N> their labels).
std::vector<GraphJob> visDbJobs(const std::string& path)
{
    std::vector<GraphJob> jobs;
    for (const auto& [step, rank] : listVisDb(path).graphs) {
        GraphJob job;
        job.step = step;
        job.rank = rank;
        job.stepDir = "step" + std::to_string(step);
        job.rankDir = "rank" + std::to_string(rank);
        jobs.push_back(std::move(job));
    }
    if (jobs.empty())
        throw Error(ErrorCode::BadContent, path, "the database holds no graph");
    return jobs;
}

// The jobs of two dump roots as the rules profile pairs them; a parallel run merged as msprobe 26.0.0 merges it.
std::vector<GraphJob> planDumps(const SourceInputs& in, const EngineOptions& options)
{
    std::vector<GraphJob> jobs;
    if (!options.parallel.empty())
        jobs = planMergedJobs({ in.npuPath, in.benchPath }, options);
    else if (options.profile == RulesProfile::Msprobe26)
        jobs = planJobs26(in.npuPath, in.benchPath);
    else
        jobs = planJobs(in.npuPath, in.benchPath, std::string());
    if (jobs.empty())
        throw Error(ErrorCode::BadLayout, in.npuPath, "no dump found");
    return jobs;
}

} // namespace

Source Source::open(SourceInputs inputs, EngineOptions options)
{
    Source s;
    s.m_label = !inputs.compareJson.empty() ? inputs.compareJson
        : !inputs.graphFile.empty()         ? inputs.graphFile
        : inputs.benchPath.empty()          ? inputs.npuPath
                                            : inputs.npuPath + " + " + inputs.benchPath;
    if (!inputs.layerMappingFile.empty() && inputs.isDumps())
        // msprobe 1.2.1 stops on a mapping file it cannot read; 26.0.0 warns and matches without it.
        options.layerMapping = readLayerMapping(inputs.layerMappingFile, options.profile == RulesProfile::Msprobe121);
    if (!inputs.graphFile.empty()) {
        checkInputFile(inputs.graphFile);
        if (looksLikeSqlite(inputs.graphFile) || isVisDbPath(inputs.graphFile)) {
            s.m_kind = SourceKind::VisDb;
            s.m_jobs = visDbJobs(inputs.graphFile);
        } else {
            s.m_kind = SourceKind::Vis;
            s.m_jobs.emplace_back();
        }
    } else {
        if (!inputs.compareJson.empty()) {
            checkInputFile(inputs.compareJson);
            const CompareConfig config = readCompareJson(inputs.compareJson);
            inputs.npuPath = config.npuPath;
            inputs.benchPath = config.benchPath;
            s.m_kind = SourceKind::CompareJson;
        } else {
            s.m_kind = SourceKind::DumpFolders;
        }
        s.m_jobs = planDumps(inputs, options);
    }
    if (!inputs.referencePath.empty()) {
        if (!inputs.isDumps() || inputs.benchPath.empty() || !options.parallel.empty())
            throw Error(ErrorCode::BadArgument, inputs.referencePath,
                "a truth run (--reference) judges a comparison of two dump folders, not a graph file, a build or a "
                "merged parallel run");
        if (!isDirectory(inputs.referencePath))
            throw Error(ErrorCode::FileNotFound, inputs.referencePath, "the truth run's dump folder does not exist");
        s.m_truthJobs = planJobs26(inputs.referencePath, std::string());
    }
    s.m_inputs = std::move(inputs);
    s.m_options = std::move(options);
    return s;
}

Source Source::open(const std::vector<std::string>& paths, EngineOptions options)
{
    return open(SourceInputs::fromPaths(paths), std::move(options));
}

Source Source::openComparison(const std::vector<std::string>& paths, EngineOptions options)
{
    return openComparison(SourceInputs::fromPaths(paths), std::move(options));
}

Source Source::openComparison(SourceInputs inputs, EngineOptions options)
{
    if (inputs.isDumps() && inputs.compareJson.empty() && inputs.benchPath.empty())
        throw Error(ErrorCode::BadArgument, inputs.npuPath,
            "a dump folder needs its counterpart: give the NPU and the bench folder, or a compare.json");
    Source source = open(std::move(inputs), std::move(options));
    if (!source.isCompare())
        throw Error(
            ErrorCode::BadArgument, source.label(), "compare.json has no bench_path: there is nothing to compare");
    return source;
}

Source Source::withOptions(EngineOptions options) const
{
    Source s = *this;
    s.m_options = std::move(options);
    return s;
}

bool Source::isCompare() const
{
    return !m_inputs.isDumps() || !m_inputs.benchPath.empty();
}

std::shared_ptr<Comparison> Source::load(size_t index, std::vector<std::string>& warnings, RunContext* run) const
{
    if (index >= m_jobs.size())
        throw Error(ErrorCode::BadArgument, m_label, "no graph " + std::to_string(index));
    const GraphJob& job = m_jobs[index];
    switch (m_kind) {
    case SourceKind::CompareJson:
    case SourceKind::DumpFolders:
        if (!m_options.parallel.empty()) {
            RunContext silent;
            return runMergedPair(job, m_options, warnings, run ? *run : silent);
        }
        return runPair(job.npuDir, job.benchDir, m_options, warnings, run);
    case SourceKind::VisDb:
    case SourceKind::Vis:
        break;
    }
    // A graph read afresh: no one else holds it yet, so the caller may change it as it changes a compared pair.
    return std::const_pointer_cast<Comparison>(m_kind == SourceKind::VisDb
            ? readVisDbGraph(m_inputs.graphFile, job.step, job.rank).comparison
            : readVisFile(m_inputs.graphFile).comparison);
}

std::shared_ptr<const TruthJudgement> Source::judge(
    size_t index, const Comparison& c, const TruthOptions& options) const
{
    if (m_inputs.referencePath.empty() || index >= m_jobs.size())
        return nullptr;
    const GraphJob& job = m_jobs[index];
    const auto truth = std::find_if(m_truthJobs.begin(), m_truthJobs.end(),
        [&job](const GraphJob& t) { return t.step == job.step && t.rank == job.rank; });
    if (truth == m_truthJobs.end())
        throw Error(ErrorCode::BadLayout, m_inputs.referencePath,
            "the truth run has no dump of step " + std::to_string(job.step) + ", rank " + std::to_string(job.rank));
    const std::shared_ptr<DumpData> dump = readDumpJson(joinPath(truth->npuDir, "dump.json"));
    return judgeAgainstTruth(c, *dump, options);
}

std::vector<size_t> Source::stepRanks(size_t index) const
{
    std::vector<size_t> ranks;
    if (index >= m_jobs.size() || !m_inputs.isDumps() || !m_options.parallel.empty() || m_jobs[index].rankDir.empty())
        return ranks;
    for (size_t i = 0; i < m_jobs.size(); ++i)
        if (m_jobs[i].stepDir == m_jobs[index].stepDir && !m_jobs[i].rankDir.empty())
            ranks.push_back(i);
    return ranks;
}

} // namespace ps
