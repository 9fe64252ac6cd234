// A .vis.db shown in part, as it opens: each side's root and its children, one module expanded
// (its children loaded from the file on expand), one of them selected with its details read from the file, and
// the status bar saying the rest is being read.
//   probescope_screenshot_lazy_visdb OUT_DIR DATABASE {en|zh_CN}
#include "models/nodefilterproxy.h"
#include "screenshot_window.h"
#include "widgets/sidebysidetreeview.h"

#include <QApplication>
#include <QTimer>
#include <QTreeView>

using namespace psui;

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const auto args = ScreenshotArgs::parse("probescope_screenshot_lazy_visdb");
    if (!args)
        return 2;
    const ScreenshotLanguage language { QLocale(args->lang) };
    ScreenshotWindow ui(1280, 800);
    ui.session.setReadsStructureInBackground(false); // the picture shows the part; the app reads on at once
    auto* trees = ui.window.findChild<SideBySideTreeView*>();
    bool shown = false;
    QObject::connect(&ui.session, &SessionController::sessionChanged, &ui.window, [&]() {
        const auto snap = ui.session.snapshot();
        if (shown || !snap->isPartial())
            return;
        shown = true;
        const ps::Graph& g = snap->graph(Side::Npu);
        NodeId module = ps::kNoNode;
        for (NodeId k : g.children(g.root))
            if (module == ps::kNoNode && snap->hasUnloadedChildren(Side::Npu, k))
                module = k;
        if (module == ps::kNoNode)
            QApplication::exit(1);
        trees->view(Side::Npu)->expand(trees->proxy(Side::Npu)->indexOfNode(module));
        const auto grown = ui.session.snapshot();
        const auto children = grown->graph(Side::Npu).children(module);
        trees->selectNode(Side::Npu, children[children.size() / 2]);
        QObject::connect(&ui.session, &SessionController::nodeDataReady, &ui.window, [&]() {
            QTimer::singleShot(500, &ui.window, [&]() {
                const bool ok
                    = ui.window.grab().save(args->outDir + QStringLiteral("/lazy_visdb_%1.png").arg(args->lang));
                QApplication::exit(ok ? 0 : 1);
            });
        });
    });
    ui.session.openPaths({ args->casesDir }, ps::EngineOptions {});
    return QApplication::exec();
}
