#include "batch/dump_layout.h"

#include "io/file_io.h"
#include "util/concat.h"
#include "util/error.h"

#include <algorithm>
#include <dirent.h>
#include <sys/stat.h>
#include <unordered_set>

namespace ps {

const char* layoutName(DumpLayout l)
{
    switch (l) {
    case DumpLayout::Files:
        return "files";
    case DumpLayout::Ranks:
        return "ranks";
    case DumpLayout::Steps:
        return "steps";
    }
    return "files";
}

namespace {

struct Entry {
    std::string name;
    bool isDir;
};

std::vector<Entry> listDir(const std::string& dir)
{
    DIR* d = ::opendir(dir.c_str());
    if (!d)
        throw Error(isDirectory(dir) ? ErrorCode::FileUnreadable : ErrorCode::FileNotFound, dir,
            isDirectory(dir) ? "the folder cannot be read" : "the folder does not exist");
    std::vector<Entry> out;
    while (dirent* e = ::readdir(d)) {
        std::string name = e->d_name;
        if (name == "." || name == "..")
            continue;
        out.push_back({ name, isDirectory(joinPath(dir, name)) });
    }
    ::closedir(d);
    std::sort(out.begin(), out.end(), [](const Entry& a, const Entry& b) { return a.name < b.name; });
    return out;
}

// ^prefix\d+$ (any digits), used by layout detection.
bool matchesPrefixDigits(const std::string& name, const std::string& prefix)
{
    if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0)
        return false;
    return std::all_of(name.begin() + long(prefix.size()), name.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// ^prefix(?:0|[1-9][0-9]*)?$, the strict check of a ranks/steps folder's entries.
bool matchesStrict(const std::string& name, const std::string& prefix)
{
    if (name == prefix)
        return true;
    if (!matchesPrefixDigits(name, prefix))
        return false;
    std::string digits = name.substr(prefix.size());
    return digits == "0" || digits[0] != '0';
}

} // namespace

DumpLayout detectLayout(const std::string& dir)
{
    if (!isDirectory(dir))
        throw Error(ErrorCode::FileNotFound, dir, "the dump folder does not exist or is not a folder");
    std::vector<Entry> entries = listDir(dir);
    if (entries.empty())
        throw Error(ErrorCode::BadLayout, dir, "The path " + dir + " is empty.");
    if (isDirectory(joinPath(dir, "dump_tensor_data")))
        return DumpLayout::Files;
    if (std::none_of(entries.begin(), entries.end(), [](const Entry& e) { return e.isDir; }))
        return DumpLayout::Files;
    if (entries.size() == 1 && entries[0].name == "rank" && entries[0].isDir)
        return DumpLayout::Ranks;
    bool rankAll = true, stepAll = true;
    for (const Entry& e : entries) {
        if (!e.isDir)
            continue;
        rankAll = rankAll && matchesPrefixDigits(e.name, "rank");
        stepAll = stepAll && matchesPrefixDigits(e.name, "step");
    }
    if (rankAll)
        return DumpLayout::Ranks;
    if (stepAll)
        return DumpLayout::Steps;
    throw Error(ErrorCode::BadLayout, dir,
        "The input path content does not conform to the expected naming convention. It is expected to be all "
        "step{number} named folders (such as step0), all rank{number} named folders (such as rank0), or all files.");
}

int runNumber(const std::string& name, const std::string& prefix)
{
    if (name == prefix)
        return 0;
    if (!matchesPrefixDigits(name, prefix) || name.size() - prefix.size() > 9)
        throw Error(ErrorCode::BadLayout, name, "The folder name format is incorrect, expected " + prefix + "+number.");
    return std::stoi(name.substr(prefix.size()));
}

std::vector<std::string> listRunFolders(const std::string& dir, const std::string& prefix)
{
    std::vector<std::string> names;
    for (const Entry& e : listDir(dir)) {
        if (!matchesStrict(e.name, prefix) || !e.isDir)
            throw Error(ErrorCode::BadLayout, dir,
                concat({ "dump_dir contains '", e.name, "'. Expected '", prefix,
                    "'. This name is not in the format of dump output. Please check and delete irrelevant files in ",
                    dir, " and try again." }));
        names.push_back(e.name);
    }
    // msprobe 1.2.1 sorts as strings (rank10 before rank2); numeric order is what users expect.
    std::stable_sort(names.begin(), names.end(),
        [&](const std::string& a, const std::string& b) { return runNumber(a, prefix) < runNumber(b, prefix); });
    return names;
}

namespace {

// How one msprobe version reads the folders: the layout of a root, the paired run folders of both sides (bench
// "" in build mode) and the rank number of a rank folder.
struct FolderRules {
    DumpLayout (*layout)(const std::string& dir);
    std::vector<std::string> (*folders)(
        const std::string& npuDir, const std::string& benchDir, const std::string& prefix);
    int (*rank)(const std::string& folder);
    // The bench folder paired with NPU rank folder `rank` in `benchDir` (null: the one of the same name).
    std::string (*benchRank)(const std::string& benchDir, const std::string& rank) = nullptr;
};

// Expands the two roots into jobs; `ts` non-empty gives each job msprobe 1.2.1's output name.
std::vector<GraphJob> expandJobs(
    const std::string& npuRoot, const std::string& benchRoot, const FolderRules& rules, const std::string& ts)
{
    const bool compare = !benchRoot.empty();
    DumpLayout layout = rules.layout(npuRoot);
    if (compare && rules.layout(benchRoot) != layout)
        throw Error(ErrorCode::InconsistentLayout, benchRoot,
            "The directory structures of npu_path and bench_path are inconsistent (npu: "
                + std::string(layoutName(layout)) + ", bench: " + layoutName(rules.layout(benchRoot)) + ").");
    if (layout == DumpLayout::Files) {
        GraphJob job { npuRoot, benchRoot, "", "", 0, 0, "" };
        if (!ts.empty())
            job.outputName = graphOutputName(job, compare, ts);
        return { job };
    }
    std::vector<std::string> steps
        = layout == DumpLayout::Steps ? rules.folders(npuRoot, benchRoot, "step") : std::vector<std::string> { "" };
    std::vector<GraphJob> jobs;
    for (const std::string& step : steps) {
        std::string npuStep = step.empty() ? npuRoot : joinPath(npuRoot, step);
        std::string benchStep = !compare ? "" : step.empty() ? benchRoot : joinPath(benchRoot, step);
        for (const std::string& rank : rules.folders(npuStep, benchStep, "rank")) {
            GraphJob job;
            job.npuDir = joinPath(npuStep, rank);
            job.benchDir = !compare ? ""
                : rules.benchRank   ? joinPath(benchStep, rules.benchRank(benchStep, rank))
                                    : joinPath(benchStep, rank);
            job.stepDir = step;
            job.rankDir = rank;
            job.step = step.empty() ? 0 : runNumber(step, "step");
            job.rank = rules.rank(rank);
            if (!ts.empty())
                job.outputName = graphOutputName(job, compare, ts);
            jobs.push_back(job);
        }
    }
    return jobs;
}

// msprobe 1.2.1: both sides must list the same folders.
std::vector<std::string> equalRunFolders(
    const std::string& npuDir, const std::string& benchDir, const std::string& prefix)
{
    std::vector<std::string> npu = listRunFolders(npuDir, prefix);
    if (!benchDir.empty() && listRunFolders(benchDir, prefix) != npu)
        throw Error(ErrorCode::RankMismatch, benchDir,
            "The number of " + prefix + "s in the two runs are different. Unable to match the " + prefix + "s.");
    return npu;
}

} // namespace

std::string graphOutputName(const GraphJob& job, bool compare, const std::string& timestamp)
{
    std::string name = compare ? "compare_" : "build_";
    if (!job.stepDir.empty())
        name += job.stepDir + "_";
    if (!job.rankDir.empty())
        name += job.rankDir + "_";
    return name + timestamp + ".vis";
}

std::vector<GraphJob> planJobs(const std::string& npuRoot, const std::string& benchRoot, const std::string& timestamp)
{
    const FolderRules rules { detectLayout, equalRunFolders,
        [](const std::string& f) { return runNumber(f, "rank"); } };
    return expandJobs(npuRoot, benchRoot, rules, timestamp);
}

namespace {

bool isProcFolder(const Entry& e)
{
    return e.isDir && e.name.size() > 4 && e.name.compare(0, 4, "proc") == 0
        && std::all_of(e.name.begin() + 4, e.name.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The rank (or step) folders of `dir` as msprobe 26.0.0 lists them: other names are skipped; when there is no
// rank folder, the single proc<pid> folder stands for rank 0.
std::vector<std::string> runFolders26(const std::string& dir, const std::string& prefix)
{
    std::vector<std::string> names;
    std::vector<std::string> procs;
    for (const Entry& e : listDir(dir)) {
        if (e.isDir && matchesStrict(e.name, prefix) && e.name.size() - prefix.size() <= 9)
            names.push_back(e.name);
        else if (isProcFolder(e))
            procs.push_back(e.name);
    }
    std::stable_sort(names.begin(), names.end(),
        [&](const std::string& a, const std::string& b) { return runNumber(a, prefix) < runNumber(b, prefix); });
    if (names.empty() && prefix == "rank" && procs.size() == 1)
        names = procs;
    return names;
}

int runNumber26(const std::string& name, const std::string& prefix)
{
    return name.compare(0, 4, "proc") == 0 ? 0 : runNumber(name, prefix);
}

// Two runs without rank folders, each with its one proc<pid> folder: msprobe 26.0.0 pairs them whatever their pids
// (two runs never share one).
bool singleProc(const std::vector<std::string>& npu, const std::vector<std::string>& bench)
{
    return npu.size() == 1 && bench.size() == 1 && npu[0].starts_with("proc") && bench[0].starts_with("proc");
}

// The bench rank folder paired with the NPU's: the same name, or the bench run's own proc<pid> folder.
std::string benchRank26(const std::string& benchDir, const std::string& rank)
{
    if (!rank.starts_with("proc"))
        return rank;
    const std::vector<std::string> bench = runFolders26(benchDir, "rank");
    return singleProc({ rank }, bench) ? bench[0] : rank;
}

// The folders of both sides that msprobe 26.0.0 processes: all of them when the lists agree (a proc<pid> folder on
// each side counts as agreeing), else the common ones.
std::vector<std::string> commonRunFolders(
    const std::string& npuDir, const std::string& benchDir, const std::string& prefix)
{
    std::vector<std::string> npu = runFolders26(npuDir, prefix);
    if (npu.empty())
        throw Error(ErrorCode::BadLayout, npuDir, "Cannot get " + prefix + " in " + npuDir + ".");
    if (benchDir.empty())
        return npu;
    std::vector<std::string> bench = runFolders26(benchDir, prefix);
    if (npu == bench || singleProc(npu, bench))
        return npu;
    const std::unordered_set<std::string> onBench(bench.begin(), bench.end()); // not a scan per folder
    std::vector<std::string> common;
    for (const std::string& n : npu)
        if (onBench.count(n))
            common.push_back(n);
    if (common.empty())
        throw Error(ErrorCode::RankMismatch, benchDir,
            "The " + prefix + "s in the two runs are completely different. Unable to match the " + prefix + "s.");
    return common;
}

} // namespace

std::vector<std::string> rankFolders26(const std::string& dir)
{
    return runFolders26(dir, "rank");
}

int rankNumber26(const std::string& folderName)
{
    return runNumber26(folderName, "rank");
}

std::vector<std::string> commonStepFolders26(const std::string& npuDir, const std::string& benchDir)
{
    return commonRunFolders(npuDir, benchDir, "step");
}

DumpLayout detectLayout26(const std::string& dir)
{
    if (!isDirectory(dir))
        throw Error(ErrorCode::FileNotFound, dir, "the dump folder does not exist or is not a folder");
    std::vector<Entry> entries = listDir(dir);
    if (entries.empty())
        throw Error(ErrorCode::BadLayout, dir, "The path " + dir + " is empty.");
    if (isDirectory(joinPath(dir, "dump_tensor_data"))
        || std::none_of(entries.begin(), entries.end(), [](const Entry& e) { return e.isDir; }))
        return DumpLayout::Files;
    // A dumper's proc<pid> folder stands for one rank (msprobe looks at the first name os.listdir gives).
    if (std::any_of(
            entries.begin(), entries.end(), [](const Entry& e) { return e.isDir && e.name.rfind("proc", 0) == 0; }))
        return DumpLayout::Ranks;
    return detectLayout(dir);
}

std::vector<GraphJob> planJobs26(const std::string& npuRoot, const std::string& benchRoot)
{
    const FolderRules rules { detectLayout26, commonRunFolders,
        [](const std::string& f) { return runNumber26(f, "rank"); }, benchRank26 };
    return expandJobs(npuRoot, benchRoot, rules, "");
}

} // namespace ps
