#include "batch/rank_part.h"

#include "io/file_io.h"
#include "util/error.h"
#include "util/rank_list.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <zlib.h>

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

VisDbPart selectPartJobs(std::vector<GraphJob>& jobs, const CompareConfig& config, const EngineOptions& options)
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
    std::erase_if(jobs, [&](const GraphJob& job) {
        return !std::binary_search(options.onlyRanks.begin(), options.onlyRanks.end(), job.rank);
    });
    return { partRules(options), formatRankList(sortedValues(runRanks)), formatRankList(sortedValues(runSteps)) };
}

std::string partRules(const EngineOptions& options)
{
    std::string rules = options.profile == RulesProfile::Msprobe26 ? "graph_visualize" : "graph";
    if (options.framework != "pytorch")
        rules += " -f " + options.framework;
    if (options.fuzzy)
        rules += " -fm";
    if (options.overflowCheck)
        rules += " -oc";
    if (options.nameOnlyMatch)
        rules += " -lm";
    if (!options.layerMappingPath.empty()) {
        // The file's content, not its path: the array tasks of a cluster job may see it under other names.
        std::string content;
        try {
            content = readWholeFile(options.layerMappingPath, 64ull << 20);
        } catch (const Error&) {
            content = "(unreadable)"; // 26.0.0 warns and goes on; so do the parts, alike
        }
        char crc[16];
        std::snprintf(crc, sizeof crc, "%08lx",
            crc32(crc32(0, nullptr, 0), reinterpret_cast<const Bytef*>(content.data()), uInt(content.size())));
        rules += std::string(" -lm crc32:") + crc;
    }
    return rules;
}

std::string partFileName(bool compare, const std::vector<int>& ranks, const std::string& timestamp)
{
    return std::string(compare ? "compare" : "build") + "_ranks" + formatRankList(ranks) + "_" + timestamp + ".vis.db";
}

} // namespace ps
