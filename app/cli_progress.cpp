#include "cli_progress.h"

#include <cmath>
#include <unistd.h>

namespace ps::cli {

namespace {

std::string duration(double seconds)
{
    const long s = std::lround(seconds);
    if (s < 60)
        return std::to_string(s) + " s";
    const long m = s / 60, rest = s % 60;
    return std::to_string(m) + ":" + (rest < 10 ? "0" : "") + std::to_string(rest);
}

} // namespace

CliProgress::CliProgress(Style style, std::FILE* out)
    : m_style(style)
    , m_out(out)
{
}

CliProgress::Style CliProgress::styleFor(bool progressLog, int fd)
{
    if (progressLog)
        return Style::Records;
    return ::isatty(fd) ? Style::Terminal : Style::Lines;
}

std::string CliProgress::describe(Stage stage, double overall, double elapsed)
{
    const int percent = int(std::floor(overall * 100));
    std::string s = std::to_string(percent) + "% " + stageName(stage);
    if (elapsed >= 1 && overall >= 0.02 && overall < 1)
        s += ", " + duration(elapsed * (1 - overall) / overall) + " left";
    return s;
}

void CliProgress::update(Stage stage, double overall)
{
    std::lock_guard lock(m_mutex);
    m_stage = stage;
    m_overall = overall;
    const int percent = int(std::floor(overall * 100));
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    switch (m_style) {
    case Style::Records:
        if (percent != m_lastPercent)
            std::fprintf(
                m_out, "PROGRESS: {\"current_progress\": %d, \"process_running\": true, \"error_msg\": []}\n", percent);
        break;
    case Style::Lines:
        if (int(stage) != m_lastStage || percent / 10 != m_lastTenth)
            std::fprintf(m_out, "progress: %s\n", describe(stage, overall, elapsed).c_str());
        m_lastTenth = percent / 10;
        m_lastStage = int(stage);
        break;
    case Style::Terminal: {
        const auto now = std::chrono::steady_clock::now();
        if (percent == m_lastPercent && now - m_lastDraw < std::chrono::milliseconds(500))
            break; // redraw for the time left twice a second at most
        m_lastDraw = now;
        draw();
        break;
    }
    }
    m_lastPercent = percent;
    std::fflush(m_out);
}

void CliProgress::draw()
{
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    std::fprintf(m_out, "\r\033[K%s", describe(m_stage, m_overall, elapsed).c_str());
    m_drawn = true;
}

void CliProgress::log(std::FILE* stream, const std::string& line)
{
    std::lock_guard lock(m_mutex);
    const bool redraw = m_style == Style::Terminal && m_drawn;
    if (redraw) {
        std::fputs("\r\033[K", m_out);
        std::fflush(m_out);
    }
    std::fputs(line.c_str(), stream);
    std::fputc('\n', stream);
    std::fflush(stream);
    if (redraw) {
        draw();
        std::fflush(m_out);
    }
}

void CliProgress::finish(bool succeeded)
{
    std::lock_guard lock(m_mutex);
    if (m_style == Style::Records) {
        std::fprintf(m_out, "PROGRESS: {\"current_progress\": %d, \"process_running\": false, \"error_msg\": [%s]}\n",
            succeeded ? 100 : 0, succeeded ? "" : "\"error\"");
    } else if (m_style == Style::Terminal && m_drawn) {
        std::fputs("\r\033[K", m_out);
        m_drawn = false;
    } else if (m_style == Style::Lines && succeeded && m_lastPercent >= 0 && m_lastPercent < 100) {
        std::fprintf(m_out, "progress: 100%% done\n");
    }
    std::fflush(m_out);
}

} // namespace ps::cli
