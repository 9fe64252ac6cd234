// The command line's progress display (app/cli_progress): one line rewritten in place on a terminal, plain lines
// otherwise, msprobe 26.0.0's PROGRESS records with -progress_log; log lines printed meanwhile never tear it.
#include "../../app/cli_progress.h"

#include <QtTest>

#include <cstdio>
#include <string>

namespace {

// A FILE* whose text can be read back after each step.
class CapturedFile {
public:
    CapturedFile() { m_file = std::tmpfile(); }
    ~CapturedFile() { std::fclose(m_file); }
    std::FILE* get() const { return m_file; }
    std::string text() const
    {
        std::fflush(m_file);
        std::string s;
        std::rewind(m_file);
        char buf[4096];
        for (size_t n; (n = std::fread(buf, 1, sizeof buf, m_file)) > 0;)
            s.append(buf, n);
        std::fseek(m_file, 0, SEEK_END);
        return s;
    }

private:
    std::FILE* m_file;
};

int count(const std::string& text, const std::string& what)
{
    int n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size()))
        ++n;
    return n;
}

void runStages(ps::cli::CliProgress& shown)
{
    for (int i = 0; i <= 50; ++i)
        shown.update(ps::Stage::ReadDump, i / 100.0);
    for (int i = 50; i <= 100; ++i)
        shown.update(ps::Stage::Write, i / 100.0);
}

} // namespace

class TstCliProgress : public QObject {
    Q_OBJECT

private slots:
    void styleFollowsTheFlagAndTheTerminal()
    {
        using S = ps::cli::CliProgress::Style;
        CapturedFile file; // a regular file is not a terminal
        QCOMPARE(ps::cli::CliProgress::styleFor(true, fileno(file.get())), S::Records);
        QCOMPARE(ps::cli::CliProgress::styleFor(false, fileno(file.get())), S::Lines);
    }

    void describeGivesPhasePercentAndTimeLeft()
    {
        using ps::cli::CliProgress;
        QCOMPARE(CliProgress::describe(ps::Stage::Compare, 0.5, 10), std::string("50% comparing, 10 s left"));
        QCOMPARE(CliProgress::describe(ps::Stage::Write, 0.25, 30), std::string("25% writing, 1:30 left"));
        // No estimate in the first second or the first 2 %, nor once complete.
        QCOMPARE(CliProgress::describe(ps::Stage::ReadDump, 0.3, 0.5), std::string("30% reading dump.json"));
        QCOMPARE(CliProgress::describe(ps::Stage::ReadDump, 0.01, 20), std::string("1% reading dump.json"));
        QCOMPARE(CliProgress::describe(ps::Stage::Write, 1.0, 20), std::string("100% writing"));
    }

    // On a terminal: one line redrawn with carriage return + erase, no newline of its own; a log line on the
    // other stream clears it first and draws it again after; finish leaves the line erased.
    void terminalRewritesOneLine()
    {
        CapturedFile err, out;
        ps::cli::CliProgress shown(ps::cli::CliProgress::Style::Terminal, err.get());
        runStages(shown);
        shown.log(out.get(), "a log line");
        shown.finish(true);
        const std::string text = err.text();
        QCOMPARE(count(text, "\n"), 0);
        QVERIFY(count(text, "\r\033[K") >= 3);
        QVERIFY(text.find("100% writing") != std::string::npos);
        QVERIFY(text.ends_with("\r\033[K"));
        QCOMPARE(out.text(), std::string("a log line\n"));
        // Drawn again after the log line: the last draw precedes the final erase.
        const size_t lastDraw = text.rfind("writing");
        QVERIFY(lastDraw != std::string::npos && lastDraw > text.find("writing"));
    }

    // Not a terminal: a plain line at each stage change and each tenth, ending at 100 %.
    void plainLinesWhenNotATerminal()
    {
        CapturedFile err;
        ps::cli::CliProgress shown(ps::cli::CliProgress::Style::Lines, err.get());
        runStages(shown);
        shown.finish(true);
        const std::string text = err.text();
        QVERIFY(text.find('\r') == std::string::npos && text.find('\033') == std::string::npos);
        QCOMPARE(count(text, "progress: "), count(text, "\n"));
        QVERIFY2(count(text, "\n") >= 11 && count(text, "\n") <= 13, text.c_str());
        QVERIFY(text.starts_with("progress: 0% reading dump.json\n"));
        QVERIFY(text.ends_with("progress: 100% writing\n"));
    }

    void plainLinesEndAtHundredWhenTheLastReportIsShort()
    {
        CapturedFile err;
        ps::cli::CliProgress shown(ps::cli::CliProgress::Style::Lines, err.get());
        shown.update(ps::Stage::Write, 0.97);
        shown.finish(true);
        QVERIFY(err.text().ends_with("progress: 100% done\n"));
    }

    // -progress_log: one record per percent, then the closing record (msprobe 26.0.0's format).
    void recordsWithProgressLog()
    {
        CapturedFile err;
        ps::cli::CliProgress shown(ps::cli::CliProgress::Style::Records, err.get());
        runStages(shown);
        shown.finish(true);
        const std::string text = err.text();
        // One running record per percent reached, in order, never repeated; then the closing one.
        const std::string prefix = "PROGRESS: {\"current_progress\": ";
        int last = -1, records = 0;
        for (size_t at = text.find(prefix); at != std::string::npos; at = text.find(prefix, at + 1)) {
            const int percent = std::stoi(text.substr(at + prefix.size()));
            if (text.compare(text.find(", ", at) + 2, 23, "\"process_running\": true") == 0) {
                QVERIFY(percent > last);
                last = percent;
                ++records;
            }
        }
        QCOMPARE(last, 100);
        QVERIFY(records >= 90);
        QCOMPARE(count(text, prefix), records + 1);
        QVERIFY(
            text.ends_with("PROGRESS: {\"current_progress\": 100, \"process_running\": false, \"error_msg\": []}\n"));

        CapturedFile failed;
        ps::cli::CliProgress failing(ps::cli::CliProgress::Style::Records, failed.get());
        failing.update(ps::Stage::Compare, 0.4);
        failing.finish(false);
        QVERIFY(failed.text().ends_with(
            "PROGRESS: {\"current_progress\": 0, \"process_running\": false, \"error_msg\": [\"error\"]}\n"));
    }
};

QTEST_APPLESS_MAIN(TstCliProgress)
#include "tst_cli_progress.moc"
