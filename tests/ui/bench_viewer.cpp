// Benchmark: the real main window opening dumps or a graph file, offscreen.
//   QT_QPA_PLATFORM=offscreen probescope_bench_viewer [--rules 26|1.2] NPU_DIR BENCH_DIR
//   QT_QPA_PLATFORM=offscreen probescope_bench_viewer FILE.vis[.db]
// Reports, from the open request:
//   first paint   the NPU tree's first painted frame with the comparison's root in it;
//   expand        (a .vis.db shown in part) expanding a first-level node, to the frame painting its children;
//   settled       every background job of the session done (the full graph, communication peers, charts);
// and the process's peak RSS (VmHWM). Times are wall clock: run it on an idle machine.
#include "models/graphtreemodel.h"
#include "models/nodefilterproxy.h"
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "util/allocator.h"
#include "widgets/mainwindow.h"
#include "widgets/sidebysidetreeview.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeView>

#include <cstdio>
#include <functional>

namespace {

// Peak resident set size of this process in MB (VmHWM), or -1.
long peakRssMb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLong() / 1024;
    return -1;
}

// Sets `painted` when the watched viewport paints while its model shows a comparison.
class PaintProbe : public QObject {
public:
    PaintProbe(QAbstractItemView* view, std::function<bool()> ready)
        : m_view(view)
        , m_ready(std::move(ready))
    {
        view->viewport()->installEventFilter(this);
    }
    bool painted = false;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint && watched == m_view->viewport() && m_ready())
            painted = true;
        return false;
    }

private:
    QAbstractItemView* m_view;
    std::function<bool()> m_ready;
};

// Runs the event loop until `done()` or 10 minutes.
bool waitUntil(const std::function<bool()>& done)
{
    QElapsedTimer limit;
    limit.start();
    while (!done()) {
        if (limit.elapsed() > 600000)
            return false;
        QEventLoop loop;
        QTimer::singleShot(1, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return true;
}

bool anyBusy(const psui::SessionController& session)
{
    for (size_t c = 0; c < psui::kChannelCount; ++c)
        if (session.isBusy(psui::Channel(c)))
            return true;
    return false;
}

} // namespace

int main(int argc, char** argv)
{
    ps::configureAllocator(); // as app/main.cpp does
    QApplication app(argc, argv);
    QStringList args = QApplication::arguments().mid(1);
    ps::RulesProfile rules = ps::RulesProfile::Msprobe26;
    if (args.size() >= 2 && args[0] == QLatin1String("--rules")) {
        rules = args[1] == QLatin1String("1.2") ? ps::RulesProfile::Msprobe121 : ps::RulesProfile::Msprobe26;
        args = args.mid(2);
    }
    if (args.isEmpty() || args.size() > 2) {
        std::fprintf(stderr, "usage: %s [--rules 26|1.2] NPU_DIR BENCH_DIR | FILE.vis[.db]\n", argv[0]);
        return 2;
    }
    psui::OpenRequest request;
    if (args.size() == 2) {
        request.npuPath = args[0];
        request.benchPath = args[1];
    } else {
        request.visPath = args[0];
    }
    request.options.profile = rules;

    QTemporaryDir tmp;
    psui::Settings settings(tmp.filePath(QStringLiteral("settings.ini")));
    psui::SessionController session;
    psui::MainWindow window(&settings, &session);
    window.resize(1280, 800);
    window.show();
    QString failure;
    QObject::connect(&session, &psui::SessionController::loadFailed, [&](const QString& m) { failure = m; });
    auto* trees = window.findChild<psui::SideBySideTreeView*>();
    QTreeView* npu = trees ? trees->view(psui::Side::Npu) : nullptr;
    if (!npu) {
        std::fprintf(stderr, "no NPU tree in the main window\n");
        return 1;
    }
    waitUntil([] { return true; }); // the empty window's first frames
    const psui::GraphTreeModel* model = session.model(psui::Side::Npu);
    PaintProbe probe(npu, [&] { return model->rowCount() > 0; });

    QElapsedTimer t;
    t.start();
    const bool verbose = qEnvironmentVariableIsSet("PROBESCOPE_BENCH_VERBOSE"); // the stages as they start
    QString lastStage;
    QObject::connect(&session, &psui::SessionController::progressChanged, [&](int, const QString& stage) {
        if (verbose && stage != lastStage)
            std::printf("  %7.3f s  %s\n", double(t.nsecsElapsed()) / 1e9, qPrintable(lastStage = stage));
    });
    QObject::connect(&session, &psui::SessionController::busyChanged, [&](psui::Channel c, bool busy, const QString&) {
        if (verbose)
            std::printf("  %7.3f s  channel %d %s\n", double(t.nsecsElapsed()) / 1e9, int(c), busy ? "busy" : "idle");
    });
    QObject::connect(&session, &psui::SessionController::sessionChanged, [&] {
        if (verbose)
            std::printf("  %7.3f s  sessionChanged\n", double(t.nsecsElapsed()) / 1e9);
    });
    session.open(request);
    if (!waitUntil([&] { return probe.painted || !failure.isEmpty(); }) || !failure.isEmpty()) {
        std::fprintf(stderr, "open failed: %s\n", qPrintable(failure));
        return 1;
    }
    const double firstPaint = double(t.nsecsElapsed()) / 1e9;
    std::printf("first paint: %.3f s\n", firstPaint);
    std::fflush(stdout);

    // A .vis.db shown in part: expanding a first-level node loads its children from the file.
    if (const auto part = session.snapshot(); part && part->isPartial()) {
        const ps::Graph& g = part->graph(psui::Side::Npu);
        ps::NodeId module = ps::kNoNode;
        for (ps::NodeId k : g.children(g.root))
            if (module == ps::kNoNode && part->hasUnloadedChildren(psui::Side::Npu, k))
                module = k;
        if (module != ps::kNoNode) {
            PaintProbe expanded(npu, [&] { return model->rowCount(model->indexOfNode(module)) > 0; });
            QElapsedTimer e;
            e.start();
            npu->expand(trees->proxy(psui::Side::Npu)->indexOfNode(module));
            waitUntil([&] { return expanded.painted; });
            std::printf("expand a first-level node (%d children loaded): %.2f ms\n",
                model->rowCount(model->indexOfNode(module)), double(e.nsecsElapsed()) / 1e6);
        }
    }

    if (!waitUntil([&] { return !anyBusy(session); })) {
        std::fprintf(stderr, "the session never settled\n");
        return 1;
    }
    std::printf("settled: %.3f s\n", double(t.nsecsElapsed()) / 1e9);
    const psui::Snapshot* snapshot = session.snapshot().get();
    std::printf("nodes per side: %zu\n",
        snapshot && snapshot->hasSide(psui::Side::Npu) ? snapshot->graph(psui::Side::Npu).size() : size_t(0));
    std::printf("peak RSS: %ld MB\n", peakRssMb());
    return 0;
}
