#pragma once
// probescope-cli run as a separate process (PROBESCOPE_CLI_PATH, set by the test's target): its exit code and
// both output streams, for the tests of the command line.
#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace clirun {

struct Run {
    int exitCode = -1; // -1: it crashed or did not finish within two minutes
    QString out;
    QString err;
};

// `limitsEnv`: a PROBESCOPE_LIMITS value for the process ("" leaves the environment as it is).
inline Run cli(const QStringList& args, const QByteArray& limitsEnv = {})
{
    QProcess p;
    if (!limitsEnv.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PROBESCOPE_LIMITS"), QString::fromUtf8(limitsEnv));
        p.setProcessEnvironment(env);
    }
    p.start(QStringLiteral(PROBESCOPE_CLI_PATH), args);
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    Run r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

} // namespace clirun
