// msprobe 1.2.1 real-data metrics (npy_compare.py: get_error_flag_and_msg, get_relative_err, compare_ops_apply),
// reproduced with numpy's per-dtype arithmetic.
#include "real_metrics.h"

#include "numpy_arith.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#define PROBESCOPE_PAIRED_METRICS 1
#endif

namespace ps {

namespace {

using detail::Precision;

constexpr double kFloatEpsilon = 2.220446049250313e-16; // np.finfo(float).eps, msprobe's Const.FLOAT_EPSILON
constexpr double kThousandth = 0.001;
constexpr double kFiveThousandths = 0.005;
constexpr double kCosineThreshold = 0.9999;
constexpr size_t kChunk = 4096;

const char* const kUnsupported = "unsupported";
const char* const kNan = "Nan";
const char* const kZeroDimMessage = "This is type of 0-d tensor, can not calculate 'Cosine', 'One Thousandth Err "
                                    "Ratio' and 'Five Thousandths Err Ratio'. ";

// float(format(x, '.' + digits + 'f')): correctly rounded decimal digits read back, independent of the locale.
double roundDecimal(double x, int digits)
{
    if (!std::isfinite(x))
        return x;
    char text[400];
    const auto written = std::to_chars(text, text + sizeof text, x, std::chars_format::fixed, digits);
    double value = x;
    std::from_chars(text, written.ptr, value);
    return value;
}

double fmt12(double x)
{
    return roundDecimal(x, 12);
}

// np.max semantics: NaN wins.
struct MaxWithNan {
    double value = -std::numeric_limits<double>::infinity();
    bool sawNan = false;
    void add(double v)
    {
        // branch-free: the comparison is false for NaN, so value never becomes NaN
        sawNan |= std::isnan(v);
        value = v > value ? v : value;
    }
    double result() const { return sawNan ? std::numeric_limits<double>::quiet_NaN() : value; }
};

// The relative error of one element, as get_relative_err computes it at the arrays' own precision.
class RelativeError {
public:
    RelativeError(DType npu, DType bench)
    {
        const DType n = detail::numpyDType(npu);
        const DType b = detail::numpyDType(bench);
        if (!isFloating(b)) { // both arrays become float64 first
            m_result = m_npuAdd = Precision::F64;
            m_benchZero = kFloatEpsilon;
            return;
        }
        m_result = detail::precisionOf(detail::promoteTypes(n, b));
        // numpy would refuse `int_array[mask] += eps` (same_kind casting); adding at the promoted precision is
        // the value-preserving reading of that step.
        m_npuAdd = isFloating(n) ? detail::precisionOf(n) : m_result;
        // bench zeros become eps in the bench dtype: float16 cannot hold 2.2e-16 and stays 0
        m_benchZero = detail::addConstantIn(detail::precisionOf(b), 0.0, kFloatEpsilon);
    }
    Precision precision() const { return m_result; }
    double operator()(double n, double b) const { return b == 0 ? atBenchZero(n) : quotient(m_result, n, b); }
    // The same at a precision known when compiling, so that the hot loop has no switch; P == precision().
    template <Precision P> double at(double n, double b) const
    {
        if (b == 0) [[unlikely]]
            return atBenchZero(n);
        return quotient(P, n, b);
    }

private:
    // |n - b| / |b| with each step rounded at precision p (inlined: a constant p leaves no switch).
    static double quotient(Precision p, double n, double b)
    {
        return std::fabs(detail::divideIn(p, detail::subtractIn(p, n, b), b));
    }

    // A bench zero becomes eps in the bench dtype, and the NPU value gains eps in its own.
    double atBenchZero(double n) const
    {
        n = detail::addConstantIn(m_npuAdd, n, kFloatEpsilon);
        return quotient(m_result, n, m_benchZero);
    }

