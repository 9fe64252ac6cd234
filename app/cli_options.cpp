#include "cli_options.h"

#include "analysis/graph_report.h"
#include "io/file_io.h"
#include "util/error.h"
#include "util/rank_list.h"

#include <cmath>
#include <map>
#include <stdexcept>

namespace ps::cli {

std::string usage()
{
    return "usage: probescope-cli [-f {pytorch,mindspore}] graph -i COMPARE_JSON -o OUTPUT_DIR\n"
           "                      [-lm LAYER_MAPPING.yaml] [-oc] [-f] [-cs] [-j THREADS] [--output_format {vis,db}]\n"
           "       probescope-cli graph_visualize -tp TARGET_DIR [-gp GOLDEN_DIR] -o OUTPUT_DIR [-lm [FILE]] [-oc]\n"
           "                      [-fm] [-tensor_log] [-progress_log] [-j THREADS] [--msprobe-version {26.1,26.0.0}]\n"
           "                      [--rank_size N [N] --tp N [N] --pp N [N] [--vpp N [N]] [--order ORDER [ORDER]]]\n"
           "                      [--file_type {db,json}] [--rank R | --ranks LIST]\n"
           "       probescope-cli merge -o OUTPUT.vis.db PART.vis.db... [--expect-ranks LIST]\n"
           "       probescope-cli diagnose -i COMPARE_JSON [-lm [FILE]] [-f] [-j THREADS] [--json]\n"
           "                      [--ignore PATTERN]... [--tol DTYPE=VALUE]... [--limit N]\n"
           "       probescope-cli report SOURCE [--worst N] [--csv | --json] [--fail-on "
           "{error,warning,bin=N,npu-worse}]\n"
           "                      [--metric NAME] [--by-step] [--rules {1.2.1,26.0.0}]\n"
           "                      [--reference DIR [--truth-k K] [--truth-floor F]]\n"
           "       probescope-cli diff SOURCE_A SOURCE_B [--worst N] [--csv | --json] [--fail-on regression]\n"
           "                      [--rules {1.2.1,26.0.0}]\n"
           "       probescope-cli tensor NPU_TENSOR BENCH_TENSOR [--rtol X] [--atol X] [--json]\n"
           "       (SOURCE: compare.json, FILE.vis, FILE.vis.db, or NPU_DIR BENCH_DIR)\n"
           "       (every command also takes [--resource_limit NAME=VALUE]...)\n"
           "\n"
           "Builds or compares msprobe dump folders and writes .vis files that tb_graph_ascend and ProbeScope open.\n"
           "graph follows msprobe 1.2.1 (.vis, relative-error colours); graph_visualize follows msprobe 26.0.0\n"
           "(one .vis.db for the whole run, pass/warning/error verdicts with their reasons).\n"
           "\n"
           "graph:\n"
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
           "\n"
           "graph_visualize (msprobe 26.0.0):\n"
           "  -tp, --target_path DIR      the NPU dump: a rank folder (dump.json, construct.json, stack.json), a\n"
           "                              folder of rank<N> (or one proc<PID>) folders, or a folder of step<N> "
           "folders\n"
           "  -gp, --golden_path DIR      the bench dump, of the same kind; without it only the NPU graph is built\n"
           "  -o, --output_path DIR       output folder; writes build_/compare_{timestamp}.vis.db\n"
           "  -lm, --layer_mapping [FILE] match through a layer-mapping YAML; without FILE the modules map to\n"
           "                              themselves and APIs are paired by their place in them\n"
           "  -oc, --overflow_check       mark nodes whose inputs/outputs hold inf/nan or jump in norm\n"
           "  -fm, --fuzzy_match          match APIs inside matched modules by name and call order\n"
           "  -tensor_log                 accepted for msprobe compatibility (per-tensor log lines); no effect\n"
           "  -progress_log               print PROGRESS: {...} records on stderr (default: a progress line)\n"
           "  --rank_size N [N]           the parallel merge: ranks per side (NPU, then bench when comparing); each\n"
           "                              side's rank folders are merged into one graph per data-parallel replica\n"
           "  --tp N [N], --pp N [N]      tensor- and pipeline-parallel sizes (rank_size = tp x pp x dp); required\n"
           "                              with --rank_size\n"
           "  --vpp N [N]                 virtual pipeline chunks per stage (default 1)\n"
           "  --order ORDER [ORDER]       rank order of the dimensions, fastest first (default tp-cp-ep-dp-pp)\n"
           "  --file_type {db,json}       json: a merge build writes step<N>/rank<R>/{construct,dump,stack}.json\n"
           "                              instead of the .vis.db\n"
           "  --rank R, --ranks LIST      only these ranks of a multi-rank run (LIST: 0-3,8,10-11), written as a part\n"
           "                              database {build|compare}_ranks{LIST}_{timestamp}.vis.db without the\n"
           "                              cross-rank analysis (matched_distributed); `merge` combines the parts\n"
           "  --msprobe-version {26.1,26.0.0}  the msprobe 26 release the .vis.db follows: 26.1 (default; also\n"
           "                              msprobe's master) writes the dump's numbers unrounded, the 26.0.0 release\n"
           "                              rounds every float of input_data/output_data to 6 decimals; nodes, links\n"
           "                              and verdicts are the same\n"
           "\n"
           "merge: the part databases of one run (graph_visualize --ranks, e.g. one per cluster job) into one\n"
           ".vis.db, then the distributed analysis over all ranks: the same database as one run over every rank.\n"
           "Refuses files that are no parts, parts of other rules, steps or runs, and parts sharing a rank.\n"
           "  -o, --output_path FILE      the merged OUTPUT.vis.db (written under a temporary name, then renamed)\n"
           "  --expect-ranks LIST         the ranks the parts must hold together, e.g. 0-255 (default: a warning\n"
           "                              names the run's ranks no part holds)\n"
           "\n"
           "every command:\n"
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
          "report: the ranked table of suspicious NPU nodes of a comparison source (compare.json, two dump folders,\n"
          "a .vis or a .vis.db; dumps are compared first): per step and rank the nodes per side, the matched NPU\n"
          "nodes per verdict (msprobe 26.0.0) or colour bin (1.2.1), then the nodes rated warning or error (1.2.1:\n"
          "any bin after the first) worst first, with their worst metric, their rank in the first-divergence list\n"
          "and the user code line that called them. Exit codes: 0 clean, 3 when --fail-on finds nodes, 1 errors,\n"
          "2 bad arguments.\n"
          "  --worst N                   rows per graph (default 10; 0: all)\n"
          "  --csv                       CSV: ProbeScope's columns, then msprobe compare's columns of each node's\n"
          "                              worst row (NPU Name ... Err_message, NPU_Stack_Info)\n"
          "  --json                      JSON for scripts\n"
          "  --fail-on error|warning|bin=N|npu-worse  exit with 3 when a matched NPU node is rated error, warning\n"
          "                              or worse, falls in legend bin N or a later one (bins counted from 0), or\n"
          "                              is where the NPU went wrong against the truth run (--reference)\n"
          "  --metric NAME               what the bins, ratings and ranking are of: precision (msprobe's precision\n"
          "                              index, the default), MaxRelativeErr, MeanRelativeErr, NormRelativeErr\n"
          "                              (statistics), Cosine (real data): the worst of a node's output rows in\n"
          "                              five bands (0.01%, 0.1%, 1%, 10%; for Cosine of 1 - cosine), or\n"
          "                              value-verdict: msprobe 26.0.0's verdict without its dtype, shape and\n"
          "                              requires_grad rules\n"
          "  --reference DIR              a third dump of the same run in higher precision (e.g. fp64 on a CPU), any\n"
          "                              layout: each node's output judged against it on both sides. npu-worse:\n"
          "                              the NPU's error exceeds K x the bench's and F x its dtype's rounding\n"
          "                              (bf16 3.9e-3, fp16 4.9e-4, fp32 1e-6); both-off: both beyond their\n"
          "                              floors; follows: npu-worse because its inputs or a node inside already\n"
          "                              were; fine otherwise. Adds the counts, the npu-worse nodes and three\n"
          "                              CSV/JSON columns\n"
          "  --truth-k K                  default 2.5\n"
          "  --truth-floor F              default 4\n"
          "  --by-step                   one line per step and rank, and where the first error appears\n"
          "  --rules {1.2.1,26.0.0}      the rules dumps are compared with (default: 1.2.1 for compare.json, as\n"
          "                              graph; 26.0.0 for two dump folders, as graph_visualize)\n"
          "\n"
          "diff: two comparison sources (before and after a fix, two software versions), node by node per step,\n"
          "rank and side: nodes whose verdict or bin, or else worst metric, improved or regressed, and nodes that\n"
          "appeared or vanished. --worst, --csv, --json and --rules as report; --fail-on regression exits with 3\n"
          "when a node regressed.\n"
          "\n"
          "tensor: two tensor files of one shape (.pt saved by torch.save, or .npy; e.g. a dump's\n"
          "dump_tensor_data/NAME.pt of each side) compared element by element: how many elements lie beyond the\n"
          "tolerance, the worst element's index and both values, NaN and inf per side, histograms of the absolute\n"
          "and relative error in decades from 1e-12 to 1e+4, and the size of the error heat map (docs/tensor.md).\n"
          "  --rtol X, --atol X          an element is beyond the tolerance when |NPU - bench| > atol + rtol * "
          "|bench|\n"
          "                              (defaults, torch.testing's for the less precise dtype: float16 1e-3 / 1e-5,\n"
          "                              bfloat16 1.6e-2 / 1e-5, float32 1.3e-6 / 1e-5, float64 1e-7 / 1e-7)\n"
          "  --json                      JSON for scripts, with the heat map's cells (max_abs, max_rel, non_finite)\n"
          "\n"
          "The global form `probescope-cli -f pytorch graph ...` is accepted, as msprobe's; so is a leading\n"
          "`-f pytorch` before graph_visualize.\n";
}

namespace {
CliOptions only(CliOptions::Action action)
{
    CliOptions o;
    o.action = action;
    return o;
}

bool isNumber(const std::string& s)
{
    return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
}

std::vector<int> rankListArgument(const std::string& flag, const std::string& v)
{
    try {
        return parseRankList(v);
    } catch (const Error& e) {
        throw std::invalid_argument("argument " + flag + ": " + e.detail());
    }
}

// The value of the option args[i], as argparse takes it: the next word, unless that is an option itself.
std::string takeValue(const std::vector<std::string>& args, size_t& i)
{
    if (i + 1 >= args.size() || (args[i + 1].size() > 1 && args[i + 1][0] == '-' && !isNumber(args[i + 1].substr(1))))
        throw std::invalid_argument("argument " + args[i] + ": expected one argument");
    return args[++i];
}

// The options graph and graph_visualize share (-o, -lm [FILE], -oc, -j, --resource_limit); false for any other.
bool takeSharedOption(CliOptions& o, const std::vector<std::string>& args, size_t& i)
{
    const std::string& a = args[i];
    if (a == "-o" || a == "--output_path") {
        o.outputPath = takeValue(args, i);
    } else if (a == "-lm" || a == "--layer_mapping") {
        // nargs='?': a value only when the next word is no option
        if (i + 1 < args.size() && !args[i + 1].empty() && args[i + 1][0] != '-')
            o.layerMappingFile = args[++i];
        else
            o.engine.nameOnlyMatch = true;
    } else if (a == "-oc" || a == "--overflow_check") {
        o.engine.overflowCheck = true;
    } else if (a == "--resource_limit") {
        applyLimitSettings(o.limits, takeValue(args, i));
    } else if (a == "-j" || a == "--threads") {
        std::string v = takeValue(args, i);
        if (!isNumber(v) || v.size() > 6)
            throw std::invalid_argument("argument -j/--threads: not a number: '" + v + "'");
        o.engine.threads = std::stoi(v);
    } else {
        return false;
    }
    return true;
}

int intArgument(const std::string& flag, const std::string& v)
{
    const bool digits = isNumber(v) || (v.size() > 1 && v[0] == '-' && isNumber(v.substr(1)));
    if (!digits || v.size() > 9)
        throw std::invalid_argument("argument " + flag + ": invalid int value: '" + v + "'");
    return std::stoi(v);
}

// msprobe's load_parallel_param: --rank_size, --tp and --pp together, one value each to build and two (NPU, bench)
// to compare; --vpp and --order apply per side only when given for both. Then the checks of each layout.
std::vector<ParallelLayout> parallelLayouts(const std::map<std::string, std::vector<std::string>>& merge, bool compare)
{
    if (merge.empty())
        return {};
    if (!merge.count("--rank_size"))
        throw std::invalid_argument("argument " + merge.begin()->first + ": the parallel merge needs --rank_size");
    for (const char* flag : { "--tp", "--pp" })
        if (!merge.count(flag))
            throw std::invalid_argument(
                "the parallel merge needs --rank_size, --tp and --pp together (missing " + std::string(flag) + ")");
    const size_t sides = compare ? 2 : 1;
    for (const char* flag : { "--rank_size", "--tp", "--pp" })
        if (merge.at(flag).size() != sides)
            throw std::invalid_argument("argument " + std::string(flag) + ": "
                + (compare ? "a merge compare takes two values (NPU, then bench)" : "a merge build takes one value"));
    // A build takes the first value; a compare both values or neither.
    auto perSide = [&](const char* flag, size_t side) -> const std::string* {
        auto it = merge.find(flag);
        if (it == merge.end() || (compare && it->second.size() != 2))
            return nullptr;
        return &it->second[side];
    };
    std::vector<ParallelLayout> layouts(sides);
    for (size_t side = 0; side < sides; ++side) {
        ParallelLayout& l = layouts[side];
        l.rankSize = intArgument("--rank_size", merge.at("--rank_size")[side]);
        l.tp = intArgument("--tp", merge.at("--tp")[side]);
        l.pp = intArgument("--pp", merge.at("--pp")[side]);
        if (const std::string* v = perSide("--vpp", side))
            l.vpp = intArgument("--vpp", *v);
        if (const std::string* v = perSide("--order", side))
            l.order = *v;
        try {
            checkLayout(l);
        } catch (const Error& e) {
            throw std::invalid_argument(std::string(side == 0 ? "[NPU] " : "[Bench] ") + e.detail());
        }
    }
    return layouts;
}

double toleranceArgument(const std::string& flag, const std::string& v)
{
    size_t used = 0;
    double x = -1;
    try {
        x = std::stod(v, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != v.size() || !(x >= 0) || x == HUGE_VAL)
        throw std::invalid_argument("argument " + flag + ": not a number >= 0: '" + v + "'");
    return x;
}

double positiveArgument(const std::string& flag, const std::string& v)
{
    const double x = toleranceArgument(flag, v);
    if (x == 0)
        throw std::invalid_argument("argument " + flag + ": not a number > 0: '" + v + "'");
    return x;
}

// `tensor NPU BENCH [--rtol X] [--atol X] [--json]`, from args[i] on.
CliOptions parseTensorArguments(const std::vector<std::string>& args, size_t i, CliOptions o)
{
    for (; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "-h" || a == "--help")
            return only(CliOptions::Action::Help);
        if (a == "--json")
            o.json = true;
        else if (a == "--rtol")
            o.rtol = toleranceArgument(a, takeValue(args, i));
        else if (a == "--atol")
            o.atol = toleranceArgument(a, takeValue(args, i));
        else if (a == "--resource_limit")
            applyLimitSettings(o.limits, takeValue(args, i));
        else if (a.size() > 1 && a[0] == '-')
            throw std::invalid_argument("unrecognized argument: " + a);
        else
            o.tensorFiles.push_back(a);
    }
    if (o.tensorFiles.size() != 2)
        throw std::invalid_argument("tensor takes two tensor files (.pt or .npy): the NPU's, then the bench's");
    return o;
}

// `graph_visualize`'s options (msprobe 26.0.0's _graph_service_parser), from args[i] on.
CliOptions parseGraphVisualize(CliOptions o, const std::vector<std::string>& args, size_t i)
{
    o.engine.profile = RulesProfile::Msprobe26;
    o.engine.outputFormat = OutputFormat::Db;
    std::map<std::string, std::vector<std::string>> merge; // parallel-merge arguments seen, with their values
    for (; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "-h" || a == "--help")
            return only(CliOptions::Action::Help);
        else if (takeSharedOption(o, args, i))
            continue;
        else if (a == "-tp" || a == "--target_path")
            o.targetPath = takeValue(args, i);
        else if (a == "-gp" || a == "--golden_path")
            o.goldenPath = takeValue(args, i);
        else if (a == "-fm" || a == "--fuzzy_match")
            o.engine.fuzzy = true;
        else if (a == "-tensor_log" || a == "--is_print_compare_log")
            o.tensorLog = true;
        else if (a == "-progress_log" || a == "--is_print_progress_log")
            o.progressLog = true;
        else if (a == "--rank_size" || a == "--tp" || a == "--pp" || a == "--vpp" || a == "--order") {
            // nargs='+': one value per side
            std::vector<std::string>& values = merge[a];
            values = { takeValue(args, i) }; // a repeated option replaces the earlier values, as argparse does
            while (i + 1 < args.size() && !args[i + 1].empty()
                && (args[i + 1][0] != '-' || isNumber(args[i + 1].substr(1))))
                values.push_back(args[++i]);
        } else if (a == "--file_type") {
            std::string type = takeValue(args, i);
            if (type != "db" && type != "json")
                throw std::invalid_argument(
                    "argument --file_type: invalid choice: '" + type + "' (choose from 'db', 'json')");
            o.engine.fileType = type == "json" ? MergeOutput::Json : MergeOutput::Db;
        } else if (a == "--rank" || a == "--ranks") {
            if (!o.engine.onlyRanks.empty())
                throw std::invalid_argument("argument " + a + ": give --rank or --ranks once");
            std::string v = takeValue(args, i);
            if (a == "--rank" && !isNumber(v))
                throw std::invalid_argument("argument --rank: one rank number, not '" + v + "' (--ranks takes lists)");
            o.engine.onlyRanks = rankListArgument(a, v);
        } else if (a == "--msprobe-version") {
            const std::string v = takeValue(args, i);
            if (v != "26.1" && v != "26.0.0")
                throw std::invalid_argument(
                    "argument --msprobe-version: invalid choice: '" + v + "' (choose from '26.1', '26.0.0')");
            o.engine.msprobe26Release = v == "26.0.0" ? Msprobe26Release::V26_0_0 : Msprobe26Release::V26_1;
        } else if (a == "--cp" || a == "--ep" || a == "--context_parallel" || a == "--expert_parallel") {
            throw std::invalid_argument("argument " + a
                + ": context (cp) and expert (ep) parallelism are not merged (msprobe 26.0.0 takes their size as 1; "
                  "--order may still name them)");
        } else
            throw std::invalid_argument("unrecognized argument: " + a);
    }
    std::vector<std::string> missing;
    if (o.targetPath.empty())
        missing.push_back("-tp/--target_path");
    if (o.outputPath.empty())
        missing.push_back("-o/--output_path");
    if (!missing.empty())
        throw std::invalid_argument("the following arguments are required: " + missing.front()
            + (missing.size() > 1 ? ", " + missing.back() : std::string()));
    o.engine.parallel = parallelLayouts(merge, !o.goldenPath.empty());
    if (!o.engine.onlyRanks.empty() && !o.engine.parallel.empty())
        throw std::invalid_argument("argument --ranks: not with the parallel merge (--rank_size needs every rank)");
    if (o.engine.fileType == MergeOutput::Json && !o.goldenPath.empty())
        throw std::invalid_argument("argument --file_type: json writes a merged build only; remove -gp/--golden_path "
                                    "or use --file_type db");
    return o;
}

// merge -o OUT.vis.db PART.vis.db... [--expect-ranks LIST] [--resource_limit NAME=VALUE]...
CliOptions parseMergeArguments(const std::vector<std::string>& args, size_t i, CliOptions o)
{
    for (; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "-h" || a == "--help")
            return only(CliOptions::Action::Help);
        if (a == "-o" || a == "--output_path")
            o.outputPath = takeValue(args, i);
        else if (a == "--expect-ranks")
            o.expectRanks = rankListArgument(a, takeValue(args, i));
        else if (a == "--resource_limit")
            applyLimitSettings(o.limits, takeValue(args, i));
        else if (!a.empty() && a[0] == '-')
            throw std::invalid_argument("unrecognized argument: " + a);
        else
            o.parts.push_back(a);
    }
    if (o.outputPath.empty())
        throw std::invalid_argument("merge: the following arguments are required: -o/--output_path");
    if (o.parts.empty())
        throw std::invalid_argument("merge: the following arguments are required: PART.vis.db...");
    return o;
}

