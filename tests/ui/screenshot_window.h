#pragma once
// The set-up screenshot programs share: the UI language, and a shown main window on throw-away settings whose failed loads end
// the program with exit code 1.
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "widgets/mainwindow.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTemporaryDir>
#include <QTranslator>

namespace psui {

// The UI language of a screenshot: the default locale plus ProbeScope's and Qt's translators, as long as it lives.
class ScreenshotLanguage {
public:
    explicit ScreenshotLanguage(const QLocale& locale)
    {
        QLocale::setDefault(locale);
        if (m_app.load(locale, QStringLiteral("probescope"), QStringLiteral("_"), QStringLiteral(":/i18n")))
            QApplication::installTranslator(&m_app);
        if (m_qt.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QApplication::installTranslator(&m_qt);
    }

private:
    QTranslator m_app, m_qt;
};

struct ScreenshotWindow {
    QTemporaryDir tmp;
    Settings settings { tmp.filePath(QStringLiteral("settings.ini")) };
    SessionController session;
    MainWindow window { &settings, &session };

    ScreenshotWindow(int width, int height)
    {
        window.resize(width, height);
        window.show();
        QObject::connect(&session, &SessionController::loadFailed, qApp, [](const QString& message) {
            qWarning("load failed: %s", qPrintable(message));
            QApplication::exit(1);
        });
    }
};

} // namespace psui
