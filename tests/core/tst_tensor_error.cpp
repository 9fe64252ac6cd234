// The element-wise error of two tensors (core/tensor/tensor_error.h) on hand-made float32, float16 and bfloat16
// tensors: the log buckets and their edges, the worst elements and their indices, NaN and inf kept apart, the
// tolerance share and the heat map's down-sampling by block maximum.
#include "tensor/half.h"
#include "tensor/tensor_error.h"
#include "tensor_values.h"
#include "util/error.h"

#include <QTest>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

using namespace ps;
using testtensors::makeTensor;

namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

TensorErrorOptions withTolerance(ErrorTolerance tolerance)
{
    TensorErrorOptions options;
    options.tolerance = tolerance;
    return options;
}

ErrorCode errorOf(const Tensor& a, const Tensor& b, const TensorErrorOptions& options = {})
{
    try {
        (void)compareElements(a, b, options);
    } catch (const Error& e) {
        return e.code();
    }
    return ErrorCode::FileChanged; // stands for "no error" here
}

} // namespace

class TestTensorError : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void bucketEdges()
    {
        QCOMPARE(errorBucketOf(0.0), kErrorZeroBucket);
        QCOMPARE(errorBucketOf(1e-300), kErrorBelowBucket);
        QCOMPARE(errorBucketOf(9.9e-13), kErrorBelowBucket);
        QCOMPARE(errorBucketOf(1e-12), kErrorFirstDecadeBucket);
        QCOMPARE(errorBucketOf(9.99e-12), kErrorFirstDecadeBucket);
        QCOMPARE(errorBucketOf(1e-11), kErrorFirstDecadeBucket + 1);
        QCOMPARE(errorBucketOf(1e-3), kErrorFirstDecadeBucket + 9);
        QCOMPARE(errorBucketOf(0.5), kErrorFirstDecadeBucket + 11);
        QCOMPARE(errorBucketOf(1.0), kErrorFirstDecadeBucket + 12);
        QCOMPARE(errorBucketOf(9999.0), kErrorAboveBucket - 1);
        QCOMPARE(errorBucketOf(1e4), kErrorAboveBucket);
        QCOMPARE(errorBucketOf(kInf), kErrorAboveBucket);
        QCOMPARE(kErrorBucketCount, size_t(20));
        QCOMPARE(errorBucketLabel(kErrorZeroBucket), std::string("0"));
        QCOMPARE(errorBucketLabel(kErrorBelowBucket), std::string("<1e-12"));
        QCOMPARE(errorBucketLabel(kErrorFirstDecadeBucket + 9), std::string("[1e-03,1e-02)"));
        QCOMPARE(errorBucketLabel(kErrorAboveBucket - 1), std::string("[1e+03,1e+04)"));
        QCOMPARE(errorBucketLabel(kErrorAboveBucket), std::string(">=1e+04"));
        QCOMPARE(errorBucketLabel(kErrorNonFiniteBucket), std::string("nan/inf"));
    }

    void float32Worst()
    {
        // 2 x 3; errors by element: 0, 0.5, 1e-6 (about: float32 rounding), 2, 0.25, 0.
        const Tensor npu = makeTensor(DType::Float32, { 2, 3 }, { 1, 2.5, 1.000001, -1, 4.25, 0 });
        const Tensor bench = makeTensor(DType::Float32, { 2, 3 }, { 1, 2, 1, 1, 4, 0 });
        TensorErrorOptions options;
        options.tolerance = { 0.1, 0.0 };
        const TensorError e = compareElements(npu, bench, options);
        QCOMPARE(e.elements, int64_t(6));
        QCOMPARE(e.finite, int64_t(6));
        QCOMPARE(e.worstAbs.flatIndex, int64_t(3));
        QCOMPARE(e.worstAbs.index, (std::vector<int64_t> { 1, 0 }));
        QCOMPARE(e.worstAbs.npu, -1.0);
        QCOMPARE(e.worstAbs.bench, 1.0);
        QCOMPARE(e.worstAbs.absError, 2.0);
        QCOMPARE(e.worstAbs.relError, 2.0);
        QCOMPARE(e.worstRel.flatIndex, int64_t(3)); // 2 / 1 beats 0.5 / 2
        // abs: two zeros, ~9.5e-7 in [1e-7,1e-6), 0.5 and 0.25 in [1e-1,1), 2 in [1,10)
        QCOMPARE(e.absHistogram[kErrorZeroBucket], uint64_t(2));
        QCOMPARE(e.absHistogram[errorBucketOf(9.5e-7)], uint64_t(1));
        QCOMPARE(e.absHistogram[errorBucketOf(0.3)], uint64_t(2));
        QCOMPARE(e.absHistogram[errorBucketOf(2.0)], uint64_t(1));
        // rel: 0.5 / 2 = 0.25 and 0.25 / 4 = 0.0625 land in different decades
        QCOMPARE(e.relHistogram[errorBucketOf(0.25)], uint64_t(1));
        QCOMPARE(e.relHistogram[errorBucketOf(0.0625)], uint64_t(1));
        // beyond |d| > 0.1 |bench|: 0.5 > 0.2, 2 > 0.1, 0.25 <= 0.4 -> no
        QCOMPARE(e.beyondTolerance, int64_t(2));
        QCOMPARE(e.beyondShare(), 2.0 / 6.0);
        QVERIFY(std::fabs(e.meanAbs - (0.5 + 2 + 0.25 + 9.5367431640625e-07) / 6) < 1e-12);
    }

    void float16NanInf()
    {
        // NaN on one side, NaN on both, +inf on both, +inf against -inf, inf against a number, then finite pairs.
        const Tensor npu = makeTensor(DType::Float16, { 8 }, { kNan, kNan, kInf, kInf, kInf, 1, 2, 65504 });
        const Tensor bench = makeTensor(DType::Float16, { 8 }, { 1, kNan, kInf, -kInf, 3, 1, 1.5, 65504 });
        const TensorError e
            = compareElements(npu, bench, withTolerance(defaultTolerance(DType::Float16, DType::Float16)));
        QCOMPARE(e.npuNan, int64_t(2));
        QCOMPARE(e.benchNan, int64_t(1));
        QCOMPARE(e.npuInf, int64_t(3));
        QCOMPARE(e.benchInf, int64_t(2));
        QCOMPARE(e.finite, int64_t(3));
        QCOMPARE(e.nonFiniteMismatch, int64_t(3)); // nan vs 1, +inf vs -inf, inf vs 3
        QCOMPARE(e.absHistogram[kErrorNonFiniteBucket], uint64_t(5));
        QCOMPARE(e.relHistogram[kErrorNonFiniteBucket], uint64_t(5));
        // The maxima stay finite: the worst element is 2 against 1.5, not a NaN or inf.
        QCOMPARE(e.worstAbs.flatIndex, int64_t(6));
        QCOMPARE(e.worstAbs.absError, 0.5);
        QCOMPARE(e.worstAbs.index, (std::vector<int64_t> { 6 }));
        QCOMPARE(e.meanAbs, 0.5 / 3);
        QCOMPARE(e.beyondTolerance, int64_t(4)); // three mismatches and 0.5 > 1e-5 + 1e-3 * 1.5
        const ErrorCell& cell = e.heatMap.at(0, 0);
        QCOMPARE(e.heatMap.rows, int64_t(1));
        QCOMPARE(e.heatMap.columns, int64_t(8));
        QCOMPARE(cell.nonFinite, int64_t(1));
        QCOMPARE(cell.worstFlatIndex, int64_t(-1));
        QCOMPARE(e.heatMap.at(0, 6).maxAbs, 0.5);
    }

    void bfloat16AgainstFloat32()
    {
        // bfloat16 keeps 8 significant bits: 1 + 2^-7 is exact, 1 + 2^-9 is not written here.
        const Tensor npu = makeTensor(DType::BFloat16, { 1, 2, 2 }, { 1.0078125, 3, 0, -2 });
        const Tensor bench = makeTensor(DType::Float32, { 1, 2, 2 }, { 1, 3, 0.001, -2 });
        const ErrorTolerance tol = defaultTolerance(npu.dtype, bench.dtype);
        QCOMPARE(tol.rtol, 1.6e-2);
        QCOMPARE(tol.atol, 1e-5);
        const TensorError e = compareElements(npu, bench, withTolerance(tol));
        QCOMPARE(e.worstAbs.flatIndex, int64_t(0));
        QCOMPARE(e.worstAbs.index, (std::vector<int64_t> { 0, 0, 0 }));
        QCOMPARE(e.worstAbs.absError, 0.0078125);
        QCOMPARE(e.worstRel.flatIndex, int64_t(2)); // 0 against 0.001: relative error 1
        QCOMPARE(e.worstRel.relError, 1.0);
        QCOMPARE(e.beyondTolerance, int64_t(1)); // 0.001 > 1e-5 + 1.6e-2 * 0.001; 2^-7 < 1.6e-2
        QCOMPARE(e.heatMap.tensorRows, int64_t(2)); // the leading 1 x 2 folded into rows
        QCOMPARE(e.heatMap.tensorColumns, int64_t(2));
    }

    void benchZeroUnderNonZero()
    {
        const Tensor npu = makeTensor(DType::Float32, { 3 }, { 0.5, 0, 2 });
        const Tensor bench = makeTensor(DType::Float32, { 3 }, { 0, 0, 1 });
        const TensorError e = compareElements(npu, bench);
        QCOMPARE(e.benchZero, int64_t(1));
        QCOMPARE(e.relHistogram[kErrorAboveBucket], uint64_t(1)); // infinite relative error: above the decades
        QCOMPARE(e.relHistogram[kErrorZeroBucket], uint64_t(1)); // 0 against 0
        QCOMPARE(e.worstRel.flatIndex, int64_t(2)); // the finite relative maximum
        QCOMPARE(e.worstAbs.flatIndex, int64_t(2)); // 1 beats 0.5
    }

    void defaultTolerances()
    {
        QCOMPARE(defaultTolerance(DType::Float32, DType::Float32).rtol, 1.3e-6);
        QCOMPARE(defaultTolerance(DType::Float16, DType::Float32).rtol, 1e-3);
        QCOMPARE(defaultTolerance(DType::Float32, DType::BFloat16).rtol, 1.6e-2);
        QCOMPARE(defaultTolerance(DType::Float64, DType::Float64).atol, 1e-7);
        QCOMPARE(defaultTolerance(DType::Int64, DType::Float16).rtol, 1e-3);
        QCOMPARE(defaultTolerance(DType::Int64, DType::Int32).rtol, 0.0);
    }

    void heatMapDownSampledByMax()
    {
        // 2 x 3 x 5 folds into 6 rows x 5 columns; at most 2 x 2 cells: blocks of 3 rows x 3 columns, the last
        // column block two wide. The error of element (r, c) is r * 10 + c, so each cell's maximum is its block's
        // bottom-right element.
        std::vector<double> npuValues, benchValues;
        for (int r = 0; r < 6; ++r)
            for (int c = 0; c < 5; ++c) {
                npuValues.push_back(100 + r * 10 + c);
                benchValues.push_back(100);
            }
        const Tensor npu = makeTensor(DType::Float32, { 2, 3, 5 }, npuValues);
        const Tensor bench = makeTensor(DType::Float32, { 2, 3, 5 }, benchValues);
        TensorErrorOptions options;
        options.heatRows = 2;
        options.heatColumns = 2;
        const TensorError e = compareElements(npu, bench, options);
        const ErrorHeatMap& map = e.heatMap;
        QCOMPARE(map.tensorRows, int64_t(6));
        QCOMPARE(map.tensorColumns, int64_t(5));
        QCOMPARE(map.blockRows, int64_t(3));
        QCOMPARE(map.blockColumns, int64_t(3));
        QCOMPARE(map.rows, int64_t(2));
        QCOMPARE(map.columns, int64_t(2));
        QCOMPARE(map.cells.size(), size_t(4));
        QCOMPARE(map.at(0, 0).maxAbs, 22.0);
        QCOMPARE(map.at(0, 1).maxAbs, 24.0);
        QCOMPARE(map.at(1, 0).maxAbs, 52.0);
        QCOMPARE(map.at(1, 1).maxAbs, 54.0);
        QCOMPARE(map.at(1, 1).worstFlatIndex, int64_t(29));
        QCOMPARE(map.at(1, 1).npu, 154.0);
        QCOMPARE(map.at(1, 1).bench, 100.0);
        QCOMPARE(map.at(0, 1).maxRel, 0.24);
        QCOMPARE(e.worstAbs.index, (std::vector<int64_t> { 1, 2, 4 }));

        // Small enough: one cell per element.
        const TensorError whole = compareElements(npu, bench);
        QCOMPARE(whole.heatMap.rows, int64_t(6));
        QCOMPARE(whole.heatMap.columns, int64_t(5));
        QCOMPARE(whole.heatMap.at(3, 2).maxAbs, 32.0);
    }

    void heatMapTargetIsClamped()
    {
        // A caller's target of 0 or of 2^40 cells per side neither divides by zero nor allocates the target.
        const Tensor t = makeTensor(DType::Float32, { 3, 5 }, std::vector<double>(15, 1.0));
        TensorErrorOptions options;
        options.heatRows = 0;
        options.heatColumns = int64_t(1) << 40;
        const TensorError e = compareElements(t, t, options);
        QCOMPARE(e.heatMap.rows, int64_t(1)); // one cell row: blocks of all three rows
        QCOMPARE(e.heatMap.blockRows, int64_t(3));
        QCOMPARE(e.heatMap.columns, int64_t(5));
        QCOMPARE(e.heatMap.cells.size(), size_t(5));
    }

    void bigTensorIsSampledToTheTarget()
    {
        // 1000 x 700 into at most 256 x 256 cells: blocks of 4 x 3, 250 x 234 cells; one spike in the middle.
        const int64_t rows = 1000, columns = 700;
        Tensor npu = makeTensor(DType::Float32, { rows, columns }, std::vector<double>(size_t(rows * columns), 1.0));
        const Tensor bench = npu;
        const float spike = 3.0f;
        std::memcpy(npu.data.writable() + size_t(501 * columns + 350) * 4, &spike, 4);
        int progressCalls = 0;
        double lastFraction = 0;
        TensorErrorOptions options;
        options.progress = [&](double f) {
            QVERIFY(f >= lastFraction);
            lastFraction = f;
            ++progressCalls;
        };
        const TensorError e = compareElements(npu, bench, options);
        QCOMPARE(e.heatMap.blockRows, int64_t(4));
        QCOMPARE(e.heatMap.blockColumns, int64_t(3));
        QCOMPARE(e.heatMap.rows, int64_t(250));
        QCOMPARE(e.heatMap.columns, int64_t(234));
        QCOMPARE(e.heatMap.at(125, 116).maxAbs, 2.0);
        QCOMPARE(e.heatMap.at(125, 117).maxAbs, 0.0);
        QCOMPARE(e.worstAbs.index, (std::vector<int64_t> { 501, 350 }));
        QCOMPARE(e.absHistogram[kErrorZeroBucket], uint64_t(rows * columns - 1));
        QCOMPARE(lastFraction, 1.0);
        QVERIFY(progressCalls >= 1);
    }

    void refusesWhatCannotBeCompared()
    {
        const Tensor a = makeTensor(DType::Float32, { 2, 3 }, { 1, 2, 3, 4, 5, 6 });
        const Tensor b = makeTensor(DType::Float32, { 3, 2 }, { 1, 2, 3, 4, 5, 6 });
        QCOMPARE(errorOf(a, b), ErrorCode::BadArgument);
        try {
            (void)compareElements(a, b);
        } catch (const Error& e) {
            QCOMPARE(std::string(e.what()), std::string("the shapes differ: NPU [2, 3], bench [3, 2]"));
        }
        Tensor truncated = a;
        truncated.data.resize(20);
        QCOMPARE(errorOf(truncated, a), ErrorCode::BadArgument);
        Tensor negative = a;
        negative.shape = { -2, -3 };
        QCOMPARE(errorOf(negative, negative), ErrorCode::BadArgument);
        std::atomic<bool> cancel { true };
        TensorErrorOptions options;
        options.cancel = &cancel;
        QCOMPARE(errorOf(a, a, options), ErrorCode::Cancelled);
    }

    void emptyAndZeroDim()
    {
        const Tensor empty = makeTensor(DType::Float32, { 4, 0 }, {});
        const TensorError e = compareElements(empty, empty);
        QCOMPARE(e.elements, int64_t(0));
        QCOMPARE(e.heatMap.cells.size(), size_t(0));
        QCOMPARE(e.worstAbs.flatIndex, int64_t(-1));
        QCOMPARE(e.beyondShare(), 0.0);
        const Tensor scalarA = makeTensor(DType::Float64, {}, { 2.0 });
        const Tensor scalarB = makeTensor(DType::Float64, {}, { 1.5 });
        const TensorError s = compareElements(scalarA, scalarB);
        QCOMPARE(s.heatMap.rows, int64_t(1));
        QCOMPARE(s.heatMap.columns, int64_t(1));
        QCOMPARE(s.worstAbs.absError, 0.5);
        QVERIFY(s.worstAbs.index.empty());
    }
};

QTEST_APPLESS_MAIN(TestTensorError)
#include "tst_tensor_error.moc"
