#include "session/loadjob.h"

#include "batch/dump_layout.h"
#include "io/file_io.h"
#include "session/errortext.h"
#include "session/jobrunner.h"
#include "session/usersession.h"
#include "util/error.h"
#include "vis/vis_db_browser.h"
#include "vis/vis_db_reader.h"
#include "vis/vis_reader.h"

#include <QFileInfo>

#include <algorithm>

namespace psui {

namespace {

const ps::GraphJob& jobOf(const OpenRequest& request, const ps::Source& source)
{
    return source.jobs()[size_t(std::clamp(request.jobIndex, 0, int(source.size()) - 1))];
}

// A .vis file is one graph; a .vis.db holds one per step and rank (the source's jobs), read with or without the
// node data.
ps::VisDocument readGraphFile(const OpenRequest& request, const ps::Source& source, GraphData data)
{
    const std::string path = request.visPath.toStdString();
    if (!LoadJob::isVisDb(request))
        return ps::readVisFile(path);
    const ps::GraphJob& job = jobOf(request, source);
    return ps::readVisDbGraph(
        path, job.step, job.rank, data == GraphData::All ? ps::VisDbData::All : ps::VisDbData::Structure);
}

// The session of a freshly opened comparison: its session file when there is one, else the notes of the graph
// file (`fileNotes`). A session file that cannot be read is reported and left as it is.
void readSession(LoadResult& result, std::vector<ps::NodeNote> fileNotes)
{
    result.sessionPath
        = QString::fromStdString(ps::sessionPathFor(LoadJob::comparisonPath(result.request).toStdString()));
    if (QFileInfo::exists(result.sessionPath)) {
        if (std::optional<ps::Session> session = UserSession::read(result.sessionPath, result.sessionError)) {
            result.session = std::move(*session);
            result.sessionRestored = true;
            return;
        }
    }
    for (ps::NodeNote& note : fileNotes) // setNote keeps them sorted, one per node
        result.session.setNote(note.ref, note.tag, std::move(note.text));
}

} // namespace

QString LoadJob::comparisonPath(const OpenRequest& request)
{
    if (!request.visPath.isEmpty())
        return request.visPath;
    return request.compareJson.isEmpty() ? request.npuPath : request.compareJson;
}

bool LoadJob::isVisDb(const OpenRequest& request)
{
    return request.visPath.endsWith(QLatin1String(".vis.db"));
}

std::shared_ptr<const Snapshot> LoadJob::browsedSnapshot(const ps::VisDbBrowser& browser)
{
    ps::VisDocument doc = browser.document();
    auto snapshot = std::const_pointer_cast<Snapshot>(makeSnapshot(std::move(doc.comparison), &doc.meta));
    for (Side side : { Side::Npu, Side::Bench }) {
        if (!snapshot->hasSide(side))
            continue;
        auto& unloaded = snapshot->unloadedChildren[size_t(side)];
        unloaded.assign(snapshot->graph(side).size(), 0);
        for (NodeId n = 0; n < unloaded.size(); ++n)
            unloaded[n] = browser.hasChildren(side, n) && !browser.childrenLoaded(side, n);
    }
    if (snapshot->unloadedChildren[0].empty())
        snapshot->unloadedChildren[0].assign(1, 0); // still partial: the structure is read next
    return snapshot;
}

std::shared_ptr<const ps::Source> LoadJob::openSource(const OpenRequest& request)
{
    return std::make_shared<const ps::Source>(ps::Source::open(sourceInputsOf(request), request.options));
}

LoadResult LoadJob::browse(OpenRequest request, std::shared_ptr<const ps::Source> source, const JobContext& context)
{
    LoadResult result;
    result.fresh = !source;
    try {
        context.progress(-1, tr("Opening %1…").arg(QFileInfo(request.visPath).fileName()));
        const std::string path = request.visPath.toStdString();
        if (!source)
            source = openSource(request);
        request.jobIndex = std::clamp(request.jobIndex, 0, int(source->size()) - 1);
        const ps::GraphJob& job = jobOf(request, *source);
        result.browser = std::make_shared<ps::VisDbBrowser>(path, job.step, job.rank);
        result.snapshot = browsedSnapshot(*result.browser);
        result.request = request;
        if (result.fresh)
            readSession(result, ps::readVisDbNotes(path));
    } catch (const std::exception& e) {
        result.error = ErrorText::of(e);
        result.snapshot.reset();
    }
    result.request = std::move(request);
    result.source = std::move(source);
    return result;
}

namespace {

// What the trees can show of a pair matched but not compared yet: its graphs (the comparing leaves them alone) and
// a copy of the matches.
std::shared_ptr<const Snapshot> structureSnapshot(const ps::Comparison& matched)
{
    auto c = std::make_shared<ps::Comparison>();
    c->profile = matched.profile;
    c->msprobe26Release = matched.msprobe26Release;
    c->isCompare = matched.isCompare;
    c->mode = matched.mode;
    c->overflowCheck = matched.overflowCheck;
    c->parallelMerge = matched.parallelMerge;
    c->graphs = matched.graphs;
    c->counterpart = matched.counterpart;
    c->precision.assign(matched.graphs[0] ? matched.graphs[0]->size() : 0, ps::Precision {});
    c->colors = matched.colors;
    return matchedSnapshot(std::move(c));
}

} // namespace

LoadResult LoadJob::run(OpenRequest request, std::shared_ptr<const ps::Source> source, const JobContext& context,
    GraphData data, const std::function<void(LoadResult)>& matched)
{
    LoadResult result;
    result.fresh = !source;
    std::vector<ps::NodeNote> fileNotes;
    ps::RunContext progress(
        [&](ps::Stage stage, double overall) { context.progress(int(overall * 1000), stageText(stage)); },
        context.cancelFlag());
    try {
        if (!source)
            source = openSource(request);
        request.jobIndex = std::clamp(request.jobIndex, 0, int(source->size()) - 1);
        if (!request.visPath.isEmpty()) {
            context.progress(-1,
                (data == GraphData::All ? tr("Reading the node data of %1…") : tr("Reading %1…"))
                    .arg(QFileInfo(request.visPath).fileName()));
            ps::VisDocument document = readGraphFile(request, *source, data);
            progress.checkCancelled();
            context.progress(-1, tr("Preparing the view…"));
            result.snapshot = makeSnapshot(std::move(document.comparison), &document.meta);
            if (result.fresh && isVisDb(request)) {
                fileNotes = ps::readVisDbNotes(request.visPath.toStdString()); // every graph's
            } else if (result.fresh) {
                // A .vis is one graph, shown as step 0, rank 0: its notes are on it whatever graph they came from.
                for (ps::NodeNote& note : document.notes) {
                    note.ref.step = note.ref.rank = 0;
                    fileNotes.push_back(std::move(note));
                }
            }
        } else {
            // The folders compare.json named, for the title, the Open dialog and the session file.
            request.npuPath = QString::fromStdString(source->inputs().npuPath);
            request.benchPath = QString::fromStdString(source->inputs().benchPath);
            std::vector<std::string> warnings;
            std::shared_ptr<const Snapshot> shown; // what `matched` received
            if (matched && request.options.parallel.empty()) // (a merged run is shown once compared)
                progress.matched = [&](const ps::Comparison& c) {
                    LoadResult early;
                    early.fresh = result.fresh;
                    early.request = request;
                    early.source = source;
                    early.snapshot = structureSnapshot(c);
                    shown = early.snapshot;
                    if (early.fresh)
                        readSession(early, {});
                    matched(std::move(early));
                };
            auto comparison = source->load(size_t(request.jobIndex), warnings, &progress);
            std::shared_ptr<const ps::TruthJudgement> truth;
            if (!source->inputs().referencePath.empty()) {
                context.progress(-1, tr("Judging both sides against the truth run…"));
                try {
                    truth = source->judge(size_t(request.jobIndex), *comparison, ps::TruthOptions {});
                } catch (const ps::Error& e) { // the comparison is shown all the same
                    result.warnings << tr("The truth run could not be used: %1").arg(ErrorText::of(e));
                }
            }
            context.progress(1000, tr("Preparing the view…"));
            // The structure shown while comparing is kept: only what the metrics decide is computed.
            auto snapshot = std::const_pointer_cast<Snapshot>(
                shown ? comparedSnapshot(*shown, std::move(comparison)) : makeSnapshot(std::move(comparison)));
            snapshot->truth = std::move(truth);
            result.snapshot = std::move(snapshot);
            for (const std::string& w : warnings)
                result.warnings << QString::fromStdString(w);
        }
    } catch (const std::exception& e) {
        result.error = ErrorText::of(e);
        result.snapshot.reset();
    }
    result.request = std::move(request);
    result.source = std::move(source);
    if (result.fresh && result.error.isEmpty())
        readSession(result, std::move(fileNotes));
    return result;
}

QString LoadJob::stageText(ps::Stage stage)
{
    switch (stage) {
    case ps::Stage::ReadDump:
        return tr("Reading dump.json…");
    case ps::Stage::ReadStructure:
        return tr("Reading construct.json and stack.json…");
    case ps::Stage::Build:
        return tr("Building the graphs…");
    case ps::Stage::Match:
        return tr("Matching nodes…");
    case ps::Stage::Compare:
        return tr("Comparing…");
    case ps::Stage::Tensors:
        return tr("Comparing tensors…");
    case ps::Stage::Write:
        return tr("Writing…");
    }
    return {};
}

int LoadJob::rankFolderCount(const QString& folder)
{
    try {
        const std::string dir = folder.toStdString();
        switch (ps::detectLayout26(dir)) {
        case ps::DumpLayout::Files:
            return 0;
        case ps::DumpLayout::Ranks:
            return int(ps::rankFolders26(dir).size());
        case ps::DumpLayout::Steps: {
            const std::vector<std::string> steps = ps::commonStepFolders26(dir, std::string());
            return steps.empty() ? 0 : int(ps::rankFolders26(ps::joinPath(dir, steps[0])).size());
        }
        }
    } catch (const ps::Error&) {
    }
    return 0;
}

} // namespace psui
