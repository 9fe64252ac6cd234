// Screenshots of the colour-ranges editor (with a refused edit showing its message) and of the bundled example
// recoloured with three custom ranges:
//   probescope_screenshot_color_ranges OUT_DIR EXAMPLE_DIR
#include "screenshot_window.h"
#include "widgets/colorrangesdialog.h"
#include "widgets/mainwindow.h"
#include "widgets/sidebysidetreeview.h"

#include <QApplication>
#include <QTimer>

using namespace psui;

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    if (args.size() < 3) {
        qWarning("usage: probescope_screenshot_color_ranges OUT_DIR EXAMPLE_DIR");
        return 2;
    }
    const QString outDir = args[1];
    ScreenshotWindow ui(1500, 900);
    SessionController& session = ui.session;
    MainWindow& window = ui.window;
    onWholeSession(&session, &window, [&]() {
        const std::vector<ps::ColorBin> ranges { { "#FFFCF3", 0, 0.001, false, {} },
            { "#FFDC7F", 0.001, 0.01, false, {} }, { "#FF4118", 0.01, 1, false, {} } };
        auto* dialog = new ColorRangesDialog(session.snapshot()->comparison->mode, ranges, &window);
        dialog->addRange();
        dialog->setRange(3, QStringLiteral("#FF9B3D"), 0.005, 0.02); // overlaps: the message says so
        dialog->show();
        if (!window.applyColorRanges(ranges).isEmpty())
            QApplication::exit(1);
        const auto snap = session.snapshot();
        NodeId deepest = snap->graph(Side::Npu).root; // revealing it opens a whole branch
        for (NodeId n = 0; n < snap->graph(Side::Npu).size(); ++n)
            if (snap->rollup(Side::Npu).depth[n] > snap->rollup(Side::Npu).depth[deepest])
                deepest = n;
        window.findChild<psui::SideBySideTreeView*>()->selectNode(Side::Npu, deepest);
        QTimer::singleShot(500, &window, [&, dialog]() {
            bool ok = dialog->grab().save(outDir + QStringLiteral("/color_ranges_dialog_en.png"));
            dialog->hide();
            ok = ok && window.grab().save(outDir + QStringLiteral("/color_ranges_en.png"));
            QApplication::exit(ok ? 0 : 1);
        });
    });
    session.openPaths({ args[2] + QStringLiteral("/compare.json") }, {});
    return QApplication::exec();
}
