#pragma once
// The set-up screenshot programs share: the UI language, and a shown main window on throw-away settings whose failed
// loads end the program with exit code 1.
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "widgets/mainwindow.h"

#include <QApplication>
#include <QEventLoop>
#include <QLibraryInfo>
#include <QLocale>
#include <QTemporaryDir>
#include <QTimer>
#include <QTranslator>

#include <memory>
#include <optional>

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

// The arguments most screenshot programs take: OUT_DIR CASES_DIR {en|zh_CN}; nullopt (and the usage printed) when
// they are missing.
struct ScreenshotArgs {
    QString outDir, casesDir, lang;

    static std::optional<ScreenshotArgs> parse(const char* program)
    {
        const QStringList args = QApplication::arguments();
        if (args.size() < 4) {
            qWarning("usage: %s OUT_DIR CASES_DIR {en|zh_CN}", program);
            return std::nullopt;
        }
        return ScreenshotArgs { args[1], args[2], args[3] };
    }
};

// Runs the event loop until `sender` emits `signal` (true) or `timeoutMs` passed (false): for programs that take
// several pictures one after the other.
template <typename Sender, typename Signal> bool waitForSignal(Sender* sender, Signal signal, int timeoutMs = 60000)
{
    QEventLoop loop;
    bool fired = false;
    QObject::connect(sender, signal, &loop, [&]() {
        fired = true;
        loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    loop.exec();
    return fired;
}

// Calls `then` once per load, when the session opened is whole (isWhole: colours, bins and details are there only
// then), after sessionChanged, comparisonCompleted or graphCompleted, whichever makes it so: for programs that act
// on a comparison as it opens.
template <typename Then> void onWholeSession(SessionController* session, QObject* context, Then then)
{
    auto pending = std::make_shared<bool>(false);
    auto check = [session, pending, then]() mutable {
        if (*pending && session->isWhole()) {
            *pending = false;
            then();
        }
    };
    QObject::connect(session, &SessionController::sessionChanged, context, [pending, check]() mutable {
        *pending = true;
        check();
    });
    QObject::connect(session, &SessionController::comparisonCompleted, context, check);
    QObject::connect(session, &SessionController::graphCompleted, context, check);
}

// Runs the event loop until a load makes the session whole (true) or `timeoutMs` passed (false).
inline bool waitForWholeSession(SessionController* session, int timeoutMs = 60000)
{
    QEventLoop loop;
    bool whole = false;
    QObject context;
    onWholeSession(session, &context, [&]() {
        whole = true;
        loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    loop.exec();
    return whole;
}

// Lets queued work and repaints settle before a grab.
inline void settle(int ms = 400)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

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
