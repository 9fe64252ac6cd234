// msprobe 26.0.0's rules as `graph_visualize` applies them, on small hand-made dumps: hierarchy (parameters_grad
// nodes, backward re-parenting), matching without structural checks, precision_index as msprobe stores it, the
// 26.0.0 columns of the .vis.db; and three faults of blank and None metrics, fixed with both rules.
#include "batch/engine.h"
#include "commands/graph_command.h"
#include "test_dumps.h"
#include "vis/vis_db_sqlite.h"

#include <QtTest>

using namespace testdumps;

namespace {

const char* kStamp = "20260101000000";

// Runs the whole command and returns the one file it wrote.
QString run(const QString& npu, const QString& bench, const QString& out, ps::EngineOptions options)
{
    ps::CompareConfig config;
    config.npuPath = npu.toStdString();
    config.benchPath = bench.toStdString();
    ps::RunContext progress;
    ps::RunResult r = ps::runGraphCommand(config, out.toStdString(), options, progress, kStamp);
    if (r.outputFiles.size() != 1)
        qFatal("expected one output file");
    return QString::fromStdString(r.outputFiles.front());
}

ps::EngineOptions v26()
{
    ps::EngineOptions o;
    o.profile = ps::RulesProfile::Msprobe26;
    return o;
}

ps::EngineOptions v121Db()
{
    ps::EngineOptions o;
    o.outputFormat = ps::OutputFormat::Db;
    return o;
}

// One column of the NPU row of `node` ("<missing>" when there is no such row), as text; `type` gets typeof().
QString column(
    const QString& db, const QString& node, const char* col, QString* type = nullptr, const char* source = "NPU")
{
    ps::SqliteDb d(db.toStdString(), ps::SqliteDb::Mode::ReadOnly);
    std::string sql
        = std::string("SELECT ") + col + ", typeof(" + col + ") FROM tb_nodes WHERE node_name = ? AND data_source = ?";
    ps::SqliteStmt q(d, sql.c_str());
    q.bind(1, node.toStdString()).bind(2, std::string_view(source));
    if (!q.step())
        return QStringLiteral("<missing>");
    if (type)
        *type = QString::fromUtf8(q.text(1).data(), int(q.text(1).size()));
    return q.isNull(0) ? QStringLiteral("<NULL>") : QString::fromUtf8(q.text(0).data(), int(q.text(0).size()));
}

QByteArray tensorOf(const char* dtype, const char* shape, const char* norm = "2.0")
{
    return QByteArray("{\"type\": \"torch.Tensor\", \"dtype\": \"") + dtype + "\", \"shape\": " + shape
        + ", \"Max\": 1.0, \"Min\": -1.0, \"Mean\": 0.1, \"Norm\": " + norm + ", \"requires_grad\": false}";
}

QByteArray record(const QByteArray& input, const QByteArray& output)
{
    return "{\"input_args\": [" + input + "], \"output\": [" + output + "]}";
}

} // namespace

