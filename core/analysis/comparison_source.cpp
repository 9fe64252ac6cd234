#include "analysis/comparison_source.h"

#include "batch/layout.h"
#include "batch/merge_run.h"
#include "io/file_io.h"
#include "util/error.h"
#include "vis/graph_file.h"
#include "vis/vis_db_reader.h"
#include "vis/vis_reader.h"

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

namespace {

bool isJsonName(const std::string& path)
{
    return path.ends_with(".json");
}

} // namespace

RulesProfile ComparisonSource::defaultProfile(const std::vector<std::string>& paths)
{
    return paths.size() == 2 ? RulesProfile::Msprobe26 : RulesProfile::Msprobe121;
}

ComparisonSource ComparisonSource::open(const std::vector<std::string>& paths, const EngineOptions& engine)
{
    if (paths.empty() || paths.size() > 2)
        throw Error(ErrorCode::BadArgument, "", "a comparison source is one file or two dump folders");
    ComparisonSource s;
    s.m_engine = engine;
    s.m_label = paths.size() == 2 ? paths[0] + " + " + paths[1] : paths[0];
    auto planDumps = [&s](const std::string& npu, const std::string& bench) {
        s.m_jobs = s.m_engine.profile == RulesProfile::Msprobe26 ? planJobs26(npu, bench) : planJobs(npu, bench, "");
        if (s.m_jobs.empty())
            throw Error(ErrorCode::BadLayout, npu, "no dump found");
        for (const GraphJob& job : s.m_jobs)
            s.m_graphs.push_back({ job.step, job.rank });
    };
    if (paths.size() == 2) {
        for (const std::string& p : paths)
            if (!isDirectory(p))
                throw Error(ErrorCode::FileNotFound, p, "two sources are compared as dump folders; this is no folder");
        s.m_kind = SourceKind::DumpFolders;
        planDumps(paths[0], paths[1]);
        return s;
    }
    const std::string& path = paths[0];
    if (isDirectory(path))
        throw Error(ErrorCode::BadArgument, path,
            "a dump folder needs its counterpart: give the NPU and the bench folder, or a compare.json");
    checkInputFile(path);
    if (isJsonName(path)) {
        CompareConfig config = readCompareJson(path);
        if (config.benchPath.empty())
            throw Error(ErrorCode::BadArgument, path, "compare.json has no bench_path: there is nothing to compare");
        s.m_kind = SourceKind::CompareJson;
        planDumps(config.npuPath, config.benchPath);
        return s;
    }
    s.m_file = path;
    if (looksLikeSqlite(path) || isVisDbPath(path)) {
        s.m_kind = SourceKind::VisDb;
        for (const auto& [step, rank] : listVisDb(path).graphs)
            s.m_graphs.push_back({ step, rank });
        return s;
    }
    s.m_kind = SourceKind::Vis;
    s.m_graphs.push_back({ 0, 0 });
    return s;
}

ComparisonSource ComparisonSource::fromJobs(
    const std::string& label, std::vector<GraphJob> jobs, const EngineOptions& engine)
{
    if (jobs.empty())
        throw Error(ErrorCode::BadLayout, label, "no dump found");
    ComparisonSource s;
    s.m_kind = SourceKind::DumpFolders;
    s.m_label = label;
    s.m_engine = engine;
    s.m_jobs = std::move(jobs);
    for (const GraphJob& job : s.m_jobs)
        s.m_graphs.push_back({ job.step, job.rank });
    return s;
}

std::shared_ptr<const Comparison> ComparisonSource::load(
    size_t index, std::vector<std::string>& warnings, const Progress* progress) const
{
    if (index >= m_graphs.size())
        throw Error(ErrorCode::BadArgument, m_label, "no graph " + std::to_string(index));
    switch (m_kind) {
    case SourceKind::CompareJson:
    case SourceKind::DumpFolders:
        if (!m_engine.parallel.empty()) {
            const Progress silent;
            return runMergedPair(m_jobs[index], m_engine, warnings, progress ? *progress : silent);
        }
        return runPair(m_jobs[index].npuDir, m_jobs[index].benchDir, m_engine, warnings, progress);
    case SourceKind::VisDb:
        return readVisDbGraph(m_file, m_graphs[index].step, m_graphs[index].rank).comparison;
    case SourceKind::Vis:
        break;
    }
    return readVisFile(m_file).comparison;
}

} // namespace ps
