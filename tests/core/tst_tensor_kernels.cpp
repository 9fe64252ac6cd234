// The fast paths of the real-data compare against their plain forms: numpy's float16 rounding without branches,
// stored .pt tensors mapped instead of copied, the folded CRC-32 against zlib's, and the two-lane metric kernel
// against the scalar pass.
#include "tensor/crc32.h"
#include "tensor/half.h"
#include "tensor/real_metrics.h"
#include "tensor/tensor.h"
#include "tensor_values.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <span>
#include <vector>
#include <zlib.h>

using namespace ps;
using testtensors::makeTensor;

namespace {

std::string dataPath(const char* relative)
{
    std::string path
        = PROBESCOPE_TEST_DATA "/tensor/"; // one literal: GCC 12 flags the temporary's copy (-Warray-bounds)
    return path + relative;
}

const char* const kColumns[5]
    = { "Cosine", "MaxAbsErr", "MaxRelativeErr", "One Thousandth Err Ratio", "Five Thousandths Err Ratio" };

} // namespace

class TestTensorKernels : public QObject {
    Q_OBJECT
private slots:
    void roundsToHalfLikeNumpy();
    void mapsStoredTensors();
    void checksumsLikeZlib();
    void pairedKernelEqualsScalar_data();
    void pairedKernelEqualsScalar();
};

// roundToHalf is the branch-free form of numpy's float -> float16 -> float: the two agree on every float (checked
// exhaustively once); here every 61st bit pattern and the edges of the half range.
void TestTensorKernels::roundsToHalfLikeNumpy()
{
    const auto same = [](float value) {
        const float fast = half::roundToHalf(value);
        const float composed = half::halfBitsToFloat(half::floatToHalfBits(value));
        return (std::isnan(fast) && std::isnan(composed))
            || std::bit_cast<uint32_t>(fast) == std::bit_cast<uint32_t>(composed);
    };
    const float edges[] = { 0.0f, -0.0f, 65504.0f, 65519.99f, 65520.0f, -65520.0f, 0x1p-14f, 0x1.ffcp-15f, 0x1.ffep-15f,
        0x1p-24f, 0x1p-25f, 0x1.8p-25f, 0x1.8p-24f, std::numeric_limits<float>::infinity(),
        -std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN(),
        std::bit_cast<float>(0x7fffffffu), std::bit_cast<float>(0xffffffffu) };
    for (float value : edges)
        QVERIFY2(same(value), qPrintable(QString::number(double(value), 'a')));
    uint64_t differing = 0;
    for (uint64_t bits = 0; bits <= 0xffffffffu; bits += 61)
        differing += same(std::bit_cast<float>(uint32_t(bits))) ? 0 : 1;
    QCOMPARE(differing, uint64_t(0));
}

// torch.save stores tensors uncompressed, so a read maps the file instead of copying it; a copy shares the bytes
// until written, and a file rewritten after the read is noticed.
void TestTensorKernels::mapsStoredTensors()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("t.pt"));
    QVERIFY(QFile::copy(QString::fromStdString(dataPath("generated/dtype_float32.pt")), path));
    TensorReadResult read = readPtFile(path.toStdString());
    QVERIFY2(read.ok, read.error.c_str());
    QCOMPARE(read.tensor.valueAt(1), -1.25);
    QVERIFY(read.tensor.data.unchanged());

    Tensor copy = read.tensor;
    QCOMPARE(copy.data.data(), read.tensor.data.data()); // shared, not copied
    const float changed = 7.0f;
    std::memcpy(copy.data.writable() + 4, &changed, 4);
    QVERIFY(copy.data.data() != read.tensor.data.data());
    QCOMPARE(copy.valueAt(1), 7.0);
    QCOMPARE(read.tensor.valueAt(1), -1.25);

    QFile file(path);
    QVERIFY(file.open(QIODevice::Append));
    QVERIFY(file.write("x", 1) == 1);
    file.close();
    QVERIFY(!read.tensor.data.unchanged());
    QVERIFY(copy.data.unchanged()); // its own bytes now
}

