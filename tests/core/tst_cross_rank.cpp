// Where an error entered a multi-rank run (core/analysis/cross_rank.h): the tracer's rules on hand-made findings
// (send/recv, all_reduce, a chain over three ranks, a cycle of links, unrelated errors), and `diagnose` on the real
// two-rank case dist_tp_mix_statistics with an error injected on rank 1 that reaches rank 0 through isend/irecv and
// through all_reduce.
#include "analysis/cross_rank.h"
#include "commands/diagnose_run.h"
#include "injected_case.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

using Found = ps::RankFindings::Found;
using Comm = ps::RankFindings::CommNode;

Found found(const char* node, int64_t record, double added = 1)
{
    Found f;
    f.node = node;
    f.record = record;
    f.divergence.added = added;
    f.divergence.order = uint32_t(record);
    return f;
}

Comm sending(int64_t record, const char* cause, std::vector<std::pair<int, std::string>> peers, bool receives = false)
{
    Comm c;
    c.record = record;
    c.sends = true;
    c.receives = receives;
    c.inputExceeds = cause != nullptr;
    c.cause = cause ? cause : "";
    c.peers = std::move(peers);
    return c;
}

Comm receiving(int64_t record, std::vector<std::pair<int, std::string>> peers)
{
    Comm c;
    c.record = record;
    c.receives = true;
    c.peers = std::move(peers);
    return c;
}

std::vector<ps::RankNode> hops(std::initializer_list<std::pair<int, const char*>> list)
{
    std::vector<ps::RankNode> out;
    for (const auto& [rank, node] : list)
        out.push_back({ rank, node });
    return out;
}

} // namespace

