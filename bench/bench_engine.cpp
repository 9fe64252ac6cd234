// Engine benchmark: times each phase of a comparison on a pair of dump folders and prints a table.
// Usage: bench_engine NPU_DIR BENCH_DIR [REPEATS] [OUT_DIR | -]
// The serial read of both sides is the baseline the parallel read is quoted against. Peak RSS is sampled right
// after compare (what the GUI holds for a comparison) and at the end (the serialised .vis text is in memory too).
// With OUT_DIR, the .vis and .vis.db are also written there as files and the .vis is read back (the core part of
// opening it in the GUI). With "-" no .vis is made at all (for profiling the comparison alone).
#include "batch/engine.h"
#include "compare/comparator.h"
#include "graph/builder.h"
#include "io/file_io.h"
#include "util/allocator.h"
#include "vis/vis_db_writer.h"
#include "vis/vis_document.h"
#include "vis/vis_reader.h"
#include "vis/vis_writer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <future>
#include <sys/resource.h>
#include <sys/stat.h>

namespace {

double now()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double cpuSeconds() // user + system time of the whole process, all threads
{
    rusage ru {};
    getrusage(RUSAGE_SELF, &ru);
    return double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

long currentRssMb()
{
    long pages = 0, resident = 0;
    if (FILE* f = std::fopen("/proc/self/statm", "r")) {
        if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2)
            resident = 0;
        std::fclose(f);
    }
    return resident * 4096 / 1048576;
}

long peakRssMb()
{
    rusage ru {};
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss / 1024;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

uint64_t fileSize(const std::string& path)
{
    struct stat st { };
    return ::stat(path.c_str(), &st) == 0 ? uint64_t(st.st_size) : 0;
}

} // namespace

int main(int argc, char** argv)
{
    ps::configureAllocator(); // as the programs do
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s NPU_DIR BENCH_DIR [REPEATS] [OUT_DIR] [1.2.1|26]\n", argv[0]);
        return 2;
    }
    const std::string npuDir = argv[1], benchDir = argv[2];
    const int repeats = argc > 3 ? std::max(1, std::atoi(argv[3])) : 3;
    const std::string outDir = argc > 4 ? argv[4] : "";
    // The rules: gen_dumps writes msprobe >= 8 dumps (parameters_grad entries), which only 26.0.0's rules accept.
    const bool v26 = argc > 5 && std::string(argv[5]) == "26";
    ps::BuildOptions build;
    build.profile = v26 ? ps::RulesProfile::Msprobe26 : ps::RulesProfile::Msprobe121;
    build.completeStack = v26;
    ps::CompareOptions compare;
    compare.profile = build.profile;
    const enum class VisPhase {
        InMemory,
        ToFiles,
        None
    } visPhase
        = outDir.empty() ? VisPhase::InMemory
        : outDir == "-"  ? VisPhase::None
                         : VisPhase::ToFiles;
    uint64_t bytes = 0;
    for (const char* f : { "dump.json", "construct.json", "stack.json" })
        bytes += fileSize(ps::joinPath(npuDir, f)) + fileSize(ps::joinPath(benchDir, f));

