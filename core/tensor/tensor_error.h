#pragma once
// What the error between two tensors of one shape looks like, element by element: histograms of the absolute and
// the relative error over decades, a heat map of the error with the last dimension as columns, the worst elements
// and the share beyond a tolerance. One pass over the data; NaN and inf are counted apart and never reach a maximum.
#include "tensor.h"

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace ps {

// The histogram's buckets, in order: exactly 0; above 0 and below 1e-12; one per decade [1e-12, 1e-11) ...
// [1e+3, 1e+4); 1e+4 and above (for the relative error also an NPU value != 0 over a bench 0); and elements where
// either value is NaN or inf.
inline constexpr int kErrorLowestDecade = -12;
inline constexpr int kErrorHighestDecade = 4; // the upper edge of the last decade bucket
inline constexpr size_t kErrorDecadeBuckets = size_t(kErrorHighestDecade - kErrorLowestDecade);
inline constexpr size_t kErrorZeroBucket = 0;
inline constexpr size_t kErrorBelowBucket = 1;
inline constexpr size_t kErrorFirstDecadeBucket = 2;
inline constexpr size_t kErrorAboveBucket = kErrorFirstDecadeBucket + kErrorDecadeBuckets;
inline constexpr size_t kErrorNonFiniteBucket = kErrorAboveBucket + 1;
inline constexpr size_t kErrorBucketCount = kErrorNonFiniteBucket + 1;
using ErrorHistogram = std::array<uint64_t, kErrorBucketCount>;

// The bucket of a finite error >= 0 (an infinite one, a relative error over a bench 0, goes above the decades).
size_t errorBucketOf(double error);
// "0", "<1e-12", "[1e-03,1e-02)", ">=1e+04", "nan/inf".
std::string errorBucketLabel(size_t bucket);

// An element is beyond the tolerance when |npu - bench| > atol + rtol * |bench| (torch.testing.assert_close's
// rule), or when one value is NaN or inf and the other is not the same.
struct ErrorTolerance {
    double rtol = 0;
    double atol = 0;
};
// torch.testing.assert_close's defaults for the less precise of the two dtypes: float16 1e-3 / 1e-5, bfloat16
// 1.6e-2 / 1e-5, float32 1.3e-6 / 1e-5, float64 1e-7 / 1e-7; integers and bool 0 / 0.
ErrorTolerance defaultTolerance(DType npu, DType bench);

struct TensorErrorOptions {
    ErrorTolerance tolerance; // see defaultTolerance
    // The heat map is at most this many cells per side: a bigger tensor is cut into equal blocks of rows x
    // columns and a cell shows its block's largest error. Each is taken between 1 and 4096.
    int64_t heatRows = 256;
    int64_t heatColumns = 256;
    const std::atomic<bool>* cancel = nullptr; // set: Error(Cancelled) is thrown
    std::function<void(double fraction)> progress; // called about every million elements
};

struct ErrorElement {
    int64_t flatIndex = -1; // row-major; -1: no finite element
    std::vector<int64_t> index; // one per dimension
    double npu = 0;
    double bench = 0;
    double absError = 0;
    double relError = 0; // +inf when bench is 0 and npu is not
};

// One cell of the heat map: the largest errors of its block over the elements whose values are both finite.
struct ErrorCell {
    double maxAbs = 0;
    double maxRel = 0;
    int64_t worstFlatIndex = -1; // the block's element of largest absolute error (-1: none finite)
    double npu = 0; // its values
    double bench = 0;
    int64_t nonFinite = 0; // elements of the block where a value is NaN or inf
};

struct ErrorHeatMap {
    int64_t tensorRows = 0; // all leading dimensions folded into rows
    int64_t tensorColumns = 0; // the last dimension (1 for a 0-d tensor)
    int64_t blockRows = 1; // tensor rows per cell
    int64_t blockColumns = 1;
    int64_t rows = 0; // cells
    int64_t columns = 0;
    std::vector<ErrorCell> cells; // rows x columns, row-major
    const ErrorCell& at(int64_t row, int64_t column) const { return cells[size_t(row * columns + column)]; }
};

struct TensorError {
    std::vector<int64_t> shape;
    DType npuType = DType::Float32;
    DType benchType = DType::Float32;
    int64_t elements = 0;
    int64_t finite = 0; // elements whose two values are finite
    int64_t npuNan = 0, benchNan = 0, npuInf = 0, benchInf = 0;
    int64_t nonFiniteMismatch = 0; // elements where one side is NaN or inf and the other is not the same
    int64_t benchZero = 0; // finite elements with bench 0 and NPU != 0 (relative error infinite)
    ErrorHistogram absHistogram {};
    ErrorHistogram relHistogram {};
    ErrorTolerance tolerance;
    int64_t beyondTolerance = 0;
    double beyondShare() const { return elements ? double(beyondTolerance) / double(elements) : 0.0; }
    double meanAbs = 0; // over the finite elements
    ErrorElement worstAbs; // largest absolute error (first on ties)
    ErrorElement worstRel; // largest finite relative error; a bench 0 under an NPU != 0 is counted in benchZero
    ErrorHeatMap heatMap;
};

// Throws Error(BadArgument) when the shapes differ or a dtype is not numeric, Error(Cancelled) when cancelled.
TensorError compareElements(const Tensor& npu, const Tensor& bench, const TensorErrorOptions& options = {});

// The multi-dimensional index of a row-major flat index.
std::vector<int64_t> unflattenIndex(const std::vector<int64_t>& shape, int64_t flat);

} // namespace ps
