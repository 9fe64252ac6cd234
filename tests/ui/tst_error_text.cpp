// The UI's sentences for core's errors: translated from the ErrorCode, naming the file, with
// core's English detail; the CLI keeps core's message.
#include "compare/manual_match.h"
#include "session/analysisjobs.h"
#include "session/errortext.h"
#include "session/sessioncontroller.h"
#include "util/error.h"
#include "vis/graph_file.h"

#include <QLocale>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTranslator>
#include <QtTest>

#include <stdexcept>

using namespace psui;

namespace {

constexpr ps::ErrorCode kCodes[] = { ps::ErrorCode::FileNotFound, ps::ErrorCode::FileUnreadable,
    ps::ErrorCode::FileTooLarge, ps::ErrorCode::BadJson, ps::ErrorCode::BadContent, ps::ErrorCode::BadLayout,
    ps::ErrorCode::InconsistentLayout, ps::ErrorCode::RankMismatch, ps::ErrorCode::BadTask, ps::ErrorCode::BadName,
    ps::ErrorCode::RecursionLimit, ps::ErrorCode::OutputError, ps::ErrorCode::Cancelled, ps::ErrorCode::BadArgument,
    ps::ErrorCode::MemoryLimit, ps::ErrorCode::FileChanged };

bool hasChinese(const QString& text)
{
    return std::any_of(
        text.begin(), text.end(), [](QChar c) { return c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff; });
}

} // namespace

class TestErrorText : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void englishSentenceNamesTheFileAndKeepsTheDetail()
    {
        const ps::Error e(ps::ErrorCode::FileNotFound, "/runs/npu/dump.json", "the file does not exist");
        QCOMPARE(ErrorText::of(e),
            QStringLiteral(
                "A file or folder does not exist. File: /runs/npu/dump.json. Details: the file does not exist"));
        // Core's own message is unchanged (the CLI and the logs print it).
        QCOMPARE(QString::fromUtf8(e.what()), QStringLiteral("/runs/npu/dump.json: the file does not exist"));
        // Through std::exception as the jobs catch it; other exceptions keep their message.
        QCOMPARE(ErrorText::of(static_cast<const std::exception&>(e)), ErrorText::of(e));
        QCOMPARE(ErrorText::of(std::runtime_error("out of memory")), QStringLiteral("out of memory"));
        // No file: no "File:" part.
        QCOMPARE(ErrorText::of(ps::Error(ps::ErrorCode::BadArgument, "", "threads must be positive")),
            QStringLiteral("A setting is not valid. Details: threads must be positive"));
    }

    void everyCodeHasItsOwnChineseSentence()
    {
        QStringList english;
        for (ps::ErrorCode code : kCodes)
            english << ErrorText::of(ps::Error(code, "", ""));
        QCOMPARE(QSet<QString>(english.begin(), english.end()).size(), english.size()); // one sentence per code
        QTranslator chinese;
        QVERIFY(chinese.load(QStringLiteral(":/i18n/probescope_zh_CN.qm")));
        QCoreApplication::installTranslator(&chinese);
        for (size_t i = 0; i < std::size(kCodes); ++i) {
            const QString zh = ErrorText::of(ps::Error(kCodes[i], "/runs/a.vis", "line 3: expected ','"));
            QVERIFY2(hasChinese(zh) && !zh.contains(english[int(i)]), qPrintable(zh));
            QVERIFY(zh.contains(QStringLiteral("/runs/a.vis")));
            QVERIFY(zh.contains(QStringLiteral("line 3: expected ','")));
        }
        QCoreApplication::removeTranslator(&chinese);
    }

    void aFailedLoadIsReportedInTheUiLanguage()
    {
        QTranslator chinese;
        QVERIFY(chinese.load(QStringLiteral(":/i18n/probescope_zh_CN.qm")));
        QCoreApplication::installTranslator(&chinese);
        QTemporaryDir empty;
        SessionController session;
        QSignalSpy failed(&session, &SessionController::loadFailed);
        OpenRequest request;
        request.npuPath = empty.path();
        session.open(request);
        QVERIFY(failed.wait(30000));
        const QString message = failed[0][0].toString();
        QVERIFY2(hasChinese(message), qPrintable(message));
        QVERIFY(message.contains(empty.path()));
        QCoreApplication::removeTranslator(&chinese);
    }
    // Why a comparison cannot be matched by hand is the viewer's sentence, in its language (not core's English).
    void theManualMatchRefusalFollowsTheLanguage()
    {
        const std::vector<ps::VisDocument> docs
            = ps::openGraphFile(PROBESCOPE_CASES "/gpt_mix_statistics/ref_1.2.1/compare/compare.vis.gz");
        QCOMPARE(docs.size(), size_t(1));
        const auto snapshot = makeSnapshot(docs[0].comparison, &docs[0].meta);
        QCOMPARE(ps::manualMatchRefusalOf(*snapshot->comparison), ps::MatchRefusal::GraphFile);
        const QString english = AnalysisJobs::refusal(snapshot.get());
        QVERIFY2(
            english.startsWith(QLatin1String("This comparison was opened from a graph file")), qPrintable(english));
        QTranslator chinese;
        QVERIFY(chinese.load(QStringLiteral(":/i18n/probescope_zh_CN.qm")));
        QCoreApplication::installTranslator(&chinese);
        const QString zh = AnalysisJobs::refusal(snapshot.get());
        QCoreApplication::removeTranslator(&chinese);
        QVERIFY2(hasChinese(zh), qPrintable(zh));
        QCOMPARE(AnalysisJobs::refusal(nullptr), QStringLiteral("Nothing is open."));
    }
};

QTEST_MAIN(TestErrorText)
#include "tst_error_text.moc"
