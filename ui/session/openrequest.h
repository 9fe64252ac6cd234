#pragma once
// What the user asked to open, and how paths from the command line, a drop or the recent list become a request.
#include "batch/engine.h"
#include "source/source.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace psui {

// The options a comparison is opened with, as the user chose them: the engine's, and the layer mapping file that
// is read when the comparison opens (empty: none).
struct OpenOptions {
    OpenOptions(ps::EngineOptions engineOptions = {}, QString mappingFile = {}) // NOLINT: implicit on purpose
        : engine(std::move(engineOptions))
        , layerMappingFile(std::move(mappingFile))
    {
    }
    ps::EngineOptions engine;
    QString layerMappingFile;
    QString referencePath; // --reference DIR: a truth run judging both sides (compare/truth_verdict.h)
};

struct OpenRequest {
    QString npuPath; // a dump folder (files, ranks or steps layout)
    QString benchPath; // empty: build mode (one graph)
    QString compareJson; // if set, npuPath/benchPath come from it
    QString visPath; // if set: a .vis or .vis.db graph file opened as it is (nothing recomputed)
    ps::EngineOptions options;
    QString layerMappingFile; // -lm FILE, read into options.layerMapping when the comparison opens
    QString referencePath; // a truth run of the same step in higher precision (empty: none)
    int jobIndex = 0; // which step/rank pair of a batch layout
    QString recentEntry() const; // what the recent-files list stores
    // The window title's path: the first path of the entry, and the step/rank when the layout has several.
    QString title(const QStringList& jobLabels) const;
};

class OpenPaths {
    Q_DECLARE_TR_FUNCTIONS(OpenPaths)
public:
    // A compare.json, a .vis/.vis.db, one dump folder (build) or two folders; nullopt and `why` when the paths
    // make no sense.
    static std::optional<OpenRequest> interpret(const QStringList& paths, const OpenOptions& options, QString& why);
};

QStringList jobLabels(const std::vector<ps::GraphJob>& jobs); // "step0 / rank1" per job

// The front door's inputs for a request: its compare.json, dump folders or graph file, and its mapping file.
ps::SourceInputs sourceInputsOf(const OpenRequest& request);

} // namespace psui
