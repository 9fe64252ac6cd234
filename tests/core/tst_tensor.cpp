// Tensor file readers (.pt, .npy) and msprobe 1.2.1's real-data metrics.
// Hand-made files come from tests/data/tensor/make_pt.py; real dumps are copies of the msprobe case mlp_mix_tensor
// with the values msprobe 1.2.1 logged for them (ref_1.2.1/compare/run.log, 12 decimals).
#include "tensor/real_metrics.h"
#include "tensor/tensor.h"
#include "tensor_values.h"

#include <QTest>

#include <cmath>
#include <vector>

using namespace ps;
using testtensors::makeTensor;

Q_DECLARE_METATYPE(ps::Tensor)

namespace {

std::string dataPath(const char* relative)
{
    std::string path
        = PROBESCOPE_TEST_DATA "/tensor/"; // one literal: GCC 12 flags the temporary's copy (-Warray-bounds)
    return path + relative;
}

// Python-literal notation for an expected value: "1.0"/"inf" float, "0" int, anything else a string.
PyScalar scalar(const QString& text)
{
    if (text == QLatin1String("inf"))
        return PyScalar::real(INFINITY);
    bool isNumber = !text.isEmpty() && (text[0].isDigit() || text[0] == QLatin1Char('-'));
    const double number = isNumber ? text.toDouble(&isNumber) : 0.0;
    if (isNumber && (text.contains(QLatin1Char('.')) || text.contains(QLatin1Char('e'))))
        return PyScalar::real(number);
    if (isNumber)
        return PyScalar::integer(int64_t(number));
    return PyScalar::str(text.toStdString());
}

QString describe(const PyScalar& value)
{
    switch (value.kind) {
    case PyScalar::Kind::Float:
        return QStringLiteral("float %1").arg(value.d, 0, 'g', 17);
    case PyScalar::Kind::Int:
        return QStringLiteral("int %1").arg(value.i);
    case PyScalar::Kind::Str:
        return QStringLiteral("str '%1'").arg(QString::fromStdString(value.s));
    case PyScalar::Kind::None:
        break;
    }
    return QStringLiteral("None");
}

void compareScalar(const PyScalar& actual, const QString& expected, const char* column)
{
    const PyScalar wanted = scalar(expected);
    if (!(actual == wanted))
        QFAIL(qPrintable(
            QStringLiteral("%1: got %2, expected %3").arg(QLatin1String(column), describe(actual), describe(wanted))));
}

QStringList strings(std::initializer_list<const char*> texts)
{
    QStringList list;
    for (const char* text : texts)
        list << QString::fromUtf8(text);
    return list;
}

const char* const kColumns[5]
    = { "Cosine", "MaxAbsErr", "MaxRelativeErr", "One Thousandth Err Ratio", "Five Thousandths Err Ratio" };

const QString kZeroDim = QStringLiteral("This is type of 0-d tensor, can not calculate 'Cosine', 'One Thousandth Err "
                                        "Ratio' and 'Five Thousandths Err Ratio'. ");

} // namespace

class TestTensor : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void readsEveryDtype_data();
    void readsEveryDtype();
    void materialisesViews_data();
    void materialisesViews();
    void refusesBadFiles_data();
    void refusesBadFiles();
    void computesMetrics_data();
    void computesMetrics();
    void reportsRowsWithoutTensors_data();
    void reportsRowsWithoutTensors();
    void matchesMsprobeOnRealDumps_data();
    void matchesMsprobeOnRealDumps();
    void comparingWithItselfIsPerfect_data();
    void comparingWithItselfIsPerfect();
};

