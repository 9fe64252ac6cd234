// The viewer at a laptop's and a desktop's size: the main window on gpt_mix_statistics with
// the first suspicious node selected (options in the status bar), the graph as the central view, and the details
// of mlp_mix_statistics' LayerNorm whose bench Mean is below the noise floor.
//   probescope_screenshot_viewer_layout OUT_DIR CASES_DIR {en|zh_CN} WIDTH HEIGHT
// writes OUT_DIR/viewer_{main,graph,noisefloor}_<WIDTH>x<HEIGHT>_<lang>.png; with a sixth argument "docks",
// OUT_DIR/viewer_docks_<WIDTH>x<HEIGHT>_<lang>.png instead: the bundled example with every dock open (Matches of
// a search, First divergence, Layer mapping, the diff legend of a comparison with itself) at a laptop's size; with
// "graph", OUT_DIR/viewer_graph_<WIDTH>x<HEIGHT>_<lang>.png alone.
#include "models/nodedetailsmodel.h"
#include "screenshot_window.h"
#include "session/analysiscontroller.h"
#include "widgets/detailspanel.h"
#include "widgets/mainwindow.h"
#include "widgets/searchbar.h"
#include "widgets/sidebysidetreeview.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QTableView>
#include <QTimer>

using namespace psui;

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    if (args.size() < 6) {
        qWarning("usage: probescope_screenshot_viewer_layout OUT_DIR CASES_DIR {en|zh_CN} WIDTH HEIGHT");
        return 2;
    }
    const QString lang = args[3];
    const int width = args[4].toInt();
    const int height = args[5].toInt();
    const ScreenshotLanguage language { QLocale(lang) };
    ScreenshotWindow ui(width, height);
    MainWindow& window = ui.window;
    auto save = [&](const char* what) {
        const QString file = QStringLiteral("%1/viewer_%2_%3x%4_%5.png")
                                 .arg(args[1], QLatin1String(what))
                                 .arg(width)
                                 .arg(height)
                                 .arg(lang);
        if (!window.grab().save(file))
            QApplication::exit(1);
    };
    auto mode = [&](const char* name) { window.findChild<QAction*>(QLatin1String(name))->trigger(); };
    if (args.size() > 6 && args[6] == QLatin1String("docks")) {
        const QString example = MainWindow::exampleDirectory() + QStringLiteral("/compare.json");
        ui.session.openPaths({ example }, {});
        if (!waitForWholeSession(&ui.session))
            return 1;
        ui.session.analysis()->compareWith(example);
        if (!waitForSignal(ui.session.analysis(), &AnalysisController::changesChanged))
            return 1;
        window.findChild<SearchBar*>()->setQuery(QStringLiteral("Linear"), false);
        for (const char* dock : { "divergenceDock", "layerMappingDock" })
            window.findChild<QDockWidget*>(QLatin1String(dock))->show();
        settle(600);
        window.nextSuspicious(1);
        settle(800);
        save("docks");
        return 0;
    }
    const bool graphOnly = args.size() > 6 && args[6] == QLatin1String("graph");
    int stage = 0;
    onWholeSession(&ui.session, &window, [&]() {
        if (stage == 0) {
            window.nextSuspicious(1); // F3: the first node in the worst bin
            QTimer::singleShot(600, &window, [&]() {
                if (!graphOnly)
                    save("main");
                mode("centralGraph");
                QTimer::singleShot(600, &window, [&]() {
                    save("graph");
                    if (graphOnly) {
                        QApplication::exit(0);
                        return;
                    }
                    mode("centralTrees");
                    stage = 1;
                    ui.session.openPaths({ args[2] + QStringLiteral("/mlp_mix_statistics/compare.json") }, {});
                });
            });
            return;
        }
        const NodeId node = ui.session.snapshot()->graph(Side::Npu).find("Module.norm1.LayerNorm.forward.0");
        if (node == ps::kNoNode)
            QApplication::exit(1);
        window.findChild<SideBySideTreeView*>()->selectNode(Side::Npu, node);
        QTimer::singleShot(600, &window, [&]() {
            // The marked cell: MeanRelativeErr of the NPU output, scrolled into view on a narrow window.
            auto* details = window.findChild<DetailsPanel*>();
            const NodeDetailsModel* model = details->model();
            for (int c = 0; c < model->columnCount(); ++c)
                if (model->headerData(c, Qt::Horizontal).toString() == QLatin1String("MeanRelativeErr"))
                    details->table()->scrollTo(model->index(model->rowCount() - 1, c));
            QTimer::singleShot(200, &window, [&]() {
                save("noisefloor");
                QApplication::exit(0);
            });
        });
    });
    ps::EngineOptions options;
    options.fuzzy = true; // shown in the status bar: the options belong to this comparison
    ui.session.openPaths({ args[2] + QStringLiteral("/gpt_mix_statistics/compare.json") }, options);
    return QApplication::exec();
}
