#pragma once
// Dump folder layouts: a "files" folder (dump.json, stack.json, construct.json), a "ranks"
// folder (rank, rank0, rank1...) or a "steps" folder (step0, step1... each a ranks folder), and the pairing of
// NPU and Bench runs.
#include <string>
#include <vector>

namespace ps {

enum class DumpLayout { Files, Ranks, Steps };
const char* layoutName(DumpLayout l);

DumpLayout detectLayout(const std::string& dir); // throws ps::Error(BadLayout)

// The rank (or step) folders of dir, checked strictly, in numeric order (rank2 before rank10).
std::vector<std::string> listRunFolders(const std::string& dir, const std::string& prefix);
int runNumber(const std::string& folderName, const std::string& prefix); // "rank" -> 0

// One graph to produce: a files folder per side and the output file name.
struct GraphJob {
    std::string npuDir;
    std::string benchDir; // empty in build mode
    std::string stepDir; // "" for files and ranks layouts
    std::string rankDir; // "" for the files layout
    int step = 0;
    int rank = 0;
    std::string outputName; // e.g. compare_step0_rank1_20250207164945.vis
};

// msprobe 1.2.1's name of a job's .vis: {compare|build}[_step<N>][_rank<N>]_{timestamp}.vis.
std::string graphOutputName(const GraphJob& job, bool compare, const std::string& timestamp);

// Expands the two roots into graph jobs (throws on inconsistent layouts or unequal rank/step lists).
std::vector<GraphJob> planJobs(const std::string& npuRoot, const std::string& benchRoot, const std::string& timestamp);

// msprobe 26.0.0's `graph_visualize` layouts (visualization/utils.py check_directory_content, graph_service.py):
// besides rank<N> folders a ranks folder may hold one proc<pid> folder (rank 0); names that are no rank folder
// are skipped; ranks and steps present on one side only are left out (an error when none is common). The jobs
// carry no output name: the whole run goes into one .vis.db.
DumpLayout detectLayout26(const std::string& dir);
std::vector<std::string> rankFolders26(const std::string& dir); // rank, rank<N> (numeric order) or one proc<pid>
int rankNumber26(const std::string& folderName); // "rank" and proc<pid>: 0
std::vector<std::string> commonStepFolders26(const std::string& npuDir, const std::string& benchDir);
std::vector<GraphJob> planJobs26(const std::string& npuRoot, const std::string& benchRoot);

} // namespace ps
