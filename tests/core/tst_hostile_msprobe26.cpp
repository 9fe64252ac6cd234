// The hostile input classes on the code paths of msprobe 26.0.0's `graph_visualize`: the 26.0.0
// hierarchy (recompute moves, megatron micro steps), the folder layouts graph_visualize reads, the parallel merge
// (groups taken from the dump, TP matmul/all_reduce pairing, Megatron column-to-row runs, VPP chunks, merged stacks
// and depth, --file_type json), -lm and its 26.0.0 warning, and the 26.0.0 .vis.db reader. Inputs of 10^4-10^5
// entries are generated here; the code before this change needed minutes to hours for them (quadratic steps), so a
// regression ends in ctest's TIMEOUT, never in a wall-clock assertion.
#include "bad_inputs.h"

#include "analysis/graph_report.h"
#include "analysis/report_format.h"
#include "batch/merge_run.h"
#include "commands/graph_command.h"
#include "merge/param_merge.h"
#include "merge/reduce_index.h"
#include "util/limits.h"
#include "vis/vis_db_reader.h"
#include "vis/vis_db_sqlite.h"

#include <random>

using namespace badinputs;

namespace {

QByteArray number(qint64 n)
{
    return QByteArray::number(n);
}

// A tensor record of `dtype` with the given Max (the other statistics fixed).
QByteArray tensorOf(const QByteArray& max, const QByteArray& dtype = "torch.float32")
{
    return "{\"type\": \"torch.Tensor\", \"dtype\": \"" + dtype + "\", \"shape\": [2], \"Max\": " + max
        + ", \"Min\": -1.0, \"Mean\": 0.1, \"Norm\": 2.0, \"requires_grad\": false}";
}

// One rank's files, built entry by entry.
struct RankFiles {
    QByteArray data, construct, stack = "{}";
    void node(const QByteArray& name, const QByteArray& parent, const QByteArray& inputs = "",
        const QByteArray& outputs = "", const QByteArray& kwargs = "")
    {
        construct += (construct.isEmpty() ? "" : ", ") + ("\"" + name + "\": ")
            + (parent.isEmpty() ? QByteArray("null") : "\"" + parent + "\"");
        if (inputs.isEmpty() && outputs.isEmpty())
            return;
        data += (data.isEmpty() ? "\"" : ", \"") + name + "\": {\"input_args\": [" + inputs + "], \"input_kwargs\": {"
            + kwargs + "}, \"output\": [" + outputs + "]}";
    }
    void write(const QString& dir) const { writeDumpFolder(dir, "{" + data + "}", "{" + construct + "}", stack); }
};

ps::EngineOptions options26()
{
    ps::EngineOptions o;
    o.profile = ps::RulesProfile::Msprobe26;
    o.outputFormat = ps::OutputFormat::Db;
    return o;
}

// graph_visualize -tp in/npu [-gp in/bench] -o out (with c.options); the warnings and the report of the database.
QString graphVisualize(Ctx& c, bool compare)
{
    ps::SourceInputs inputs;
    inputs.npuPath = str(c.npu());
    inputs.benchPath = compare ? str(c.bench()) : std::string();
    inputs.layerMappingFile = c.layerMappingFile;
    ps::RunContext run;
    ps::RunResult r
        = ps::runGraphCommand(ps::Source::open(std::move(inputs), c.options), str(c.out), run, "20260101000000");
    QString text;
    for (const std::string& w : r.warnings)
        text += QString::fromStdString(w) + QLatin1Char('\n');
    for (const std::string& f : r.outputFiles)
        if (QString::fromStdString(f).endsWith(QLatin1String(".vis.db")))
            text += QString::fromStdString(ps::reportText(ps::reportGraphFile(f)));
        else
            text += QFileInfo(QString::fromStdString(f)).fileName() + QLatin1Char('\n');
    return text;
}

std::function<QString(Ctx&)> merged(int ranks, int tp, int pp, int vpp = 1)
{
    return [=](Ctx& c) {
        c.options = options26();
        c.options.parallel = { ps::ParallelLayout { ranks, tp, pp, vpp, "tp-cp-ep-dp-pp" } };
        return graphVisualize(c, false);
    };
}

// The merged graph of a TP run of rank0..rank<n-1> under in/npu, and the number of its nodes whose merge
// information holds `info`.
QString mergedInfoCount(Ctx& c, int ranks, const char* info)
{
    ps::ParallelLayout layout { ranks, ranks, 1, 1, "tp-cp-ep-dp-pp" };
    ps::RunContext run;
    ps::MergedSide side = ps::mergeRankFolders(str(c.npu()), layout, "NPU", options26(), c.warnings, run);
    int count = 0;
    for (const auto& [node, lines] : side.graphs.at(0)->mergeInfo)
        for (const std::string& line : lines)
            count += QString::fromStdString(line).contains(QLatin1String(info));
    return QStringLiteral("%1 nodes, %2 with \"%3\"").arg(side.graphs.at(0)->size()).arg(count).arg(info);
}

// A 26.0.0 hierarchy with `pairs` recompute calls (a forward/backward pair each at the top level, sharing one
// stack of `lines` lines through torch.utils.checkpoint's recompute_fn) of a module first called `pairs` times
// under Layer.forward.0: every recompute call moves under Layer.backward.0.
void recomputeRun(Ctx& c, int pairs, int lines)
{
    RankFiles r;
    r.node("Module.layers.0.Layer.forward.0", "");
    r.node("Module.layers.0.Layer.backward.0", "");
    for (int k = 0; k < pairs; ++k)
        r.node("Module.layers.0.mlp.MLP.forward." + number(k), "Module.layers.0.Layer.forward.0");
    QByteArray names;
    for (int k = 0; k < pairs; ++k) {
        r.node("Module.layers.0.mlp.MLP.forward." + number(pairs + k), "");
        r.node("Module.layers.0.mlp.MLP.backward." + number(pairs + k), "");
        names += (k ? ", \"" : "\"") + QByteArray("Module.layers.0.mlp.MLP.forward.") + number(pairs + k) + "\"";
    }
    QByteArray stack = "\"File /x/torch/utils/checkpoint.py, line 1, in recompute_fn, \\n y = f(x)\"";
    for (int k = 1; k < lines; ++k)
        stack += ", \"File /x/model.py, line " + number(k) + ", in forward, \\n h = layer(h)\"";
    r.stack = "{\"0\": [[" + names + "], [" + stack + "]]}";
    r.write(c.npu());
}

QString recomputeMoves(Ctx& c)
{
    auto graph = ps::buildSideGraph(str(c.npu()), options26(), c.warnings, {});
    ps::NodeId parent = graph->find("Module.layers.0.Layer.backward.0");
    return QStringLiteral("moved %1, root children %2")
        .arg(graph->children(parent).size())
        .arg(graph->children(graph->root).size());
}

// Two TP ranks holding a RowParallelLinear with `count` matmuls and `count` all_reduce calls: the all_reduce input
// equals the matmul output for every even k (the pairs msprobe makes), never for odd k.
void matmulReduceRanks(Ctx& c, int count)
{
    for (int rank = 0; rank < 2; ++rank) {
        RankFiles r;
        const QByteArray row = "Module.m.row.RowParallelLinear.forward.0";
        r.node(row, "", tensorOf("1.0"), tensorOf("1.0"));
        for (int k = 0; k < count; ++k) {
            r.node("Torch.matmul." + number(k) + ".forward", row, tensorOf("1.5"), tensorOf(number(1000 + k) + ".0"));
            const QByteArray in = k % 2 ? number(-5 - k) + ".0" : number(1000 + k) + ".0";
            r.node("Distributed.all_reduce." + number(k) + ".forward", row, tensorOf(in), tensorOf(number(k) + ".5"));
        }
        r.write(c.npu() + QStringLiteral("/rank%1").arg(rank));
    }
}

// Two TP ranks with `count` ColumnParallelLinear siblings before one RowParallelLinear, all holding bool tensors
// (no dtype msprobe merges): no node gets merge information, so msprobe walks every run again, once per column.
void columnRunRanks(Ctx& c, int count)
{
    for (int rank = 0; rank < 2; ++rank) {
        RankFiles r;
        const QByteArray top = "Module.m.M.forward.0";
        r.node(top, "", tensorOf("1.0"), tensorOf("1.0"));
        const QByteArray t = tensorOf("true", "torch.bool");
        for (int k = 0; k < count; ++k)
            r.node("Module.m.c" + number(k) + ".ColumnParallelLinear.forward.0", top, t, t);
        r.node("Module.m.r.RowParallelLinear.forward.0", top, t, t);
        r.write(c.npu() + QStringLiteral("/rank%1").arg(rank));
    }
}

// Two TP ranks whose first all_reduce names `groupRanks`.
void groupRanks(Ctx& c, const QByteArray& groupRanks)
{
    for (int rank = 0; rank < 2; ++rank) {
        RankFiles r;
        r.node("Module.m.M.forward.0", "", tensorOf("1.0"), tensorOf("1.0"));
        r.node("Distributed.all_reduce.0.forward", "Module.m.M.forward.0", tensorOf("1.0"), tensorOf("1.0"),
            "\"group\": {\"type\": \"torch.ProcessGroup\", \"group_ranks\": " + groupRanks + "}");
        r.write(c.npu() + QStringLiteral("/rank%1").arg(rank));
    }
}

// Two TP ranks of `count` APIs under one module, all sharing one grouped stack of `lines` lines.
void sharedStackRanks(Ctx& c, int count, int lines)
{
    for (int rank = 0; rank < 2; ++rank) {
        RankFiles r;
        r.node("Module.m.M.forward.0", "", tensorOf("1.0"), tensorOf("1.0"));
        QByteArray names;
        for (int k = 0; k < count; ++k) {
            r.node("Torch.add." + number(k) + ".forward", "Module.m.M.forward.0", tensorOf("1.0"),
                tensorOf(number(rank + 2) + ".0"));
            names += (k ? ", \"" : "\"") + QByteArray("Torch.add.") + number(k) + ".forward\"";
        }
        QByteArray stack;
        for (int k = 0; k < lines; ++k)
            stack += (k ? ", \"" : "\"") + QByteArray("File /x/model.py, line ") + number(k) + ", in f, \\n x = g(x)\"";
        r.stack = "{\"0\": [[" + names + "], [" + stack + "]]}";
        r.write(c.npu() + QStringLiteral("/rank%1").arg(rank));
    }
}

// A graph_visualize compare database of the good pair, edited by `sql`.
std::function<void(Ctx&)> edited26Db(const QByteArray& sql)
{
    return [sql](Ctx& c) {
        goodPair(c);
        ps::CompareConfig config { str(c.npu()), str(c.bench()) };
        ps::RunContext quiet;
        ps::RunResult r = ps::runGraphCommand(config, str(c.in + QStringLiteral("/db")), options26(), quiet, "1");
        QFile::rename(QString::fromStdString(r.outputFiles.at(0)), c.in + QStringLiteral("/g.vis.db"));
        QDir(c.in + QStringLiteral("/db")).removeRecursively();
        ps::SqliteDb db(str(c.in + QStringLiteral("/g.vis.db")), ps::SqliteDb::Mode::Create);
        db.exec(sql.constData());
        db.close();
    };
}

QString reportDb(Ctx& c)
{
    return QString::fromStdString(ps::reportText(ps::reportGraphFile(str(c.in + QStringLiteral("/g.vis.db")))));
}

std::vector<Case> cases()
{
    std::vector<Case> v;
    auto add = [&](const char* name, const char* file, const char* expect, std::function<void(Ctx&)> setup,
                   std::function<QString(Ctx&)> run) {
        v.push_back({ name, file, expect, setup, run });
    };
    auto build26 = [](Ctx& c) {
        c.options = options26();
        return graphVisualize(c, false);
    };

    // 2. Cycles and depth reach the 26.0.0 steps (recompute moves walk up parent links) refused first.
    add(
        "26.0.0: DefaultModel given a parent", "construct.json", "error:\"DefaultModel\" is its own ancestor",
        [](Ctx& c) {
            RankFiles r;
            r.node("DefaultModel", "Module.a.A.forward.0");
            r.node("Module.a.A.forward.0", "", tensorOf("1.0"), tensorOf("1.0"));
            r.write(c.npu());
        },
        build26);
    add(
        "26.0.0: 40,000-deep construct.json chain", "construct.json", "error:lies 501 levels below the root",
        [](Ctx& c) {
            RankFiles r;
            for (int k = 0; k < 40000; ++k)
                r.node("Module.m" + number(k) + ".M.forward.0", k ? "Module.m" + number(k - 1) + ".M.forward.0" : "");
            r.write(c.npu());
        },
        build26);
    // 3. Recompute moves: one pass per stack group, no erase from the front of long lists.
    add(
        "26.0.0: 20,000 recompute pairs sharing a 5,000-line stack", "", "ok:moved 40000, root children 2",
        [](Ctx& c) { recomputeRun(c, 20000, 5000); }, recomputeMoves);
    // 6. Numbers from the file are bounded before use.
    add("26.0.0: megatron_micro_step_number of 10^9", "construct.json",
        "error:megatron_micro_step_number is 1000000000, more than the",
        npuFile("construct.json", "{\"megatron_micro_step_number\": 1000000000, \"Tensor.x.0.forward\": null}"),
        build26);
    add("26.0.0: megatron_micro_step_number of 10^11", "construct.json",
        "error:megatron_micro_step_number is 100000000000",
        npuFile("construct.json", "{\"megatron_micro_step_number\": 100000000000, \"Tensor.x.0.forward\": null}"),
        build26);

    // Folder layouts graph_visualize reads.
    add(
        "26.0.0: rank folders of the two runs all different (5,000 each)", "bench",
        "error:The ranks in the two runs are completely different",
        [](Ctx& c) {
            for (int k = 0; k < 5000; ++k) {
                QDir().mkpath(c.npu() + QStringLiteral("/rank%1").arg(k));
                QDir().mkpath(c.bench() + QStringLiteral("/rank%1").arg(5000 + k));
            }
        },
        [](Ctx& c) {
            c.options = options26();
            return graphVisualize(c, true);
        });
    add(
        "26.0.0: rank folder numbers of 11 digits and a rank that loops onto itself", "", "ok:1 graph",
        [](Ctx& c) {
            goodRun(c.npu() + QStringLiteral("/rank0"));
            goodRun(c.npu() + QStringLiteral("/rank12345678901"));
            QFile::link(c.npu() + QStringLiteral("/rank1"), c.npu() + QStringLiteral("/rank1"));
        },
        build26);

    // -lm: 26.0.0 catches its check of the mapping file and warns (1.2.1 stops: tst_hostile_files).
    add("26.0.0: -lm with a missing file warns as msprobe 26.0.0", "",
        "ok:The layer mapping file parsing failed, please check file format, mapping is not effective.", goodPair,
        [](Ctx& c) {
            c.options = options26();
            c.layerMappingFile = str(c.in + QStringLiteral("/missing.yaml"));
            return graphVisualize(c, true);
        });

    // The parallel merge.
    add(
        "merge: a tp group of the dump naming a rank twice", "rank0", "error:names rank 0, which a tp group",
        [](Ctx& c) { groupRanks(c, "[0, 0]"); }, merged(2, 2, 1));
    add(
        "merge: 20,000 matmuls and 20,000 all_reduce calls in one RowParallelLinear", "",
        "ok:40002 nodes, 10000 with \"The output of this data is merged from\"",
        [](Ctx& c) { matmulReduceRanks(c, 20000); },
        [](Ctx& c) { return mergedInfoCount(c, 2, "The output of this data is merged from"); });
    add(
        "merge: 20,000 ColumnParallelLinear siblings before a RowParallelLinear", "", "ok:20003 nodes, 0 with",
        [](Ctx& c) { columnRunRanks(c, 20000); }, [](Ctx& c) { return mergedInfoCount(c, 2, "merged"); });
    add(
        "merge: 20,000 nodes sharing a 10,000-line stack", "", "ok:NPU    20002 nodes",
        [](Ctx& c) { sharedStackRanks(c, 20000, 10000); }, merged(2, 2, 1));
    add(
        "merge: API groups one level deeper than max_depth allows", "rank0", "error:lies 3 levels below the root",
        [](Ctx& c) {
            for (int rank = 0; rank < 2; ++rank) {
                RankFiles r;
                r.node("Torch.a.0.forward", "", tensorOf("1.0"), tensorOf("1.0"));
                r.node("Torch.b.0.forward", "", tensorOf("1.0"), tensorOf("1.0"));
                r.write(c.npu() + QStringLiteral("/rank%1").arg(rank));
            }
        },
        [](Ctx& c) {
            ps::Limits shallow = ps::limits();
            shallow.maxDepth = 2;
            ps::ScopedLimits scope(shallow);
            return merged(2, 2, 1)(c);
        });
    add("merge: --vpp 99999999 on the VPP case", "", "ok:1 graph", nullptr, [](Ctx& c) {
        c.options = options26();
        c.options.parallel = { ps::ParallelLayout { 2, 1, 2, 99999999, "tp-cp-ep-dp-pp" } };
        ps::CompareConfig config { std::string(PROBESCOPE_MERGE_CASES "/vpp"), std::string() };
        ps::RunContext quiet;
        ps::RunResult r = ps::runGraphCommand(config, str(c.out), c.options, quiet, "1");
        return QString::fromStdString(ps::reportText(ps::reportGraphFile(r.outputFiles.at(0))));
    });
    add(
        "merge: --file_type json of 20,000 nodes sharing a stack", "", "ok:dump.json",
        [](Ctx& c) { sharedStackRanks(c, 20000, 300); },
        [](Ctx& c) {
            c.options = options26();
            c.options.fileType = ps::MergeOutput::Json;
            c.options.parallel = { ps::ParallelLayout { 2, 2, 1, 1, "tp-cp-ep-dp-pp" } };
            return graphVisualize(c, false);
        });

    // The 26.0.0 .vis.db reader: Err_message lists are parsed as JSON, within max_json_depth.
    add("26.0.0 .vis.db: an Err_message nested 100,000 deep", "", "ok:matched",
        edited26Db("UPDATE tb_nodes SET output_data = replace(output_data, '\"Err_message\": \"[]\"', "
                   "'\"Err_message\": \"' || replace(hex(zeroblob(100000)), '00', '[') || "
                   "replace(hex(zeroblob(100000)), '00', ']') || '\"');"),
        reportDb);
    add("26.0.0 .vis.db: 10^5 entries in one Err_message", "", "ok:matched",
        edited26Db("UPDATE tb_nodes SET output_data = replace(output_data, '\"Err_message\": \"[]\"', "
                   "'\"Err_message\": \"[' || substr(replace(hex(zeroblob(100000)), '00', '\\\"x\\\", '), 1, "
                   "699998) || ']\"');"),
        reportDb);
    return v;
}

// ReduceIndex against msprobe's pairwise search on random statistics (numbers, None, NaN, ints beyond 2^53).
QString pairwise(const std::vector<ps::merge::ReduceIndex::Stats>& outputs,
    const std::vector<ps::merge::ReduceIndex::Stats>& inputs, bool indexed)
{
    std::vector<bool> used(inputs.size());
    ps::merge::ReduceIndex index;
    for (uint32_t r = 0; r < inputs.size(); ++r)
        index.add(r, inputs[r]);
    QString pairs;
    for (const auto& out : outputs) {
        long found = -1;
        if (indexed) {
            if (auto r = index.first(out))
                found = long(*r);
        } else {
            for (size_t r = 0; r < inputs.size() && found < 0; ++r) {
                bool same = !used[r];
                for (int k = 0; k < 4 && same; ++k)
                    same = ps::merge::sameStat(out[k], inputs[r][k], false);
                if (same)
                    found = long(r);
            }
        }
        if (found >= 0) {
            used[size_t(found)] = true;
            index.remove(uint32_t(found));
        }
        pairs += QString::number(found) + QLatin1Char(' ');
    }
    return pairs;
}

} // namespace

