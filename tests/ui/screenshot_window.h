#pragma once
// The set-up every screenshot program shares: a shown main window on throw-away settings whose failed loads end
// the program with exit code 1.
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "widgets/mainwindow.h"

#include <QApplication>
#include <QTemporaryDir>

namespace psui {

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
