#pragma once
// Progress of a long run on the command line, from the same RunContext reports the GUI shows, always on stderr
// (stdout keeps the log lines scripts parse):
//  - on a terminal, one line rewritten in place: stage, percent and the time left;
//  - otherwise, plain lines when the stage changes and at every tenth of the run;
//  - with -progress_log, msprobe 26.0.0's `PROGRESS: {...}` records instead.
#include "util/run_context.h"

#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>

namespace ps::cli {

class CliProgress {
public:
    enum class Style { Terminal, Lines, Records };
    CliProgress(Style style, std::FILE* out);
    static Style styleFor(bool progressLog, int fd); // Records with -progress_log, Terminal when fd is a tty

    void update(Stage stage, double overall); // a RunContext listener
    void finish(bool succeeded); // ends the updating line (and prints the last record)
    // Prints a log line on `stream` without tearing the updating line (it is cleared, then drawn again).
    void log(std::FILE* stream, const std::string& line);

    // "42% comparing, 1:05 left" (no estimate during the first second or the first 2 %).
    static std::string describe(Stage stage, double overall, double elapsedSeconds);

private:
    void draw();
    std::mutex m_mutex;
    Style m_style;
    std::FILE* m_out;
    std::chrono::steady_clock::time_point m_start = std::chrono::steady_clock::now();
    std::chrono::steady_clock::time_point m_lastDraw {};
    Stage m_stage = Stage::ReadDump;
    double m_overall = 0;
    int m_lastPercent = -1;
    int m_lastTenth = -1;
    int m_lastStage = -1;
    bool m_drawn = false; // the terminal line is on screen
};

} // namespace ps::cli
