// A tensor-parallel run (tp=2 on two ranks) merged as msprobe 26.0.0 merges it and compared with a single-card
// reference: the trees with the merge tags and a RowParallelLinear's matmul selected, the details panel showing how
// its values were merged (its output taken from the all_reduce); and the open dialog with the two sides' layouts.
//   probescope_screenshot_parallel_merge OUT_DIR CASES_DIR {en|zh_CN} [WIDTH HEIGHT]
// With a size, OUT_DIR/parallel_merge_<WIDTH>x<HEIGHT>_<lang>.png alone: the window at a laptop's size.
#include "screenshot_window.h"
#include "widgets/mainwindow.h"
#include "widgets/opendialog.h"
#include "widgets/sidebysidetreeview.h"

#include <QApplication>
#include <QGroupBox>
#include <QLineEdit>
#include <QSpinBox>
#include <QTimer>

using namespace psui;

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const auto args = ScreenshotArgs::parse("probescope_screenshot_parallel_merge");
    if (!args)
        return 2;
    const QString lang = args->lang;
    const ScreenshotLanguage language { QLocale(lang) };
    const QStringList arguments = QApplication::arguments();
    const bool sized = arguments.size() >= 6;
    const QSize size = sized ? QSize(arguments[4].toInt(), arguments[5].toInt()) : QSize(1600, 1000);
    ScreenshotWindow ui(size.width(), size.height());
    MainWindow& window = ui.window;
    onWholeSession(&ui.session, &window, [&]() {
        const ps::Graph& npu = ui.session.snapshot()->graph(Side::Npu);
        const NodeId matmul = npu.find("Torch.matmul.5.forward"); // in layers.0.mlp.dense_4h_to_h (RowParallelLinear)
        if (matmul == ps::kNoNode)
            QApplication::exit(1);
        window.findChild<SideBySideTreeView*>()->selectNode(Side::Npu, matmul);
        QTimer::singleShot(500, &window, [&]() {
            if (sized) {
                const QString file = QStringLiteral("%1/parallel_merge_%2x%3_%4.png")
                                         .arg(args->outDir)
                                         .arg(size.width())
                                         .arg(size.height())
                                         .arg(lang);
                QApplication::exit(window.grab().save(file) ? 0 : 1);
                return;
            }
            bool ok = window.grab().save(args->outDir + QStringLiteral("/parallel_merge_%1.png").arg(lang));
            OpenDialog dialog(&ui.settings, &window);
            dialog.findChild<QLineEdit*>(QStringLiteral("npuPath"))->setText(QStringLiteral("dump/npu/step0"));
            dialog.findChild<QLineEdit*>(QStringLiteral("benchPath"))->setText(QStringLiteral("dump/bench/step0"));
            dialog.findChild<QGroupBox*>(QStringLiteral("parallelLayout"))->setChecked(true);
            const int values[2][4] = { { 8, 2, 4, 1 }, { 2, 2, 1, 1 } };
            for (int side = 0; side < 2; ++side)
                for (int c = 0; c < 4; ++c)
                    dialog.findChild<QSpinBox*>(QStringLiteral("layout_%1_%2").arg(side).arg(c))
                        ->setValue(values[side][c]);
            dialog.show();
            ok = ok && dialog.grab().save(args->outDir + QStringLiteral("/parallel_merge_dialog_%1.png").arg(lang));
            QApplication::exit(ok ? 0 : 1);
        });
    });
    const QString dir = args->casesDir + QStringLiteral("/megatron_tp2_vs_tp1_mix_statistics");
    OpenRequest request;
    request.npuPath = dir + QStringLiteral("/npu/step0");
    request.benchPath = dir + QStringLiteral("/bench/step0");
    request.options.profile = ps::RulesProfile::Msprobe26;
    request.options.parallel = { { 2, 2, 1, 1 }, { 1, 1, 1, 1 } };
    ui.session.open(request);
    return QApplication::exec();
}
