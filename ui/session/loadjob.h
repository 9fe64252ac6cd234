#pragma once
// The load job, run on a worker thread: the request's inputs are opened through the front door (ps::Source, the one
// the command line uses: the same layouts, the same job plan); a graph file is then read as it is, dumps are built
// and compared one step/rank pair at a time; then the view's snapshot is built.
#include "models/snapshot.h"
#include "session/openrequest.h"
#include "session/session_file.h"

#include <QCoreApplication>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

namespace ps {
class VisDbBrowser;
}

namespace psui {

class JobContext;

struct LoadResult {
    OpenRequest request; // with the step/rank actually loaded (and the paths a compare.json named)
    std::shared_ptr<const ps::Source> source; // the inputs opened: every step/rank pair of the layout
    std::shared_ptr<const Snapshot> snapshot; // null on failure
    QStringList warnings;
    QString error; // translated, for the user
    // A comparison opened afresh (not another step or rank of the one open) comes with its session: the session
    // file beside it when there is one (restored: its view too), else the notes its graph file carries.
    bool fresh = false;
    QString sessionPath; // where Save session writes by default
    ps::Session session;
    bool sessionRestored = false;
    QString sessionError; // the session file could not be read (the comparison is open all the same)
    // browse(): the .vis.db browsed, whose part opened so far `snapshot` shows (its structure is read next).
    std::shared_ptr<ps::VisDbBrowser> browser;
};

// What a load reads of a .vis.db: its structure, the node data being read per node when shown, or everything.
enum class GraphData { Structure, All };

class LoadJob {
    Q_DECLARE_TR_FUNCTIONS(LoadJob)
public:
    // `source`: the request's inputs opened by a previous load of the same comparison (null: a comparison opened
    // afresh, whose inputs are opened now). Reports progress and stops soon after the context is cancelled.
    // Dumps: `matched` receives the structure before the pair is compared (Snapshot::comparing, the session's
    // fields as in the result), while the comparing waits for it.
    static LoadResult run(OpenRequest request, std::shared_ptr<const ps::Source> source, const JobContext& context,
        GraphData data = GraphData::Structure, const std::function<void(LoadResult)>& matched = {});
    // A .vis.db's first view in milliseconds whatever its size: each side's root and its children, browsed with
    // indexed queries (LoadResult::browser loads more on expand). What run() then reads replaces it.
    static LoadResult browse(OpenRequest request, std::shared_ptr<const ps::Source> source, const JobContext& context);
    // The request's inputs opened (Source::open) with its options. Throws ps::Error.
    static std::shared_ptr<const ps::Source> openSource(const OpenRequest& request);
    // The snapshot of the part of a .vis.db a browser has loaded: the trees load the rest of a node on expand.
    static std::shared_ptr<const Snapshot> browsedSnapshot(const ps::VisDbBrowser& browser);
    static bool isVisDb(const OpenRequest& request);
    static QString stageText(ps::Stage stage); // translated stage name for the progress display
    // The rank folders of a dump folder (or of its first step folder): what the open dialog pre-fills as the rank
    // count of a parallel layout; 0 when it holds none.
    static int rankFolderCount(const QString& folder);
    // The path a comparison's session file is named after: the graph file, the compare.json or the NPU folder.
    static QString comparisonPath(const OpenRequest& request);
};

} // namespace psui
