#pragma once
// Real-data mode rows: rows are collected while matching and evaluated afterwards, in parallel,
// reading each pair of tensor files lazily (two tensors per worker in flight).
#include "compare/comparison.h"
#include "util/run_context.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ps {

class RealRows {
public:
    // Registers a row and returns the placeholder metrics to bind (they carry the row number until evaluated).
    std::vector<PyScalar> addRow(const Comparison& c, uint32_t npuItem, const uint32_t* benchItem);
    // Computes every bound row's metrics and writes them into c.realValues. Reports Stage::Tensors by rows;
    // on cancellation the workers stop after their current row and Error(Cancelled) is thrown.
    void evaluate(Comparison& c, int threads, RunContext* progress = nullptr);

    // A data_name that stays inside dump_tensor_data (no "..", no absolute path, no separators).
    static bool isSafeDataName(std::string_view name);
    // The tensor file of a dump item (dump_tensor_data/<data_name> beside its dump.json); "" when the item names
    // none, or a name or link that would lead out of the dump folder.
    static std::string tensorPathOf(const DumpData& d, uint32_t item);

private:
    struct Row {
        uint32_t npuItem;
        std::optional<uint32_t> benchItem;
    };
    std::vector<Row> m_rows;
};

} // namespace ps
