// The Tensor error window over the main window at 1366x768: mlp_mix_tensor (real data), Functional.linear.1.forward
// selected, its input.1 (fc2's 64 x 64 weight) compared element by element: the histograms, the heat map and the
// worst element. The window is drawn onto the main window's picture where a desktop would show it.
//   probescope_screenshot_tensor_error OUT_DIR CASES_DIR {en|zh_CN}
#include "models/nodedetailsmodel.h"
#include "screenshot_window.h"
#include "widgets/detailspanel.h"
#include "widgets/sidebysidetreeview.h"
#include "widgets/tensorerrorwindow.h"

#include <QApplication>
#include <QPainter>
#include <QTableView>

using namespace psui;

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const auto args = ScreenshotArgs::parse("probescope_screenshot_tensor_error");
    if (!args)
        return 2;
    const QString lang = args->lang;
    const ScreenshotLanguage language { QLocale(lang) };
    ScreenshotWindow ui(1366, 768);
    MainWindow& window = ui.window;
    onWholeSession(&ui.session, &window, [&]() {
        const NodeId node = ui.session.snapshot()->graph(Side::Npu).find("Functional.linear.1.forward");
        if (node == ps::kNoNode)
            QApplication::exit(1);
        window.findChild<SideBySideTreeView*>()->selectNode(Side::Npu, node);
        settle(300);
        auto* details = window.findChild<DetailsPanel*>();
        for (int row = 0; row < details->model()->rowCount(); ++row)
            if (details->model()->tensorFilesOf(row).slot == QStringLiteral("input.1"))
                details->table()->setCurrentIndex(details->model()->index(row, 0));
        const TensorErrorRequest request = details->tensorErrorRequest();
        if (request.npuPath.isEmpty())
            QApplication::exit(1);
        TensorErrorWindow* tensor = TensorErrorWindow::showFor(&window, &ui.session, request);
        tensor->resize(1080, 640);
        if (!tensor->result() && !waitForSignal(tensor, &TensorErrorWindow::computed))
            QApplication::exit(1);
        settle(500);
        QPixmap shot = window.grab();
        const QPixmap top = tensor->grab();
        // Offscreen windows have no frame: a plain title bar stands for the desktop's.
        QPainter p(&shot);
        const int bar = 26;
        const QPoint at((shot.width() - top.width()) / 2, (shot.height() - top.height() + bar) / 2);
        const QRect frame(at.x() - 1, at.y() - bar, top.width() + 2, top.height() + bar + 1);
        p.fillRect(frame, QColor(70, 74, 82));
        p.setPen(Qt::white);
        p.drawText(frame.adjusted(10, 0, -10, 0).topLeft() + QPoint(0, bar - 8), tensor->windowTitle());
        p.drawPixmap(at, top);
        p.end();
        const bool ok = shot.save(args->outDir + QStringLiteral("/tensor_error_1366x768_%1.png").arg(lang));
        QApplication::exit(ok ? 0 : 1);
    });
    ui.session.openPaths({ args->casesDir + QStringLiteral("/mlp_mix_tensor/compare.json") }, ps::EngineOptions {});
    return QApplication::exec();
}