void TestTensor::readsEveryDtype_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("dtype");
    QTest::addColumn<QList<double>>("values");
    const QList<double> six { 0.5, -1.25, 2.0, 3.75, -4.5, 100.0 };
    const QList<double> ints { 0, -1, 2, 3, -4, 100 };
    const QList<double> bytes { 0, 1, 2, 3, 4, 255 };
    const QList<double> bools { 1, 0, 1, 1, 0, 0 };
    // .pt: one row per torch storage type; bfloat16 stays bfloat16 in the reader
    QTest::newRow("pt FloatStorage") << "dtype_float32.pt" << int(DType::Float32) << six;
    QTest::newRow("pt DoubleStorage") << "dtype_float64.pt" << int(DType::Float64) << six;
    QTest::newRow("pt HalfStorage") << "dtype_float16.pt" << int(DType::Float16) << six;
    QTest::newRow("pt BFloat16Storage") << "dtype_bfloat16.pt" << int(DType::BFloat16) << six;
    QTest::newRow("pt LongStorage") << "dtype_int64.pt" << int(DType::Int64) << ints;
    QTest::newRow("pt IntStorage") << "dtype_int32.pt" << int(DType::Int32) << ints;
    QTest::newRow("pt ShortStorage") << "dtype_int16.pt" << int(DType::Int16) << ints;
    QTest::newRow("pt CharStorage") << "dtype_int8.pt" << int(DType::Int8) << ints;
    QTest::newRow("pt ByteStorage") << "dtype_uint8.pt" << int(DType::UInt8) << bytes;
    QTest::newRow("pt BoolStorage") << "dtype_bool.pt" << int(DType::Bool) << bools;
    QTest::newRow("pt deflated records") << "deflated.pt" << int(DType::Float32) << six;
    QTest::newRow("pt byteorder record (torch >= 2.1)") << "byteorder_little.pt" << int(DType::Float32) << six;
    // .npy: little-endian dtypes, format versions 1-3, Fortran order
    QTest::newRow("npy <f8") << "npy_f8.npy" << int(DType::Float64) << six;
    QTest::newRow("npy <f4") << "npy_f4.npy" << int(DType::Float32) << six;
    QTest::newRow("npy <f2") << "npy_f2.npy" << int(DType::Float16) << six;
    QTest::newRow("npy <i8") << "npy_i8.npy" << int(DType::Int64) << ints;
    QTest::newRow("npy <i4") << "npy_i4.npy" << int(DType::Int32) << ints;
    QTest::newRow("npy <i2") << "npy_i2.npy" << int(DType::Int16) << ints;
    QTest::newRow("npy |i1") << "npy_i1.npy" << int(DType::Int8) << ints;
    QTest::newRow("npy |u1") << "npy_u1.npy" << int(DType::UInt8) << bytes;
    QTest::newRow("npy |b1") << "npy_b1.npy" << int(DType::Bool) << bools;
    QTest::newRow("npy C order, format 2.0") << "npy_v2.npy" << int(DType::Float32) << six;
    QTest::newRow("npy C order, format 3.0") << "npy_v3.npy" << int(DType::Float32) << six;
    QTest::newRow("npy Fortran order becomes row-major") << "npy_fortran.npy" << int(DType::Float32) << six;
}

void TestTensor::readsEveryDtype()
{
    QFETCH(QString, file);
    QFETCH(int, dtype);
    QFETCH(QList<double>, values);
    const std::string path = dataPath("generated/") + file.toStdString();
    const TensorReadResult result = readTensorFile(path);
    QVERIFY2(result.ok, result.error.c_str());
    QCOMPARE(int(result.tensor.dtype), dtype);
    QCOMPARE(result.tensor.shape, (std::vector<int64_t> { 2, 3 }));
    QCOMPARE(result.tensor.data.size(), size_t(6) * dtypeSize(result.tensor.dtype));
    for (int i = 0; i < values.size(); ++i)
        QCOMPARE(result.tensor.valueAt(i), values[i]);
}

