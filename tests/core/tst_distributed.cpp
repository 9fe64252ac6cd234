// The distributed analyzer: communication nodes matched across the ranks of one step.
#include "batch/distributed.h"
#include "batch/engine.h"

#include "test_dumps.h"
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <QtTest>

namespace {

using testdumps::writeFile;

QByteArray tensor(const QByteArray& max = "1.5")
{
    return "{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": [2, 4], \"Max\": " + max
        + ", \"Min\": -1.0, \"Mean\": 0.1, \"Norm\": 2.0, \"requires_grad\": false}";
}

QByteArray intArg(const QByteArray& v)
{
    return "{\"type\": \"int\", \"value\": " + v + "}";
}

const QByteArray kGroup = "{\"type\": \"torch.ProcessGroup\", \"group_ranks\": [0, 1], \"group_id\": \"g01\"}";

struct RankDump {
    QByteArray p2pPeer; // JSON value of isend dst (rank 0: 1) or irecv src (rank 1: 0)
    QByteArray p2pOutputMax = "1.5";
    QByteArray groupId = "g01";
};

// An example checked against msprobe: all_reduce with a group kwarg, broadcast(tensor, 0, group=...), rank 0
// isend(dst=1), rank 1 irecv(src=0).
void writeRank(const QString& dir, int rank, const RankDump& d)
{
    QByteArray group = QByteArray(kGroup).replace("g01", d.groupId);
    QByteArray p2p = rank == 0 ? "Distributed.isend.0.forward" : "Distributed.irecv.0.forward";
    QByteArray p2pKwarg = rank == 0 ? "dst" : "src";
    QByteArray data = "{\"Distributed.all_reduce.0.forward\": {\"input_args\": [" + tensor()
        + "], \"input_kwargs\": " + "{\"group\": " + group + "}, \"output\": [" + tensor() + "]}, "
        + "\"Distributed.broadcast.0.forward\": {\"input_args\": [" + tensor() + ", " + intArg("0")
        + "], \"input_kwargs\": {\"group\": " + group + "}, \"output\": [" + tensor() + "]}, " + "\"" + p2p
        + "\": {\"input_args\": [" + tensor() + "], \"input_kwargs\": {\"" + p2pKwarg
        + "\": " + intArg(d.p2pPeer.isEmpty() ? (rank == 0 ? "1" : "0") : d.p2pPeer) + "}, \"output\": ["
        + tensor(d.p2pOutputMax) + "]}}";
    writeFile(dir + "/dump.json",
        "{\"task\": \"statistics\", \"level\": \"L1\", \"framework\": \"pytorch\", \"dump_data_dir\": null, \"data\": "
            + data + "}");
    writeFile(dir + "/construct.json",
        "{\"Distributed.all_reduce.0.forward\": null, \"Distributed.broadcast.0.forward\": null, \"" + p2p
            + "\": null}");
    writeFile(dir + "/stack.json", "{}");
}

struct Run {
    std::vector<ps::JobResult> results;
    std::vector<std::string> warnings;
};

Run analyze(const QString& root, const RankDump& rank1, bool compare)
{
    Run run;
    for (int rank = 0; rank < 2; ++rank) {
        QString npu = root + "/npu/rank" + QString::number(rank), bench = root + "/bench/rank" + QString::number(rank);
        writeRank(npu, rank, rank == 1 ? rank1 : RankDump {});
        writeRank(bench, rank, rank == 1 ? rank1 : RankDump {});
        ps::GraphJob job;
        job.npuDir = npu.toStdString();
        job.benchDir = compare ? bench.toStdString() : std::string();
        job.rank = rank;
        auto c = ps::runPair(job.npuDir, job.benchDir, ps::EngineOptions {}, run.warnings);
        run.results.push_back({ job, c });
    }
    ps::analyzeDistributed(run.results, run.warnings);
    return run;
}

// The link as the .vis writes it: {"communications_type": t, "nodes_info": {rank: [index, node]}} in one line.
QString linkText(const Run& run, int rank, ps::Side side, const char* node)
{
    const ps::Comparison& c = *run.results[size_t(rank)].comparison;
    ps::NodeId n = c.graph(side).find(node);
    auto it = c.distributed[size_t(side)].find(n);
    if (n == ps::kNoNode || it == c.distributed[size_t(side)].end())
        return {};
    QString out = QString::fromStdString(it->second.type) + " {";
    for (const ps::DistributedPeer& p : it->second.peers)
        out += QString("%1: [%2, %3]").arg(p.rank).arg(QString::fromStdString(p.index), QString::fromStdString(p.node));
    return out + "}";
}

} // namespace