class TestMsprobe26 : public QObject {
    Q_OBJECT
private slots:
    // A module's parameter gradients become a module node under its last backward call; 1.2.1 shows none.
    void parametersGradUnderLastBackward()
    {
        QTemporaryDir dir;
        const QByteArray t = tensorOf("torch.float32", "[2]");
        const QByteArray dump = "{\"Module.fc.Linear.forward.0\": " + record(t, t)
            + ", \"Module.fc.Linear.backward.0\": " + record(t, t)
            + ", \"Module.fc.Linear.backward.1\": " + record(t, t)
            + ", \"Module.fc.Linear.parameters_grad\": {\"weight\": [" + t + "], \"bias\": [" + t + "]}}";
        const QByteArray construct = R"({"Module.fc.Linear.forward.0": null, "Module.fc.Linear.backward.0": null,
            "Module.fc.Linear.backward.1": null})";
        QString npu = writeDumpFolder(dir.filePath(QStringLiteral("npu")), dump, construct);
        QString db = run(npu, {}, dir.filePath(QStringLiteral("o26")), v26());
        QCOMPARE(column(db, QStringLiteral("Module.fc.Linear.parameters_grad"), "up_node"),
            QStringLiteral("Module.fc.Linear.backward.1"));
        QCOMPARE(column(db, QStringLiteral("Module.fc.Linear.parameters_grad"), "node_type"), QStringLiteral("0"));
        QVERIFY(column(db, QStringLiteral("Module.fc.Linear.parameters_grad"), "input_data")
                    .contains(QLatin1String("\"Module.fc.Linear.parameters_grad.weight\"")));
        QString old = run(npu, {}, dir.filePath(QStringLiteral("o121")), v121Db());
        QCOMPARE(
            column(old, QStringLiteral("Module.fc.Linear.parameters_grad"), "up_node"), QStringLiteral("<missing>"));
    }

    // Backward nodes without a parent take the backward twin of their forward's parent, API backwards too (26.0.0);
    // 1.2.1 repairs module backwards only.
    void apiBackwardTakesTheForwardParentsTwin()
    {
        QTemporaryDir dir;
        const QByteArray t = tensorOf("torch.float32", "[2]");
        const QByteArray dump = "{\"Functional.linear.0.forward\": " + record(t, t)
            + ", \"Functional.linear.0.backward\": " + record(t, t) + "}";
        const QByteArray construct = R"({"Functional.linear.0.forward": "Module.fc.Linear.forward.0",
            "Module.fc.Linear.forward.0": null, "Functional.linear.0.backward": null, "Module.fc.Linear.backward.0": null})";
        QString npu = writeDumpFolder(dir.filePath(QStringLiteral("npu")), dump, construct);
        QCOMPARE(column(run(npu, {}, dir.filePath(QStringLiteral("o26")), v26()),
                     QStringLiteral("Functional.linear.0.backward"), "up_node"),
            QStringLiteral("Module.fc.Linear.backward.0"));
        QCOMPARE(column(run(npu, {}, dir.filePath(QStringLiteral("o121")), v121Db()),
                     QStringLiteral("Functional.linear.0.backward"), "up_node"),
            QStringLiteral("DefaultModel"));
    }

    // An inplace layer fires no backward hook, so a child's backward points at it; 26.0.0 moves the child under
    // the backward twin of its forward's parent.
    void inplaceLayerBackwardIsRepaired()
    {
        QTemporaryDir dir;
        const QByteArray construct = R"({"Module.l.1.BasicBlock.forward.0": null,
            "Module.l.1.conv2.Conv2d.forward.0": "Module.l.1.BasicBlock.forward.0",
            "Module.l.1.relu.ReLU.forward.1": "Module.l.1.BasicBlock.forward.0",
            "Module.l.1.relu.ReLU.backward.1": null,
            "Module.l.1.conv2.Conv2d.backward.0": "Module.l.1.relu.ReLU.backward.1",
            "Module.l.1.BasicBlock.backward.0": null})";
        QString npu = writeDumpFolder(dir.filePath(QStringLiteral("npu")), "{}", construct);
        QCOMPARE(column(run(npu, {}, dir.filePath(QStringLiteral("o26")), v26()),
                     QStringLiteral("Module.l.1.conv2.Conv2d.backward.0"), "up_node"),
            QStringLiteral("Module.l.1.BasicBlock.backward.0"));
        QCOMPARE(column(run(npu, {}, dir.filePath(QStringLiteral("o121")), v121Db()),
                     QStringLiteral("Module.l.1.conv2.Conv2d.backward.0"), "up_node"),
            QStringLiteral("Module.l.1.relu.ReLU.backward.1"));
    }

    // Same names, different shapes: 26.0.0 matches and rates the shape as an error; 1.2.1 leaves both unmatched.
    // precision_index is stored as msprobe's Python int or float: 1 INTEGER, 0.5 REAL.
    void matchWithoutStructureAndStorePrecisionAsMsprobe()
    {
        QTemporaryDir dir;
        const QByteArray npuDump = "{\"Functional.linear.0.forward\": "
            + record(tensorOf("torch.float32", "[2]"), tensorOf("torch.float32", "[4]")) + "}";
        const QByteArray benchDump = "{\"Functional.linear.0.forward\": "
            + record(tensorOf("torch.float32", "[2]"), tensorOf("torch.float32", "[3]")) + "}";
        const QByteArray construct = R"({"Functional.linear.0.forward": "Module.fc.Linear.forward.0",
            "Module.fc.Linear.forward.0": null})";
        QString npu = writeDumpFolder(dir.filePath(QStringLiteral("npu")), npuDump, construct);
        QString bench = writeDumpFolder(dir.filePath(QStringLiteral("bench")), benchDump, construct);
        QString db = run(npu, bench, dir.filePath(QStringLiteral("o26")), v26());
        QString type;
        QCOMPARE(
            column(db, QStringLiteral("Functional.linear.0.forward"), "precision_index", &type), QStringLiteral("1"));
        QCOMPARE(type, QStringLiteral("integer"));
        QString output = column(db, QStringLiteral("Functional.linear.0.forward"), "output_data");
        QVERIFY2(output.contains(QLatin1String("\"Result\": \"error\""))
                && output.contains(QLatin1String("The shape of NPU and Bench are inconsistent.")),
            qPrintable(output));
        // the module has no data of its own: matched, but no precision_index
        QCOMPARE(column(db, QStringLiteral("Module.fc.Linear.forward.0"), "precision_index"), QStringLiteral("<NULL>"));
        QString old = run(npu, bench, dir.filePath(QStringLiteral("o121")), v121Db());
        QCOMPARE(column(old, QStringLiteral("Functional.linear.0.forward"), "matched_node_link"), QStringLiteral("[]"));

        // A warning is the float 0.5: equal inputs, the output's norm 20 % off (more than 10 %, less than 50 %).
        QTemporaryDir warn;
        const QByteArray n2 = "{\"Functional.linear.0.forward\": "
            + record(tensorOf("torch.float32", "[2]"), tensorOf("torch.float32", "[2]", "2.4")) + "}";
        const QByteArray b2 = "{\"Functional.linear.0.forward\": "
            + record(tensorOf("torch.float32", "[2]"), tensorOf("torch.float32", "[2]", "2.0")) + "}";
        QString db2 = run(writeDumpFolder(warn.filePath(QStringLiteral("npu")), n2, construct),
            writeDumpFolder(warn.filePath(QStringLiteral("bench")), b2, construct), warn.filePath(QStringLiteral("o")),
            v26());
        QCOMPARE(column(db2, QStringLiteral("Functional.linear.0.forward"), "precision_index", &type),
            QStringLiteral("0.5"));
        QCOMPARE(type, QStringLiteral("real"));
    }

    // `empty` and its kin carry no meaningful data: precision 0 whatever the rows say (md5 mode: msprobe's 1);
    // an Apis_Between_Modules group takes its members' highest precision.
    void exemptApisAndApiGroups()
    {
        QTemporaryDir dir;
        const QByteArray npuDump = "{\"Torch.empty.0.forward\": "
            + record(tensorOf("torch.float32", "[2]"), tensorOf("torch.bfloat16", "[2]"))
            + ", \"Torch.add.0.forward\": "
            + record(tensorOf("torch.float32", "[2]"), tensorOf("torch.bfloat16", "[2]")) + "}";
        const QByteArray benchDump = "{\"Torch.empty.0.forward\": "
            + record(tensorOf("torch.float32", "[2]"), tensorOf("torch.float32", "[2]")) + ", \"Torch.add.0.forward\": "
            + record(tensorOf("torch.float32", "[2]"), tensorOf("torch.float32", "[2]")) + "}";
        const QByteArray construct = R"({"Torch.empty.0.forward": null, "Torch.add.0.forward": null})";
        QString npu = writeDumpFolder(dir.filePath(QStringLiteral("npu")), npuDump, construct);
        QString bench = writeDumpFolder(dir.filePath(QStringLiteral("bench")), benchDump, construct);
        QString db = run(npu, bench, dir.filePath(QStringLiteral("o")), v26());
        QCOMPARE(column(db, QStringLiteral("Torch.empty.0.forward"), "precision_index"), QStringLiteral("0"));
        QCOMPARE(column(db, QStringLiteral("Torch.add.0.forward"), "precision_index"), QStringLiteral("1"));
        QCOMPARE(column(db, QStringLiteral("Apis_Between_Modules.0"), "precision_index"), QStringLiteral("1"));
    }

    // The 26.0.0 columns: is_distributed (and its index7), node_colors with accuracy_level.
    void distributedColumnAndVerdictLegend()
    {
        QTemporaryDir dir;
        const QByteArray t = tensorOf("torch.float32", "[2]");
        const QByteArray dump = "{\"Distributed.all_reduce.0.forward\": " + record(t, t)
            + ", \"Torch.add.0.forward\": " + record(t, t) + "}";
        const QByteArray construct = R"({"Distributed.all_reduce.0.forward": null, "Torch.add.0.forward": null})";
        QString npu = writeDumpFolder(dir.filePath(QStringLiteral("npu")), dump, construct);
        QString bench = writeDumpFolder(dir.filePath(QStringLiteral("bench")), dump, construct);
        QString db = run(npu, bench, dir.filePath(QStringLiteral("o")), v26());
        QCOMPARE(column(db, QStringLiteral("Distributed.all_reduce.0.forward"), "is_distributed"), QStringLiteral("1"));
        QCOMPARE(column(db, QStringLiteral("Torch.add.0.forward"), "is_distributed"), QStringLiteral("0"));
        ps::SqliteDb d(db.toStdString(), ps::SqliteDb::Mode::ReadOnly);
        ps::SqliteStmt index(d, "SELECT sql FROM sqlite_master WHERE name = 'index7'");
        QVERIFY(index.step());
        QCOMPARE(QString::fromUtf8(index.text(0).data(), int(index.text(0).size())),
            QStringLiteral("CREATE INDEX index7 ON tb_nodes (is_distributed)"));
        ps::SqliteStmt colors(d, "SELECT node_colors FROM tb_config");
        QVERIFY(colors.step());
        QString legend = QString::fromUtf8(colors.text(0).data(), int(colors.text(0).size()));
        QVERIFY2(legend.startsWith(QLatin1String("{\"#FFFCF3\": {\"value\": [0, 0.3], \"description\": "))
                && legend.contains(QLatin1String("\"accuracy_level\": \"pass\"}"))
                && legend.contains(QLatin1String("\"#FF704D\": {\"value\": [0.6, 1]"))
                && legend.endsWith(QLatin1String("\"accuracy_level\": \"unmatched node\"}}")),
            qPrintable(legend));
    }

    // Activation recompute: a module run again during backward appears as a second top-level forward/backward
    // pair whose stack passes through torch.utils.checkpoint; 26.0.0 moves both under the backward of the
    // first call's parent. Without that stack nothing moves.
    void recomputeCallsMoveUnderTheBackward_data()
    {
        QTest::addColumn<QByteArray>("stackFunction");
        QTest::addColumn<QString>("parent");
        QTest::newRow("checkpoint's recompute_fn")
            << QByteArray("recompute_fn") << QStringLiteral("Module.model.Model.backward.0");
        QTest::newRow("an ordinary call stays") << QByteArray("forward") << QStringLiteral("DefaultModel");
    }
    void recomputeCallsMoveUnderTheBackward()
    {
        QFETCH(QByteArray, stackFunction);
        QFETCH(QString, parent);
        QTemporaryDir dir;
        const QByteArray construct = R"({"Module.model.Model.forward.0": null,
            "Module.layers.0.Layer.forward.0": "Module.model.Model.forward.0",
            "Module.layers.0.Layer.forward.1": null, "Module.layers.0.Layer.backward.1": null,
            "Module.model.Model.backward.0": null})";
        const QByteArray stack = "{\"Module.layers.0.Layer.forward.1\": [\"File /usr/lib/python3/dist-packages/torch/"
                                 "utils/checkpoint.py, line 1, in "
            + stackFunction + ", \\n x = f(y)\"]}";
        QString npu = writeDumpFolder(dir.filePath(QStringLiteral("npu")), "{}", construct, stack);
        QString db = run(npu, {}, dir.filePath(QStringLiteral("o")), v26());
        QCOMPARE(column(db, QStringLiteral("Module.layers.0.Layer.forward.1"), "up_node"), parent);
        QCOMPARE(column(db, QStringLiteral("Module.layers.0.Layer.backward.1"), "up_node"), parent);
        QCOMPARE(column(db, QStringLiteral("Module.layers.0.Layer.forward.0"), "up_node"),
            QStringLiteral("Module.model.Model.forward.0"));
    }

    // Megatron dumps that number their micro steps: every node keeps the number construct.json gives it.
    void megatronMicroStepsComeFromConstruct()
    {
        QTemporaryDir dir;
        const QByteArray construct = R"({"megatron_micro_step_number": 1, "Module.m.M.forward.0": [null, 0],
            "Module.m.M.forward.1": [null, 1], "Torch.add.0.forward": ["Module.m.M.forward.1", 1],
            "Torch.mul.0.forward": [null, 1], "Torch.mul.1.forward": [null, 0]})";
        QString npu = writeDumpFolder(dir.filePath(QStringLiteral("npu")), "{}", construct);
        QString db = run(npu, {}, dir.filePath(QStringLiteral("o")), v26());
        QCOMPARE(column(db, QStringLiteral("Torch.add.0.forward"), "micro_step_id"), QStringLiteral("1"));
        QCOMPARE(column(db, QStringLiteral("Module.m.M.forward.0"), "micro_step_id"), QStringLiteral("0"));
        QCOMPARE(column(db, QStringLiteral("Apis_Between_Modules.0"), "micro_step_id"), QStringLiteral("1"));
        QCOMPARE(column(db, QStringLiteral("Torch.mul.1.forward"), "micro_step_id"), QStringLiteral("0"));
        ps::SqliteDb d(db.toStdString(), ps::SqliteDb::Mode::ReadOnly);
        ps::SqliteStmt steps(d, "SELECT micro_steps FROM tb_config");
        QVERIFY(steps.step());
        QCOMPARE(steps.integer(0), int64_t(2));
    }

    // Issue 15 item 6 (a): with fuzzy matching an NPU item beyond the bench side's items gets " " for its metrics,
    // as msprobe writes them (1.2.1 .vis and both databases), not "null".
    void faultBlankMetricsStayBlank_data()
    {
        QTest::addColumn<bool>("rules26");
        QTest::addColumn<QString>("format");
        QTest::newRow("26.0.0 .vis.db") << true << QStringLiteral("db");
        QTest::newRow("1.2.1 .vis.db") << false << QStringLiteral("db");
        QTest::newRow("1.2.1 .vis") << false << QStringLiteral("vis");
    }
    void faultBlankMetricsStayBlank()
    {
        QFETCH(bool, rules26);
        QFETCH(QString, format);
        QTemporaryDir dir;
        const QByteArray t = tensorOf("torch.float32", "[2]");
        const QByteArray construct = R"({"Module.fc.Linear.forward.0": null})";
        QString npu = writeDumpFolder(dir.filePath(QStringLiteral("npu")),
            "{\"Module.fc.Linear.forward.0\": {\"input_args\": [" + t + ", " + t + "], \"output\": [" + t + "]}}",
            construct);
        QString bench = writeDumpFolder(dir.filePath(QStringLiteral("bench")),
            "{\"Module.fc.Linear.forward.0\": {\"input_args\": [" + t + "], \"output\": [" + t + "]}}", construct);
        ps::EngineOptions options = rules26 ? v26() : v121Db();
        options.outputFormat = format == QLatin1String("db") ? ps::OutputFormat::Db : ps::OutputFormat::Vis;
        options.fuzzy = true;
        QString file = run(npu, bench, dir.filePath(QStringLiteral("o")), options);
        QString text;
        if (format == QLatin1String("db")) {
            text = column(file, QStringLiteral("Module.fc.Linear.forward.0"), "input_data");
        } else {
            QFile f(file);
            QVERIFY(f.open(QIODevice::ReadOnly));
            text = QString::fromUtf8(f.readAll());
        }
        QVERIFY2(text.contains(QLatin1String("\"Max diff\": \" \"")), qPrintable(text.left(3000)));
        QVERIFY2(!text.contains(QLatin1String("\"Max diff\": \"null\"")), qPrintable(text.left(3000)));
    }

    // (b) a truncated construct.json leaves nodes the root never reaches (a parent named only as a value): the
    // databases hold only the nodes reachable from the root, as msprobe's do.
    void faultUnreachableNodesAreNotWritten_data()
    {
        QTest::addColumn<bool>("rules26");
        QTest::newRow("26.0.0") << true;
        QTest::newRow("1.2.1") << false;
    }
    void faultUnreachableNodesAreNotWritten()
    {
        QFETCH(bool, rules26);
        QTemporaryDir dir;
        const QByteArray construct = R"({"Torch.add.0.forward": null,
            "Functional.linear.0.forward": "Module.fc.Linear.forward.0"})";
        QString npu = writeDumpFolder(dir.filePath(QStringLiteral("npu")), "{}", construct);
        QString db = run(npu, {}, dir.filePath(QStringLiteral("o")), rules26 ? v26() : v121Db());
        QCOMPARE(column(db, QStringLiteral("Torch.add.0.forward"), "up_node"), QStringLiteral("DefaultModel"));
        QCOMPARE(column(db, QStringLiteral("Module.fc.Linear.forward.0"), "up_node"), QStringLiteral("<missing>"));
        QCOMPARE(column(db, QStringLiteral("Functional.linear.0.forward"), "up_node"), QStringLiteral("<missing>"));
        QCOMPARE(column(db, QStringLiteral("DefaultModel"), "up_node"), QStringLiteral(""));
    }

    // (c) dump.json without dump_data_dir: '' in the database (msprobe's dict.get default); null stays NULL.
    void faultMissingDumpDataDirIsEmptyText_data()
    {
        QTest::addColumn<bool>("rules26");
        QTest::newRow("26.0.0") << true;
        QTest::newRow("1.2.1") << false;
    }
    void faultMissingDumpDataDirIsEmptyText()
    {
        QFETCH(bool, rules26);
        QTemporaryDir dir;
        const QByteArray construct = R"({"Torch.add.0.forward": null})";
        QString withNull = writeDumpFolder(dir.filePath(QStringLiteral("null")), "{}", construct);
        QString missing = dir.filePath(QStringLiteral("missing"));
        writeDumpFolder(missing, "{}", construct);
        writeFile(missing + QStringLiteral("/dump.json"), R"({"task": "statistics", "level": "mix", "data": {}})");
        QString type;
        QCOMPARE(column(run(missing, {}, dir.filePath(QStringLiteral("o1")), rules26 ? v26() : v121Db()),
                     QStringLiteral("Torch.add.0.forward"), "dump_data_dir", &type),
            QStringLiteral(""));
        QCOMPARE(type, QStringLiteral("text"));
        QCOMPARE(column(run(withNull, {}, dir.filePath(QStringLiteral("o2")), rules26 ? v26() : v121Db()),
                     QStringLiteral("Torch.add.0.forward"), "dump_data_dir"),
            QStringLiteral("<NULL>"));
    }
};

QTEST_GUILESS_MAIN(TestMsprobe26)
#include "tst_msprobe26.moc"
