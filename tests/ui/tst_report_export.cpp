// File ▸ Export report: the GUI writes the same CSV as `probescope-cli report --csv --worst 0`
// for the comparison it shows, atomically, and says why when it cannot.
#include "testutil.h"

#include "session/analysiscontroller.h"

#include <QAction>
#include <QFile>
#include <QProcess>
#include <QtTest>

using namespace psui;

namespace {

// gpt_mix_statistics has warnings and errors under msprobe 1.2.1's bins (the rules compare.json opens with).
const QString kCompareJson = QStringLiteral(PROBESCOPE_CASES "/gpt_mix_statistics/compare.json");

QByteArray cliReportCsv(const QString& source)
{
    QProcess cli;
    cli.start(QStringLiteral(PROBESCOPE_CLI),
        { QStringLiteral("report"), source, QStringLiteral("--csv"), QStringLiteral("--worst"), QStringLiteral("0") });
    if (!cli.waitForFinished(120000) || cli.exitCode() != 0)
        qWarning("cli: %s", cli.readAllStandardError().constData());
    return cli.readAllStandardOutput();
}

} // namespace

class TestReportExport : public QObject {
    Q_OBJECT
private:
    test::WindowFixture m_ui;

    QString exportReport(const QString& path)
    {
        QSignalSpy finished(m_ui.session->analysis(), &AnalysisController::exportFinished);
        m_ui.session->analysis()->exportReport(path);
        if (!test::waitForSignal(finished, 60000))
            return QStringLiteral("no exportFinished");
        return finished[0][1].toString();
    }

private slots:
    void initTestCase() { QVERIFY(m_ui.start(1280, 800)); }

    void theActionWaitsForAComparison()
    {
        const QList<QAction*> actions = m_ui.window->findChildren<QAction*>();
        QAction* exportReport = nullptr;
        for (QAction* a : actions)
            if (a->text().contains(QLatin1String("report (CSV)")))
                exportReport = a;
        QVERIFY(exportReport);
        QVERIFY(!exportReport->isEnabled());
        QVERIFY(m_ui.open(kCompareJson));
        QVERIFY(exportReport->isEnabled());
    }

    void sameCsvAsTheCommandLine()
    {
        QTemporaryDir tmp;
        const QString path = tmp.filePath(QStringLiteral("report.csv"));
        QCOMPARE(exportReport(path), QString());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray written = file.readAll();
        QVERIFY(written.startsWith("Step,Rank,"));
        QVERIFY2(written.count("\r\n") > 10, "the gpt case has more than ten suspect nodes");
        QCOMPARE(written, cliReportCsv(kCompareJson));
        QCOMPARE(QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden), QStringList { QStringLiteral("report.csv") });
    }

    void anUnwritableFolderIsAClearError()
    {
        const QString error = exportReport(QStringLiteral("/proc/no-such-folder/report.csv"));
        QVERIFY2(error.contains(QLatin1String("/proc/no-such-folder")), qPrintable(error));
    }
};

QTEST_MAIN(TestReportExport)
#include "tst_report_export.moc"