void TestTensor::materialisesViews_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QList<qint64>>("shape");
    QTest::addColumn<QList<double>>("values");
    // storage 0..11; element [i][j] = storage[1 + i*1 + j*4]
    QTest::newRow("strided view is made contiguous")
        << "view_strided.pt" << QList<qint64> { 2, 3 } << QList<double> { 1, 5, 9, 2, 6, 10 };
    QTest::newRow("storage offset") << "view_offset.pt" << QList<qint64> { 3 } << QList<double> { 4, 5, 6 };
    QTest::newRow("0-d tensor at an offset") << "view_zero_dim.pt" << QList<qint64> {} << QList<double> { 7.5 };
    QTest::newRow("empty tensor") << "view_empty.pt" << QList<qint64> { 0, 3 } << QList<double> {};
    QTest::newRow("int64 beyond 32 bits")
        << "view_big_int.pt" << QList<qint64> { 3 } << QList<double> { 1099511627776.0, -1099511627776.0, 70000.0 };
    QTest::newRow("npy 0-d") << "npy_zero_dim.npy" << QList<qint64> {} << QList<double> { 7.5 };
}

void TestTensor::materialisesViews()
{
    QFETCH(QString, file);
    QFETCH(QList<qint64>, shape);
    QFETCH(QList<double>, values);
    const TensorReadResult result = readTensorFile(dataPath("generated/") + file.toStdString());
    QVERIFY2(result.ok, result.error.c_str());
    QCOMPARE(result.tensor.shape, std::vector<int64_t>(shape.begin(), shape.end()));
    QCOMPARE(qint64(result.tensor.numel()), qint64(values.size()));
    QCOMPARE(result.tensor.data.size(), size_t(values.size()) * dtypeSize(result.tensor.dtype));
    for (int i = 0; i < values.size(); ++i)
        QCOMPARE(result.tensor.valueAt(i), values[i]);
}

void TestTensor::refusesBadFiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("problem");
    QTest::newRow("unknown global is refused, never called") << "err_unknown_global.pt"
                                                             << "refused global 'os.system'";
    QTest::newRow("unknown opcode") << "err_unknown_opcode.pt"
                                    << "unsupported pickle opcode 0x62";
    QTest::newRow("pickle that is not a tensor") << "err_not_tensor.pt"
                                                 << "does not hold a single tensor";
    QTest::newRow("truncated file") << "err_truncated.pt"
                                    << "truncated zip archive";
    QTest::newRow("not a zip") << "err_not_zip.pt"
                               << "not a zip archive";
    QTest::newRow("legacy non-zip torch.save") << "err_legacy.pt"
                                               << "legacy (non-zip) torch.save format";
    QTest::newRow("missing data.pkl") << "err_missing_pkl.pt"
                                      << "missing data.pkl";
    QTest::newRow("missing storage record") << "err_missing_storage.pt"
                                            << "missing storage record 'data/0'";
    QTest::newRow("storage too small for size/stride") << "err_storage_too_small.pt"
                                                       << "too small for the tensor";
    QTest::newRow("storage record shorter than its numel") << "err_storage_short_record.pt"
                                                           << "declares 16 elements";
    QTest::newRow("zip bomb: impossible deflate ratio") << "err_zip_bomb.pt"
                                                        << "impossible size";
    QTest::newRow("declared size beyond the file") << "err_size_beyond_file.pt"
                                                   << "lies beyond the file";
    QTest::newRow("CRC mismatch") << "err_bad_crc.pt"
                                  << "CRC mismatch";
    QTest::newRow("npy object dtype needs pickle") << "err_npy_object.npy"
                                                   << "object arrays need pickle";
    QTest::newRow("npy big-endian") << "err_npy_big_endian.npy"
                                    << "big-endian dtype '>f4'";
    QTest::newRow("npy truncated data") << "err_npy_truncated.npy"
                                        << "truncated .npy data";
    QTest::newRow("missing file") << "does_not_exist.pt"
                                  << "does not exist";
    QTest::newRow("unknown extension") << "make_pt.py"
                                       << "unknown tensor file type";
}

