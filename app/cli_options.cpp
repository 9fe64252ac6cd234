#include "cli_options.h"

#include <stdexcept>

namespace ps::cli {

std::string usage()
{
    return "usage: probescope-cli [-f {pytorch,mindspore}] graph -i COMPARE_JSON -o OUTPUT_DIR\n"
           "                      [-lm LAYER_MAPPING.yaml] [-oc] [-f] [-cs] [-j THREADS] [--output_format {vis,db}]\n"
           "       probescope-cli diagnose -i COMPARE_JSON [-lm [FILE]] [-f] [-j THREADS] [--json]\n"
           "                      [--ignore PATTERN]... [--tol DTYPE=VALUE]... [--limit N]\n"
           "       probescope-cli report FILE.vis|FILE.vis.db [--worst N]\n"
           "       (every command also takes [--resource_limit NAME=VALUE]...)\n"
           "\n"
           "Builds or compares msprobe dump folders and writes .vis files that tb_graph_ascend and ProbeScope open.\n"
           "\n"
           "  -i, --input_path FILE       compare.json: {\"npu_path\": DIR, \"bench_path\": DIR}; without bench_path\n"
           "                              only the NPU graph is built\n"
           "  -o, --output_path DIR       output folder (created if missing)\n"
           "  -lm, --layer_mapping [FILE] layer-mapping YAML for models whose layers are named differently;\n"
           "                              without FILE, nodes are matched by name only\n"
           "  -oc, --overflow_check       mark nodes whose inputs/outputs hold inf/nan or jump in norm\n"
           "  -f, --fuzzy_match           match nodes by shape only and re-count API call indices\n"
           "  -cs, --complete_stack       keep whole call stacks (default: the call-site line only)\n"
           "  -j, --threads N             worker threads for tensor comparison (default: all cores)\n"
           "  --output_format {vis,db}    vis: one .vis per step and rank (msprobe 1.2.1); db: one\n"
           "                              build_/compare_{timestamp}.vis.db for the whole run (msprobe >= 8.2.1)\n"
           "  --resource_limit NAME=VALUE change a resource limit (repeatable; sizes may end in K, M, G, T).\n"
           "                              The environment variable PROBESCOPE_LIMITS=NAME=VALUE,... does the same\n"
           "                              for probescope-cli and probescope. The limits and their defaults:\n"
        + limitsHelp()
        + "  -h, --help                  this help\n"
          "  --version                   the version\n"
          "\n"
          "diagnose: the first-divergence finder (docs/diagnose.md). Lists the matched nodes whose outputs exceed\n"
          "the tolerance while the inputs they inherited are within it, ranked by the error each adds.\n"
          "  --json                      print JSON instead of the table\n"
          "  --ignore PATTERN            skip nodes whose name matches (glob '*' '?', else substring); repeatable\n"
          "  --tol DTYPE=VALUE           tolerance of a dtype, e.g. --tol bfloat16=0.05 (defaults: float16 0.01,\n"
          "                              bfloat16 0.04, float32 0.001, float64 1e-06); repeatable\n"
          "  --limit N                   report at most N nodes per graph\n"
          "\n"
          "report: reads a .vis, gzip'ed .vis or .vis.db file with the viewer's readers and prints what it holds:\n"
          "graphs (steps and ranks), nodes per side, matched and unmatched nodes, the worst nodes. A broken file\n"
          "gives one error line naming the file and the problem (exit code 1).\n"
          "  --worst N                   list the N worst matched NPU nodes per graph (default 10)\n"
          "\n"
          "The global form `probescope-cli -f pytorch graph ...` is accepted, as msprobe's.\n";
}

namespace {
CliOptions only(CliOptions::Action action)
{
    CliOptions o;
    o.action = action;
    return o;
}

size_t countArgument(const std::string& flag, const std::string& v)
{
    try {
        size_t used = 0;
        unsigned long n = std::stoul(v, &used);
        if (used != v.size())
            throw std::invalid_argument(v);
        return size_t(n);
    } catch (const std::exception&) {
        throw std::invalid_argument("argument " + flag + ": not a number: '" + v + "'");
    }
}

// report FILE [--worst N] [--resource_limit NAME=VALUE]...
CliOptions parseReportArguments(const std::vector<std::string>& args, size_t i, CliOptions o)
{
    for (; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= args.size())
                throw std::invalid_argument("argument " + a + ": expected one argument");
            return args[++i];
        };
        if (a == "-h" || a == "--help")
            return only(CliOptions::Action::Help);
        if (a == "--worst")
            o.worst = countArgument(a, value());
        else if (a == "--resource_limit")
            applyLimitSettings(o.limits, value());
        else if (!a.empty() && a[0] == '-')
            throw std::invalid_argument("unrecognized argument: " + a);
        else if (o.reportPath.empty())
            o.reportPath = a;
        else
            throw std::invalid_argument("report takes one file, not also '" + a + "'");
    }
    if (o.reportPath.empty())
        throw std::invalid_argument("report: the following argument is required: FILE.vis or FILE.vis.db");
    return o;
}
} // namespace

