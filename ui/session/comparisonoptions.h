#pragma once
// The options a comparison was opened with (-f, -oc, -cs, -lm, rules, parallel layouts) belong to that
// comparison: they are stored with its recent entry, shown in the status bar, and come back when the entry is
// opened again. A path opened for the first time gets the defaults, never the last comparison's options.
#include "batch/engine.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>

namespace psui {

class Settings;
struct OpenRequest;
struct OpenOptions;

class ComparisonOptions {
    Q_DECLARE_TR_FUNCTIONS(ComparisonOptions)
public:
    // "key=value" lines as the settings store them; the layer-mapping rules edited in the viewer are not stored
    // (only a mapping file is).
    static QStringList encode(const OpenOptions& options);
    // nullopt when nothing readable is stored (an unknown key or a bad value counts as nothing).
    static std::optional<OpenOptions> decode(const QStringList& lines);
    // The command-line flags a request's options stand for ("-f -oc -lm mapping.yaml"), or "none".
    static QString summary(const OpenRequest& request);
    // The options to open these paths with: the ones stored for their recent entry, else the defaults (no flags,
    // the preferred rules).
    static OpenOptions forPaths(const Settings& settings, const QStringList& paths);
    // The folder file dialogs start in while this request is open: its compare.json's or graph file's folder, or
    // the folder holding its NPU dump; empty when nothing is open.
    static QString caseFolder(const OpenRequest& request);
};

} // namespace psui
