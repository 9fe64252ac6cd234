// Resource limits (core/util/limits.h): the settings syntax, PROBESCOPE_LIMITS, and each cap exceeded
// with a small value through the reader a user reaches, ending in an error that names the file and the limit.
#include "batch/engine.h"
#include "commands/graph_command.h"
#include "io/construct_stack.h"
#include "io/dump_data.h"
#include "io/file_io.h"
#include "tensor/tensor.h"
#include "test_dumps.h"
#include "util/error.h"
#include "util/limits.h"
#include "vis/vis_db_reader.h"
#include "vis/vis_reader.h"
#include "vis/vis_writer.h"

#include <QtTest>
#include <functional>
#include <stdexcept>

using namespace testdumps;

namespace {

std::string str(const QString& s)
{
    return s.toStdString();
}

QByteArray records(int count, const QByteArray& name = "x")
{
    QByteArray out = "{";
    for (int i = 0; i < count; ++i)
        out += QByteArray(i ? ", " : "") + "\"Tensor." + name + "." + QByteArray::number(i)
            + ".forward\": {\"output\": [" + tensor("[2]", "1.0") + "]}";
    return out + "}";
}

QByteArray constructOf(int count, const QByteArray& name = "x")
{
    QByteArray out = "{";
    for (int i = 0; i < count; ++i)
        out += QByteArray(i ? ", " : "") + "\"Tensor." + name + "." + QByteArray::number(i) + ".forward\": null";
    return out + "}";
}

// The message of the ps::Error that `fn` throws ("<no error>" when it returns).
QString errorOf(const std::function<void()>& fn)
{
    try {
        fn();
    } catch (const ps::Error& e) {
        return QString::fromStdString(e.what());
    }
    return QStringLiteral("<no error>");
}

ps::Limits with(const std::function<void(ps::Limits&)>& change)
{
    ps::Limits l;
    change(l);
    return l;
}

} // namespace

class TestLimits : public QObject {
    Q_OBJECT
private slots:
    void settingsSyntax()
    {
        ps::Limits l;
        ps::applyLimitSettings(l, " max_file_size=2K, max_json_depth=7,,max_nodes=3 ");
        QCOMPARE(l.maxFileBytes, uint64_t(2048));
        QCOMPARE(l.maxJsonDepth, uint64_t(7));
        QCOMPARE(l.maxNodes, uint64_t(3));
        ps::applyLimitSettings(l, "max_string_length=1m,max_tensor_elements=2G");
        QCOMPARE(l.maxStringBytes, uint64_t(1) << 20);
        QCOMPARE(l.maxTensorElements, uint64_t(2) << 30);
        ps::applyLimitSettings(l, "max_file_size=1T");
        QCOMPARE(l.maxFileBytes, uint64_t(1) << 40);
    }

