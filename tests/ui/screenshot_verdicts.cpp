// gpt_mix_statistics compared under msprobe 26.0.0's rules: Tensor.split.0.forward selected, rated "error" because
// the NPU and bench dtypes differ; the details panel says so above the table, the Result and Err_message cells in
// the error colour, the legend lists pass / warning / error, the status bar names the rules.
//   probescope_screenshot_verdicts OUT_DIR CASES_DIR {en|zh_CN}
#include "screenshot_window.h"
#include "widgets/mainwindow.h"
#include "widgets/sidebysidetreeview.h"

#include <QApplication>
#include <QTimer>

using namespace psui;

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const auto args = ScreenshotArgs::parse("probescope_screenshot_verdicts");
    if (!args)
        return 2;
    const QString lang = args->lang;
    const ScreenshotLanguage language { QLocale(lang) };
    ScreenshotWindow ui(1600, 1000);
    MainWindow& window = ui.window;
    onWholeSession(&ui.session, &window, [&]() {
        const NodeId node = ui.session.snapshot()->graph(Side::Npu).find("Tensor.split.0.forward");
        if (node == ps::kNoNode)
            QApplication::exit(1);
        window.findChild<SideBySideTreeView*>()->selectNode(Side::Npu, node);
        QTimer::singleShot(500, &window, [&]() {
            const bool ok = window.grab().save(args->outDir + QStringLiteral("/verdicts_%1.png").arg(lang));
            QApplication::exit(ok ? 0 : 1);
        });
    });
    ps::EngineOptions options;
    options.profile = ps::RulesProfile::Msprobe26;
    ui.session.openPaths({ args->casesDir + QStringLiteral("/gpt_mix_statistics/compare.json") }, options);
    return QApplication::exec();
}
