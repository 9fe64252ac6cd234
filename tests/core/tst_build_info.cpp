// The versions `probescope-cli --version` and Help ▸ About show: ProbeScope's own first, each component once, each
// with a version that looks like one.
#include "util/build_info.h"

#include <QRegularExpression>
#include <QTest>

#include <set>

class TestBuildInfo : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void probescopeComesFirstWithItsVersion()
    {
        const auto versions = ps::componentVersions();
        QVERIFY(!versions.empty());
        QCOMPARE(QString::fromStdString(versions.front().name), QStringLiteral("ProbeScope"));
        QCOMPARE(QString::fromStdString(versions.front().version), QStringLiteral(PROBESCOPE_VERSION));
    }

    void everyLibraryHasANumberedVersion()
    {
        std::set<std::string> names;
        const QRegularExpression numbered(QStringLiteral("^\\d+\\.\\d+(\\.\\d+)?"));
        for (const ps::ComponentVersion& c : ps::componentVersions()) {
            QVERIFY2(names.insert(c.name).second, c.name.c_str());
            if (c.name == "C++ compiler")
                QVERIFY2(
                    QString::fromStdString(c.version).contains(QRegularExpression(QStringLiteral("^(GCC|Clang) \\d"))),
                    c.version.c_str());
            else
                QVERIFY2(
                    numbered.match(QString::fromStdString(c.version)).hasMatch(), (c.name + " " + c.version).c_str());
        }
        for (const char* expected : { "SQLite", "zlib", "C++ compiler" })
            QVERIFY2(names.count(expected) == 1, expected);
    }
};

QTEST_MAIN(TestBuildInfo)
#include "tst_build_info.moc"
