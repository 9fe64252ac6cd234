#include "commands/tensor_command.h"

#include "io/json_writer.h"
#include "util/error.h"
#include "util/memory_budget.h"
#include "util/pyformat.h"

#include <cmath>

namespace ps {

namespace {

// The readers' sentences start with the path; the Error keeps it apart so that the viewer can show it alone.
[[noreturn]] void throwUnreadable(const std::string& path, const std::string& error)
{
    const std::string prefix = path + ": ";
    throw Error(ErrorCode::FileUnreadable, path, error.starts_with(prefix) ? error.substr(prefix.size()) : error);
}

std::string shapeText(const std::vector<int64_t>& shape)
{
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

std::string number(double x)
{
    return std::isnan(x) ? "nan" : std::isinf(x) ? (x > 0 ? "inf" : "-inf") : py::repr(x);
}

// `text` in a column of `width` characters, right-aligned or left-aligned.
void appendPadded(std::string& out, const std::string& text, size_t width, bool right)
{
    const std::string pad(width > text.size() ? width - text.size() : 0, ' ');
    if (right)
        out += pad;
    out += text;
    if (!right)
        out += pad;
}

std::string percent(double share)
{
    return py::formatFixed(share * 100, 4) + "%";
}

std::string elementText(const char* what, const ErrorElement& e)
{
    if (e.flatIndex < 0)
        return std::string(what) + ": none (no element has two finite values)\n";
    return std::string(what) + " at " + shapeText(e.index) + ": NPU " + number(e.npu) + ", bench " + number(e.bench)
        + " (abs " + number(e.absError) + ", rel " + number(e.relError) + ")\n";
}

void jsonNumber(PyJsonWriter& w, double x)
{
    if (std::isfinite(x))
        w.real(x);
    else
        w.null();
}

void jsonShape(PyJsonWriter& w, const std::vector<int64_t>& shape)
{
    w.beginArray();
    for (int64_t d : shape)
        w.integer(d);
    w.endArray();
}

void jsonElement(PyJsonWriter& w, const ErrorElement& e)
{
    if (e.flatIndex < 0) {
        w.null();
        return;
    }
    w.beginObject();
    w.key("index");
    jsonShape(w, e.index);
    w.key("flat_index");
    w.integer(e.flatIndex);
    w.key("npu");
    jsonNumber(w, e.npu);
    w.key("bench");
    jsonNumber(w, e.bench);
    w.key("abs_error");
    jsonNumber(w, e.absError);
    w.key("rel_error");
    jsonNumber(w, e.relError);
    w.endObject();
}

template <typename Value> void jsonCells(PyJsonWriter& w, const ErrorHeatMap& map, Value value)
{
    w.beginArray();
    for (int64_t r = 0; r < map.rows; ++r) {
        w.beginArray();
        for (int64_t c = 0; c < map.columns; ++c)
            value(map.at(r, c));
        w.endArray();
    }
    w.endArray();
}

} // namespace

TensorFilesError compareTensorFiles(const TensorFilesRequest& request)
{
    // The headers first: the pair's memory is reserved before either tensor is read.
    uint64_t need = 0;
    for (const std::string* path : { &request.npuPath, &request.benchPath }) {
        TensorReadResult header = readTensorFile(*path, TensorRead::HeaderOnly);
        if (!header.ok)
            throwUnreadable(*path, header.error);
        need += header.memoryBytes;
    }
    MemoryReservation memory(need, "reading the tensors", request.npuPath);
    TensorReadResult npu = readTensorFile(request.npuPath);
    if (!npu.ok)
        throwUnreadable(request.npuPath, npu.error);
    TensorReadResult bench = readTensorFile(request.benchPath);
    if (!bench.ok)
        throwUnreadable(request.benchPath, bench.error);
    TensorErrorOptions options = request.options;
    options.tolerance = defaultTolerance(npu.tensor.dtype, bench.tensor.dtype);
    if (request.rtol)
        options.tolerance.rtol = *request.rtol;
    if (request.atol)
        options.tolerance.atol = *request.atol;
    TensorFilesError result { request.npuPath, request.benchPath, {} };
    try {
        result.error = compareElements(npu.tensor, bench.tensor, options);
    } catch (const Error& e) {
        if (e.code() != ErrorCode::BadArgument)
            throw;
        throw Error(ErrorCode::BadArgument, request.npuPath + " and " + request.benchPath, e.detail());
    }
    return result;
}

std::string tensorErrorText(const TensorFilesError& result)
{
    const TensorError& e = result.error;
    std::string out;
    out += "NPU:   " + result.npuPath + " (" + dtypeName(e.npuType) + ", shape " + shapeText(e.shape) + ")\n";
    out += "bench: " + result.benchPath + " (" + dtypeName(e.benchType) + ")\n";
    out += "elements: " + std::to_string(e.elements) + ", both finite: " + std::to_string(e.finite) + "\n";
    out += "NaN: NPU " + std::to_string(e.npuNan) + ", bench " + std::to_string(e.benchNan) + "; inf: NPU "
        + std::to_string(e.npuInf) + ", bench " + std::to_string(e.benchInf)
        + "; NaN/inf not matched on the other side: " + std::to_string(e.nonFiniteMismatch) + "\n";
    out += "tolerance: |NPU - bench| > " + number(e.tolerance.atol) + " + " + number(e.tolerance.rtol) + " * |bench|\n";
    out += "beyond tolerance: " + std::to_string(e.beyondTolerance) + " of " + std::to_string(e.elements) + " ("
        + percent(e.beyondShare()) + ")\n";
    out += elementText("max abs error", e.worstAbs);
    out += elementText("max rel error", e.worstRel);
    out += "mean abs error: " + number(e.meanAbs) + "\n";
    out += "bench 0 under NPU != 0 (rel error inf): " + std::to_string(e.benchZero) + "\n";
    out += "\nerror            abs count   rel count\n";
    for (size_t b = 0; b < kErrorBucketCount; ++b) {
        appendPadded(out, errorBucketLabel(b), 17, false);
        appendPadded(out, std::to_string(e.absHistogram[b]), 9, true);
        out += "   ";
        appendPadded(out, std::to_string(e.relHistogram[b]), 9, true);
        out += '\n';
    }
    const ErrorHeatMap& m = e.heatMap;
    out += "\nheat map: " + std::to_string(m.tensorRows) + " x " + std::to_string(m.tensorColumns)
        + " (rows x last dimension) in " + std::to_string(m.rows) + " x " + std::to_string(m.columns) + " cells of "
        + std::to_string(m.blockRows) + " x " + std::to_string(m.blockColumns)
        + " elements, each the largest error of its block (--json lists them)\n";
    return out;
}

std::string tensorErrorJson(const TensorFilesError& result)
{
    const TensorError& e = result.error;
    std::string out;
    PyJsonWriter w(out, PyJsonWriter::kCompact); // one line: the heat map alone has up to 3 x 65536 numbers
    w.beginObject();
    w.key("npu");
    w.string(result.npuPath);
    w.key("bench");
    w.string(result.benchPath);
    w.key("npu_dtype");
    w.string(dtypeName(e.npuType));
    w.key("bench_dtype");
    w.string(dtypeName(e.benchType));
    w.key("shape");
    jsonShape(w, e.shape);
    for (auto [name, value] : { std::pair { "elements", e.elements }, { "finite", e.finite }, { "npu_nan", e.npuNan },
             { "bench_nan", e.benchNan }, { "npu_inf", e.npuInf }, { "bench_inf", e.benchInf },
             { "non_finite_mismatch", e.nonFiniteMismatch }, { "bench_zero", e.benchZero },
             { "beyond_tolerance", e.beyondTolerance } }) {
        w.key(name);
        w.integer(value);
    }
    w.key("beyond_share");
    w.real(e.beyondShare());
    w.key("rtol");
    jsonNumber(w, e.tolerance.rtol);
    w.key("atol");
    jsonNumber(w, e.tolerance.atol);
    w.key("mean_abs_error");
    jsonNumber(w, e.meanAbs);
    w.key("worst_abs");
    jsonElement(w, e.worstAbs);
    w.key("worst_rel");
    jsonElement(w, e.worstRel);
    w.key("histogram");
    w.beginObject();
    w.key("buckets");
    w.beginArray();
    for (size_t b = 0; b < kErrorBucketCount; ++b)
        w.string(errorBucketLabel(b));
    w.endArray();
    for (auto [name, histogram] : { std::pair { "abs", &e.absHistogram }, { "rel", &e.relHistogram } }) {
        w.key(name);
        w.beginArray();
        for (uint64_t count : *histogram)
            w.integer((long long)count);
        w.endArray();
    }
    w.endObject();
    const ErrorHeatMap& m = e.heatMap;
    w.key("heat_map");
    w.beginObject();
    for (auto [name, value] : { std::pair { "tensor_rows", m.tensorRows }, { "tensor_columns", m.tensorColumns },
             { "block_rows", m.blockRows }, { "block_columns", m.blockColumns }, { "rows", m.rows },
             { "columns", m.columns } }) {
        w.key(name);
        w.integer(value);
    }
    w.key("max_abs");
    jsonCells(w, m, [&w](const ErrorCell& c) { jsonNumber(w, c.maxAbs); });
    w.key("max_rel");
    jsonCells(w, m, [&w](const ErrorCell& c) { jsonNumber(w, c.maxRel); });
    w.key("non_finite");
    jsonCells(w, m, [&w](const ErrorCell& c) { w.integer(c.nonFinite); });
    w.endObject();
    w.endObject();
    out += "\n";
    return out;
}

} // namespace ps
