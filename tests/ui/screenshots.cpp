// Grabs the real main window on the bundled example (a red node selected, its details shown) into a PNG:
//   probescope_screenshots OUT.png [LOCALE] [loading]
// With "loading", the example stays open while a large generated comparison loads: the grab shows the stage,
// the percentage and Cancel in the status bar.
#include "screenshot_window.h"
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "widgets/legendpanel.h"
#include "widgets/mainwindow.h"
#include "widgets/sidebysidetreeview.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTimer>

namespace {

// One side of a large comparison: `count` top-level APIs, so that reading it takes a few seconds.
void writeLargeDump(const QString& dir, int count)
{
    QDir().mkpath(dir);
    const QByteArray t = "{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": [4, 1024], "
                         "\"Max\": 1.5, \"Min\": -1.0, \"Mean\": 0.1, \"Norm\": 2.0, \"requires_grad\": false}";
    QByteArray data = "{\"task\": \"statistics\", \"level\": \"mix\", \"framework\": \"pytorch\", \"data\": {";
    QByteArray construct = "{";
    for (int i = 0; i < count; ++i) {
        const QByteArray name = "Torch.matmul." + QByteArray::number(i) + ".forward";
        data += (i ? ",\"" : "\"") + name + "\": {\"input_args\": [" + t + ", " + t + "], \"output\": [" + t + "]}";
        construct += (i ? ",\"" : "\"") + name + "\": null";
    }
    for (auto [file, text] : { std::pair { "/dump.json", QByteArray(data + "}}") },
             std::pair { "/construct.json", QByteArray(construct + "}") },
             std::pair { "/stack.json", QByteArray("{}") } }) {
        QFile f(dir + QLatin1String(file));
        if (f.open(QIODevice::WriteOnly))
            f.write(text);
    }
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    if (args.size() < 2) {
        qWarning("usage: probescope_screenshots OUT.png [LOCALE]");
        return 2;
    }
    const QString out = args[1];
    const QLocale locale(args.size() > 2 ? args[2] : QStringLiteral("en"));
    const psui::ScreenshotLanguage language(locale);

    QTemporaryDir tmp;
    psui::Settings settings(tmp.filePath(QStringLiteral("settings.ini")));
    psui::SessionController session;
    psui::MainWindow window(&settings, &session);
    window.resize(1600, 1000);
    window.show();
    QObject::connect(&session, &psui::SessionController::loadFailed, &app, [](const QString& message) {
        qWarning("load failed: %s", qPrintable(message));
        QApplication::exit(1);
    });
    const bool loading = args.size() > 3 && args[3] == QLatin1String("loading");
    bool bigLoadStarted = false;
    if (loading) {
        writeLargeDump(tmp.filePath(QStringLiteral("npu")), 150000);
        writeLargeDump(tmp.filePath(QStringLiteral("bench")), 150000);
        QObject::connect(&session, &psui::SessionController::progressChanged, &window,
            [&window, &session, &bigLoadStarted, out, grabbed = false](int permille, const QString&) mutable {
                // The large dumps a quarter read, the example shown meanwhile (not the example's own compare).
                if (grabbed || !bigLoadStarted || permille < 250 || !session.snapshot())
                    return;
                grabbed = true;
                const bool ok = window.grab().save(out);
                session.cancel(psui::Channel::Load);
                QApplication::exit(ok ? 0 : 1);
            });
    }
    onWholeSession(&session, &window, [&, out]() {
        if (loading && session.snapshot() && !session.request().npuPath.endsWith(QLatin1String("/npu"))) {
            window.findChild<psui::LegendPanel*>()->setBinChecked(session.snapshot()->worstValueBin(), true);
            window.nextSuspicious(1);
            bigLoadStarted = true;
            session.openPaths({ tmp.filePath(QStringLiteral("npu")), tmp.filePath(QStringLiteral("bench")) }, {});
            return;
        }
        // Tick the worst legend bin (its nodes are listed and the first is selected), open the red module.
        window.findChild<psui::LegendPanel*>()->setBinChecked(session.snapshot()->worstValueBin(), true);
        window.nextSuspicious(1);
        window.findChild<psui::SideBySideTreeView*>()->expandCurrent();
        QTimer::singleShot(500, &window, [&window, out]() {
            const bool ok = window.grab().save(out);
            QApplication::exit(ok ? 0 : 1);
        });
    });
    window.openExample();
    return QApplication::exec();
}
