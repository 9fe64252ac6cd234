// Screenshot of the Layer mapping dock on gpt_layermap_mix_statistics opened without a mapping: the case's
// rules entered in the editor and applied, the dock reporting how many more nodes matched:
//   probescope_screenshots_layer_mapping OUT_DIR CASES_DIR [LOCALE]
#include "screenshot_window.h"
#include "widgets/layermappingmodel.h"
#include "widgets/layermappingpanel.h"
#include "widgets/mainwindow.h"

#include <QApplication>
#include <QDockWidget>
#include <QTimer>

using namespace psui;

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    if (args.size() < 3) {
        qWarning("usage: probescope_screenshots_layer_mapping OUT_DIR CASES_DIR [LOCALE]");
        return 2;
    }
    const QString outDir = args[1];
    const QString cases = args[2];
    const QString localeName = args.size() > 3 ? args[3] : QStringLiteral("en");
    const QLocale locale(localeName);
    const ScreenshotLanguage language(locale);

    ScreenshotWindow ui(1800, 1000);
    SessionController& session = ui.session;
    MainWindow& window = ui.window;
    LayerMappingPanel* panel = window.findChild<psui::LayerMappingPanel*>();
    QObject::connect(panel, &LayerMappingPanel::applied, &window, [&]() {
        QTimer::singleShot(500, &window, [&]() {
            const QString out = outDir + QStringLiteral("/layer_mapping_") + localeName + QStringLiteral(".png");
            QApplication::exit(window.grab().save(out) ? 0 : 1);
        });
    });
    bool applied = false;
    onWholeSession(&session, &window, [&]() {
        if (applied)
            return;
        applied = true;
        window.findChild<QDockWidget*>(QStringLiteral("layerMappingDock"))->show();
        window.resizeDocks(
            { window.findChild<QDockWidget*>(QStringLiteral("layerMappingDock")) }, { 760 }, Qt::Horizontal);
        panel->startEmpty();
        const std::vector<ps::LayerMappingRow> rules { { "TopLayer", "layers", "h" },
            { "TopLayer", "final_layernorm", "ln_f" }, { "ParallelTransformerLayer", "input_layernorm", "ln_1" },
            { "ParallelTransformerLayer", "self_attention", "attn" },
            { "ParallelTransformerLayer", "post_attention_layernorm", "ln_2" },
            { "ParallelAttention", "query_key_value", "c_attn" }, { "ParallelAttention", "dense", "c_proj" },
            { "ParallelMLP", "dense_h_to_4h", "c_fc" }, { "ParallelMLP", "dense_4h_to_h", "c_proj" } };
        LayerMappingModel* model = panel->model();
        for (const ps::LayerMappingRow& rule : rules) {
            const int row = model->rowCount();
            model->insertRule(row, {});
            model->setData(model->index(row, 0), QString::fromStdString(rule.className), Qt::EditRole);
            model->setData(model->index(row, 1), QString::fromStdString(rule.source), Qt::EditRole);
            model->setData(model->index(row, 2), QString::fromStdString(rule.target), Qt::EditRole);
        }
        if (!panel->apply())
            QApplication::exit(1);
    });
    session.openPaths({ cases + QStringLiteral("/gpt_layermap_mix_statistics/compare.json") }, {});
    return QApplication::exec();
}
