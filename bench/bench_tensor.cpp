// Real-data mode benchmark: writes a synthetic tensor dump pair (deterministic float32/float16/bfloat16 tensors of
// 1-4 MB, .pt files as torch.save writes them) and times the comparison through the engine with 1 and 2 threads.
// Usage: bench_tensor [ROWS (200)] [REPEATS (3)] [WORK_DIR (a new folder under /tmp, removed at the end)]
// A WORK_DIR kept from an earlier run with the same ROWS is reused as it is (for profiling the comparison alone).
#include "../tests/core/tensor_files.h" // the .pt writer the tensor tests use
#include "batch/engine.h"
#include "tensor/half.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

double now()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

long peakRssMb()
{
    rusage ru {};
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss / 1024;
}

// splitmix64: the same dump on every run and machine.
struct Rng {
    uint64_t s;
    uint64_t next()
    {
        uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    float uniform() { return float(next() >> 40) / float(1 << 24) * 2.0f - 1.0f; } // [-1, 1)
};

// Encodes floats in the dtype's own bytes.
std::string encode(const std::vector<float>& v, const tensorfiles::DTypeInfo& dtype)
{
    if (dtype.size == 4)
        return tensorfiles::floats(v);
    std::vector<uint16_t> bits(v.size());
    for (size_t i = 0; i < v.size(); ++i)
        bits[i] = &dtype == &tensorfiles::kFloat16 ? ps::half::floatToHalfBits(v[i])
                                                   : uint16_t(std::bit_cast<uint32_t>(v[i]) >> 16);
    return std::string(reinterpret_cast<const char*>(bits.data()), bits.size() * 2);
}

// Writes npu/ and bench/ with `rows` API output tensors; returns the bytes of tensor data on both sides.
uint64_t writeDumpPair(const fs::path& root, int rows)
{
    const tensorfiles::DTypeInfo* dtypes[]
        = { &tensorfiles::kFloat32, &tensorfiles::kFloat16, &tensorfiles::kBFloat16 };
    std::string data[2], construct = "{";
    uint64_t bytes = 0;
    Rng rng { 42 };
    for (const char* side : { "npu", "bench" })
        fs::create_directories(root / side / "dump_tensor_data");
    for (int r = 0; r < rows; ++r) {
        const tensorfiles::DTypeInfo& dtype = *dtypes[r % 3];
        const int64_t megabytes = 1 + int64_t(rng.next() % 4); // 1-4 MB per file
        const int64_t numel = megabytes * (1 << 20) / int64_t(dtype.size);
        const std::vector<int64_t> shape { numel / 256, 256 };
        std::vector<float> npu(static_cast<size_t>(numel)), bench(static_cast<size_t>(numel));
        for (size_t i = 0; i < npu.size(); ++i) {
            npu[i] = rng.uniform();
            // Most elements agree to a few 1e-4 (so the 0.001/0.005 ratios are not trivial), a few differ more.
            bench[i] = npu[i] * (1.0f + (i % 97 == 0 ? 0.01f : 3e-4f) * rng.uniform());
        }
        const std::string api = "Torch.matmul." + std::to_string(r) + ".forward";
        const std::string file = api + ".output.0.pt";
        for (int s = 0; s < 2; ++s) {
            std::string raw = encode(s == 0 ? npu : bench, dtype);
            bytes += raw.size();
            if (!tensorfiles::writePt(
                    (root / (s == 0 ? "npu" : "bench") / "dump_tensor_data").string(), file, dtype, shape, raw)) {
                std::fprintf(stderr, "cannot write %s\n", file.c_str());
                std::exit(1);
            }
            data[s] += std::string(r ? ", " : "") + "\"" + api + "\": {\"input_args\": [], \"input_kwargs\": {}, "
                + "\"output\": [{\"type\": \"torch.Tensor\", \"dtype\": \"" + dtype.torchDtype + "\", \"shape\": ["
                + std::to_string(shape[0]) + ", 256], \"Max\": 1.0, \"Min\": -1.0, \"Mean\": 0.0, \"Norm\": 1.0, "
                + "\"requires_grad\": false, \"data_name\": \"" + file + "\"}]}";
        }
        construct += std::string(r ? ", " : "") + "\"" + api + "\": null";
    }
    for (int s = 0; s < 2; ++s) {
        fs::path dir = root / (s == 0 ? "npu" : "bench");
        tensorfiles::detail::writeBytes((dir / "dump.json").string(),
            "{\"task\": \"tensor\", \"level\": \"L1\", \"framework\": \"pytorch\", \"dump_data_dir\": null, "
            "\"data\": {"
                + data[s] + "}}");
        tensorfiles::detail::writeBytes((dir / "construct.json").string(), construct + "}");
        tensorfiles::detail::writeBytes((dir / "stack.json").string(), "{}");
    }
    return bytes;
}

// Reads every tensor file once so that both thread counts start from a warm page cache.
void warmCache(const fs::path& root)
{
    std::vector<char> buffer(1 << 20);
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
        if (!entry.is_regular_file())
            continue;
        std::FILE* f = std::fopen(entry.path().c_str(), "rb");
        while (f && std::fread(buffer.data(), 1, buffer.size(), f) > 0) { }
        if (f)
            std::fclose(f);
    }
}

