#include "analysis/step_origins.h"

#include "batch/distributed.h"

namespace ps {

StepOrigins traceStep(const Source& source, const std::vector<size_t>& ranks, const DiagnoseOptions& options,
    std::vector<std::string>& warnings, RunContext* run,
    const std::function<void(size_t, const Comparison&, const std::vector<Divergence>&)>& eachRank)
{
    std::vector<JobResult> results;
    results.reserve(ranks.size());
    if (run)
        run->plan(ranks.size(), false);
    for (size_t i = 0; i < ranks.size(); ++i) {
        if (run) {
            run->checkCancelled();
            run->beginJob(i);
        }
        results.push_back({ source.jobs().at(ranks[i]), source.load(ranks[i], warnings, run) });
    }
    analyzeDistributed(results, warnings, source.options().profile);
    StepOrigins out;
    out.step = ranks.empty() ? 0 : source.jobs()[ranks.front()].step;
    out.jobs = ranks;
    std::vector<RankFindings> findings;
    findings.reserve(ranks.size());
    for (size_t i = 0; i < ranks.size(); ++i) {
        if (run)
            run->checkCancelled();
        findings.push_back(rankFindings(*results[i].comparison, results[i].job.rank, options));
        if (eachRank) {
            std::vector<Divergence> found;
            for (const RankFindings::Found& f : findings.back().found)
                if (!options.limit || found.size() < options.limit)
                    found.push_back(f.divergence);
            eachRank(i, *results[i].comparison, found);
        }
        results[i].comparison.reset(); // its graphs are no longer needed
    }
    out.origins = traceOrigins(findings);
    return out;
}

} // namespace ps