class TestCrossRank : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Rank 1's add is off and is sent by isend; rank 0's finder sees the error appear at its irecv. The tracer
    // names rank 1's add, reaching both ranks, through isend -> irecv.
    void sendRecvLeadsToTheSender()
    {
        ps::RankFindings r0, r1;
        r0.rank = 0;
        r0.found = { found("irecv.0", 22) };
        r0.comm.emplace("irecv.0", receiving(22, { { 1, "isend.0" } }));
        r1.rank = 1;
        r1.found = { found("add.3", 24) };
        r1.comm.emplace("isend.0", sending(25, "add.3", { { 0, "irecv.0" } }));
        const auto origins = ps::traceOrigins({ r0, r1 });
        QCOMPARE(origins.size(), size_t(1));
        QCOMPARE(origins[0].where, (ps::RankNode { 1, "add.3" }));
        QCOMPARE(origins[0].ranks, (std::vector<int> { 0, 1 }));
        QCOMPARE(origins[0].paths.size(), size_t(1));
        QCOMPARE(origins[0].paths[0], hops({ { 1, "add.3" }, { 1, "isend.0" }, { 0, "irecv.0" } }));
    }

    // A collective links both ways: rank 1's own all_reduce inherits its linear's error (not reported there), rank
    // 0's all_reduce output is off with a clean input. The origin is rank 1's linear.
    void allReduceLeadsToTheRankWhoseInputWasOff()
    {
        ps::RankFindings r0, r1;
        r0.rank = 0;
        r0.found = { found("all_reduce.0", 13) };
        r0.comm.emplace("all_reduce.0", sending(13, nullptr, { { 1, "all_reduce.0" } }, true));
        r1.rank = 1;
        r1.found = { found("linear.2", 12) };
        r1.comm.emplace("all_reduce.0", sending(13, "linear.2", { { 0, "all_reduce.0" } }, true));
        const auto origins = ps::traceOrigins({ r0, r1 });
        QCOMPARE(origins.size(), size_t(1));
        QCOMPARE(origins[0].where, (ps::RankNode { 1, "linear.2" }));
        QCOMPARE(origins[0].paths[0], hops({ { 1, "linear.2" }, { 1, "all_reduce.0" }, { 0, "all_reduce.0" } }));
    }

    // A pipeline: rank 0's error goes to rank 1, which passes it to rank 2. One origin, three ranks, and the path
    // to rank 2 goes through rank 1.
    void chainsOverSeveralRanks()
    {
        ps::RankFindings r0, r1, r2;
        r0.rank = 0;
        r0.found = { found("mul.0", 3) };
        r0.comm.emplace("send.0", sending(5, "mul.0", { { 1, "recv.0" } }));
        r1.rank = 1;
        r1.found = { found("recv.0", 1) };
        r1.comm.emplace("recv.0", receiving(1, { { 0, "send.0" } }));
        r1.comm.emplace("send.0", sending(9, "recv.0", { { 2, "recv.0" } }));
        r2.rank = 2;
        r2.found = { found("recv.0", 1), found("gelu.4", 30, 5) };
        r2.comm.emplace("recv.0", receiving(1, { { 1, "send.0" } }));
        const auto origins = ps::traceOrigins({ r2, r0, r1 });
        QCOMPARE(origins.size(), size_t(2));
        QCOMPARE(origins[0].where, (ps::RankNode { 0, "mul.0" }));
        QCOMPARE(origins[0].ranks, (std::vector<int> { 0, 1, 2 }));
        QVERIFY(std::find(origins[0].paths.begin(), origins[0].paths.end(),
                    hops({ { 0, "mul.0" }, { 0, "send.0" }, { 1, "recv.0" }, { 1, "send.0" }, { 2, "recv.0" } }))
            != origins[0].paths.end());
        // Rank 2's own later error is an origin of its own, ranked after the one that reaches three ranks.
        QCOMPARE(origins[1].where, (ps::RankNode { 2, "gelu.4" }));
        QCOMPARE(origins[1].ranks, (std::vector<int> { 2 }));
    }

    // Two ranks that each see the error arrive from the other (a cycle of links): the walk ends, every divergence
    // is explained by exactly one origin.
    void survivesACycleOfLinks()
    {
        ps::RankFindings r0, r1;
        r0.rank = 0;
        r0.found = { found("all_reduce.0", 5) };
        r0.comm.emplace("all_reduce.0", sending(5, "all_reduce.0", { { 1, "all_reduce.0" } }, true));
        r1.rank = 1;
        r1.found = { found("all_reduce.0", 5) };
        r1.comm.emplace("all_reduce.0", sending(5, "all_reduce.0", { { 0, "all_reduce.0" } }, true));
        const auto origins = ps::traceOrigins({ r0, r1 });
        QCOMPARE(origins.size(), size_t(1));
        QCOMPARE(origins[0].ranks, (std::vector<int> { 0, 1 }));
        QCOMPARE(origins[0].paths.size(), size_t(1));
    }

    // Every rank's all_reduce output is off and no rank's input is: the collective itself made the error (e.g. its
    // summation order), one origin on both ranks, held by the lowest.
    void aCollectiveThatErrsEverywhereIsOneOrigin()
    {
        ps::RankFindings r0, r1;
        r0.rank = 0;
        r0.found = { found("all_reduce.3", 80) };
        r0.comm.emplace("all_reduce.3", sending(80, nullptr, { { 1, "all_reduce.3" } }, true));
        r1.rank = 1;
        r1.found = { found("all_reduce.3", 83), found("linear.4", 90, 0.5) };
        r1.comm.emplace("all_reduce.3", sending(83, nullptr, { { 0, "all_reduce.3" } }, true));
        const auto origins = ps::traceOrigins({ r1, r0 });
        QCOMPARE(origins.size(), size_t(2));
        QCOMPARE(origins[0].where, (ps::RankNode { 0, "all_reduce.3" }));
        QCOMPARE(origins[0].ranks, (std::vector<int> { 0, 1 }));
        QCOMPARE(origins[0].paths,
            (std::vector<std::vector<ps::RankNode>> { hops({ { 0, "all_reduce.3" }, { 1, "all_reduce.3" } }) }));
        QCOMPARE(origins[1].where, (ps::RankNode { 1, "linear.4" }));
    }

    // A receive whose sender handed over a clean tensor, or a peer rank not in the run: the receiving rank's
    // divergence stays its own origin.
    void cleanSendsExplainNothing()
    {
        ps::RankFindings r0, r1;
        r0.rank = 0;
        r0.found = { found("irecv.0", 22, 3), found("mul.1", 40, 7) };
        r0.comm.emplace("irecv.0", receiving(22, { { 1, "isend.0" }, { 5, "isend.0" } }));
        r1.rank = 1;
        r1.found = { found("add.3", 24) };
        r1.comm.emplace("isend.0", sending(25, nullptr, { { 0, "irecv.0" } }));
        const auto origins = ps::traceOrigins({ r0, r1 });
        QCOMPARE(origins.size(), size_t(3));
        // One rank each: ranked by the error added.
        QCOMPARE(origins[0].where, (ps::RankNode { 0, "mul.1" }));
        QCOMPARE(origins[1].where, (ps::RankNode { 0, "irecv.0" }));
        QCOMPARE(origins[2].where, (ps::RankNode { 1, "add.3" }));
        for (const ps::CrossRankOrigin& o : origins)
            QVERIFY(o.paths.empty());
    }

    // The real two-rank run: an error injected into rank 1's NPU dump (its add's output, and so what its isend
    // sends and rank 0's irecv receives; or its linear's output, and so its all_reduce input and both ranks'
    // all_reduce output). `diagnose --json` names rank 1's node first, reaching both ranks, with the path.
    void diagnoseNamesTheRankWhereItStarted_data()
    {
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QByteArray>("allReduceOutput"); // also changed on both ranks ("": none)
        QTest::addColumn<QString>("origin");
        QTest::addColumn<QStringList>("path");
        QTest::newRow("isend -> irecv") << QByteArray("1.6946312189102173") << QByteArray()
                                        << QStringLiteral("Tensor.__add__.3.forward")
                                        << QStringList { QStringLiteral("1 Tensor.__add__.3.forward"),
                                               QStringLiteral("1 Distributed.isend.0.forward"),
                                               QStringLiteral("0 Distributed.irecv.0.forward") };
        QTest::newRow("all_reduce") << QByteArray("0.5793028473854065") << QByteArray("0.9335554838180542")
                                    << QStringLiteral("Functional.linear.2.forward")
                                    << QStringList { QStringLiteral("1 Functional.linear.2.forward"),
                                           QStringLiteral("1 Distributed.all_reduce.0.forward"),
                                           QStringLiteral("0 Distributed.all_reduce.0.forward") };
    }

    void diagnoseNamesTheRankWhereItStarted()
    {
        QFETCH(QByteArray, value);
        QFETCH(QByteArray, allReduceOutput);
        QFETCH(QString, origin);
        QFETCH(QStringList, path);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(injected::copyTree(QStringLiteral(PROBESCOPE_CASES "/dist_tp_mix_statistics"), dir.path()));
        QVERIFY(injected::absoluteCompareJson(dir.path()));
        const QString rank0 = dir.filePath(QStringLiteral("npu/step0/rank0/dump.json"));
        const QString rank1 = dir.filePath(QStringLiteral("npu/step0/rank1/dump.json"));
        const QByteArray changed = QByteArray("9") + value.mid(1); // 1.69... -> 9.69..., 0.57... -> 9.57...
        QVERIFY(injected::inject(rank1, value, changed));
        if (allReduceOutput.isEmpty()) {
            QVERIFY(injected::inject(rank0, value, changed)); // what rank 0's irecv received
        } else {
            const QByteArray sum = QByteArray("9") + allReduceOutput.mid(1);
            QVERIFY(injected::inject(rank0, allReduceOutput, sum));
            QVERIFY(injected::inject(rank1, allReduceOutput, sum));
        }

        ps::DiagnoseRequest request;
        request.compareJson = dir.filePath(QStringLiteral("compare.json")).toStdString();
        request.json = true;
        const auto ignore = [](const std::string&) {};
        const QByteArray json = QByteArray::fromStdString(ps::diagnoseReport(request, ignore));
        QJsonParseError error;
        const QJsonArray origins = QJsonDocument::fromJson(json, &error).object()[QStringLiteral("origins")].toArray();
        QVERIFY2(error.error == QJsonParseError::NoError, json.constData());
        QJsonObject first;
        for (const auto& o : origins)
            if (o.toObject()[QStringLiteral("step")].toInt() == 0) {
                first = o.toObject();
                break;
            }
        QCOMPARE(first[QStringLiteral("rank")].toInt(), 1);
        QCOMPARE(first[QStringLiteral("node")].toString(), origin);
        QCOMPARE(first[QStringLiteral("ranks")].toArray(), (QJsonArray { 0, 1 }));
        QStringList hopsSeen;
        for (const auto& p : first[QStringLiteral("paths")].toArray()) {
            QStringList one;
            for (const auto& hop : p.toArray())
                one << QString::number(hop.toObject()[QStringLiteral("rank")].toInt()) + QLatin1Char(' ')
                        + hop.toObject()[QStringLiteral("node")].toString();
            if (one == path)
                hopsSeen = one;
        }
        QCOMPARE(hopsSeen, path);

        // The table says the same.
        request.json = false;
        const QString table = QString::fromStdString(ps::diagnoseReport(request, ignore));
        QVERIFY2(
            table.contains(QLatin1String("== where the errors entered, step 0 (across ranks) ==")), qPrintable(table));
        QVERIFY2(table.contains(QStringLiteral("rank %1 -> rank %2 -> rank %3").arg(path[0], path[1], path[2])),
            qPrintable(table));
    }
};

QTEST_GUILESS_MAIN(TestCrossRank)
#include "tst_cross_rank.moc"