// The folded CRC-32 equals zlib's on every length around its 16- and 64-byte steps and at unaligned starts.
void TestTensorKernels::checksumsLikeZlib()
{
    std::vector<std::byte> bytes(70000);
    uint64_t state = 42;
    for (std::byte& b : bytes) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        b = std::byte(state >> 56);
    }
    std::vector<size_t> lengths { 0, 1, 15, 16, 17, 63, 64, 65, 79, 80, 127, 128, 129, 191, 192, 4096, 69990 };
    for (size_t length : lengths)
        for (size_t offset : { 0, 1, 7 }) {
            const std::span<const std::byte> range(bytes.data() + offset, length);
            const auto expected = uint32_t(crc32(0, reinterpret_cast<const Bytef*>(range.data()), uInt(length)));
            QVERIFY2(detail::crc32Of(range) == expected,
                qPrintable(QStringLiteral("length %1 offset %2").arg(length).arg(offset)));
        }
}

void TestTensorKernels::pairedKernelEqualsScalar_data()
{
    QTest::addColumn<int>("npuDtype");
    QTest::addColumn<int>("benchDtype");
    QTest::addColumn<int>("length");
    QTest::addColumn<bool>("moveOneNan"); // the NPU's nan one place on: the positions differ
    const std::pair<DType, DType> pairs[] = { { DType::Float32, DType::Float32 }, { DType::BFloat16, DType::Float32 },
        { DType::Float32, DType::Float64 }, { DType::Float64, DType::Float64 }, { DType::Float16, DType::Float16 } };
    for (const auto& [n, b] : pairs)
        for (int length : { 1, 2, 3, 4097, 9001 })
            for (bool moveOneNan : { false, true })
                QTest::addRow("%s/%s x %d%s", dtypeName(n), dtypeName(b), length, moveOneNan ? ", nan moved" : "")
                    << int(n) << int(b) << length << moveOneNan;
}

// The two-lane kernel gives the scalar pass's values on data with every special case: bench zeros in one or both
// lanes, inf and nan (same positions on both sides, then one moved), subnormals, odd lengths and chunk edges.
void TestTensorKernels::pairedKernelEqualsScalar()
{
    QFETCH(int, npuDtype);
    QFETCH(int, benchDtype);
    QFETCH(int, length);
    QFETCH(bool, moveOneNan);
    const auto elements = static_cast<size_t>(length);
    std::vector<double> npu(elements), bench(elements);
    uint64_t state = uint64_t(length) * 7919;
    for (size_t i = 0; i < npu.size(); ++i) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        const double x = double(int64_t(state >> 40) - (int64_t(1) << 23)) / 4096.0;
        npu[i] = x;
        bench[i] = x * (1 + double(int64_t(state >> 60) - 8) * 1e-4);
        if (i % 37 == 5)
            bench[i] = 0;
        if (i % 91 == 6)
            npu[i] = bench[i] = 0;
        if (i % 53 == 7)
            npu[i] = bench[i] = std::numeric_limits<double>::infinity();
        if (i % 59 == 8)
            npu[i] = bench[i] = std::numeric_limits<double>::quiet_NaN();
        if (i % 61 == 9)
            bench[i] = 1e-40;
    }
    if (moveOneNan && length > 9) {
        npu[8] = 1.0;
        npu[9] = std::numeric_limits<double>::quiet_NaN();
    }
    const std::vector<int64_t> shape { int64_t(length) };
    const Tensor n = makeTensor(DType(npuDtype), shape, npu); // bfloat16 and float16 round the values
    const Tensor b = makeTensor(DType(benchDtype), shape, bench);
    const RealMetrics fast = compareTensors(n, b, MetricKernel::Fastest);
    const RealMetrics scalar = compareTensors(n, b, MetricKernel::Scalar);
    for (size_t i = 0; i < fast.values.size(); ++i)
        QVERIFY2(fast.values[i] == scalar.values[i], kColumns[i]);
    QVERIFY(fast.eucDist == scalar.eucDist);
    QCOMPARE(fast.errMessage, scalar.errMessage);
}

QTEST_GUILESS_MAIN(TestTensorKernels)

#include "tst_tensor_kernels.moc"
