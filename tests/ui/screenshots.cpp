// Grabs the real main window on the bundled example (a red node selected, its details shown) into a PNG:
//   probescope_screenshots OUT.png [LOCALE]
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "widgets/legendpanel.h"
#include "widgets/mainwindow.h"
#include "widgets/sidebysidetreeview.h"

#include <QApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QTemporaryDir>
#include <QTimer>
#include <QTranslator>

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
    QLocale::setDefault(locale);
    QTranslator translator, qtTranslator;
    if (translator.load(locale, QStringLiteral("probescope"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(&translator);
    if (qtTranslator.load(
            locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(&qtTranslator);

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
    QObject::connect(&session, &psui::SessionController::sessionChanged, &window, [&window, &session, out]() {
        // Tick the worst legend bin (its nodes are listed and the first is selected), open the red module.
        window.legend()->setBinChecked(session.snapshot()->worstValueBin(), true);
        window.nextSuspicious(1);
        window.trees()->expandCurrent();
        QTimer::singleShot(500, &window, [&window, out]() {
            const bool ok = window.grab().save(out);
            QApplication::exit(ok ? 0 : 1);
        });
    });
    window.openExample();
    return QApplication::exec();
}