    double visCpu = 0; // CPU seconds of the last in-memory serialisation (all threads)
    std::vector<double> tSerial, tParallel, tCompare, tVis, tVisFile, tVisDb, tVisRead;
    size_t nodes = 0, visBytes = 0;
    uint64_t visFileBytes = 0, visDbBytes = 0;
    long rssAfterCompare = 0;
    size_t dumpBytes = 0, poolBytes = 0; // the NPU side's dump data, for where the memory goes
    for (int r = 0; r < repeats; ++r) {
        // The parallel run and the comparison first, so that peak RSS is that of one comparison and nothing else.
        std::vector<std::string> warnings, benchWarnings;
        double t1 = now();
        auto fut
            = std::async(std::launch::async, [&] { return ps::buildGraphFromFolder(benchDir, build, benchWarnings); });
        auto npu = std::shared_ptr<ps::Graph>(ps::buildGraphFromFolder(npuDir, build, warnings));
        auto bench = std::shared_ptr<ps::Graph>(fut.get());
        double t2 = now();
        const long rssAfterRead = currentRssMb(), peakAfterRead = peakRssMb();
        auto mode = ps::detectCompareMode(*npu->dump, *bench->dump);
        std::shared_ptr<const ps::Comparison> c = ps::compareGraphs(npu, bench, mode, compare);
        double t3 = now();
        rssAfterCompare = std::max(rssAfterCompare, peakRssMb());
        if (r == 0)
            std::printf("RSS: %ld MB after read + build (peak %ld MB), %ld MB after compare\n", rssAfterRead,
                peakAfterRead, currentRssMb());
        nodes = npu->size();
        dumpBytes = npu->dump->memoryBytes();
        poolBytes = npu->dump->pool.memoryBytes();
        npu.reset();
        bench.reset();
        double t0 = now();
        { // the baseline: both sides one after the other (the comparison is still alive)
            auto npuSerial = ps::buildGraphFromFolder(npuDir, build, warnings);
            auto benchSerial = ps::buildGraphFromFolder(benchDir, build, warnings);
        }
        tSerial.push_back(now() - t0);
        tParallel.push_back(t2 - t1);
        tCompare.push_back(t3 - t2);
        if (visPhase == VisPhase::ToFiles) {
            const std::string vis = ps::joinPath(outDir, "bench.vis"), db = ps::joinPath(outDir, "bench.vis.db");
            double w0 = now();
            ps::writeVisFile(*c, vis);
            double w1 = now();
            ps::writeVisDb({ ps::VisDbGraph { 0, 0, c, nullptr } }, db);
            double w2 = now();
            c.reset(); // the GUI opens the file without the comparison that wrote it
            ps::VisDocument doc = ps::readVisFile(vis);
            double w3 = now();
            visFileBytes = fileSize(vis);
            visDbBytes = fileSize(db);
            tVisFile.push_back(w1 - w0);
            tVisDb.push_back(w2 - w1);
            tVisRead.push_back(w3 - w2);
            std::remove(vis.c_str());
            std::remove(db.c_str());
        } else if (visPhase == VisPhase::InMemory) {
            double w0 = now(), c0 = cpuSeconds();
            std::string vis = ps::visJson(*c);
            tVis.push_back(now() - w0);
            visCpu = cpuSeconds() - c0;
            visBytes = vis.size();
        }
    }
    const double read = median(tParallel), cmp = median(tCompare);
    std::printf(
        "input: %.1f MB of JSON (both sides), %zu nodes per side, %d repeats (median)\n", bytes / 1e6, nodes, repeats);
    std::printf("%-46s %8.3f s  (baseline)\n", "read + build, two sides one after the other", median(tSerial));
    std::printf("%-46s %8.3f s  (%.2fx the baseline, %.0f MB/s)\n", "read + build, two sides in parallel", read,
        median(tSerial) / read, bytes / 1e6 / read);
    std::printf("%-46s %8.3f s\n", "match + compare", cmp);
    std::printf("%-46s %8.3f s\n", "parse + build + match + compare", read + cmp);
    std::printf("%-46s %8ld MB  (%.0f bytes per node per side)\n", "peak RSS after compare", rssAfterCompare,
        nodes ? rssAfterCompare * 1048576.0 / (2.0 * double(nodes)) : 0.0);
    std::printf("%-46s %8.0f MB  (%.0f bytes per node; string pool %.0f MB)\n", "NPU dump data: items, records, arena",
        dumpBytes / 1048576.0, nodes ? double(dumpBytes) / double(nodes) : 0.0, poolBytes / 1048576.0);
    if (visPhase == VisPhase::ToFiles) {
        std::printf("%-46s %8.3f s  (%.2f GB/s, %.1f MB)\n", ".vis written to a file", median(tVisFile),
            visFileBytes / 1e9 / median(tVisFile), visFileBytes / 1e6);
        std::printf("%-46s %8.3f s  (%.2f GB/s of .vis-equivalent, %.1f MB)\n", ".vis.db written to a file",
            median(tVisDb), visFileBytes / 1e9 / median(tVisDb), visDbBytes / 1e6);
        std::printf("%-46s %8.3f s\n", ".vis read back (core part of opening it)", median(tVisRead));
    } else if (visPhase == VisPhase::InMemory) {
        std::printf("%-46s %8.3f s  (%.2f GB/s, %.1f MB; %.2f CPU s)\n", ".vis serialisation in memory", median(tVis),
            visBytes / 1e9 / median(tVis), visBytes / 1e6, visCpu);
    }
    std::printf("%-46s %8ld MB\n", "peak RSS at the end", peakRssMb());
    return 0;
}
