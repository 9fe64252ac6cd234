// Issue 21 item 2: gpt_fuzzy_mix_statistics (after) compared with gpt_mix_statistics (before): the trees coloured by
// change, the change legend with its counts, and a regressed node selected, the details showing its verdict and
// worst metric before and after.
//   probescope_screenshot_diff_view OUT_DIR CASES_DIR {en|zh_CN}   writes OUT_DIR/diff_view_<lang>.png (1280x800)
#include "models/changemap.h"
#include "screenshot_window.h"
#include "session/analysiscontroller.h"
#include "widgets/mainwindow.h"
#include "widgets/sidebysidetreeview.h"

#include <QApplication>
#include <QTimer>

using namespace psui;

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const auto args = ScreenshotArgs::parse("probescope_screenshot_diff_view");
    if (!args)
        return 2;
    const ScreenshotLanguage language { QLocale(args->lang) };
    ScreenshotWindow ui(1280, 800);
    MainWindow& window = ui.window;
    QObject::connect(ui.session.analysis(), &AnalysisController::compareFailed, &window, [](const QString& message) {
        qWarning("compare failed: %s", qPrintable(message));
        QApplication::exit(1);
    });
    onWholeSession(&ui.session, &window, [&]() {
        ui.session.analysis()->compareWith(args->casesDir + QStringLiteral("/gpt_mix_statistics/compare.json"));
    });
    QObject::connect(ui.session.analysis(), &AnalysisController::changesChanged, &window, [&]() {
        const auto changes = ui.session.analysis()->changes();
        if (!changes)
            return;
        // The first regressed node that is still matched, in the tree's order, revealed and selected.
        const auto snapshot = ui.session.snapshot();
        const auto& order = snapshot->rollup(Side::Npu).exec->nodes;
        const auto worse = std::find_if(order.begin(), order.end(), [&](NodeId n) {
            return changes->markOf(Side::Npu, n) == ChangeMark::Worse
                && snapshot->counterpart(Side::Npu, n) != ps::kNoNode;
        });
        if (worse == order.end())
            QApplication::exit(1);
        window.findChild<SideBySideTreeView*>()->selectNode(Side::Npu, *worse);
        QTimer::singleShot(700, &window, [&]() {
            const bool ok = window.grab().save(args->outDir + QStringLiteral("/diff_view_%1.png").arg(args->lang));
            QApplication::exit(ok ? 0 : 1);
        });
    });
    ui.session.openPaths({ args->casesDir + QStringLiteral("/gpt_fuzzy_mix_statistics/compare.json") }, {});
    return QApplication::exec();
}
