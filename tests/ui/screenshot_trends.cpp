// The Trends dock over the dumps of dist_tp_mix_statistics (2 steps x 2 ranks, msprobe 1.2.1's rules: the first
// graph has errors, marked): the lines of the worst modules (trends_<lang>.png) and the step x module heatmap
// (trends_heatmap_<lang>.png), at 1280x800.
//   probescope_screenshot_trends OUT_DIR CASES_DIR {en|zh_CN}
#include "screenshot_window.h"
#include "session/analysiscontroller.h"
#include "widgets/trendspanel.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QTabWidget>

using namespace psui;

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const auto args = ScreenshotArgs::parse("probescope_screenshot_trends");
    if (!args)
        return 2;
    const ScreenshotLanguage language { QLocale(args->lang) };
    ScreenshotWindow ui(1280, 800);
    MainWindow& window = ui.window;
    // compare.json's relative paths are tried in the working folder first (the repository has a bench/ folder).
    QDir::setCurrent(args->casesDir + QStringLiteral("/dist_tp_mix_statistics"));
    ui.session.openPaths({ QDir::current().filePath(QStringLiteral("compare.json")) }, {});
    if (!waitForWholeSession(&ui.session))
        return 1;
    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("trendsDock"));
    auto* panel = window.findChild<TrendsPanel*>();
    if (!dock || !panel)
        return 1;
    dock->toggleViewAction()->trigger();
    if (!waitForSignal(ui.session.analysis(), &AnalysisController::trendsFinished))
        return 1;
    window.resizeDocks({ dock }, { 430 }, Qt::Vertical); // the chart wants height; the user drags the band so
    settle();
    bool ok = window.grab().save(args->outDir + QStringLiteral("/trends_%1.png").arg(args->lang));
    panel->tabs()->setCurrentIndex(1);
    settle();
    ok = window.grab().save(args->outDir + QStringLiteral("/trends_heatmap_%1.png").arg(args->lang)) && ok;
    return ok ? 0 : 1;
}
