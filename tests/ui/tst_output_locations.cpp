// Output locations: exports and session files go to the user's output folder, never into a dump tree (often
// read-only and shared); a session is still read beside the comparison. The dump tree is made read-only, but as
// root (CI) chmod does not stop writes, so the test checks where the files go, not only that writing fails.
#include "session/outputlocations.h"
#include "session/usersession.h"
#include "testutil.h"

#include <QAction>
#include <QDirIterator>
#include <QtTest>

using namespace psui;

class TestOutputLocations : public QObject {
    Q_OBJECT
private:
    // Every session file under `folder`.
    static QStringList sessionFiles(const QString& folder)
    {
        QStringList found;
        QDirIterator it(folder, { QStringLiteral("*.probescope.json") }, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            found << it.next();
        return found;
    }

private Q_SLOTS:
    void sessionAndExportsLeaveTheDumpTreeAlone()
    {
        test::WindowFixture ui;
        QVERIFY(ui.start(1366, 768));
        // A copy of the example's dumps, read-only as a shared dump tree is.
        const QString dumps = ui.tmp.filePath(QStringLiteral("dumps"));
        QVERIFY(QDir().mkpath(dumps));
        for (const char* side : { "npu", "bench" })
            QCOMPARE(QProcess::execute(QStringLiteral("cp"),
                         { QStringLiteral("-r"), test::exampleDir() + QLatin1Char('/') + QLatin1String(side), dumps }),
                0);
        QVERIFY(
            QFileInfo::exists(dumps + QStringLiteral("/npu")) && QFileInfo::exists(dumps + QStringLiteral("/bench")));
        QCOMPARE(QProcess::execute(QStringLiteral("chmod"), { QStringLiteral("-R"), QStringLiteral("a-w"), dumps }), 0);
        const QString user = ui.tmp.filePath(QStringLiteral("user"));
        QVERIFY(QDir().mkpath(user));

        OpenRequest request;
        request.npuPath = dumps + QStringLiteral("/npu");
        request.benchPath = dumps + QStringLiteral("/bench");
        ui.session->open(request);
        QVERIFY(test::waitForSession(ui.session.get()));
        const QString beside = ui.session->userSession()->path();
        QVERIFY2(OutputLocations::isInsideDumps(beside, ui.session->request()), qPrintable(beside));

        // No output folder chosen yet: Documents or home, outside the dumps.
        QVERIFY(!OutputLocations::isInsideDumps(OutputLocations::userFolder(*ui.settings), ui.session->request()));
        ui.settings->setValue(Settings::Key::OutputDirectory, user);
        QCOMPARE(OutputLocations::userFolder(*ui.settings), user);
        const QString target = OutputLocations::sessionTarget(beside, ui.session->request(), *ui.settings);
        QVERIFY2(target.startsWith(user + QLatin1Char('/')), qPrintable(target));

        // File ▸ Save session writes there, and nothing into the dump tree.
        ui.window->findChild<QAction*>(QStringLiteral("saveSession"))->trigger();
        QVERIFY2(QFileInfo::exists(target), qPrintable(target));
        QCOMPARE(sessionFiles(dumps), QStringList());

        // A comparison outside any dump folder keeps its session beside it (a writable case folder).
        OpenRequest json;
        json.compareJson = ui.tmp.filePath(QStringLiteral("case/compare.json"));
        json.npuPath = QStringLiteral("npu");
        const QString caseSession = ui.tmp.filePath(QStringLiteral("case/compare.probescope.json"));
        QVERIFY(QDir().mkpath(ui.tmp.filePath(QStringLiteral("case"))));
        QCOMPARE(OutputLocations::sessionTarget(caseSession, json, *ui.settings), caseSession);
        // ... but not a session file inside its (relative) dump folder.
        const QString inNpu = ui.tmp.filePath(QStringLiteral("case/npu/rank.probescope.json"));
        QVERIFY(OutputLocations::sessionTarget(inNpu, json, *ui.settings).startsWith(user + QLatin1Char('/')));
        QProcess::execute(QStringLiteral("chmod"), { QStringLiteral("-R"), QStringLiteral("u+w"), dumps });
    }
};

QTEST_MAIN(TestOutputLocations)
#include "tst_output_locations.moc"
