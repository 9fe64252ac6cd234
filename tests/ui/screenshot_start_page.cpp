// Grabs the real main window as a first-time user meets it (the start page, two recent entries of the bundled
// example) into a PNG:   probescope_screenshot_start OUT.png [LOCALE]
#include "screenshot_window.h"
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "widgets/mainwindow.h"

#include <QApplication>
#include <QDir>
#include <QTemporaryDir>
#include <QTimer>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    if (args.size() < 2) {
        qWarning("usage: probescope_screenshot_start OUT.png [LOCALE]");
        return 2;
    }
    const QString out = args[1];
    const QLocale locale(args.size() > 2 ? args[2] : QStringLiteral("en"));
    const psui::ScreenshotLanguage language(locale);

    QTemporaryDir tmp;
    psui::Settings settings(tmp.filePath(QStringLiteral("settings.ini")));
    const QString example = psui::MainWindow::exampleDirectory();
    settings.addRecentFile(
        example + QStringLiteral("/npu/step0/rank\n") + example + QStringLiteral("/bench/step0/rank"));
    settings.addRecentFile(example + QStringLiteral("/compare.json"));
    psui::SessionController session;
    psui::MainWindow window(&settings, &session);
    window.resize(1280, 800);
    window.show();
    QTimer::singleShot(500, &window, [&window, out]() {
        const bool ok = window.grab().save(out);
        QApplication::exit(ok ? 0 : 1);
    });
    return QApplication::exec();
}
