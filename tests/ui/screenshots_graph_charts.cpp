// Screenshots of the Charts dock (gpt_mix_statistics: precision along execution order) and of the Graph dock (the
// bundled example with a layer revealed and selected):
//   probescope_screenshots_graph_charts OUT_DIR CASES_DIR EXAMPLE_DIR
#include "screenshot_window.h"
#include "widgets/graphcanvas.h"
#include "widgets/graphchartdocks.h"
#include "widgets/mainwindow.h"
#include "widgets/precisioncharts.h"
#include "widgets/sidebysidetreeview.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QTabWidget>
#include <QTimer>

using namespace psui;

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    if (args.size() < 4) {
        qWarning("usage: probescope_screenshots_graph_charts OUT_DIR CASES_DIR EXAMPLE_DIR");
        return 2;
    }
    const QString outDir = args[1];
    ScreenshotWindow ui(1800, 1100);
    SessionController& session = ui.session;
    MainWindow& window = ui.window;
    GraphChartDocks* docks = window.findChild<psui::GraphChartDocks*>();
    int stage = 0;
    onWholeSession(&session, &window, [&]() {
        if (stage == 0) {
            docks->chartsDock()->show();
            docks->chartsDock()->raise();
            window.resizeDocks({ docks->chartsDock() }, { 600 }, Qt::Vertical);
            window.resizeDocks({ docks->chartsDock() }, { 1400 }, Qt::Horizontal);
            QTimer::singleShot(600, &window, [&]() {
                if (!window.grab().save(outDir + QStringLiteral("/charts_en.png")))
                    QApplication::exit(1);
                stage = 1;
                session.openPaths({ args[3] + QStringLiteral("/compare.json") }, {});
            });
            return;
        }
        docks->chartsDock()->hide();
        window.findChild<QAction*>(QStringLiteral("centralBoth"))->trigger(); // the trees above the graph
        QTimer::singleShot(300, &window, [&]() {
            const auto snap = session.snapshot();
            const ps::Graph& g = snap->graph(Side::Npu);
            // The deepest node: revealing it expands its ancestors, as a jump from the tree does.
            NodeId deepest = g.root;
            for (NodeId n = 0; n < g.size(); ++n)
                if (snap->rollup(Side::Npu).depth[n] > snap->rollup(Side::Npu).depth[deepest])
                    deepest = n;
            window.findChild<psui::SideBySideTreeView*>()->selectNode(Side::Npu, deepest);
            QTimer::singleShot(500, &window, [&]() {
                QApplication::exit(window.grab().save(outDir + QStringLiteral("/graph_canvas_en.png")) ? 0 : 1);
            });
        });
    });
    session.openPaths({ args[2] + QStringLiteral("/gpt_mix_statistics/compare.json") }, {});
    return QApplication::exec();
}
