#pragma once
// The bad-input catalogues' harness: every case goes through a
// real entry point (the `graph` command, or the reader the GUI uses) and must end in a ps::Error naming the file
// and the problem, or where msprobe only warns, in a warning and a sensible result. Never a crash or hang, never
// an output file left behind after an error, and never a changed input file (hashed before and after).
#include "batch/engine.h"
#include "commands/graph_command.h"
#include "tensor/tensor.h"
#include "test_dumps.h"
#include "util/error.h"
#include "vis/vis_document.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QtTest>
#include <functional>
#include <sys/stat.h>
#include <unistd.h>

namespace badinputs {

using namespace testdumps;

// One case's working folder: inputs under in/, outputs under out/.
struct Ctx {
    QString in;
    QString out;
    ps::EngineOptions options;
    std::string layerMappingFile; // -lm FILE of the commands (runCommand, graphVisualize)
    std::vector<std::string> warnings;
    QString npu() const { return in + QStringLiteral("/npu"); }
    QString bench() const { return in + QStringLiteral("/bench"); }
};

struct Case {
    const char* name;
    const char* file; // a fragment of the path the message must name ("" when no file is concerned)
    const char* expect; // "error:<fragment>" or "ok:<fragment of the warnings and output>"
    std::function<void(Ctx&)> setup;
    std::function<QString(Ctx&)> run; // empty: the whole graph command on in/compare.json
};

inline std::string str(const QString& s)
{
    return s.toStdString();
}

inline QByteArray rec(const QByteArray& shape = "[2]", const QByteArray& max = "1.0", const QByteArray& extra = "")
{
    return "{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": " + shape + ", \"Max\": " + max
        + ", \"Min\": -1.0, \"Mean\": 0.1, \"Norm\": 2.0, \"requires_grad\": false" + extra + "}";
}

const QByteArray kDumpData = "{\"Tensor.x.0.forward\": {\"input_args\": [" + rec() + "], \"output\": [" + rec() + "]}}";
const QByteArray kDumpFile = "{\"task\": \"statistics\", \"level\": \"mix\", \"framework\": \"pytorch\", "
                             "\"dump_data_dir\": null, \"data\": "
    + kDumpData + "}";
const QByteArray kConstruct = R"({"Tensor.x.0.forward": null})";

inline void goodRun(const QString& dir)
{
    writeDumpFolder(dir, kDumpData, kConstruct);
}
inline void goodPair(Ctx& c)
{
    goodRun(c.npu());
    goodRun(c.bench());
}
// A good pair with one file replaced on the NPU side.
inline std::function<void(Ctx&)> npuFile(const char* name, QByteArray text)
{
    return [name, text](Ctx& c) {
        goodPair(c);
        writeFile(c.npu() + QLatin1Char('/') + QLatin1String(name), text);
    };
}
inline std::function<void(Ctx&)> npuDump(const QByteArray& data)
{
    return npuFile("dump.json", data);
}
inline std::function<void(Ctx&)> npuRecords(const QByteArray& records)
{
    return npuDump(
        "{\"task\": \"statistics\", \"level\": \"mix\", \"framework\": \"pytorch\", \"data\": " + records + "}");
}

inline QByteArray nested(int depth, const QByteArray& open, const QByteArray& close, const QByteArray& core = "1")
{
    return open.repeated(depth) + core + close.repeated(depth);
}

// compare.json for the graph command, unless the case wrote its own.
inline void writeCompareJson(Ctx& c)
{
    QString compare = c.in + QStringLiteral("/compare.json");
    if (!QFileInfo::exists(compare)) {
        QByteArray json = "{\"npu_path\": \"" + c.npu().toUtf8() + "\"";
        if (QFileInfo::exists(c.bench()))
            json += ", \"bench_path\": \"" + c.bench().toUtf8() + "\"";
        writeFile(compare, json + ", \"is_print_compare_log\": false}");
    }
}

inline QString runCommand(Ctx& c)
{
    QString compare = c.in + QStringLiteral("/compare.json");
    ps::SourceInputs inputs;
    inputs.compareJson = str(compare);
    inputs.layerMappingFile = c.layerMappingFile;
    ps::RunContext run;
    ps::RunResult r
        = ps::runGraphCommand(ps::Source::open(std::move(inputs), c.options), str(c.out), run, "20250101000000");
    QString text;
    for (const std::string& w : r.warnings)
        text += QString::fromStdString(w) + QLatin1Char('\n');
    for (const std::string& f : r.outputFiles) {
        QFile file(QString::fromStdString(f));
        if (file.open(QIODevice::ReadOnly))
            text += QString::fromUtf8(file.read(1 << 20));
    }
    return text;
}

inline QString tensorSummary(const ps::TensorReadResult& r)
{
    if (!r.ok)
        throw ps::Error(ps::ErrorCode::BadContent, "", r.error);
    return QStringLiteral("tensor %1").arg(r.tensor.numel());
}

inline QString testData(const char* rel)
{
    return QStringLiteral(PROBESCOPE_TEST_DATA "/") + QLatin1String(rel);
}

// What a tree view relies on: parent chains end, and walking children from the root meets each node once,
// under the parent its own parent link names.
inline QString treeCheck(const ps::VisDocument& d)
{
    for (const auto& g : d.comparison->graphs) {
        if (!g)
            continue;
        for (ps::NodeId n = 0; n < g->size(); ++n) {
            size_t steps = 0;
            for (ps::NodeId p = n; p != ps::kNoNode; p = g->parent[p])
                if (++steps > g->size())
                    return QStringLiteral("parent cycle at %1").arg(QString::fromUtf8(g->nameOf(n)));
        }
        std::vector<bool> seen(g->size());
        std::vector<ps::NodeId> todo { g->root };
        while (!todo.empty()) {
            ps::NodeId n = todo.back();
            todo.pop_back();
            if (seen[n])
                return QStringLiteral("%1 reached twice").arg(QString::fromUtf8(g->nameOf(n)));
            seen[n] = true;
            for (ps::NodeId c : g->children(n)) {
                if (g->parent[c] != n)
                    return QStringLiteral("%1 listed under a node that is not its parent")
                        .arg(QString::fromUtf8(g->nameOf(c)));
                todo.push_back(c);
            }
        }
    }
    return QStringLiteral("tree");
}

inline bool isRoot()
{
    return ::geteuid() == 0;
}

// Tensor-mode pair whose NPU data_name is `name`; a valid tensor sits where a path escape would land.
inline std::function<void(Ctx&)> tensorPairWithDataName(const QByteArray& name)
{
    return [name](Ctx& c) {
        QByteArray ok = "x.pt";
        for (const QString& side : { c.npu(), c.bench() }) {
            QByteArray dn = side == c.npu() ? name : ok;
            QByteArray data = "{\"Tensor.x.0.forward\": {\"input_args\": ["
                + rec("[2, 2]", "1.0", ", \"data_name\": \"" + dn + "\"") + "], \"output\": []}}";
            writeDumpFolder(side, data, kConstruct, "{}", "tensor");
            QDir().mkpath(side + QStringLiteral("/dump_tensor_data"));
            QFile::copy(testData("tensor/generated/dtype_float32.pt"), side + QStringLiteral("/dump_tensor_data/x.pt"));
        }
        QFile::copy(testData("tensor/generated/dtype_float32.pt"), c.in + QStringLiteral("/secret.pt"));
    };
}

inline QMap<QString, QByteArray> hashTree(const QString& dir)
{
    QMap<QString, QByteArray> out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QString path = it.next();
        QFileInfo info(path);
        if (info.isSymLink() || !info.isFile()) {
            out[path] = "link or special";
            continue;
        }
        QFile f(path);
        if (f.open(QIODevice::ReadOnly))
            out[path] = QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
        else
            out[path] = "unreadable";
    }
    return out;
}

