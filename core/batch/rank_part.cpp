#include "batch/rank_part.h"

#include "io/file_io.h"
#include "match/layer_mapping.h"
#include "util/error.h"
#include "util/rank_list.h"

#include <algorithm>
#include <set>

namespace ps {

namespace {

std::vector<int> sortedValues(const std::set<int>& values)
{
    return std::vector<int>(values.begin(), values.end());
}

} // namespace

void checkPartOptions(const CompareConfig& config, const EngineOptions& options)
{
    if (options.profile != RulesProfile::Msprobe26 || !options.parallel.empty())
        throw Error(ErrorCode::BadArgument, config.npuPath,
            "--ranks belongs to graph_visualize without the parallel merge (--rank_size needs every rank)");
}

VisDbPart selectPartJobs(std::vector<GraphJob>& jobs, std::vector<size_t>& indexes, const CompareConfig& config,
    const EngineOptions& options)
{
    checkPartOptions(config, options);
    if (jobs.empty() || jobs.front().rankDir.empty())
        throw Error(ErrorCode::BadArgument, config.npuPath,
            "--ranks needs a folder of rank<N> folders (or of step<N> folders holding them), not one rank's dump");
    std::set<int> runRanks, runSteps;
    for (const GraphJob& job : jobs) {
        runRanks.insert(job.rank);
        runSteps.insert(job.step);
    }
    for (int rank : options.onlyRanks)
        if (!runRanks.count(rank))
            throw Error(ErrorCode::BadArgument, config.npuPath,
                "--ranks asks for rank " + std::to_string(rank)
                    + ", which the run does not have (its ranks: " + formatRankList(sortedValues(runRanks)) + ")");
    size_t kept = 0;
    for (size_t j = 0; j < jobs.size(); ++j)
        if (std::binary_search(options.onlyRanks.begin(), options.onlyRanks.end(), jobs[j].rank)) {
            jobs[kept] = std::move(jobs[j]);
            indexes[kept++] = indexes[j];
        }
    jobs.resize(kept);
    indexes.resize(kept);
    return { partRules(options), formatRankList(sortedValues(runRanks)), formatRankList(sortedValues(runSteps)) };
}

std::string partRules(const EngineOptions& options)
{
    std::string rules = options.profile == RulesProfile::Msprobe26 ? "graph_visualize" : "graph";
    if (options.framework != Framework::PyTorch)
        rules += std::string(" -f ") + frameworkName(options.framework);
    if (options.fuzzy)
        rules += " -fm";
    if (options.overflowCheck)
        rules += " -oc";
    if (options.nameOnlyMatch)
        rules += " -lm";
    if (options.layerMapping && !options.layerMapping->contentCrc.empty())
        rules += " -lm crc32:" + options.layerMapping->contentCrc;
    return rules;
}

std::string partFileName(bool compare, const std::vector<int>& ranks, const std::string& timestamp)
{
    return std::string(compare ? "compare" : "build") + "_ranks" + formatRankList(ranks) + "_" + timestamp + ".vis.db";
}

} // namespace ps