void TestTensor::refusesBadFiles()
{
    QFETCH(QString, file);
    QFETCH(QString, problem);
    const std::string path
        = file == QLatin1String("make_pt.py") ? dataPath("make_pt.py") : dataPath("generated/") + file.toStdString();
    const TensorReadResult result = readTensorFile(path);
    QVERIFY(!result.ok);
    const QString error = QString::fromStdString(result.error);
    QVERIFY2(error.startsWith(QString::fromStdString(path) + QLatin1String(": ")), qPrintable(error));
    QVERIFY2(error.contains(problem), qPrintable(error));
}

void TestTensor::computesMetrics_data()
{
    QTest::addColumn<Tensor>("npu");
    QTest::addColumn<Tensor>("bench");
    QTest::addColumn<QStringList>("values"); // Cosine, MaxAbsErr, MaxRelativeErr, 1/1000 ratio, 5/1000 ratio
    QTest::addColumn<QString>("eucDist");
    QTest::addColumn<QString>("message");
    const auto f32 = [](std::vector<int64_t> shape, std::vector<double> v) {
        return makeTensor(DType::Float32, std::move(shape), v);
    };
    const std::vector<double> six { 0.5, -1.25, 2.0, 3.75, -4.5, 100.0 };
    const QString shapeMessage = QStringLiteral("Shape of NPU and bench tensor do not match. Skipped.");

    // expected values below were produced by msprobe 1.2.1's npy_compare code under numpy; EucDist by msprobe
    // 26.0.0's (np.linalg.norm, unrounded: 0.0009999999999998899 is not 0.001)
    QTest::newRow("6.5.4 identical tensors")
        << f32({ 2, 3 }, six) << f32({ 2, 3 }, six) << strings({ "1.0", "0.0", "0.0", "1.0", "1.0" }) << "0.0"
        << "";
    QTest::newRow("6.5.4 both all zero: cosine 1.0, zero bench + eps")
        << f32({ 4 }, { 0, 0, 0, 0 }) << f32({ 4 }, { 0, 0, 0, 0 }) << strings({ "1.0", "0.0", "0.0", "1.0", "1.0" })
        << "0.0"
        << "";
    QTest::newRow("6.5.4 NPU all zero")
        << f32({ 4 }, { 0, 0, 0, 0 }) << f32({ 4 }, { 1, 1, 1, 1 }) << strings({ "Nan", "1.0", "1.0", "0.0", "0.0" })
        << "2.0"
        << "Cannot compare by Cosine Similarity, All the data is Zero in npu dump data.";
    QTest::newRow("6.5.4 bench all zero: float32 (1 - eps) / eps")
        << f32({ 4 }, { 1, 1, 1, 1 }) << f32({ 4 }, { 0, 0, 0, 0 })
        << strings({ "Nan", "1.0", "4503599627370496.0", "0.0", "0.0" }) << "2.0"
        << "Cannot compare by Cosine Similarity, All the data is Zero in Bench dump data.";
    QTest::newRow("6.5.3 empty NPU tensor gives integer 0")
        << f32({ 0, 3 }, {}) << f32({ 0, 3 }, {}) << strings({ "0", "0", "0", "0", "0" }) << "0"
        << "This is empty data, can not compare.";
    QTest::newRow("6.5.3 0-d tensor: cosine and ratios unsupported")
        << f32({}, { 2.5 }) << f32({}, { 2.0 })
        << strings({ "unsupported", "0.5", "0.25", "unsupported", "unsupported" }) << "unsupported" << kZeroDim;
    QTest::newRow("6.5.3 0-d int8 arithmetic wraps like numpy")
        << makeTensor(DType::Int8, {}, { -128 }) << makeTensor(DType::Int8, {}, { 127 })
        << strings({ "unsupported", "1.0", "2.007874015748", "unsupported", "unsupported" }) << "unsupported"
        << kZeroDim;
    QTest::newRow("6.5.3 0-d nan skips the inf/nan check")
        << f32({}, { NAN }) << f32({}, { 1.0 })
        << strings({ "unsupported", "Nan", "Nan", "unsupported", "unsupported" }) << "unsupported"
        << kZeroDim + QStringLiteral("Cannot compare by MaxAbsError, the data contains nan/inf/-inf in dump data.")
            + QStringLiteral("Cannot compare by MaxRelativeError, the data contains nan/inf/-inf in dump data.");
    QTest::newRow("6.5.4 length 1: cosine unsupported")
        << f32({ 1 }, { 2.0 }) << f32({ 1 }, { 4.0 }) << strings({ "unsupported", "2.0", "0.5", "0.0", "0.0" }) << "2.0"
        << "This is a 1-d tensor of length 1.";
    QTest::newRow("6.5.3 shape mismatch")
        << f32({ 2, 3 }, six) << f32({ 3, 2 }, six) << QStringList(5, QStringLiteral("shape unmatched"))
        << "shape unmatched" << shapeMessage;
    QTest::newRow("6.5.3 inf/nan at equal positions are zeroed (inf sign ignored)")
        << f32({ 4 }, { 1, NAN, INFINITY, 3 }) << f32({ 4 }, { 1, NAN, -INFINITY, 3.003 })
        << strings({ "1.0", "0.003000020981", "0.000999007956", "1.0", "1.0" }) << "0.003000020980834961"
        << "";
    QTest::newRow("6.5.3 inf/nan at different positions")
        << f32({ 3 }, { 1, NAN, 2 }) << f32({ 3 }, { 1, 2, NAN }) << QStringList(5, QStringLiteral("N/A")) << "N/A"
        << "The position of inf or nan in NPU and bench Tensor do not match.";
    QTest::newRow("6.5.3 inf against nan at one position")
        << f32({ 3 }, { 1, INFINITY, 2 }) << f32({ 3 }, { 1, NAN, 2 }) << QStringList(5, QStringLiteral("N/A")) << "N/A"
        << "The position of inf or nan in NPU and bench Tensor do not match.";
    QTest::newRow("6.5.3 dtype mismatch is computed with a message")
        << f32({ 3 }, { 1.5, 2.5, -3.0 }) << makeTensor(DType::Float64, { 3 }, { 1.5, 2.5, -3.001 })
        << strings({ "1.0", "0.001", "0.000333222259", "1.0", "1.0" }) << "0.0009999999999998899"
        << "Dtype of NPU and bench tensor do not match.";
    QTest::newRow("2.4 bfloat16 is float32 after torch.load: no dtype message")
        << makeTensor(DType::BFloat16, { 2, 3 }, six) << f32({ 2, 3 }, six)
        << strings({ "1.0", "0.0", "0.0", "1.0", "1.0" }) << "0.0"
        << "";
    QTest::newRow("6.5.4 float16 relative error rounds per operation")
        << makeTensor(DType::Float16, { 4 }, { 3, 1, 2, 5 }) << makeTensor(DType::Float16, { 4 }, { 7, 1, 2, 5 })
        << strings({ "0.918807067063", "4.0", "0.5712890625", "0.75", "0.75" }) << "4.0"
        << "";
    QTest::newRow("6.5.4 float32 relative error")
        << f32({ 4 }, { 3, 1, 2, 5 }) << f32({ 4 }, { 7, 1, 2, 5 })
        << strings({ "0.918807067063", "4.0", "0.571428596973", "0.75", "0.75" }) << "4.0"
        << "";
    QTest::newRow("6.5.4 float64 relative error")
        << makeTensor(DType::Float64, { 4 }, { 3, 1, 2, 5 }) << makeTensor(DType::Float64, { 4 }, { 7, 1, 2, 5 })
        << strings({ "0.918807067063", "4.0", "0.571428571429", "0.75", "0.75" }) << "4.0"
        << "";
    QTest::newRow("6.5.4 float16 against float32 promotes to float32")
        << makeTensor(DType::Float16, { 4 }, { 3, 1, 2, 5 }) << f32({ 4 }, { 7, 1, 2, 5 })
        << strings({ "0.918807067063", "4.0", "0.571428596973", "0.75", "0.75" }) << "4.0"
        << "Dtype of NPU and bench tensor do not match.";
    QTest::newRow("6.5.4 float16 small differences")
        << makeTensor(DType::Float16, { 4 }, { 1.0, 2.0, 2.0, 4.0 })
        << makeTensor(DType::Float16, { 4 }, { 1.0009765625, 2.0, 2.001953125, 4.0 })
        << strings({ "1.0", "0.001953125", "0.000975608826", "1.0", "1.0" }) << "0.0021836601342771385"
        << "";
    QTest::newRow("6.5.4 float16 bench zero: eps underflows, 0/0 is nan")
        << makeTensor(DType::Float16, { 4 }, { 0, 1, 2, 3 }) << makeTensor(DType::Float16, { 4 }, { 0, 1, 2, 3.002 })
        << strings({ "1.0", "0.001953125", "Nan", "0.75", "0.75" }) << "0.001953125"
        << "Cannot compare by MaxRelativeError, the data contains nan/inf/-inf in dump data.";
    QTest::newRow("6.5.4 float16 bench zero: x/0 is inf")
        << makeTensor(DType::Float16, { 4 }, { 0.5, 1, 2, 3 }) << makeTensor(DType::Float16, { 4 }, { 0, 1, 2, 3 })
        << strings({ "0.991189255567", "0.5", "inf", "0.75", "0.75" }) << "0.5"
        << "";
    QTest::newRow("6.5.4 integer bench: both float64")
        << makeTensor(DType::Int64, { 4 }, { 0, 1, 2, 5 }) << makeTensor(DType::Int64, { 4 }, { 0, 1, 3, 5 })
        << strings({ "0.987541439757", "1.0", "0.333333333333", "0.75", "0.75" }) << "1.0"
        << "";
}

