#include "session/diffjob.h"

#include "session/errortext.h"
#include "session/jobrunner.h"
#include "session/loadjob.h"
#include "source/source.h"
#include "util/error.h"

#include <QDir>

#include <optional>

namespace psui {

DiffOutcome DiffJob::run(const DiffRequest& request, const JobContext& context)
{
    DiffOutcome out;
    out.path = request.path;
    const QString shown = QDir::toNativeSeparators(request.path);
    if (!request.after || !request.after->comparison || !request.after->comparison->isCompare) {
        out.error = tr("Only a comparison can be compared with another one.");
        return out;
    }
    try {
        context.progress(-1, tr("Opening %1…").arg(shown));
        ps::EngineOptions engine = request.options;
        engine.parallel.clear(); // the other source is one comparison per step and rank
        engine.onlyRanks.clear();
        const ps::Source source = ps::Source::open({ request.path.toStdString() }, engine);
        if (source.jobs().empty())
            throw ps::Error(ps::ErrorCode::BadContent, request.path.toStdString(), "it holds no graph");
        // The graph of the shown step and rank, else the first one (and the note says so).
        std::optional<size_t> same;
        for (size_t i = 0; i < source.jobs().size() && !same; ++i)
            if (source.jobs()[i].step == request.step && source.jobs()[i].rank == request.rank)
                same = i;
        const size_t index = same.value_or(0);
        ps::RunContext progress(
            [&](ps::Stage stage, double overall) { context.progress(int(overall * 900), LoadJob::stageText(stage)); },
            context.cancelFlag());
        std::vector<std::string> warnings; // the engine's warnings are the shown comparison's business
        const auto before = source.load(index, warnings, &progress);
        progress.checkCancelled();
        if (!before->isCompare)
            throw ps::Error(ps::ErrorCode::BadContent, request.path.toStdString(), "it is a build, not a comparison");
        context.progress(950, tr("Marking the changes…"));
        std::shared_ptr<ChangeMap> map = computeChangeMap(*before, *request.after);
        map->beforeLabel = shown;
        map->step = source.jobs()[index].step;
        map->rank = source.jobs()[index].rank;
        if (!same)
            map->graphNote = tr("%1 has no step %2, rank %3: its first graph (step %4, rank %5) is compared.")
                                 .arg(shown)
                                 .arg(request.step)
                                 .arg(request.rank)
                                 .arg(map->step)
                                 .arg(map->rank);
        out.changes = std::move(map);
    } catch (const std::exception& e) {
        out.error = tr("Cannot compare with %1:\n%2").arg(shown, ErrorText::of(e));
    }
    return out;
}

} // namespace psui