class TestHostileMsprobe26 : public QObject {
    Q_OBJECT
private slots:
    void catalogue_data() { addCatalogueRows(cases()); }
    void catalogue() { runCatalogueRow(cases()); }

    void reduceIndexPairsAsThePairwiseSearch()
    {
        std::mt19937 rng(17);
        auto stat = [&]() -> ps::merge::Stat {
            switch (rng() % 7) {
            case 0:
                return ps::merge::Stat::none();
            case 1:
                return ps::merge::Stat::str("x");
            case 2:
                return ps::merge::Stat::real(std::nan(""));
            case 3:
                return ps::merge::Stat::integer((int64_t(1) << 53) + int64_t(rng() % 3)); // 2^53 + 1 is no double
            case 4:
                return ps::merge::Stat::real(double((int64_t(1) << 53) + int64_t(rng() % 3)));
            case 5:
                return ps::merge::Stat::integer(int64_t(rng() % 3) - 1);
            default:
                return ps::merge::Stat::real(double(rng() % 3) - 1.0 + (rng() % 4 == 0 ? -0.0 : 0.0));
            }
        };
        int paired = 0;
        for (int round = 0; round < 3000; ++round) {
            std::vector<ps::merge::ReduceIndex::Stats> outputs(rng() % 8), inputs(rng() % 8);
            for (auto* list : { &outputs, &inputs })
                for (auto& s : *list)
                    for (ps::merge::Stat& one : s)
                        one = stat();
            const QString expected = pairwise(outputs, inputs, false);
            QCOMPARE(pairwise(outputs, inputs, true), expected);
            paired += int(size_t(expected.count(QLatin1Char('-'))) < outputs.size());
        }
        QVERIFY(paired > 1000); // the rounds do pair, not only miss
    }
};

QTEST_GUILESS_MAIN(TestHostileMsprobe26)
#include "tst_hostile_msprobe26.moc"
