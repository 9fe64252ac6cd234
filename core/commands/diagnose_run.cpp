#include "commands/diagnose_run.h"

#include "analysis/divergence_report.h"
#include "analysis/step_origins.h"
#include "source/source.h"
#include "util/error.h"

namespace ps {

namespace {

// The report's parts, filled one graph (and one step's ranks) at a time.
struct Report {
    std::vector<std::string> graphs; // table sections or JSON objects
    std::vector<std::string> origins; // per multi-rank step: a table section or JSON objects
};

void addGraph(const DiagnoseRequest& request, const Source& source, size_t job, const Comparison& comparison,
    const std::vector<Divergence>& found, Report& report)
{
    const GraphJob& j = source.jobs()[job];
    if (request.json) {
        const DivergencePlace place { j.step, j.rank };
        std::string one = divergenceJson(comparison, found, &place);
        one.pop_back(); // the document's final newline: the list goes on
        report.graphs.push_back(std::move(one));
        return;
    }
    std::string section;
    if (source.jobs().size() > 1)
        section = "== step " + std::to_string(j.step) + ", rank " + std::to_string(j.rank) + " ==\n";
    report.graphs.push_back(section + divergenceTable(comparison, found));
}

// The ranks of one step, traced across their communication links after each rank's table.
void diagnoseStep(const DiagnoseRequest& request, const Source& source, const std::vector<size_t>& ranks,
    const std::function<void(const std::string&)>& warn, Report& report)
{
    std::vector<std::string> warnings;
    const StepOrigins traced = traceStep(source, ranks, request.diagnose, warnings, nullptr,
        [&](size_t i, const Comparison& c, const std::vector<Divergence>& found) {
            addGraph(request, source, ranks[i], c, found, report);
        });
    for (const std::string& w : warnings)
        warn(w);
    if (request.json) {
        for (std::string& o : originsJson(traced.origins, traced.step))
            report.origins.push_back(std::move(o));
        return;
    }
    report.origins.push_back("== where the errors entered, step " + std::to_string(traced.step) + " (across ranks) ==\n"
        + originsTable(traced.origins));
}

std::string joined(const std::vector<std::string>& parts, const std::string& separator)
{
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i)
        out += (i ? separator : "") + parts[i];
    return out;
}

} // namespace

std::string diagnoseReport(const DiagnoseRequest& request, const std::function<void(const std::string&)>& warn)
{
    SourceInputs inputs;
    inputs.compareJson = request.compareJson;
    const Source source = Source::open(std::move(inputs), request.engine);
    if (!source.isCompare())
        throw Error(
            ErrorCode::BadArgument, request.compareJson, "diagnose needs a comparison: compare.json has no bench_path");
    Report report;
    std::vector<bool> done(source.jobs().size(), false);
    for (size_t j = 0; j < source.jobs().size(); ++j) {
        if (done[j])
            continue;
        const std::vector<size_t> ranks = source.stepRanks(j);
        if (ranks.size() > 1) {
            diagnoseStep(request, source, ranks, warn, report);
            for (size_t r : ranks)
                done[r] = true;
            continue;
        }
        std::vector<std::string> warnings;
        auto comparison = source.load(j, warnings);
        for (const std::string& w : warnings)
            warn(w);
        addGraph(request, source, j, *comparison, findDivergences(*comparison, request.diagnose), report);
        done[j] = true;
    }
    if (request.json)
        return "{\"graphs\": [" + joined(report.graphs, ", ") + "], \"origins\": [" + joined(report.origins, ", ")
            + "]}\n";
    return joined(report.graphs, "") + joined(report.origins, "");
}

} // namespace ps
