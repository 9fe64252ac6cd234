// probescope-cli: the msprobe `graph` command without Python, for batch and CI use.
#include "batch/engine.h"
#include "cli_options.h"
#include "util/error.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <unistd.h>

namespace {

// msprobe's log line: "YYYY-MM-DD HH:MM:SS (pid) [LEVEL] message"
void logLine(const char* level, const std::string& message)
{
    std::time_t now = std::time(nullptr);
    std::tm tm {};
    localtime_r(&now, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", &tm);
    std::cout << stamp << " (" << ::getpid() << ") [" << level << "] " << message << std::endl;
}

} // namespace

int main(int argc, char** argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    ps::cli::CliOptions options;
    try {
        options = ps::cli::parseArguments(args);
    } catch (const std::invalid_argument& e) {
        std::cerr << ps::cli::usage() << "\nprobescope-cli: error: " << e.what() << "\n";
        return 2;
    }
    if (options.action == ps::cli::CliOptions::Action::Help) {
        std::cout << ps::cli::usage();
        return 0;
    }
    if (options.action == ps::cli::CliOptions::Action::Version) {
        std::cout << "probescope-cli " << PROBESCOPE_VERSION << " (msprobe graph 1.2.1 compatible)\n";
        return 0;
    }
    try {
        auto start = std::chrono::steady_clock::now();
        ps::CompareConfig config = ps::readCompareJson(options.inputPath);
        ps::Progress progress;
        progress.log = [](const std::string& m) { logLine("INFO", m); };
        ps::RunResult result
            = ps::runGraphCommand(config, options.outputPath, options.engine, progress, ps::currentTimestamp());
        for (const std::string& w : result.warnings)
            logLine("WARNING", w);
        double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        logLine("INFO", "Wrote " + std::to_string(result.outputFiles.size()) + " file(s) in "
                + std::to_string(seconds).substr(0, 5) + " s");
        return 0;
    } catch (const ps::Error& e) {
        logLine("ERROR", e.what());
        return 1;
    } catch (const std::exception& e) {
        logLine("ERROR", std::string("unexpected failure: ") + e.what());
        return 1;
    }
}
