#pragma once
// Helpers shared by the GUI tests.
#include "batch/engine.h"
#include "models/snapshot.h"
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "source/source.h"
#include "widgets/mainwindow.h"
#include "widgets/startpage.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>

#include <memory>
#include <vector>

namespace psui::test {

inline QString exampleDir()
{
    return QStringLiteral(PROBESCOPE_EXAMPLES_DIR "/mlp_mix_statistics");
}

// A real msprobe case of tests/data/golden, unpacked by the build (dump folders, compare.json, ref_1.2.1/...).
inline QString caseDir(const char* name)
{
    return QStringLiteral(PROBESCOPE_CASES "/") + QString::fromLatin1(name);
}

// Unpacks an .xz file of the repository's cases (msprobe 26.0.0's databases) to `out` with Python's lzma, as the
// golden tests read them. False if python3 is missing or fails.
inline bool unpackXz(const QString& xz, const QString& out)
{
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (python.isEmpty() || !QDir().mkpath(QFileInfo(out).absolutePath()))
        return false;
    return QProcess::execute(python,
               { QStringLiteral("-c"),
                   QStringLiteral("import lzma,shutil,sys; shutil.copyfileobj(lzma.open(sys.argv[1]), "
                                  "open(sys.argv[2], 'wb'))"),
                   xz, out })
        == 0;
}

// Waits until no background job runs any more and every result it posted has been delivered, so that a "nothing
// changed" check sees the final state without a fixed sleep. False: still busy after the timeout.
inline bool waitUntilIdle(int timeoutMs = 60000)
{
    QDeadlineTimer deadline(timeoutMs);
    while (QThreadPool::globalInstance()->activeThreadCount() > 0) {
        if (deadline.hasExpired())
            return false;
        QTest::qWait(10);
    }
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
    return true;
}

// Loads a compare.json synchronously (tests only: the application loads through the session controller).
inline std::shared_ptr<const Snapshot> loadSnapshot(const QString& compareJson, ps::EngineOptions options = {})
{
    const QString old = QDir::currentPath();
    QDir::setCurrent(QFileInfo(compareJson).absolutePath());
    std::vector<std::string> warnings;
    auto c = ps::Source::open({ compareJson.toStdString() }, std::move(options)).load(0, warnings);
    QDir::setCurrent(old);
    return makeSnapshot(std::move(c));
}

// A part of the main window, found as a user finds it: by type (and object name where several share the type).
// The window hands out no getters.
template <typename T> T* part(const QWidget* window, const QString& objectName = {})
{
    return window->findChild<T*>(objectName);
}

inline bool startPageShown(const QWidget* window)
{
    const QWidget* page = window->findChild<StartPage*>();
    return page && page->isVisibleTo(window);
}

// Waits until `spy` has caught a signal (true), or until the timeout (false); unlike QSignalSpy::wait, a signal
// caught before the call counts.
inline bool waitForSignal(const QSignalSpy& spy, int timeoutMs = 60000, const QSignalSpy* orElse = nullptr)
{
    QDeadlineTimer deadline(timeoutMs);
    while (spy.isEmpty() && !(orElse && !orElse->isEmpty()) && !deadline.hasExpired())
        QTest::qWait(20);
    return !spy.isEmpty();
}

// Waits until the session changed (true), or the load failed or timed out (false). Loads are delivered through
// the event loop, so a spy set up after the request still sees them. A .vis.db shows a part of its graph first,
// dumps their matched structure before the metrics: this waits for the whole comparison (graphCompleted,
// comparisonCompleted), unless `partialToo`.
inline bool waitForSession(SessionController* session, int timeoutMs = 60000, bool partialToo = false)
{
    QSignalSpy changed(session, &SessionController::sessionChanged);
    QSignalSpy completed(session, &SessionController::graphCompleted);
    QSignalSpy compared(session, &SessionController::comparisonCompleted);
    QSignalSpy failed(session, &SessionController::loadFailed);
    waitForSignal(changed, timeoutMs, &failed);
    if (!changed.isEmpty() && !partialToo && session->isPartial())
        waitForSignal(completed, timeoutMs, &failed);
    if (!changed.isEmpty() && !partialToo && session->isComparing())
        waitForSignal(compared, timeoutMs, &failed);
    if (!failed.isEmpty())
        qWarning("load failed: %s", qPrintable(failed[0][0].toString()));
    const bool whole = session->isWhole();
    return !changed.isEmpty() && failed.isEmpty() && (partialToo || whole);
}

// A shown main window on settings of its own (in a temporary folder), as most GUI tests drive it.
struct WindowFixture {
    QTemporaryDir tmp;
    std::unique_ptr<Settings> settings;
    std::unique_ptr<SessionController> session;
    std::unique_ptr<MainWindow> window;

    bool start(int width, int height)
    {
        if (!tmp.isValid())
            return false;
        settings = std::make_unique<Settings>(tmp.filePath(QStringLiteral("settings.ini")));
        session = std::make_unique<SessionController>();
        window = std::make_unique<MainWindow>(settings.get(), session.get());
        window->resize(width, height);
        window->show();
        return true;
    }

    // Opens a compare.json and waits until the session changed (false: the load failed or timed out).
    bool open(const QString& compareJson, int timeoutMs = 60000)
    {
        return session->openPaths({ compareJson }, ps::EngineOptions {}) && waitForSession(session.get(), timeoutMs);
    }
};

} // namespace psui::test
