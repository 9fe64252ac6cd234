// The Tensor error window's work: two tensor files compared on the Tensor channel (TensorErrorJob).
#include "session/sessioncontroller.h"

namespace psui {

void SessionController::computeTensorError(const TensorErrorRequest& request)
{
    m_runner->run(
        Channel::Tensor, tr("Comparing the tensors…"),
        [request](const JobContext& context) { return TensorErrorJob::run(request, context); },
        [this](const TensorErrorOutcome& outcome) { Q_EMIT tensorErrorFinished(outcome); });
}

} // namespace psui