CliOptions parseArguments(const std::vector<std::string>& args)
{
    CliOptions o;
    o.limits = limitsFromEnvironment();
    size_t i = 0;
    auto value = [&](const std::string& flag) -> std::string {
        if (i + 1 >= args.size())
            throw std::invalid_argument("argument " + flag + ": expected one argument");
        return args[++i];
    };
    // Global options before the sub-command.
    bool sawCommand = false;
    for (; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "-h" || a == "--help")
            return only(CliOptions::Action::Help);
        if (a == "--version" || a == "-v")
            return only(CliOptions::Action::Version);
        if (a == "-f" || a == "--framework") {
            std::string fw = value(a);
            if (fw != "pytorch" && fw != "mindspore")
                throw std::invalid_argument(
                    "argument -f/--framework: invalid choice: '" + fw + "' (choose from 'pytorch', 'mindspore')");
            o.engine.framework = fw;
            continue;
        }
        if (a == "graph" || a == "diagnose" || a == "report") {
            sawCommand = true;
            o.action = a == "graph" ? CliOptions::Action::Graph
                : a == "diagnose"   ? CliOptions::Action::Diagnose
                                    : CliOptions::Action::Report;
            ++i;
            break;
        }
        throw std::invalid_argument(
            "unknown argument '" + a + "' (expected the sub-command 'graph', 'diagnose' or 'report')");
    }
    if (!sawCommand)
        return o;
    if (o.action == CliOptions::Action::Report)
        return parseReportArguments(args, i, std::move(o));
    const bool diagnose = o.action == CliOptions::Action::Diagnose;
    for (; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "-h" || a == "--help")
            return only(CliOptions::Action::Help);
        else if (a == "-i" || a == "--input_path")
            o.inputPath = value(a);
        else if (a == "-o" || a == "--output_path")
            o.outputPath = value(a);
        else if (diagnose && a == "--json")
            o.json = true;
        else if (diagnose && a == "--ignore")
            o.ignore.push_back(value(a));
        else if (diagnose && a == "--tol")
            o.tolerances.push_back(value(a));
        else if (diagnose && a == "--limit")
            o.limit = countArgument(a, value(a));
        else if (a == "-lm" || a == "--layer_mapping") {
            // As newer msprobe: without a file, nodes are matched by name only.
            if (i + 1 < args.size() && !args[i + 1].empty() && args[i + 1][0] != '-')
                o.engine.layerMappingPath = args[++i];
            else
                o.engine.nameOnlyMatch = true;
        } else if (a == "-oc" || a == "--overflow_check")
            o.engine.overflowCheck = true;
        else if (a == "-f" || a == "--fuzzy_match")
            o.engine.fuzzy = true;
        else if (a == "-cs" || a == "--complete_stack")
            o.engine.completeStack = true;
        else if (a == "--output_format") {
            std::string format = value(a);
            if (format != "vis" && format != "db")
                throw std::invalid_argument(
                    "argument --output_format: invalid choice: '" + format + "' (choose from 'vis', 'db')");
            o.engine.outputFormat = format;
        } else if (a == "--resource_limit") {
            applyLimitSettings(o.limits, value(a));
        } else if (a == "-j" || a == "--threads") {
            std::string v = value(a);
            try {
                o.engine.threads = std::stoi(v);
            } catch (const std::exception&) {
                throw std::invalid_argument("argument -j/--threads: not a number: '" + v + "'");
            }
        } else
            throw std::invalid_argument("unrecognized argument: " + a);
    }
    if (o.inputPath.empty())
        throw std::invalid_argument("the following arguments are required: -i/--input_path");
    if (o.outputPath.empty() && !diagnose)
        throw std::invalid_argument("the following arguments are required: -o/--output_path");
    return o;
}

} // namespace ps::cli