struct Run {
    double seconds;
    std::shared_ptr<ps::Comparison> result;
};

Run compare(const fs::path& root, int threads)
{
    ps::EngineOptions options;
    options.threads = threads;
    std::vector<std::string> warnings;
    double t0 = now();
    auto c = ps::runPair((root / "npu").string(), (root / "bench").string(), options, warnings);
    return { now() - t0, c };
}

// Rows whose cosine is a number: every row must have been compared for the timing to mean anything.
size_t comparedRows(const ps::Comparison& c)
{
    size_t n = 0;
    for (size_t i = 0; i < c.realValues.size(); i += c.metricCount())
        n += c.realValues[i].kind == ps::PyScalar::Kind::Float;
    return n;
}

bool sameValues(const ps::Comparison& a, const ps::Comparison& b)
{
    if (a.realValues.size() != b.realValues.size())
        return false;
    for (size_t i = 0; i < a.realValues.size(); ++i) {
        const ps::PyScalar &x = a.realValues[i], &y = b.realValues[i];
        if (x.kind != y.kind || x.i != y.i || x.s != y.s || !(x.d == y.d || (x.d != x.d && y.d != y.d)))
            return false;
    }
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    const int rows = argc > 1 ? std::max(1, std::atoi(argv[1])) : 200;
    const int repeats = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
    fs::path root;
    bool removeAtEnd = argc <= 3;
    if (argc > 3) {
        root = argv[3];
    } else {
        std::string pattern = (fs::temp_directory_path() / "bench_tensor-XXXXXX").string();
        if (!mkdtemp(pattern.data())) {
            std::perror("mkdtemp");
            return 1;
        }
        root = pattern;
    }

    // The dump is written by a child process, so that the peak RSS below is the comparison's alone.
    double t0 = now();
    const bool reuse = !removeAtEnd && fs::exists(root / "bench" / "dump.json");
    pid_t child = reuse ? 0 : fork();
    if (reuse) {
        std::printf("reusing the dump pair in %s\n", root.c_str());
    } else if (child == 0) {
        writeDumpPair(root, rows);
        std::_Exit(0);
    }
    int status = 0;
    if (!reuse
        && (child < 0 || waitpid(child, &status, 0) != child || !WIFEXITED(status) || WEXITSTATUS(status) != 0)) {
        std::fprintf(stderr, "writing the dump pair failed\n");
        return 1;
    }
    uint64_t bytes = 0; // tensor payload only (file size minus the zip and pickle framing)
    for (const auto& entry : fs::recursive_directory_iterator(root))
        if (entry.is_regular_file() && entry.path().extension() == ".pt")
            bytes += (entry.file_size() / (1 << 20)) << 20;
    std::printf("dump pair: %d rows, %.2f GB of tensor data (both sides), written in %.1f s to %s\n", rows,
        double(bytes) / 1e9, now() - t0, root.c_str());
    warmCache(root);

    std::vector<double> times[2];
    std::shared_ptr<ps::Comparison> results[2];
    for (int r = 0; r < repeats; ++r) {
        for (int t = 0; t < 2; ++t) { // interleaved, so that a load change hits both thread counts alike
            Run run = compare(root, t + 1);
            times[t].push_back(run.seconds);
            results[t] = run.result;
        }
    }
    auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    const double t1 = median(times[0]), t2 = median(times[1]);
    std::printf("rows compared: %zu of %d; 1-thread and 2-thread values identical: %s\n", comparedRows(*results[0]),
        rows, sameValues(*results[0], *results[1]) ? "yes" : "NO");
    std::printf("%-10s %10s %10s   (median of %d; runPair: read JSON, build, match, read + compare tensors)\n",
        "threads", "seconds", "GB/s", repeats);
    for (int t = 0; t < 2; ++t) {
        const double m = median(times[t]);
        std::printf("%-10d %10.3f %10.3f   runs:", t + 1, m, double(bytes) / 1e9 / m);
        for (double s : times[t])
            std::printf(" %.3f", s);
        std::printf("\n");
    }
    std::printf("speed-up 1 -> 2 threads: %.2fx\n", t1 / t2);
    std::printf(
        "peak RSS: %ld MB (largest file %.0f MB; tensor data %.0f MB)\n", peakRssMb(), 4.0, double(bytes) / 1e6);
    if (removeAtEnd)
        fs::remove_all(root);
    return 0;
}