    Precision m_result = Precision::F64;
    Precision m_npuAdd = Precision::F64;
    double m_benchZero = kFloatEpsilon;
};

// Calls visit(npuValues, benchValues, count) over the element pairs in chunks; a 0-d NPU broadcasts. The chunks
// are the caller's to overwrite (decoded again for the next chunk), except a broadcast NPU value.
template <typename Visit> void forEachPair(const Tensor& npu, const Tensor& bench, Visit visit)
{
    std::vector<double> npuChunk(kChunk);
    std::vector<double> benchChunk(kChunk);
    const int64_t total = bench.numel();
    const bool broadcast = npu.isZeroDim();
    if (broadcast) {
        detail::decodeToDouble(npu, 0, 1, npuChunk.data());
        std::fill(npuChunk.begin(), npuChunk.end(), npuChunk[0]);
    }
    for (int64_t begin = 0; begin < total; begin += int64_t(kChunk)) {
        const size_t count = size_t(std::min<int64_t>(int64_t(kChunk), total - begin));
        if (!broadcast)
            detail::decodeToDouble(npu, begin, count, npuChunk.data());
        detail::decodeToDouble(bench, begin, count, benchChunk.data());
        visit(npuChunk.data(), benchChunk.data(), count);
    }
}

RealMetrics errorRow(const PyScalar& value, std::string message)
{
    RealMetrics metrics;
    metrics.values.fill(value);
    metrics.eucDist = value;
    metrics.errMessage = std::move(message);
    return metrics;
}

PyScalar ratioOrNan(int64_t below, int64_t size)
{
    if (size == 0)
        return PyScalar::str(kNan);
    return PyScalar::real(fmt12(double(below) / double(size)));
}

// handle_inf_nan: positions of inf and of nan must agree (as masks, the sign of inf does not matter).
struct InfNanCheck {
    bool anyInvalid = false;
    bool masksDiffer = false;
};

// MaxAbsErr of a 0-d NPU tensor: numpy computes n - b without flattening to float64 (bools excepted).
double zeroDimMaxAbs(const Tensor& npu, const Tensor& bench)
{
    const DType n = detail::numpyDType(npu.dtype);
    const DType b = detail::numpyDType(bench.dtype);
    const DType common = n == DType::Bool ? DType::Float64 : detail::promoteTypes(n, b);
    MaxWithNan maxAbs;
    if (isFloating(common)) {
        const Precision p = detail::precisionOf(common);
        forEachPair(npu, bench, [&](const double* nv, const double* bv, size_t count) {
            for (size_t i = 0; i < count; ++i)
                maxAbs.add(std::fabs(detail::subtractIn(p, nv[i], bv[i])));
        });
        return maxAbs.result();
    }
    // integer arithmetic wraps at the dtype's width, np.abs included (abs(int8(-128)) == -128)
    const int64_t npuValue = detail::integerAt(npu, 0);
    int64_t best = std::numeric_limits<int64_t>::min();
    for (int64_t i = 0; i < bench.numel(); ++i) {
        const int64_t diff = detail::wrapToInteger(common, uint64_t(npuValue) - uint64_t(detail::integerAt(bench, i)));
        const int64_t magnitude
            = detail::wrapToInteger(common, diff < 0 ? uint64_t(0) - uint64_t(diff) : uint64_t(diff));
        best = std::max(best, magnitude);
    }
    return double(best);
}

RealMetrics compareZeroDim(const Tensor& npu, const Tensor& bench)
{
    RealMetrics metrics;
    metrics.errMessage = kZeroDimMessage;
    if (bench.numel() == 0) // numpy's max over an empty broadcast raises; nothing can be computed
        return errorRow(PyScalar::str(kUnsupported), "Data is unreadable.");
    const RelativeError relative(npu.dtype, bench.dtype);
    MaxWithNan maxRelative;
    forEachPair(npu, bench, [&](const double* n, const double* b, size_t count) {
        for (size_t i = 0; i < count; ++i)
            maxRelative.add(relative(n[i], b[i]));
    });
    metrics.values[0] = PyScalar::str(kUnsupported);
    const double maxAbs = zeroDimMaxAbs(npu, bench);
    if (std::isnan(maxAbs)) {
        metrics.values[1] = PyScalar::str(kNan);
        metrics.errMessage += "Cannot compare by MaxAbsError, the data contains nan/inf/-inf in dump data.";
    } else {
        metrics.values[1] = PyScalar::real(fmt12(maxAbs));
    }
    const double maxRel = maxRelative.result();
    if (std::isnan(maxRel)) {
        metrics.values[2] = PyScalar::str(kNan);
        metrics.errMessage += "Cannot compare by MaxRelativeError, the data contains nan/inf/-inf in dump data.";
    } else {
        metrics.values[2] = PyScalar::real(fmt12(maxRel));
    }
    metrics.values[3] = PyScalar::str(kUnsupported);
    metrics.values[4] = PyScalar::str(kUnsupported);
    metrics.eucDist = PyScalar::str(kUnsupported);
    return metrics;
}

struct Sums {
    InfNanCheck infNan;
    double dot = 0;
    double npuSquares = 0;
    double benchSquares = 0;
    double diffSquares = 0;
    MaxWithNan maxAbs;
    MaxWithNan maxRelative;
    int64_t belowThousandth = 0;
    int64_t belowFiveThousandths = 0;
};

// One chunk of the single pass at the arithmetic precision P. Inf and nan positions count as 0 on both sides;
// the sums are only used when those positions agree on both sides (checked in the same pass).
template <Precision P>
void accumulate(const RelativeError& relative, double thousandth, double fiveThousandths, const double* nv,
    const double* bv, size_t count, Sums& sums)
{
    // Locals, not the members: the inputs are doubles too, so every store to `sums` could alias them and would
    // keep each running sum in memory.
    Sums local = sums;
    bool anyInvalid = false;
    bool masksDiffer = false;
    for (size_t i = 0; i < count; ++i) {
        const bool nInf = std::isinf(nv[i]);
        const bool nNan = std::isnan(nv[i]);
        const bool bInf = std::isinf(bv[i]);
        const bool bNan = std::isnan(bv[i]);
        anyInvalid |= nInf || nNan || bInf || bNan;
        masksDiffer |= nInf != bInf || nNan != bNan;
        const bool valid = !nInf && !nNan;
        const double n = valid ? nv[i] : 0.0;
        const double b = valid ? bv[i] : 0.0;
        const double r = relative.at<P>(n, b);
        local.maxRelative.add(r);
        local.belowThousandth += r < thousandth;
        local.belowFiveThousandths += r < fiveThousandths;
        const double diff = n - b;
        local.maxAbs.add(std::fabs(diff));
        local.dot += n * b;
        local.npuSquares += n * n;
        local.benchSquares += b * b;
        local.diffSquares += diff * diff;
    }
    local.infNan.anyInvalid |= anyInvalid;
    local.infNan.masksDiffer |= masksDiffer;
    sums = local;
}

#ifdef PROBESCOPE_PAIRED_METRICS
// How many of the two lanes a comparison set (std::popcount would call libgcc without -mpopcnt).
inline int lanesSet(__m128d mask)
{
    const int bits = _mm_movemask_pd(mask);
    return (bits & 1) + (bits >> 1);
}

// The pass two elements at a time (SSE2, on every x86-64 processor) for float32 and float64 arithmetic: the
// classification, both errors, their maxima and the counts do not depend on the order of the elements and are
// computed in vector lanes; the four running sums do (numpy adds in element order), so they are added after,
// one element at a time. Same values as accumulate(), which the tests check.
// nv and bv become the values the sums add (zero at inf and nan positions).
template <Precision P>
void accumulatePaired(const RelativeError& relative, double thousandth, double fiveThousandths, double* nv, double* bv,
    size_t count, Sums& sums)
{
    const __m128d absMask = _mm_castsi128_pd(_mm_set1_epi64x(0x7fffffffffffffffLL));
    const __m128d inf = _mm_set1_pd(std::numeric_limits<double>::infinity());
    const __m128d zero = _mm_setzero_pd();
    const __m128d below1 = _mm_set1_pd(thousandth);
    const __m128d below5 = _mm_set1_pd(fiveThousandths);
    __m128d invalid = zero, differ = zero, relNan = zero, absNan = zero;
    __m128d maxRel = _mm_set1_pd(-std::numeric_limits<double>::infinity());
    __m128d maxAbs = maxRel;
    int64_t countBelow1 = 0, countBelow5 = 0;
    size_t i = 0;
    for (; i + 2 <= count; i += 2) {
        const __m128d x = _mm_loadu_pd(nv + i);
        const __m128d y = _mm_loadu_pd(bv + i);
        const __m128d nNan = _mm_cmpunord_pd(x, x);
        const __m128d bNan = _mm_cmpunord_pd(y, y);
        const __m128d nInf = _mm_cmpeq_pd(_mm_and_pd(x, absMask), inf);
        const __m128d bInf = _mm_cmpeq_pd(_mm_and_pd(y, absMask), inf);
        invalid = _mm_or_pd(invalid, _mm_or_pd(_mm_or_pd(nNan, bNan), _mm_or_pd(nInf, bInf)));
        differ = _mm_or_pd(differ, _mm_or_pd(_mm_xor_pd(nInf, bInf), _mm_xor_pd(nNan, bNan)));
        const __m128d notFinite = _mm_or_pd(nInf, nNan);
        const __m128d n = _mm_andnot_pd(notFinite, x); // +0.0 where the NPU value is inf or nan
        const __m128d b = _mm_andnot_pd(notFinite, y);
        __m128d r;
        if constexpr (P == Precision::F32) { // the values are exact in float here: the conversions round nothing
            const __m128 nf = _mm_cvtpd_ps(n);
            const __m128 bf = _mm_cvtpd_ps(b);
            r = _mm_and_pd(_mm_cvtps_pd(_mm_div_ps(_mm_sub_ps(nf, bf), bf)), absMask);
        } else {
            r = _mm_and_pd(_mm_div_pd(_mm_sub_pd(n, b), b), absMask);
        }
        if (_mm_movemask_pd(_mm_cmpeq_pd(b, zero)) != 0) [[unlikely]] { // a bench zero becomes eps
            alignas(16) double nl[2];
            alignas(16) double bl[2];
            _mm_store_pd(nl, n);
            _mm_store_pd(bl, b);
            r = _mm_set_pd(relative.at<P>(nl[1], bl[1]), relative.at<P>(nl[0], bl[0]));
        }
        relNan = _mm_or_pd(relNan, _mm_cmpunord_pd(r, r));
        maxRel = _mm_max_pd(r, maxRel); // a nan r keeps the second operand
        countBelow1 += lanesSet(_mm_cmplt_pd(r, below1));
        countBelow5 += lanesSet(_mm_cmplt_pd(r, below5));
        const __m128d d = _mm_sub_pd(n, b);
        const __m128d absD = _mm_and_pd(d, absMask);
        absNan = _mm_or_pd(absNan, _mm_cmpunord_pd(absD, absD));
        maxAbs = _mm_max_pd(absD, maxAbs);
        _mm_storeu_pd(nv + i, n);
        _mm_storeu_pd(bv + i, b);
    }
    Sums local = sums; // locals: see accumulate()
    for (size_t k = 0; k < i; ++k) {
        const double diff = nv[k] - bv[k]; // the lanes' d again, exactly: no third buffer to keep
        local.dot += nv[k] * bv[k];
        local.npuSquares += nv[k] * nv[k];
        local.benchSquares += bv[k] * bv[k];
        local.diffSquares += diff * diff;
    }
    alignas(16) double lanes[2];
    for (const auto& [vector, max] :
        { std::pair { maxRel, &local.maxRelative }, std::pair { maxAbs, &local.maxAbs } }) {
        _mm_store_pd(lanes, vector);
        max->add(lanes[0]);
        max->add(lanes[1]);
    }
    local.maxRelative.sawNan |= _mm_movemask_pd(relNan) != 0;
    local.maxAbs.sawNan |= _mm_movemask_pd(absNan) != 0;
    local.belowThousandth += countBelow1;
    local.belowFiveThousandths += countBelow5;
    local.infNan.anyInvalid |= _mm_movemask_pd(invalid) != 0;
    local.infNan.masksDiffer |= _mm_movemask_pd(differ) != 0;
    sums = local;
    accumulate<P>(relative, thousandth, fiveThousandths, nv + i, bv + i, count - i, sums); // an odd last element
}
#else
template <Precision P>
void accumulatePaired(const RelativeError& relative, double thousandth, double fiveThousandths, double* nv, double* bv,
    size_t count, Sums& sums)
{
    accumulate<P>(relative, thousandth, fiveThousandths, nv, bv, count, sums);
}
#endif

PyScalar cosine(const Sums& sums, int64_t size, std::string& message)
{
    if (size == 1) {
        message += "This is a 1-d tensor of length 1.";
        return PyScalar::str(kUnsupported);
    }
    const double npuNorm = std::sqrt(sums.npuSquares);
    const double benchNorm = std::sqrt(sums.benchSquares);
    if (npuNorm <= kFloatEpsilon && benchNorm <= kFloatEpsilon)
        return PyScalar::real(1.0);
    if (npuNorm <= kFloatEpsilon) {
        message += "Cannot compare by Cosine Similarity, All the data is Zero in npu dump data.";
        return PyScalar::str(kNan);
    }
    if (benchNorm <= kFloatEpsilon) {
        message += "Cannot compare by Cosine Similarity, All the data is Zero in Bench dump data.";
        return PyScalar::str(kNan);
    }
    const double value = sums.dot / (npuNorm * benchNorm);
    if (std::isnan(value)) {
        message += "Cannot compare by Cosine Similarity, the dump data has NaN.";
        return PyScalar::str(kNan);
    }
    const double rounded = fmt12(value);
    return PyScalar::real(rounded > kCosineThreshold ? roundDecimal(rounded, 6) : rounded);
}

} // namespace

RealMetrics compareTensors(const Tensor& npu, const Tensor& bench, MetricKernel kernel)
{
    // step 1: msprobe's checks, in its order
    if (npu.numel() == 0)
        return errorRow(PyScalar::integer(0), "This is empty data, can not compare.");
    if (npu.isZeroDim())
        return compareZeroDim(npu, bench);
    if (npu.shape != bench.shape)
        return errorRow(PyScalar::str("shape unmatched"), "Shape of NPU and bench tensor do not match. Skipped.");
    // step 2: one pass. handle_inf_nan's check (inf and nan at the same positions on both sides, the sign of inf
    // not mattering) runs in it: its error row replaces the metrics when the positions differ.
    const RelativeError relative(npu.dtype, bench.dtype);
    const double thousandth = detail::constantIn(relative.precision(), kThousandth);
    const double fiveThousandths = detail::constantIn(relative.precision(), kFiveThousandths);
    Sums sums;
    const bool paired = kernel == MetricKernel::Fastest; // writes into the chunks: never a broadcast 0-d value here
    forEachPair(npu, bench, [&](double* nv, double* bv, size_t count) {
        switch (relative.precision()) {
        case Precision::F16:
            return accumulate<Precision::F16>(relative, thousandth, fiveThousandths, nv, bv, count, sums);
        case Precision::F32:
            if (paired)
                return accumulatePaired<Precision::F32>(relative, thousandth, fiveThousandths, nv, bv, count, sums);
            return accumulate<Precision::F32>(relative, thousandth, fiveThousandths, nv, bv, count, sums);
        case Precision::F64:
            if (paired)
                return accumulatePaired<Precision::F64>(relative, thousandth, fiveThousandths, nv, bv, count, sums);
            return accumulate<Precision::F64>(relative, thousandth, fiveThousandths, nv, bv, count, sums);
        }
    });
    if (sums.infNan.anyInvalid && sums.infNan.masksDiffer)
        return errorRow(PyScalar::str("N/A"), "The position of inf or nan in NPU and bench Tensor do not match.");
    RealMetrics metrics;
    if (detail::numpyDType(npu.dtype) != detail::numpyDType(bench.dtype))
        metrics.errMessage = "Dtype of NPU and bench tensor do not match.";

    // step 3: the five columns (plus HEAD's EucDist), messages appended in msprobe's order
    const int64_t size = npu.numel();
    metrics.values[0] = cosine(sums, size, metrics.errMessage);
    const double maxAbs = sums.maxAbs.result();
    if (std::isnan(maxAbs)) {
        metrics.values[1] = PyScalar::str(kNan);
        metrics.errMessage += "Cannot compare by MaxAbsError, the data contains nan/inf/-inf in dump data.";
    } else {
        metrics.values[1] = PyScalar::real(fmt12(maxAbs));
    }
    const double maxRel = sums.maxRelative.result();
    if (std::isnan(maxRel)) {
        metrics.values[2] = PyScalar::str(kNan);
        metrics.errMessage += "Cannot compare by MaxRelativeError, the data contains nan/inf/-inf in dump data.";
    } else {
        metrics.values[2] = PyScalar::real(fmt12(maxRel));
    }
    metrics.values[3] = ratioOrNan(sums.belowThousandth, size);
    metrics.values[4] = ratioOrNan(sums.belowFiveThousandths, size);
    // msprobe 26.0.0 keeps np.linalg.norm's float as it is, without the 12-decimal formatting of the five
    // columns. The norm is sqrt(dot(d, d)); the reference BLAS of the reference runs adds in element order, as here.
    const double euclidean = std::sqrt(sums.diffSquares);
    metrics.eucDist = std::isnan(euclidean) ? PyScalar::str(kNan) : PyScalar::real(euclidean);
    return metrics;
}

RealMetrics unsupportedMetrics(const std::string& errMessage)
{
    return errorRow(PyScalar::str(kUnsupported), errMessage);
}

} // namespace ps
