#pragma once
// The Trends job, run on a worker thread: the session's steps and ranks summarised one graph at a time
// (ps::computeTrends never holds two graphs), with progress per graph and the job's cancel flag.
#include "analysis/step_trends.h"
#include "source/source.h"

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
    // `source`: the session's (graph i is the session's job i).
    static TrendsResult run(const std::shared_ptr<const ps::Source>& source, const JobContext& context);
};

} // namespace psui
