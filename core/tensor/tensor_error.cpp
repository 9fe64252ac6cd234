#include "tensor_error.h"

#include "numpy_arith.h"
#include "util/error.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace ps {

namespace {

// The lower edge of each decade bucket and the upper edge of the last, as the nearest doubles of 1e-12 ... 1e+4.
constexpr std::array<double, kErrorDecadeBuckets + 1> kDecadeEdges
    = { 1e-12, 1e-11, 1e-10, 1e-9, 1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1e0, 1e1, 1e2, 1e3, 1e4 };

// Elements decoded per step: two buffers of doubles that stay in the cache.
constexpr int64_t kChunk = 1 << 14;
constexpr int64_t kProgressEvery = 1 << 20;

int precisionRank(DType t)
{
    switch (t) {
    case DType::BFloat16:
        return 0;
    case DType::Float16:
        return 1;
    case DType::Float32:
        return 2;
    case DType::Float64:
        return 3;
    default:
        return -1; // integers and bool: exact
    }
}

ErrorTolerance toleranceOf(DType t)
{
    switch (t) {
    case DType::BFloat16:
        return { 1.6e-2, 1e-5 };
    case DType::Float16:
        return { 1e-3, 1e-5 };
    case DType::Float32:
        return { 1.3e-6, 1e-5 };
    case DType::Float64:
        return { 1e-7, 1e-7 };
    default:
        return { 0, 0 };
    }
}

void checkTensor(const Tensor& t, const char* side)
{
    int64_t numel = 1;
    for (int64_t size : t.shape) {
        if (size < 0 || (size > 0 && numel > std::numeric_limits<int64_t>::max() / size))
            throw Error(ErrorCode::BadArgument, "", std::string("the ") + side + " tensor has an invalid shape");
        numel *= size;
    }
    if (uint64_t(t.data.size()) != uint64_t(numel) * dtypeSize(t.dtype))
        throw Error(ErrorCode::BadArgument, "",
            std::string("the ") + side + " tensor holds " + std::to_string(t.data.size()) + " bytes, not the "
                + std::to_string(uint64_t(numel) * dtypeSize(t.dtype)) + " its shape needs");
}

std::string shapeText(const std::vector<int64_t>& shape)
{
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

ErrorHeatMap heatMapLayout(const std::vector<int64_t>& shape, int64_t numel, const TensorErrorOptions& options)
{
    ErrorHeatMap map;
    map.tensorColumns = shape.empty() ? 1 : shape.back();
    map.tensorRows = map.tensorColumns > 0 ? numel / map.tensorColumns : 0;
    const int64_t maxRows = std::clamp<int64_t>(options.heatRows, 1, 4096);
    const int64_t maxColumns = std::clamp<int64_t>(options.heatColumns, 1, 4096);
    map.blockRows = std::max<int64_t>(1, (map.tensorRows + maxRows - 1) / maxRows);
    map.blockColumns = std::max<int64_t>(1, (map.tensorColumns + maxColumns - 1) / maxColumns);
    map.rows = (map.tensorRows + map.blockRows - 1) / map.blockRows;
    map.columns = (map.tensorColumns + map.blockColumns - 1) / map.blockColumns;
    map.cells.assign(size_t(map.rows * map.columns), ErrorCell {});
    return map;
}

void setElement(ErrorElement& e, int64_t flat, double npu, double bench, double absError, double relError)
{
    e.flatIndex = flat;
    e.npu = npu;
    e.bench = bench;
    e.absError = absError;
    e.relError = relError;
}

} // namespace

size_t errorBucketOf(double error)
{
    if (error == 0)
        return kErrorZeroBucket;
    if (error < kDecadeEdges.front())
        return kErrorBelowBucket;
    if (!(error < kDecadeEdges.back()))
        return kErrorAboveBucket;
    // The first edge above the error closes its decade.
    const auto above = std::upper_bound(kDecadeEdges.begin(), kDecadeEdges.end(), error);
    return kErrorFirstDecadeBucket + size_t(above - kDecadeEdges.begin()) - 1;
}

std::string errorBucketLabel(size_t bucket)
{
    char text[40];
    if (bucket == kErrorZeroBucket)
        return "0";
    if (bucket == kErrorBelowBucket)
        std::snprintf(text, sizeof text, "<1e%+03d", kErrorLowestDecade);
    else if (bucket == kErrorAboveBucket)
        std::snprintf(text, sizeof text, ">=1e%+03d", kErrorHighestDecade);
    else if (bucket == kErrorNonFiniteBucket)
        return "nan/inf";
    else {
        const int low = kErrorLowestDecade + int(bucket - kErrorFirstDecadeBucket);
        std::snprintf(text, sizeof text, "[1e%+03d,1e%+03d)", low, low + 1);
    }
    return text;
}

ErrorTolerance defaultTolerance(DType npu, DType bench)
{
    // The less precise side decides how far apart the two can be by rounding alone.
    const int a = precisionRank(npu);
    const int b = precisionRank(bench);
    if (a < 0 && b < 0)
        return { 0, 0 };
    if (a < 0)
        return toleranceOf(bench);
    if (b < 0)
        return toleranceOf(npu);
    return toleranceOf(a <= b ? npu : bench);
}

std::vector<int64_t> unflattenIndex(const std::vector<int64_t>& shape, int64_t flat)
{
    std::vector<int64_t> index(shape.size(), 0);
    for (size_t d = shape.size(); d-- > 0;) {
        if (shape[d] <= 0)
            break;
        index[d] = flat % shape[d];
        flat /= shape[d];
    }
    return index;
}

TensorError compareElements(const Tensor& npu, const Tensor& bench, const TensorErrorOptions& options)
{
    checkTensor(npu, "NPU");
    checkTensor(bench, "bench");
    if (npu.shape != bench.shape)
        throw Error(ErrorCode::BadArgument, "",
            "the shapes differ: NPU " + shapeText(npu.shape) + ", bench " + shapeText(bench.shape));
    TensorError r;
    r.shape = npu.shape;
    r.npuType = npu.dtype;
    r.benchType = bench.dtype;
    r.tolerance = options.tolerance;
    r.elements = npu.numel();
    r.heatMap = heatMapLayout(r.shape, r.elements, options);
    ErrorHeatMap& map = r.heatMap;

    std::vector<double> n(size_t(std::min(r.elements, kChunk)));
    std::vector<double> b(n.size());
    double absSum = 0;
    // Where the next element falls, counted rather than divided out per element: its column in the tensor, its
    // cell's column and its place in that cell's block, and the first cell of its row of cells.
    int64_t column = 0, cellColumn = 0, columnInBlock = 0, rowInBlock = 0, cellRowStart = 0;
    int64_t nextProgress = kProgressEvery;
    for (int64_t begin = 0; begin < r.elements; begin += kChunk) {
        if (options.cancel && options.cancel->load(std::memory_order_relaxed))
            throw Error(ErrorCode::Cancelled, "", "cancelled");
        const size_t count = size_t(std::min(kChunk, r.elements - begin));
        detail::decodeToDouble(npu, begin, count, n.data());
        detail::decodeToDouble(bench, begin, count, b.data());
        for (size_t k = 0; k < count; ++k) {
            const int64_t flat = begin + int64_t(k);
            const double x = n[k];
            const double y = b[k];
            ErrorCell& cell = map.cells[size_t(cellRowStart + cellColumn)];
            if (++columnInBlock == map.blockColumns) {
                columnInBlock = 0;
                ++cellColumn;
            }
            if (++column == map.tensorColumns) {
                column = columnInBlock = cellColumn = 0;
                if (++rowInBlock == map.blockRows) {
                    rowInBlock = 0;
                    cellRowStart += map.columns;
                }
            }
            if (!std::isfinite(x) || !std::isfinite(y)) {
                r.npuNan += std::isnan(x);
                r.benchNan += std::isnan(y);
                r.npuInf += std::isinf(x);
                r.benchInf += std::isinf(y);
                const bool same = (std::isnan(x) && std::isnan(y)) || (std::isinf(x) && x == y);
                r.nonFiniteMismatch += !same;
                r.beyondTolerance += !same;
                ++r.absHistogram[kErrorNonFiniteBucket];
                ++r.relHistogram[kErrorNonFiniteBucket];
                ++cell.nonFinite;
                continue;
            }
            ++r.finite;
            const double absError = std::fabs(x - y);
            const double relError = absError == 0 ? 0.0
                : y == 0                          ? std::numeric_limits<double>::infinity()
                                                  : absError / std::fabs(y);
            absSum += absError;
            ++r.absHistogram[errorBucketOf(absError)];
            ++r.relHistogram[errorBucketOf(relError)];
            r.benchZero += std::isinf(relError);
            r.beyondTolerance += absError > r.tolerance.atol + r.tolerance.rtol * std::fabs(y);
            if (r.worstAbs.flatIndex < 0 || absError > r.worstAbs.absError)
                setElement(r.worstAbs, flat, x, y, absError, relError);
            if (std::isfinite(relError) && (r.worstRel.flatIndex < 0 || relError > r.worstRel.relError))
                setElement(r.worstRel, flat, x, y, absError, relError);
            if (cell.worstFlatIndex < 0 || absError > cell.maxAbs) {
                cell.maxAbs = absError;
                cell.worstFlatIndex = flat;
                cell.npu = x;
                cell.bench = y;
            }
            if (std::isfinite(relError))
                cell.maxRel = std::max(cell.maxRel, relError);
        }
        if (options.progress && begin + int64_t(count) >= nextProgress) {
            options.progress(double(begin + int64_t(count)) / double(r.elements));
            nextProgress += kProgressEvery;
        }
    }
    r.meanAbs = r.finite ? absSum / double(r.finite) : 0.0;
    for (ErrorElement* e : { &r.worstAbs, &r.worstRel })
        if (e->flatIndex >= 0)
            e->index = unflattenIndex(r.shape, e->flatIndex);
    if (options.progress)
        options.progress(1.0);
    return r;
}

} // namespace ps