void TestTensor::computesMetrics()
{
    QFETCH(Tensor, npu);
    QFETCH(Tensor, bench);
    QFETCH(QStringList, values);
    QFETCH(QString, eucDist);
    QFETCH(QString, message);
    const RealMetrics metrics = compareTensors(npu, bench);
    for (int i = 0; i < 5; ++i)
        compareScalar(metrics.values[size_t(i)], values[i], kColumns[i]);
    compareScalar(metrics.eucDist, eucDist, "EucDist");
    QCOMPARE(QString::fromStdString(metrics.errMessage), message);
}

void TestTensor::reportsRowsWithoutTensors_data()
{
    QTest::addColumn<QString>("message");
    QTest::newRow("6.5.3 placeholder data_name -1") << "No bench data matched.";
    QTest::newRow("6.5.3 no bench file name") << "Bench does not have data file.";
    QTest::newRow("6.5.3 file missing or unreadable") << "Dump file: Functional.linear.0.forward.input.0.pt not found.";
}

void TestTensor::reportsRowsWithoutTensors()
{
    QFETCH(QString, message);
    const RealMetrics metrics = unsupportedMetrics(message.toStdString());
    for (int i = 0; i < 5; ++i)
        compareScalar(metrics.values[size_t(i)], QStringLiteral("unsupported"), kColumns[i]);
    compareScalar(metrics.eucDist, QStringLiteral("unsupported"), "EucDist");
    QCOMPARE(QString::fromStdString(metrics.errMessage), message);
}