// A count (--worst, --limit): digits only, so "-1" or "1e9" is refused rather than wrapped or cut.
size_t countArgument(const std::string& flag, const std::string& v)
{
    if (!isNumber(v) || v.size() > 12)
        throw std::invalid_argument("argument " + flag + ": not a number: '" + v + "'");
    return size_t(std::stoull(v));
}

// The positional words of report/diff as comparison sources: a folder takes the next word as its bench folder.
std::vector<std::vector<std::string>> groupSources(const std::vector<std::string>& words)
{
    std::vector<std::vector<std::string>> sources;
    for (size_t k = 0; k < words.size(); ++k) {
        if (!isDirectory(words[k])) {
            sources.push_back({ words[k] });
            continue;
        }
        if (k + 1 >= words.size())
            throw std::invalid_argument("the dump folder '" + words[k] + "' needs its bench folder after it");
        sources.push_back({ words[k], words[k + 1] });
        ++k;
    }
    return sources;
}

// report SOURCE [--worst N] [--csv|--json] [--fail-on ...] [--by-step] [--rules R] and diff A B [...]
CliOptions parseSourceCommand(const std::vector<std::string>& args, size_t i, CliOptions o)
{
    const bool diff = o.action == CliOptions::Action::Diff;
    std::vector<std::string> words;
    for (; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "-h" || a == "--help")
            return only(CliOptions::Action::Help);
        if (a == "--worst")
            o.worst = countArgument(a, takeValue(args, i));
        else if (a == "--csv")
            o.csv = true;
        else if (a == "--json")
            o.json = true;
        else if (a == "--fail-on")
            o.failOn = takeValue(args, i);
        else if (a == "--rules")
            o.rules = takeValue(args, i);
        else if (!diff && a == "--by-step")
            o.byStep = true;
        else if (!diff && a == "--metric")
            o.metric = takeValue(args, i);
        else if (!diff && a == "--reference")
            o.reference = takeValue(args, i);
        else if (!diff && a == "--truth-k")
            o.truth.k = positiveArgument(a, takeValue(args, i));
        else if (!diff && a == "--truth-floor")
            o.truth.floorFactor = positiveArgument(a, takeValue(args, i));
        else if (a == "--resource_limit")
            applyLimitSettings(o.limits, takeValue(args, i));
        else if (!a.empty() && a[0] == '-')
            throw std::invalid_argument("unrecognized argument: " + a);
        else
            words.push_back(a);
    }
    if (o.csv && o.json)
        throw std::invalid_argument("--csv and --json exclude each other");
    if (!o.rules.empty() && o.rules != "1.2.1" && o.rules != "26.0.0")
        throw std::invalid_argument(
            "argument --rules: invalid choice: '" + o.rules + "' (choose from '1.2.1', '26.0.0')");
    if (o.failOn == "npu-worse" && o.reference.empty())
        throw std::invalid_argument("--fail-on npu-worse needs a truth run: --reference DIR");
    if (diff && !o.failOn.empty() && o.failOn != "regression")
        throw std::invalid_argument("diff --fail-on takes 'regression', not '" + o.failOn + "'");
    if (!o.metric.empty() && !colorMetricOfName(o.metric))
        throw std::invalid_argument("argument --metric: invalid choice: '" + o.metric
            + "' (choose from 'precision', 'MaxRelativeErr', 'MeanRelativeErr', 'NormRelativeErr', 'Cosine', "
              "'value-verdict')");
    if (o.byStep && !o.metric.empty())
        throw std::invalid_argument("--by-step does not take --metric");
    if (o.byStep && o.failOn.starts_with("bin="))
        throw std::invalid_argument("--by-step takes --fail-on error or warning, not " + o.failOn);
    if (!diff && !o.failOn.empty()) {
        try {
            (void)parseFailOn(o.failOn);
        } catch (const Error& e) {
            throw std::invalid_argument("argument " + e.detail());
        }
    }
    o.sources = groupSources(words);
    const size_t wanted = diff ? 2 : 1;
    if (o.sources.size() != wanted)
        throw std::invalid_argument(diff
                ? "diff takes two comparison sources (each a compare.json, .vis, .vis.db or NPU and bench folders)"
                : "report takes one comparison source: a compare.json, a .vis, a .vis.db or an NPU and a bench "
                  "dump folder");
    return o;
}

} // namespace

