#pragma once
// The Tensor error job, run on a worker thread: the two tensor files of a details row read and compared element
// by element (ps::compareTensorFiles, the same call as `probescope-cli tensor`), with progress and the job's
// cancel flag.
#include "commands/tensor_command.h"

#include <QCoreApplication>
#include <QMetaType>
#include <QString>

#include <memory>
#include <optional>

namespace psui {

class JobContext;

struct TensorErrorRequest {
    QString npuPath;
    QString benchPath;
    QString label; // which pair: the NPU node and the row's slot, e.g. "Functional.linear.2.forward  output.0"
    std::optional<double> rtol; // unset: the default of the two dtypes (ps::defaultTolerance)
    std::optional<double> atol;
};

struct TensorErrorOutcome {
    TensorErrorRequest request;
    std::shared_ptr<const ps::TensorFilesError> result; // null on failure
    QString error; // translated, for the user
};

class TensorErrorJob {
    Q_DECLARE_TR_FUNCTIONS(TensorErrorJob)
public:
    static TensorErrorOutcome run(const TensorErrorRequest& request, const JobContext& context);
};

} // namespace psui

Q_DECLARE_METATYPE(psui::TensorErrorOutcome)
