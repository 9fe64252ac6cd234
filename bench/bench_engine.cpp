// Engine benchmark: times each phase of a comparison on a pair of dump folders and prints a table.
// Usage: bench_engine NPU_DIR BENCH_DIR [REPEATS]
#include "batch/engine.h"
#include "compare/comparator.h"
#include "graph/builder.h"
#include "io/file_io.h"
#include "vis/vis_writer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <future>
#include <sys/resource.h>

namespace {

double now()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

long peakRssKb()
{
    rusage ru {};
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s NPU_DIR BENCH_DIR [REPEATS]\n", argv[0]);
        return 2;
    }
    std::string npuDir = argv[1], benchDir = argv[2];
    int repeats = argc > 3 ? std::atoi(argv[3]) : 3;
    uint64_t bytes = 0;
    for (const char* f : { "dump.json", "construct.json", "stack.json" })
        bytes += ps::readWholeFile(ps::joinPath(npuDir, f)).size() + ps::readWholeFile(ps::joinPath(benchDir, f)).size();

    std::vector<double> tRead, tSerial, tParallelRead, tCompare, tVis;
    size_t nodes = 0, visBytes = 0;
    for (int r = 0; r < repeats; ++r) {
        std::vector<std::string> warnings;
        double t0 = now();
        auto npu = std::shared_ptr<ps::Graph>(ps::buildGraphFromFolder(npuDir, {}, warnings));
        auto bench = std::shared_ptr<ps::Graph>(ps::buildGraphFromFolder(benchDir, {}, warnings));
        double t1 = now();
        auto fut = std::async(std::launch::async, [&] { return ps::buildGraphFromFolder(benchDir, {}, warnings); });
        auto npu2 = std::shared_ptr<ps::Graph>(ps::buildGraphFromFolder(npuDir, {}, warnings));
        auto bench2 = std::shared_ptr<ps::Graph>(fut.get());
        double t2 = now();
        auto mode = ps::detectCompareMode(*npu2->dump, *bench2->dump);
        auto c = ps::compareGraphs(npu2, bench2, mode, {});
        double t3 = now();
        std::string vis = ps::visJson(*c);
        double t4 = now();
        tSerial.push_back(t1 - t0);
        tParallelRead.push_back(t2 - t1);
        tCompare.push_back(t3 - t2);
        tVis.push_back(t4 - t3);
        nodes = npu2->size();
        visBytes = vis.size();
    }
    auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    double read = median(tParallelRead), cmp = median(tCompare), vis = median(tVis);
    std::printf("input: %.1f MB of JSON (both sides), %zu nodes per side, %d repeats (median)\n", bytes / 1e6, nodes,
        repeats);
    std::printf("%-46s %8.3f s\n", "read + build, two sides one after the other", median(tSerial));
    std::printf("%-46s %8.3f s  (%.0f MB/s)\n", "read + build, two sides in parallel", read, bytes / 1e6 / read);
    std::printf("%-46s %8.3f s\n", "match + compare", cmp);
    std::printf("%-46s %8.3f s\n", "parse + build + compare (the issue's figure)", read + cmp);
    std::printf("%-46s %8.3f s  (%.0f MB/s, %.1f MB)\n", ".vis serialisation", vis, visBytes / 1e6 / vis, visBytes / 1e6);
    std::printf("%-46s %8ld MB\n", "peak RSS", peakRssKb() / 1024);
    return 0;
}
