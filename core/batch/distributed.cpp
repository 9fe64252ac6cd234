#include "batch/distributed.h"

namespace ps {

void analyzeDistributed(std::vector<JobResult>& stepResults, std::vector<std::string>& warnings)
{
    // Issue #4 brings the analyzer; until then multi-rank outputs carry no matched_distributed.
    (void)stepResults;
    (void)warnings;
}

} // namespace ps
