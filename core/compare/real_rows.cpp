#include "compare/real_rows.h"

#include "io/file_io.h"
#include "io/item_fields.h"
#include "tensor/real_metrics.h"
#include "util/error.h"
#include "util/memory_budget.h"
#include "util/parallel.h"

#include <atomic>

namespace ps {

bool RealRows::isSafeDataName(std::string_view name)
{
    if (name.empty() || name.front() == '/' || name.find('/') != std::string_view::npos
        || name.find('\\') != std::string_view::npos)
        return false;
    return name != "." && name != ".." && name.find("..") == std::string_view::npos;
}

std::vector<PyScalar> RealRows::addRow(const Comparison& c, uint32_t npuItem, const uint32_t* benchItem)
{
    std::vector<PyScalar> placeholder(c.realMetricCount(), PyScalar::none());
    placeholder[0] = PyScalar::integer(int64_t(m_rows.size()));
    m_rows.push_back({ npuItem, benchItem ? std::optional<uint32_t>(*benchItem) : std::nullopt });
    return placeholder;
}

namespace {

std::string dataNameOf(const DumpData& d, uint32_t item)
{
    ItemFields fields;
    collectItemFields(d, d.items[item], fields);
    return std::string(fieldText(d, findField(fields, "data_name")));
}

RealMetrics evaluateRow(const DumpData& nd, uint32_t npuItem, const DumpData* bd, std::optional<uint32_t> benchItem)
{
    std::string npuName = dataNameOf(nd, npuItem);
    if (npuName.empty() || npuName == "-1")
        return unsupportedMetrics("No bench data matched.");
    std::string benchName = bd && benchItem ? dataNameOf(*bd, *benchItem) : std::string();
    if (benchName.empty() || benchName == "-1")
        return unsupportedMetrics("Bench does not have data file.");
    for (const std::string* name : { &npuName, &benchName })
        if (!RealRows::isSafeDataName(*name))
            return unsupportedMetrics("Dump file: " + *name + " not found.");
    std::string npuPath = joinPath(joinPath(parentDir(nd.path), "dump_tensor_data"), npuName);
    std::string benchPath = joinPath(joinPath(parentDir(bd->path), "dump_tensor_data"), benchName);
    // A link in dump_tensor_data (or dump_tensor_data itself) must not lead out of the dump folder: a folder
    // from elsewhere would otherwise make ProbeScope read (and show statistics of) any file the user can read.
    for (auto [path, dump] : { std::pair { &npuPath, &nd }, std::pair { &benchPath, bd } })
        if (!isInsideFolder(*path, parentDir(dump->path)))
            return unsupportedMetrics("Dump file: " + *path + " leads outside the dump folder.");
    // The headers first: the pair's memory is reserved before either tensor is read, so that the workers together
    // stay within max_memory (a worker waits while others hold it) and never wait while holding a tensor.
    uint64_t need = 0;
    for (const std::string* path : { &npuPath, &benchPath }) {
        TensorReadResult header = readTensorFile(*path, TensorRead::HeaderOnly);
        if (!header.ok)
            return unsupportedMetrics("Dump file: " + *path + " not found.");
        need += header.memoryBytes;
    }
    MemoryReservation memory(need, "reading the tensors " + npuName + " and " + benchName, npuPath);
    TensorReadResult n = readTensorFile(npuPath);
    if (!n.ok)
        return unsupportedMetrics("Dump file: " + npuPath + " not found.");
    TensorReadResult b = readTensorFile(benchPath);
    if (!b.ok)
        return unsupportedMetrics("Dump file: " + benchPath + " not found.");
    RealMetrics metrics = compareTensors(n.tensor, b.tensor);
    // The tensors may be windows into their mapped files: a file rewritten meanwhile fails the run, as a dump.json
    // that changes while it is read does.
    for (const auto& [read, path] : { std::pair { &n, &npuPath }, std::pair { &b, &benchPath } })
        if (!read->tensor.data.unchanged())
            throw Error(ErrorCode::FileChanged, *path, "the file changed while being read");
    return metrics;
}

} // namespace

std::string RealRows::tensorPathOf(const DumpData& d, uint32_t item)
{
    const std::string name = dataNameOf(d, item);
    if (name.empty() || name == "-1" || !isSafeDataName(name))
        return {};
    std::string path = joinPath(joinPath(parentDir(d.path), "dump_tensor_data"), name);
    return isInsideFolder(path, parentDir(d.path)) ? path : std::string();
}

void RealRows::evaluate(Comparison& c, int threads, RunContext* progress)
{
    const DumpData& nd = *c.graphs[0]->dump;
    const DumpData* bd = c.graphs[1] ? c.graphs[1]->dump.get() : nullptr;
    // Only rows that ended up bound to an item need computing; each slot names its row.
    const size_t width = c.realMetricCount();
    const bool withEucDist = c.profile == RulesProfile::Msprobe26;
    std::vector<std::pair<uint32_t, uint32_t>> work; // (slot, row)
    for (const BoundRow& bound : c.rows)
        if (bound.npuItem != kNoItem)
            work.emplace_back(bound.realSlot, uint32_t(c.realValues[size_t(bound.realSlot) * width].i));
    std::atomic<size_t> next { 0 };
    std::atomic<size_t> done { 0 };
    auto worker = [&]() {
        for (size_t k = next++; k < work.size(); k = next++) {
            if (progress && progress->cancelled())
                return; // an exception must not leave a worker: the caller throws after the join
            auto [slot, row] = work[k];
            const Row& r = m_rows[row];
            RealMetrics m;
            try {
                m = evaluateRow(nd, r.npuItem, bd, r.benchItem);
            } catch (const std::exception& e) {
                // An exception must not escape a worker thread (it would abort the process): the row is unsupported.
                m = unsupportedMetrics(std::string("Data is unreadable: ") + e.what());
            }
            // msprobe 26.0.0 writes EucDist after Cosine.
            PyScalar* out = c.realValues.data() + size_t(slot) * width;
            size_t column = 0;
            for (size_t v = 0; v < 5; ++v) {
                out[column++] = m.values[v];
                if (v == 0 && withEucDist)
                    out[column++] = m.eucDist;
            }
            if (progress)
                progress->report(Stage::Tensors, double(++done) / double(work.size()));
        }
    };
    // Tensor pairs differ widely in size: the workers take the next pair as they finish one.
    const unsigned workers
        = std::min<unsigned>(workerCount(threads, work.size(), 1), unsigned(std::max<size_t>(work.size(), 1)));
    runWorkers(workers, [&](unsigned) { worker(); });
    if (progress)
        progress->checkCancelled();
}

} // namespace ps
