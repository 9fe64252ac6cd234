#include "session/tensorerrorjob.h"

#include "session/errortext.h"
#include "session/jobrunner.h"

namespace psui {

TensorErrorOutcome TensorErrorJob::run(const TensorErrorRequest& request, const JobContext& context)
{
    TensorErrorOutcome outcome;
    outcome.request = request;
    try {
        context.progress(-1, tr("Reading the tensors…"));
        ps::TensorFilesRequest files;
        files.npuPath = request.npuPath.toStdString();
        files.benchPath = request.benchPath.toStdString();
        files.rtol = request.rtol;
        files.atol = request.atol;
        files.options.cancel = context.cancelFlag();
        const QString stage = tr("Comparing the tensors element by element…");
        files.options.progress = [&context, stage](double fraction) { context.progress(int(fraction * 1000), stage); };
        outcome.result = std::make_shared<const ps::TensorFilesError>(ps::compareTensorFiles(files));
    } catch (const std::exception& e) {
        outcome.error = ErrorText::of(e);
    }
    return outcome;
}

} // namespace psui