inline QStringList filesUnder(const QString& dir)
{
    QStringList out;
    if (!QFileInfo(dir).isDir())
        return out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext())
        out << it.next();
    return out;
}

// Runs one case: `expected` is "error:<fragment>", "ok:<fragment of the warnings and output>" or "any".
inline void runCase(const Case& c, const QString& expected)
{
    QTemporaryDir tmp;
    Ctx ctx { tmp.filePath(QStringLiteral("in")), tmp.filePath(QStringLiteral("out")), {}, {}, {} };
    QDir().mkpath(ctx.in);
    if (c.setup)
        c.setup(ctx);
    if (!c.run)
        writeCompareJson(ctx);
    auto before = hashTree(ctx.in);

    QString outcome;
    bool threw = false;
    try {
        outcome = c.run ? c.run(ctx) : runCommand(ctx);
    } catch (const ps::Error& e) {
        threw = true;
        outcome = QString::fromUtf8(e.what());
    }
    // Anything but ps::Error (or a crash) escapes and fails the test run; a hang ends in ctest's TIMEOUT.
    auto after = hashTree(ctx.in);
    for (auto it = before.cbegin(); it != before.cend(); ++it)
        QVERIFY2(after.value(it.key()) == it.value(), qPrintable(QStringLiteral("input changed: ") + it.key()));
    QCOMPARE(after.size(), before.size());
    if (expected.startsWith(QLatin1String("error:"))) {
        QVERIFY2(threw, qPrintable(QStringLiteral("no error; result: ") + outcome.left(300)));
        QVERIFY2(outcome.contains(expected.mid(6)), qPrintable(outcome.left(500)));
        QVERIFY2(outcome.contains(QString::fromUtf8(c.file)), qPrintable(outcome.left(500)));
        QVERIFY2(!outcome.contains(QLatin1Char('\n')), qPrintable(outcome.left(500))); // one line for the CLI
        QVERIFY2(filesUnder(ctx.out).isEmpty(), qPrintable(filesUnder(ctx.out).join(QLatin1Char(' '))));
    } else if (expected.startsWith(QLatin1String("ok:"))) {
        QVERIFY2(!threw, qPrintable(outcome.left(500)));
        QVERIFY2(outcome.contains(expected.mid(3)), qPrintable(outcome.left(500)));
        // No temporary files next to the results (.vis, .vis.db, or the merged dump's .json files).
        for (const QString& f : filesUnder(ctx.out))
            QVERIFY2(f.endsWith(QLatin1String(".vis")) || f.endsWith(QLatin1String(".vis.db"))
                    || f.endsWith(QLatin1String(".json")),
                qPrintable(f));
    } else {
        // Either outcome is acceptable; only crash, hang and damage are not.
        if (threw)
            QVERIFY2(outcome.contains(QString::fromUtf8(c.file)), qPrintable(outcome.left(500)));
    }
    // Put permissions back so that QTemporaryDir can clean up.
    QDirIterator it(
        ctx.in, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext())
        ::chmod(qPrintable(it.next()), 0700);
}

// The catalogue slots of each test class: one row per case, named by it.
inline void addCatalogueRows(const std::vector<Case>& all)
{
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("expected");
    for (size_t i = 0; i < all.size(); ++i)
        QTest::newRow(all[i].name) << int(i) << QString::fromUtf8(all[i].expect);
}

inline void runCatalogueRow(const std::vector<Case>& all)
{
    QFETCH(int, index);
    QFETCH(QString, expected);
    runCase(all.at(size_t(index)), expected);
}

} // namespace badinputs
