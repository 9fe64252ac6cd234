#pragma once
// The Trends job, run on a worker thread: the session's steps and ranks summarised one graph at a time
// (ps::computeTrends never holds two graphs), with progress per graph and the job's cancel flag.
#include "analysis/step_trends.h"
#include "session/openrequest.h"

#include <QCoreApplication>
#include <QString>

#include <memory>
#include <vector>

namespace psui {

class JobContext;

struct TrendsResult {
    std::shared_ptr<const ps::StepTrends> trends; // null on failure
    QString error; // translated, for the user
};

class TrendsJob {
    Q_DECLARE_TR_FUNCTIONS(TrendsJob)
public:
    // The session's graphs as a comparison source whose graph i is the session's job i: the .vis.db it reads,
    // or the dump jobs it planned (compared with the session's options). Throws ps::Error.
    static ps::ComparisonSource sourceOf(const OpenRequest& request, const std::vector<ps::GraphJob>& jobs);
    static TrendsResult run(
        const OpenRequest& request, const std::vector<ps::GraphJob>& jobs, const JobContext& context);
};

} // namespace psui