void TestTensor::matchesMsprobeOnRealDumps_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QStringList>("values"); // as msprobe 1.2.1 logged them (fmt12; cosine > 0.9999 to 6 places)
    QTest::addColumn<QString>("eucDist"); // msprobe 26.0.0 .vis.db of the identical headdump files
    QTest::addColumn<QString>("message");
    QTest::newRow("real weight [64, 32]")
        << "Functional.linear.0.forward.input.1"
        << strings({ "0.99995", "0.003266915679", "8.040076255798", "0.07666015625", "0.32080078125" })
        << "0.04545603320147022"
        << "";
    QTest::newRow("real head output, cosine below 0.9999 keeps 12 places")
        << "Module.head.Linear.forward.0.output.0"
        << strings({ "0.999896845126", "0.008479893208", "0.264154881239", "0.0", "0.15" }) << "0.02235403657316411"
        << "";
    QTest::newRow("real relu gradient") << "Functional.relu.0.backward.output.0"
                                        << strings(
                                               { "0.999608953882", "0.007782005705", "1.0", "0.6015625", "0.859375" })
                                        << "0.0078075746890655644"
                                        << "";
    QTest::newRow("real small MaxAbsErr")
        << "Functional.linear.1.backward.output.1"
        << strings({ "0.999997", "6.7788991e-05", "0.22118845582", "0.2734375", "0.6484375" }) << "0.000314740980079132"
        << "";
    QTest::newRow("real residual add") << "Tensor.__add__.0.forward.output.0"
                                       << strings({ "0.999959", "0.027972340584", "1.0", "0.3359375", "0.5625" })
                                       << "0.08749822858106947"
                                       << "";
    QTest::newRow("real int64 labels") << "Functional.cross_entropy.0.forward.input.1"
                                       << strings({ "1.0", "0.0", "0.0", "1.0", "1.0" }) << "0.0"
                                       << "";
    QTest::newRow("real identical input")
        << "Functional.linear.0.forward.input.0" << strings({ "1.0", "0.0", "0.0", "1.0", "1.0" }) << "0.0"
        << "";
    QTest::newRow("real 0-d loss") << "Functional.cross_entropy.0.forward.output.0"
                                   << strings({ "unsupported", "0.004214048386", "0.001670519006", "unsupported",
                                          "unsupported" })
                                   << "unsupported" << kZeroDim;
}

