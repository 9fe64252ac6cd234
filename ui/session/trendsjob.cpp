#include "session/trendsjob.h"

#include "session/errortext.h"
#include "session/jobrunner.h"

namespace psui {

TrendsResult TrendsJob::run(const std::shared_ptr<const ps::Source>& source, const JobContext& context)
{
    TrendsResult result;
    try {
        const auto& graphs = source->jobs();
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
        result.trends = std::make_shared<const ps::StepTrends>(ps::computeTrends(*source, progress));
    } catch (const std::exception& e) {
        result.error = ErrorText::of(e);
    }
    return result;
}

} // namespace psui
