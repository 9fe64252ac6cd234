#pragma once
// "Compare with another comparison", run on a worker thread: the other comparison source (a compare.json, a .vis
// or a .vis.db) is opened, its graph of the shown step and rank (else its first) loaded, and every node of the
// shown snapshot marked against it (models/changemap.h).
#include "batch/engine.h"
#include "models/changemap.h"

#include <QCoreApplication>
#include <QString>

#include <memory>

namespace psui {

class JobContext;

struct DiffRequest {
    QString path; // the other comparison: "before"
    ps::EngineOptions options; // dumps of a compare.json are compared with the shown comparison's rules
    std::shared_ptr<const Snapshot> after; // the comparison shown
    int step = 0, rank = 0; // the graph shown
};

struct DiffOutcome {
    QString path;
    std::shared_ptr<const ChangeMap> changes; // null on failure
    QString error; // translated, naming the file
};

class DiffJob {
    Q_DECLARE_TR_FUNCTIONS(DiffJob)
public:
    static DiffOutcome run(const DiffRequest& request, const JobContext& context);
};

} // namespace psui