void TestTensor::matchesMsprobeOnRealDumps()
{
    QFETCH(QString, name);
    QFETCH(QStringList, values);
    QFETCH(QString, eucDist);
    QFETCH(QString, message);
    const TensorReadResult npu = readPtFile(dataPath("real/npu/") + name.toStdString() + ".pt");
    const TensorReadResult bench = readPtFile(dataPath("real/bench/") + name.toStdString() + ".pt");
    QVERIFY2(npu.ok, npu.error.c_str());
    QVERIFY2(bench.ok, bench.error.c_str());
    const RealMetrics metrics = compareTensors(npu.tensor, bench.tensor);
    for (int i = 0; i < 5; ++i)
        compareScalar(metrics.values[size_t(i)], values[i], kColumns[i]);
    compareScalar(metrics.eucDist, eucDist, "EucDist"); // to the last digit: msprobe 26.0.0 does not round it
    QCOMPARE(QString::fromStdString(metrics.errMessage), message);
}

void TestTensor::comparingWithItselfIsPerfect_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("invariant: a real npu tensor against itself") << "real/npu/Functional.linear.0.forward.input.1.pt";
    QTest::newRow("invariant: strided float32 against itself") << "generated/view_strided.pt";
    QTest::newRow("invariant: float16 against itself") << "generated/dtype_float16.pt";
    QTest::newRow("invariant: bool against itself") << "generated/dtype_bool.pt";
}

void TestTensor::comparingWithItselfIsPerfect()
{
    QFETCH(QString, file);
    const TensorReadResult loaded = readTensorFile(dataPath("") + file.toStdString());
    QVERIFY2(loaded.ok, loaded.error.c_str());
    const RealMetrics metrics = compareTensors(loaded.tensor, loaded.tensor);
    const QStringList perfect = strings({ "1.0", "0.0", "0.0", "1.0", "1.0" });
    for (int i = 0; i < 5; ++i)
        compareScalar(metrics.values[size_t(i)], perfect[i], kColumns[i]);
    compareScalar(metrics.eucDist, QStringLiteral("0.0"), "EucDist");
    QCOMPARE(QString::fromStdString(metrics.errMessage), QString());
}

QTEST_GUILESS_MAIN(TestTensor)

#include "tst_tensor.moc"
