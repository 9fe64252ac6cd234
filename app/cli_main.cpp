// probescope-cli: the msprobe `graph` command without Python, for batch and CI use.
#include "analysis/comparison_diff.h"
#include "analysis/divergence_report.h"
#include "analysis/graph_report.h"
#include "analysis/report_format.h"
#include "analysis/step_trends.h"
#include "batch/engine.h"
#include "batch/merge_parts.h"
#include "cli_options.h"
#include "cli_progress.h"
#include "commands/diagnose_run.h"
#include "commands/graph_command.h"
#include "commands/tensor_command.h"
#include "source/source.h"
#include "util/allocator.h"
#include "util/build_info.h"
#include "util/error.h"
#include "util/rank_list.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <unistd.h>

namespace {

// msprobe's log line: "YYYY-MM-DD HH:MM:SS (pid) [LEVEL] message"
std::string logText(const char* level, const std::string& message)
{
    std::time_t now = std::time(nullptr);
    std::tm tm {};
    localtime_r(&now, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", &tm);
    return std::string(stamp) + " (" + std::to_string(::getpid()) + ") [" + level + "] " + message;
}

void logLine(const char* level, const std::string& message)
{
    std::cout << logText(level, message) << std::endl;
}

// `diagnose`: the report of every step and rank of compare.json (core/commands/diagnose_run.h), printed.
int runDiagnose(const ps::cli::CliOptions& options)
{
    ps::DiagnoseRequest request;
    request.compareJson = options.inputPath;
    request.engine = options.engine;
    request.diagnose.ignore = options.ignore;
    request.diagnose.limit = options.limit;
    for (const std::string& spec : options.tolerances)
        ps::addToleranceSpec(request.diagnose, spec);
    request.json = options.json;
    std::cout << ps::diagnoseReport(request, [](const std::string& w) { std::cerr << "warning: " << w << "\n"; });
    return 0;
}

// `tensor`: two tensor files compared element by element, as text or JSON.
int runTensor(const ps::cli::CliOptions& options)
{
    ps::TensorFilesRequest request;
    request.npuPath = options.tensorFiles.at(0);
    request.benchPath = options.tensorFiles.at(1);
    request.rtol = options.rtol;
    request.atol = options.atol;
    const ps::TensorFilesError result = ps::compareTensorFiles(request);
    std::cout << (options.json ? ps::tensorErrorJson(result) : ps::tensorErrorText(result));
    return 0;
}

ps::Source openSource(const std::vector<std::string>& paths, const ps::cli::CliOptions& options)
{
    ps::EngineOptions engine = options.engine;
    engine.profile = options.rules.empty() ? ps::Source::defaultProfile(ps::SourceInputs::fromPaths(paths))
        : options.rules == "26.0.0"        ? ps::RulesProfile::Msprobe26
                                           : ps::RulesProfile::Msprobe121;
    ps::SourceInputs inputs = ps::SourceInputs::fromPaths(paths);
    inputs.referencePath = options.reference;
    return ps::Source::openComparison(std::move(inputs), engine);
}

// `report`: the ranked table of one source; exit code 3 when --fail-on finds nodes.
int runReport(const ps::cli::CliOptions& options)
{
    const ps::Source source = openSource(options.sources.at(0), options);
    if (options.byStep) {
        const ps::StepTrends trends = ps::computeTrends(source);
        std::cout << (options.csv ? ps::trendsCsv(trends)
                : options.json    ? ps::trendsJson(trends)
                                  : ps::trendsText(trends));
        if (options.failOn.empty())
            return 0;
        size_t found = 0;
        for (const ps::GraphTrend& g : trends.graphs)
            found += g.errors + (options.failOn == "warning" ? g.warnings : 0);
        return found ? 3 : 0;
    }
    const size_t rows = options.worst == ps::cli::CliOptions::kDefaultRows ? 10 : options.worst;
    ps::ReportOptions reportOptions { rows,
        ps::colorMetricOfName(options.metric).value_or(ps::ColorMetric::Precision) };
    reportOptions.truth = options.truth;
    ps::GraphReport report = ps::reportSource(source, reportOptions);
    for (const std::string& w : report.warnings)
        std::cerr << "warning: " << w << "\n";
    std::cout << (options.csv ? ps::reportCsv(report) : options.json ? ps::reportJson(report) : ps::reportText(report));
    if (options.failOn.empty())
        return 0;
    const size_t found = ps::failOnFindings(report, ps::parseFailOn(options.failOn));
    if (found)
        std::cerr << "probescope-cli: --fail-on " << options.failOn << ": " << found << " node(s)\n";
    return found ? 3 : 0;
}

// `diff`: what changed from the first source to the second; exit code 3 on a regression with --fail-on.
int runDiff(const ps::cli::CliOptions& options)
{
    const ps::Source before = openSource(options.sources.at(0), options);
    const ps::Source after = openSource(options.sources.at(1), options);
    const ps::ComparisonDiff diff = ps::diffSources(before, after);
    const size_t rows = options.worst == ps::cli::CliOptions::kDefaultRows ? 0 : options.worst;
    std::cout << (options.csv ? ps::diffCsv(diff) : options.json ? ps::diffJson(diff) : ps::diffText(diff, rows));
    const size_t regressed = diff.count(ps::ChangeKind::Regressed);
    if (options.failOn.empty() || !regressed)
        return 0;
    std::cerr << "probescope-cli: --fail-on regression: " << regressed << " node(s) regressed\n";
    return 3;
}

// `merge`: part databases into one, then the distributed analysis; msprobe-style log lines as graph_visualize.
int runMerge(const ps::cli::CliOptions& options)
{
    auto start = std::chrono::steady_clock::now();
    ps::RunContext progress;
    progress.log = [](const std::string& m) { logLine("INFO", m); };
    ps::MergePartsResult result = ps::mergeParts({ options.parts, options.outputPath, options.expectRanks }, progress);
    for (const std::string& w : result.warnings)
        logLine("WARNING", w);
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    logLine("INFO",
        "Merged " + std::to_string(options.parts.size()) + " part(s), " + std::to_string(result.graphs)
            + " graph(s) of ranks " + ps::formatRankList(result.ranks) + ", into " + options.outputPath + " in "
            + std::to_string(seconds).substr(0, 5) + " s");
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    ps::configureAllocator();
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
        std::cout << "probescope-cli " << PROBESCOPE_VERSION
                  << " (msprobe 1.2.1 graph and msprobe 26.0.0 graph_visualize compatible)\n";
        for (const ps::ComponentVersion& c : ps::componentVersions())
            if (c.name != "ProbeScope")
                std::cout << "  " << c.name << " " << c.version << "\n";
        return 0;
    }
    ps::setLimits(options.limits);
    if (options.action == ps::cli::CliOptions::Action::Diagnose || options.action == ps::cli::CliOptions::Action::Report
        || options.action == ps::cli::CliOptions::Action::Diff
        || options.action == ps::cli::CliOptions::Action::Tensor) {
        try {
            if (options.action == ps::cli::CliOptions::Action::Tensor)
                return runTensor(options);
            if (options.action == ps::cli::CliOptions::Action::Report)
                return runReport(options);
            if (options.action == ps::cli::CliOptions::Action::Diff)
                return runDiff(options);
            return runDiagnose(options);
        } catch (const std::exception& e) {
            std::cerr << "probescope-cli: error: " << e.what() << "\n";
            return 1;
        }
    }
    try {
        if (options.action == ps::cli::CliOptions::Action::Merge)
            return runMerge(options);
        auto start = std::chrono::steady_clock::now();
        ps::SourceInputs inputs;
        if (options.action == ps::cli::CliOptions::Action::GraphVisualize) {
            inputs.npuPath = options.targetPath;
            inputs.benchPath = options.goldenPath;
        } else {
            inputs.compareJson = options.inputPath;
        }
        inputs.layerMappingFile = options.layerMappingFile;
        ps::cli::CliProgress shown(ps::cli::CliProgress::styleFor(options.progressLog, STDERR_FILENO), stderr);
        ps::RunContext progress;
        progress.log = [&shown](const std::string& m) { shown.log(stdout, logText("INFO", m)); };
        if (options.engine.fileType == ps::MergeOutput::Json && options.engine.parallel.empty())
            logLine("WARNING",
                "The --file_type json parameter is only supported in graph merge build scenarios. Falling back to "
                "default db output.");
        progress.listener = [&shown](ps::Stage stage, double overall) { shown.update(stage, overall); };
        ps::RunResult result;
        try {
            const ps::Source source = ps::Source::open(std::move(inputs), options.engine);
            result = ps::runGraphCommand(source, options.outputPath, progress, ps::currentTimestamp());
        } catch (...) {
            shown.finish(false);
            throw;
        }
        shown.finish(true);
        for (const std::string& w : result.warnings)
            logLine("WARNING", w);
        double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        logLine("INFO",
            "Wrote " + std::to_string(result.outputFiles.size()) + " file(s) in " + std::to_string(seconds).substr(0, 5)
                + " s");
        return 0;
    } catch (const ps::Error& e) {
        logLine("ERROR", e.what());
        return 1;
    } catch (const std::exception& e) {
        logLine("ERROR", std::string("unexpected failure: ") + e.what());
        return 1;
    }
}