class TestDistributed : public QObject {
    Q_OBJECT
private slots:
    void verifiedTwoRankExample_data()
    {
        QTest::addColumn<int>("rank");
        QTest::addColumn<int>("side");
        QTest::addColumn<QString>("node");
        QTest::addColumn<QString>("link");
        const int npu = int(ps::Side::Npu), bench = int(ps::Side::Bench);
        QTest::newRow("all_reduce is send_receive with the group's other rank")
            << 0 << npu << "Distributed.all_reduce.0.forward"
            << "send_receive {1: [0, Distributed.all_reduce.0.forward]}";
        QTest::newRow("all_reduce on rank 1 links back") << 1 << npu << "Distributed.all_reduce.0.forward"
                                                         << "send_receive {0: [0, Distributed.all_reduce.0.forward]}";
        QTest::newRow("broadcast root (2nd positional) sends") << 0 << npu << "Distributed.broadcast.0.forward"
                                                               << "send {1: [0, Distributed.broadcast.0.forward]}";
        QTest::newRow("broadcast non-root receives") << 1 << npu << "Distributed.broadcast.0.forward"
                                                     << "receive {0: [0, Distributed.broadcast.0.forward]}";
        QTest::newRow("isend dst pairs with irecv") << 0 << npu << "Distributed.isend.0.forward"
                                                    << "send {1: [0, Distributed.irecv.0.forward]}";
        QTest::newRow("irecv src pairs with isend") << 1 << npu << "Distributed.irecv.0.forward"
                                                    << "receive {0: [0, Distributed.isend.0.forward]}";
        QTest::newRow("Bench graphs show Nan") << 0 << bench << "Distributed.isend.0.forward"
                                               << "send {1: [Nan, Distributed.irecv.0.forward]}";
        QTest::newRow("Bench collectives show Nan") << 1 << bench << "Distributed.broadcast.0.forward"
                                                    << "receive {0: [Nan, Distributed.broadcast.0.forward]}";
    }
    void verifiedTwoRankExample()
    {
        QFETCH(int, rank);
        QFETCH(int, side);
        QFETCH(QString, node);
        QFETCH(QString, link);
        QTemporaryDir dir;
        Run run = analyze(dir.path(), RankDump {}, true);
        QVERIFY2(run.warnings.empty(), run.warnings.empty() ? "" : run.warnings.front().c_str());
        QCOMPARE(linkText(run, rank, ps::Side(side), qPrintable(node)), link);
    }

    void buildModeIndexIsNan()
    {
        QTemporaryDir dir;
        Run run = analyze(dir.path(), RankDump {}, false);
        QCOMPARE(linkText(run, 1, ps::Side::Npu, "Distributed.irecv.0.forward"),
            QString("receive {0: [Nan, Distributed.isend.0.forward]}"));
    }

    void mismatchWarnsWithoutLink_data()
    {
        QTest::addColumn<QByteArray>("irecvSource");
        QTest::addColumn<QByteArray>("irecvOutputMax");
        QTest::addColumn<QByteArray>("groupId");
        QTest::addColumn<QString>("node"); // rank-0 node left unlinked
        QTest::addColumn<QString>("warning");
        QTest::newRow("p2p outputs differ")
            << QByteArray("0") << QByteArray("2.5") << QByteArray("g01") << "Distributed.isend.0.forward"
            << "Distributed.isend.0.forward output of rank0 is different from the "
               "Distributed.irecv.0.forward output of rank1, cannot match distributed node";
        QTest::newRow("p2p peer names the rank as text: inconsistent")
            << QByteArray("\"0\"") << QByteArray("1.5") << QByteArray("g01") << "Distributed.isend.0.forward"
            << "Distributed.isend.0.forward of rank0 is expected to communicate with Distributed.irecv.0.forward of "
               "rank1, "
               "but the data shows that Distributed.irecv.0.forward communicates with rank0.The rank is inconsistent, "
               "cannot match distributed node";
        QTest::newRow("collective group ids differ: unique ids never meet")
            << QByteArray("0") << QByteArray("1.5") << QByteArray("g99") << "Distributed.all_reduce.0.forward"
            << "Node  does not exist, cannot match distributed node in rank1";
    }
    void mismatchWarnsWithoutLink()
    {
        QFETCH(QByteArray, irecvSource);
        QFETCH(QByteArray, irecvOutputMax);
        QFETCH(QByteArray, groupId);
        QFETCH(QString, node);
        QFETCH(QString, warning);
        QTemporaryDir dir;
        RankDump rank1;
        rank1.p2pPeer = irecvSource;
        rank1.p2pOutputMax = irecvOutputMax;
        rank1.groupId = groupId;
        Run run = analyze(dir.path(), rank1, true);
        QCOMPARE(linkText(run, 0, ps::Side::Npu, qPrintable(node)), QString());
        QStringList warnings;
        for (const std::string& w : run.warnings)
            warnings << QString::fromStdString(w);
        QVERIFY2(warnings.contains(warning), qPrintable(warnings.join("\n")));
    }

    void missingParameterWarns()
    {
        QTemporaryDir dir;
        writeFile(dir.path() + "/rank0/dump.json",
            "{\"task\": \"statistics\", \"level\": \"L1\", \"dump_data_dir\": null, \"data\": "
            "{\"Distributed.send.0.forward\": {\"input_args\": ["
                + tensor() + "], \"output\": [" + tensor() + "]}}}");
        writeFile(dir.path() + "/rank0/construct.json", "{\"Distributed.send.0.forward\": null}");
        writeFile(dir.path() + "/rank0/stack.json", "{}");
        std::vector<ps::JobResult> results;
        std::vector<std::string> warnings;
        for (int rank = 0; rank < 2; ++rank) {
            ps::GraphJob job;
            job.npuDir = (dir.path() + "/rank0").toStdString();
            job.rank = rank;
            results.push_back({ job, ps::runPair(job.npuDir, "", ps::EngineOptions {}, warnings) });
        }
        ps::analyzeDistributed(results, warnings);
        QVERIFY(!warnings.empty());
        QCOMPARE(QString::fromStdString(warnings.front()),
            QString(
                "The parameter dst of node Distributed.send.0.forward does not exist, cannot match distributed node "
                "in rank0"));
        QVERIFY(results[0].comparison->distributed[0].empty());
    }
};

QTEST_GUILESS_MAIN(TestDistributed)
#include "tst_distributed.moc"
