#pragma once
// The analysis requests' work, run on worker threads against the snapshot of the moment: manual match / unmatch
// and .vis.config files (a new comparison, recomputed), and the first-divergence finder.
#include "analysis/divergence.h"
#include "analysis/step_origins.h"
#include "models/snapshot.h"

#include <QCoreApplication>
#include <QMetaType>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

namespace ps {
struct ManualMatchReport;
}

namespace psui {

// A manual (un)match or .vis.config applied: what changed, in the user's words.
struct MatchOutcome {
    int changed = 0; // pairs matched or unmatched
    QStringList failures; // English lines from the core, one per pair that could not be changed
    QString error; // the whole request was refused (real-data mode, unreadable file, ...)
};

struct DiagnoseOutcome {
    std::shared_ptr<const Snapshot> snapshot; // the comparison the list refers to
    std::vector<ps::Divergence> divergences;
    QString error;
};

// Where the errors of one step's ranks entered (analysis/step_origins.h), for the First divergence dock.
struct OriginsOutcome {
    ps::StepOrigins traced;
    std::unordered_map<int, int> jobOfRank; // a rank of the step -> its job in the session
    quint64 sourceGeneration = 0; // SessionController::sourceGeneration the jobs refer to
    QString error;
};

struct EditResult {
    std::shared_ptr<const Snapshot> snapshot; // null when nothing changed
    MatchOutcome outcome;
};

class AnalysisJobs {
    Q_DECLARE_TR_FUNCTIONS(AnalysisJobs)
public:
    using Mutation = std::function<std::shared_ptr<ps::Comparison>(const ps::Comparison&, ps::ManualMatchReport&)>;
    static Mutation match(NodeId npu, NodeId bench, bool withChildren);
    static Mutation unmatch(NodeId npu, NodeId bench, bool withChildren);
    static Mutation applyConfig(const QString& path);
    static QString refusal(const Snapshot* snapshot); // why it cannot be matched by hand ("" if it can)

    // The mutation applied to `base`; the new snapshot keeps the legend shown.
    static EditResult edit(const std::shared_ptr<const Snapshot>& base, const Mutation& mutation);
    static QString saveConfig(const ps::Comparison& comparison, const QString& path); // "" or why it failed
    static DiagnoseOutcome diagnose(
        const std::shared_ptr<const Snapshot>& snapshot, const ps::DiagnoseOptions& options);
    // `cancel`: the job's flag (Error(Cancelled) ends it with `error` set).
    static OriginsOutcome traceOrigins(const ps::Source& source, const std::vector<size_t>& ranks,
        const ps::DiagnoseOptions& options, const std::atomic<bool>* cancel,
        const std::function<void(int permille)>& progress);
};

} // namespace psui

Q_DECLARE_METATYPE(psui::MatchOutcome)
Q_DECLARE_METATYPE(psui::DiagnoseOutcome)
Q_DECLARE_METATYPE(psui::OriginsOutcome)
