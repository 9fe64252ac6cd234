// Screenshots of the analysis tools on real msprobe cases: the manual-match context menu (gpt_layermap, two unmatched
// layers picked) and the First divergence dock (mlp_nan, the injected NaN found and selected):
//   probescope_screenshots_analysis OUT_DIR CASES_DIR [LOCALE]
#include "screenshot_window.h"
#include "session/analysiscontroller.h"
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "widgets/analysistools.h"
#include "widgets/divergencepanel.h"
#include "widgets/mainwindow.h"
#include "widgets/sidebysidetreeview.h"

#include <QApplication>
#include <QDockWidget>
#include <QMenu>
#include <QPainter>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeView>
#include <QTreeWidget>

using namespace psui;

namespace {

// The window with a popup menu painted where it appears on screen (popups are separate windows).
QPixmap grabWithMenu(QWidget& window, QMenu* menu)
{
    QPixmap shot = window.grab();
    QPainter p(&shot);
    p.drawPixmap(window.mapFromGlobal(menu->pos()), menu->grab());
    return shot;
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    if (args.size() < 3) {
        qWarning("usage: probescope_screenshots_analysis OUT_DIR CASES_DIR [LOCALE]");
        return 2;
    }
    const QString outDir = args[1];
    const QString cases = args[2];
    const QString localeName = args.size() > 3 ? args[3] : QStringLiteral("en");
    const QLocale locale(localeName);
    const ScreenshotLanguage language(locale);

    QTemporaryDir tmp;
    Settings settings(tmp.filePath(QStringLiteral("settings.ini")));
    SessionController session;
    MainWindow window(&settings, &session);
    window.resize(1800, 1000);
    window.show();
    AnalysisTools* tools = window.findChild<psui::AnalysisTools*>();
    QObject::connect(&session, &SessionController::loadFailed, &app, [](const QString& message) {
        qWarning("load failed: %s", qPrintable(message));
        QApplication::exit(1);
    });

    int stage = 0;
    onWholeSession(&session, &window, [&]() {
        if (stage == 0) {
            // gpt_layermap: NPU layers.0 and bench h.0 are named differently and stay unmatched.
            const auto snap = session.snapshot();
            const NodeId n
                = snap->graph(Side::Npu).find("Module.layers.0.self_attention.query_key_value.Linear.forward.0");
            const NodeId b = snap->graph(Side::Bench).find("Module.h.0.attn.c_attn.Linear.forward.0");
            window.findChild<psui::SideBySideTreeView*>()->selectNode(Side::Bench, b);
            window.findChild<psui::SideBySideTreeView*>()->selectNode(Side::Npu, n);
            QTreeView* view = window.findChild<psui::SideBySideTreeView*>()->view(Side::Npu);
            QTimer::singleShot(300, &window, [&, n, view]() {
                QMenu* menu = tools->contextMenu(Side::Npu, n);
                const QRect rect = view->visualRect(view->currentIndex());
                const QPoint at = view->viewport()->mapToGlobal(rect.bottomLeft() + QPoint(60, 4));
                menu->popup(at);
                menu->move(at); // the offscreen screen is smaller than the window: keep the menu by its node
                QTimer::singleShot(300, &window, [&, menu]() {
                    const QString out
                        = outDir + QStringLiteral("/manual_match_menu_") + localeName + QStringLiteral(".png");
                    if (!grabWithMenu(window, menu).save(out))
                        QApplication::exit(1);
                    menu->close();
                    delete menu;
                    stage = 1;
                    session.openPaths({ cases + QStringLiteral("/mlp_nan_mix_statistics/compare.json") }, {});
                });
            });
        } else {
            tools->divergenceDock()->show();
            window.resizeDocks({ tools->divergenceDock() }, { 720 }, Qt::Horizontal);
        }
    });
    QObject::connect(session.analysis(), &AnalysisController::diagnoseFinished, &window, [&]() {
        if (stage != 1)
            return;
        QTreeWidget* list = tools->divergencePanel()->list();
        if (list->topLevelItemCount() > 0) {
            list->setCurrentItem(list->topLevelItem(0));
            Q_EMIT list->itemActivated(list->topLevelItem(0), 0);
        }
        stage = 2;
        QTimer::singleShot(500, &window, [&]() {
            const QString out = outDir + QStringLiteral("/divergence_dock_") + localeName + QStringLiteral(".png");
            QApplication::exit(window.grab().save(out) ? 0 : 1);
        });
    });
    session.openPaths({ cases + QStringLiteral("/gpt_layermap_mix_statistics/compare.json") }, {});
    return QApplication::exec();
}