    void badSettingsAreRefused_data()
    {
        QTest::addColumn<QString>("setting");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown name") << "max_bogus=1"
                                      << "unknown limit 'max_bogus' (known: max_file_size,";
        QTest::newRow("no value") << "max_nodes"
                                  << "expected NAME=VALUE";
        QTest::newRow("empty value") << "max_nodes="
                                     << "limit max_nodes: '' is not a positive number";
        QTest::newRow("zero") << "max_nodes=0"
                              << "is not a positive number";
        QTest::newRow("negative") << "max_nodes=-1"
                                  << "is not a positive number";
        QTest::newRow("bad suffix") << "max_file_size=3X"
                                    << "'3X' is not a positive number";
        QTest::newRow("text after suffix") << "max_file_size=3KB"
                                           << "is not a positive number";
        QTest::newRow("overflow") << "max_nodes=99999999999999999999"
                                  << "is not a positive number";
        QTest::newRow("overflow by suffix") << "max_file_size=99999999T"
                                            << "is not a positive number";
    }
    void badSettingsAreRefused()
    {
        QFETCH(QString, setting);
        QFETCH(QString, message);
        ps::Limits l;
        try {
            ps::applyLimitSettings(l, str(setting));
            QFAIL("accepted");
        } catch (const std::invalid_argument& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(message), e.what());
        }
    }

    void environmentVariable()
    {
        qputenv("PROBESCOPE_LIMITS", "max_nodes=5,max_json_depth=9");
        ps::Limits l = ps::limitsFromEnvironment();
        QCOMPARE(l.maxNodes, uint64_t(5));
        QCOMPARE(l.maxJsonDepth, uint64_t(9));
        QCOMPARE(l.maxFileBytes, ps::Limits {}.maxFileBytes);
        qputenv("PROBESCOPE_LIMITS", "max_nodes=lots");
        try {
            (void)ps::limitsFromEnvironment();
            QFAIL("accepted");
        } catch (const std::invalid_argument& e) {
            QVERIFY2(QString::fromStdString(e.what()).startsWith("PROBESCOPE_LIMITS: limit max_nodes"), e.what());
        }
        qunsetenv("PROBESCOPE_LIMITS");
    }

    // 10 GB dumps must pass the defaults: a file of 10 GB, tens of millions of records.
    void defaultsHandleTenGigabyteDumps()
    {
        ps::Limits d;
        QVERIFY(d.maxFileBytes >= (uint64_t(10) << 30));
        QVERIFY(d.maxNodes >= 50'000'000);
        QVERIFY(d.maxJsonDepth >= 100);
        QVERIFY(d.maxStringBytes >= (uint64_t(100) << 20));
        QVERIFY(d.maxTensorElements >= (uint64_t(1) << 31));
        QVERIFY(QString::fromStdString(ps::limitsHelp()).contains("max_nodes=100000000"));
    }

    void fileSize()
    {
        QTemporaryDir dir;
        writeDumpFolder(dir.path(), records(20), constructOf(20));
        QString dump = dir.filePath("dump.json");
        QString message;
        {
            ps::ScopedLimits scope(with([](ps::Limits& l) { l.maxFileBytes = 1000; }));
            message = errorOf([&] { (void)ps::readDumpJson(str(dump)); });
        }
        QVERIFY2(message.startsWith(dump + ": the file is "), qPrintable(message));
        QVERIFY2(message.contains(
                     "bytes (above the limit max_file_size=1000; change it with probescope-cli --resource_limit"),
            qPrintable(message));
        QCOMPARE(errorOf([&] { (void)ps::readDumpJson(str(dump)); }), QStringLiteral("<no error>"));
    }

    void fileSizeOfVisDbAndTensors()
    {
        QTemporaryDir dir;
        QString db = dir.filePath("g.vis.db");
        writeFile(db,
            QByteArray::fromStdString(ps::readMaybeGzipped(PROBESCOPE_TEST_DATA "/vis/mlp_compare_head.vis.db.gz")));
        QString npy = QStringLiteral(PROBESCOPE_TEST_DATA "/tensor/generated/npy_f4.npy");
        ps::ScopedLimits scope(with([](ps::Limits& l) { l.maxFileBytes = 64; }));
        QString message = errorOf([&] { (void)ps::readVisDb(str(db)); });
        QVERIFY2(
            message.startsWith(db + ": the file is ") && message.contains("max_file_size=64"), qPrintable(message));
        ps::TensorReadResult r = ps::readTensorFile(str(npy));
        QVERIFY(!r.ok);
        QVERIFY2(
            QString::fromStdString(r.error).startsWith(npy) && r.error.find("max_file_size=64") != std::string::npos,
            r.error.c_str());
    }

    void jsonDepth()
    {
        QTemporaryDir dir;
        QByteArray deep = "{\"Tensor.x.0.forward\": {\"output\": [[[[[[" + tensor("[2]", "1.0") + "]]]]]]}}";
        writeDumpFolder(dir.path(), deep, constructOf(1));
        QString dump = dir.filePath("dump.json");
        QCOMPARE(errorOf([&] { (void)ps::readDumpJson(str(dump)); }), QStringLiteral("<no error>"));
        ps::ScopedLimits scope(with([](ps::Limits& l) { l.maxJsonDepth = 6; }));
        QString message = errorOf([&] { (void)ps::readDumpJson(str(dump)); });
        QVERIFY2(message.startsWith(dump + ": invalid JSON at line 1, column "), qPrintable(message));
        QVERIFY2(
            message.contains("nesting deeper than 6 levels (above the limit max_json_depth=6;"), qPrintable(message));
    }

    void nodeCountOfDumpAndConstruct()
    {
        QTemporaryDir dir;
        writeDumpFolder(dir.path(), records(5), constructOf(5));
        ps::ScopedLimits scope(with([](ps::Limits& l) { l.maxNodes = 4; }));
        QString message = errorOf([&] { (void)ps::readDumpJson(str(dir.filePath("dump.json"))); });
        QVERIFY2(message.startsWith(dir.filePath("dump.json"))
                && message.contains("more than 4 records (above the "
                                    "limit max_nodes=4;"),
            qPrintable(message));
        ps::StringPool pool;
        message = errorOf([&] { (void)ps::readConstructJson(str(dir.filePath("construct.json")), pool); });
        QVERIFY2(message.startsWith(dir.filePath("construct.json")) && message.contains("more than 4 nodes"),
            qPrintable(message));
        // Through the graph command: exit with the error, no output left behind.
        writeFile(dir.filePath("compare.json"), "{\"npu_path\": \"" + dir.path().toUtf8() + "\"}");
        message = errorOf([&] {
            ps::RunContext quiet;
            (void)ps::runGraphCommand(ps::readCompareJson(str(dir.filePath("compare.json"))), str(dir.filePath("out")),
                {}, quiet, "20250101000000");
        });
        QVERIFY2(message.contains("max_nodes=4"), qPrintable(message));
        QVERIFY(QDir(dir.filePath("out")).entryList(QDir::Files | QDir::Hidden).isEmpty());
    }

    void nodeCountOfGraphFiles()
    {
        QTemporaryDir dir;
        writeDumpFolder(dir.filePath("npu"), records(5), constructOf(5));
        std::vector<std::string> warnings;
        auto c = ps::runPair(str(dir.filePath("npu")), "", {}, warnings);
        QString vis = dir.filePath("g.vis");
        ps::writeVisFile(*c, str(vis));
        QCOMPARE(errorOf([&] { (void)ps::readVisFile(str(vis)); }), QStringLiteral("<no error>"));
        ps::ScopedLimits scope(with([](ps::Limits& l) { l.maxNodes = 3; }));
        QString message = errorOf([&] { (void)ps::readVisFile(str(vis)); });
        QVERIFY2(message.startsWith(vis + ": a graph of more than 3 nodes (above the limit max_nodes=3;"),
            qPrintable(message));
        QString db = dir.filePath("g.vis.db");
        writeFile(db,
            QByteArray::fromStdString(ps::readMaybeGzipped(PROBESCOPE_TEST_DATA "/vis/mlp_compare_head.vis.db.gz")));
        message = errorOf([&] { (void)ps::readVisDb(str(db)); });
        QVERIFY2(message.startsWith(db) && message.contains("max_nodes=3"), qPrintable(message));
    }

    void stringLength()
    {
        QTemporaryDir dir;
        QByteArray longName = QByteArray(300, 'a');
        QByteArray escaped = QByteArray(150, 'b') + "\\n" + QByteArray(150, 'b'); // takes the unescaping path
        for (const QByteArray& name : { longName, escaped }) {
            writeDumpFolder(dir.path(), "{\"Tensor." + name + ".0.forward\": {}}", "{}");
            QString dump = dir.filePath("dump.json");
            QCOMPARE(errorOf([&] { (void)ps::readDumpJson(str(dump)); }), QStringLiteral("<no error>"));
            ps::ScopedLimits scope(with([](ps::Limits& l) { l.maxStringBytes = 200; }));
            QString message = errorOf([&] { (void)ps::readDumpJson(str(dump)); });
            QVERIFY2(message.startsWith(dump + ": invalid JSON at line 1"), qPrintable(message));
            QVERIFY2(message.contains("a string of " + QString::number(name.size() + 17 - (name == escaped ? 1 : 0))
                         + " bytes (above the limit max_string_length=200;"),
                qPrintable(message));
        }
    }

    void tensorElements_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow(".npy") << "npy_f4.npy";
        QTest::newRow(".npy Fortran order") << "npy_fortran.npy";
        QTest::newRow(".pt") << "dtype_float32.pt";
        QTest::newRow(".pt strided view") << "view_strided.pt";
    }
    void tensorElements()
    {
        QFETCH(QString, file);
        std::string path = PROBESCOPE_TEST_DATA "/tensor/generated/" + str(file);
        ps::TensorReadResult whole = ps::readTensorFile(path);
        QVERIFY2(whole.ok, whole.error.c_str());
        const int64_t numel = whole.tensor.numel();
        QVERIFY(numel > 1);
        {
            ps::ScopedLimits scope(with([&](ps::Limits& l) { l.maxTensorElements = uint64_t(numel); }));
            QVERIFY(ps::readTensorFile(path).ok); // the cap itself is allowed
        }
        ps::ScopedLimits scope(with([&](ps::Limits& l) { l.maxTensorElements = uint64_t(numel - 1); }));
        ps::TensorReadResult r = ps::readTensorFile(path);
        QVERIFY(!r.ok);
        QString message = QString::fromStdString(r.error);
        QVERIFY2(message.startsWith(QString::fromStdString(path) + ": "), qPrintable(message));
        QVERIFY2(message.contains(QString::number(numel)
                     + " elements (above the limit max_tensor_elements=" + QString::number(numel - 1) + ";"),
            qPrintable(message));
    }
};

QTEST_GUILESS_MAIN(TestLimits)
#include "tst_limits.moc"
