#include "session/trendsjob.h"

#include "session/errortext.h"
#include "session/jobrunner.h"

namespace psui {

ps::ComparisonSource TrendsJob::sourceOf(const OpenRequest& request, const std::vector<ps::GraphJob>& jobs)
{
    if (!request.visPath.isEmpty())
        return ps::ComparisonSource::open({ request.visPath.toStdString() }, request.options);
    const std::string label = request.npuPath.toStdString() + " + " + request.benchPath.toStdString();
    return ps::ComparisonSource::fromJobs(label, jobs, request.options);
}

TrendsResult TrendsJob::run(
    const OpenRequest& request, const std::vector<ps::GraphJob>& jobs, const JobContext& context)
{
    TrendsResult result;
    try {
        const ps::ComparisonSource source = sourceOf(request, jobs);
        const auto& graphs = source.graphs();
        auto stageOf = [&graphs](size_t next) {
            return tr("Trends: step %1, rank %2 (%3 of %4)…")
                .arg(graphs[next].step)
                .arg(graphs[next].rank)
                .arg(next + 1)
                .arg(graphs.size());
        };
        if (!graphs.empty())
            context.progress(0, stageOf(0));
        ps::TrendsProgress progress;
        progress.cancel = context.cancelFlag();
        progress.graphDone = [&](size_t done, size_t total) {
            context.progress(int(done * 1000 / total), done < total ? stageOf(done) : tr("Trends: done"));
        };
        result.trends = std::make_shared<const ps::StepTrends>(ps::computeTrends(source, progress));
    } catch (const std::exception& e) {
        result.error = ErrorText::of(e);
    }
    return result;
}

} // namespace psui
