#include "commands/diagnose_run.h"

#include "analysis/divergence_report.h"
#include "source/source.h"
#include "util/error.h"

namespace ps {

std::string diagnoseReport(const DiagnoseRequest& request, const std::function<void(const std::string&)>& warn)
{
    SourceInputs inputs;
    inputs.compareJson = request.compareJson;
    const Source source = Source::open(std::move(inputs), request.engine);
    if (!source.isCompare())
        throw Error(
            ErrorCode::BadArgument, request.compareJson, "diagnose needs a comparison: compare.json has no bench_path");
    const std::vector<GraphJob>& jobs = source.jobs();
    std::string report = request.json ? "{\"graphs\": [" : "";
    for (size_t j = 0; j < jobs.size(); ++j) {
        const GraphJob& job = jobs[j];
        std::vector<std::string> warnings;
        auto comparison = source.load(j, warnings);
        for (const std::string& w : warnings)
            warn(w);
        const std::vector<Divergence> found = findDivergences(*comparison, request.diagnose);
        if (request.json) {
            const DivergencePlace place { job.step, job.rank };
            std::string one = divergenceJson(*comparison, found, &place);
            one.pop_back(); // the document's final newline: the list goes on
            report += (j ? ", " : "") + one;
        } else {
            if (jobs.size() > 1)
                report += "== step " + std::to_string(job.step) + ", rank " + std::to_string(job.rank) + " ==\n";
            report += divergenceTable(*comparison, found);
        }
    }
    if (request.json)
        report += "]}\n";
    return report;
}

} // namespace ps