CliOptions parseArguments(const std::vector<std::string>& args)
{
    CliOptions o;
    o.limits = limitsFromEnvironment();
    size_t i = 0;
    // Global options before the sub-command.
    bool sawCommand = false;
    for (; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "-h" || a == "--help")
            return only(CliOptions::Action::Help);
        if (a == "--version" || a == "-v")
            return only(CliOptions::Action::Version);
        if (a == "-f" || a == "--framework") {
            std::string fw = takeValue(args, i);
            if (fw != "pytorch" && fw != "mindspore")
                throw std::invalid_argument(
                    "argument -f/--framework: invalid choice: '" + fw + "' (choose from 'pytorch', 'mindspore')");
            o.engine.framework = fw == "mindspore" ? Framework::MindSpore : Framework::PyTorch;
            continue;
        }
        if (a == "tensor") {
            o.action = CliOptions::Action::Tensor;
            return parseTensorArguments(args, i + 1, std::move(o));
        }
        if (a == "graph" || a == "diagnose" || a == "graph_visualize" || a == "report" || a == "diff" || a == "merge") {
            sawCommand = true;
            o.action = a == "graph"      ? CliOptions::Action::Graph
                : a == "diagnose"        ? CliOptions::Action::Diagnose
                : a == "graph_visualize" ? CliOptions::Action::GraphVisualize
                : a == "merge"           ? CliOptions::Action::Merge
                : a == "report"          ? CliOptions::Action::Report
                                         : CliOptions::Action::Diff;
            ++i;
            break;
        }
        throw std::invalid_argument("unknown argument '" + a
            + "' (expected the sub-command 'graph', 'graph_visualize', 'merge', 'diagnose', 'report', 'diff' or "
              "'tensor')");
    }
    if (!sawCommand)
        return o;
    if (o.action == CliOptions::Action::GraphVisualize)
        return parseGraphVisualize(o, args, i);
    if (o.action == CliOptions::Action::Report || o.action == CliOptions::Action::Diff)
        return parseSourceCommand(args, i, std::move(o));
    if (o.action == CliOptions::Action::Merge)
        return parseMergeArguments(args, i, std::move(o));
    const bool diagnose = o.action == CliOptions::Action::Diagnose;
    for (; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "-h" || a == "--help")
            return only(CliOptions::Action::Help);
        else if (takeSharedOption(o, args, i))
            continue;
        else if (a == "-i" || a == "--input_path")
            o.inputPath = takeValue(args, i);
        else if (diagnose && a == "--json")
            o.json = true;
        else if (diagnose && a == "--ignore")
            o.ignore.push_back(takeValue(args, i));
        else if (diagnose && a == "--tol")
            o.tolerances.push_back(takeValue(args, i));
        else if (diagnose && a == "--limit")
            o.limit = countArgument(a, takeValue(args, i));
        else if (a == "-f" || a == "--fuzzy_match")
            o.engine.fuzzy = true;
        else if (a == "-cs" || a == "--complete_stack")
            o.engine.completeStack = true;
        else if (a == "--output_format") {
            std::string format = takeValue(args, i);
            if (format != "vis" && format != "db")
                throw std::invalid_argument(
                    "argument --output_format: invalid choice: '" + format + "' (choose from 'vis', 'db')");
            o.engine.outputFormat = format == "db" ? OutputFormat::Db : OutputFormat::Vis;
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
