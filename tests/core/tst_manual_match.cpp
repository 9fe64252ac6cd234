// Manual match and unmatch: rows, metrics and precision recomputed by the engine's comparator,
// children by short name and type, forward/backward mirroring, refusal in real-data mode, the .vis.config file
// and exports that carry the manual matches. Checked on small hand-made dumps and on real msprobe cases.
#include "batch/dump_layout.h"
#include "batch/engine.h"
#include "compare/manual_match.h"
#include "io/vis_config.h"
#include "test_dumps.h"
#include "util/error.h"
#include "vis/vis_db_reader.h"
#include "vis/vis_db_writer.h"
#include "vis/vis_reader.h"
#include "vis/vis_writer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace testdumps;

namespace {

// A Linear module (fc on NPU, proj on bench: the default matcher cannot pair them) with its linear API, the
// backward of both, and a relu at the root that matches automatically.
QByteArray modelDump(const char* module, const char* outMax, const char* outNorm, const char* md5 = nullptr)
{
    auto t = [&](const char* shape, const char* max, const char* norm, const char* hash) {
        QByteArray s = tensor(shape, max, "-2.0", "0.25", norm);
        if (hash)
            s.insert(s.size() - 1, QByteArray(", \"md5\": \"") + hash + "\"");
        return s;
    };
    QByteArray x = t("[2, 3]", "1.0", "2.0", md5 ? "aaaa" : nullptr);
    QByteArray out = t("[2, 4]", outMax, outNorm, md5);
    QByteArray m = QByteArray("Module.") + module + ".Linear.";
    QByteArray rec = "{\"input_args\": [" + x + "], \"input_kwargs\": {}, \"output\": [" + out + "]}";
    QByteArray grad = "{\"input\": [" + out + "], \"output\": [" + x + "]}";
    return "{\"" + m + "forward.0\": " + rec + ", \"Functional.linear.0.forward\": " + rec
        + ", \"Functional.relu.0.forward\": " + rec + ", \"Functional.linear.0.backward\": " + grad + ", \"" + m
        + "backward.0\": " + grad + "}";
}

QByteArray modelConstruct(const char* module)
{
    QByteArray m = QByteArray("Module.") + module + ".Linear.";
    return "{\"" + m + "forward.0\": null, \"Functional.linear.0.forward\": \"" + m
        + "forward.0\", \"Functional.relu.0.forward\": null, \"" + m
        + "backward.0\": null, \"Functional.linear.0.backward\": \"" + m + "backward.0\"}";
}

QJsonObject visObject(const ps::Comparison& c)
{
    return QJsonDocument::fromJson(QByteArray::fromStdString(ps::visJson(c))).object();
}

QJsonObject npuNode(const QJsonObject& vis, const char* name)
{
    return vis[QStringLiteral("NPU")].toObject()[QStringLiteral("node")].toObject()[QLatin1String(name)].toObject();
}

} // namespace

class TestManualMatch : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    std::shared_ptr<ps::Comparison> compare(const char* md5Npu = nullptr, const char* md5Bench = nullptr)
    {
        QString sub = md5Npu ? QStringLiteral("md5") : QStringLiteral("summary");
        QString npu = writeDumpFolder(
            m_dir.filePath(sub + "/npu"), modelDump("fc", "3.0", "5.0", md5Npu), modelConstruct("fc"));
        QString bench = writeDumpFolder(
            m_dir.filePath(sub + "/bench"), modelDump("proj", "2.0", "4.0", md5Bench), modelConstruct("proj"));
        std::vector<std::string> warnings;
        return ps::runPair(npu.toStdString(), bench.toStdString(), ps::EngineOptions {}, warnings);
    }
    static ps::NodeId id(const ps::Comparison& c, ps::Side s, const char* name)
    {
        ps::NodeId n = c.graph(s).find(name);
        if (n == ps::kNoNode)
            qFatal("no node %s", name);
        return n;
    }
    static QString outRow(const QJsonObject& vis, const char* node, const char* item, const char* key)
    {
        return npuNode(vis, node)[QStringLiteral("output_data")]
            .toObject()[QLatin1String(item)]
            .toObject()[QLatin1String(key)]
            .toString();
    }

private slots:
    void namesForChildrenAndMirrors()
    {
        QCOMPARE(ps::shortName("Module.layers.0.Linear.forward.0", ps::NodeType::Module), std::string_view("layers"));
        QCOMPARE(ps::shortName("Module.fc1.Linear.forward.0", ps::NodeType::Module), std::string_view("fc1"));
        QCOMPARE(ps::shortName("Functional.linear.5.forward", ps::NodeType::Api), std::string_view("linear"));
        QCOMPARE(ps::shortName("Torch.add.forward", ps::NodeType::Api), std::string_view("add"));
        QCOMPARE(ps::mirroredName("Module.fc.Linear.forward.0"), std::string("Module.fc.Linear.backward.0"));
        QCOMPARE(ps::mirroredName("Functional.linear.0.backward"), std::string("Functional.linear.0.forward"));
        QCOMPARE(ps::mirroredName("Apis_Between_Modules.0"), std::string());
    }

    void manualMatchRecomputesTheDocumentedMetrics()
    {
        auto c = compare();
        const char* fwN = "Module.fc.Linear.forward.0";
        const char* fwB = "Module.proj.Linear.forward.0";
        ps::NodeId n = id(*c, ps::Side::Npu, fwN), b = id(*c, ps::Side::Bench, fwB);
        QCOMPARE(c->counterpart[0][n], ps::kNoNode);
        QVERIFY(!c->precision[n].has);
        QVERIFY(ps::manualMatchRefusal(*c).empty());

        ps::ManualMatchReport report;
        auto m = ps::matchManually(*c, n, b, false, report);
        QVERIFY2(report.failures.empty(), report.failures.empty() ? "" : report.failures[0].c_str());
        QCOMPARE(m->counterpart[0][n], b);
        QCOMPARE(m->counterpart[1][b], n);
        QVERIFY(c->counterpart[0][n] == ps::kNoNode); // the input comparison is untouched
        // Output: Max 3.0 vs 2.0 -> diff 1.0, 50%; Norm 5.0 vs 4.0 -> 25%; Min and Mean equal.
        // Precision = max of the output relative errors = 0.5.
        QVERIFY(m->precision[n].has);
        QCOMPARE(m->precision[n].value, 0.5);
        QJsonObject vis = visObject(*m);
        const char* item = "Module.fc.Linear.forward.0.output.0";
        QCOMPARE(outRow(vis, fwN, item, "Max diff"), QStringLiteral("1.0"));
        QCOMPARE(outRow(vis, fwN, item, "MaxRelativeErr"), QStringLiteral("50.0%"));
        QCOMPARE(outRow(vis, fwN, item, "L2norm diff"), QStringLiteral("1.0"));
        QCOMPARE(outRow(vis, fwN, item, "NormRelativeErr"), QStringLiteral("25.0%"));
        QCOMPARE(outRow(vis, fwN, item, "MinRelativeErr"), QStringLiteral("0.0%"));
        QCOMPARE(
            npuNode(vis, fwN)[QStringLiteral("data")].toObject()[QStringLiteral("precision_index")].toDouble(), 0.5);
        QJsonArray link = npuNode(vis, fwN)[QStringLiteral("matched_node_link")].toArray();
        QCOMPARE(link.last().toString(), QString::fromLatin1(fwB));
        // Without the children option the linear API stays unmatched.
        QCOMPARE(m->counterpart[0][id(*m, ps::Side::Npu, "Functional.linear.0.forward")], ps::kNoNode);
    }

    void backwardIsMirrored()
    {
        auto c = compare();
        ps::ManualMatchReport report;
        auto m = ps::matchManually(*c, id(*c, ps::Side::Npu, "Module.fc.Linear.forward.0"),
            id(*c, ps::Side::Bench, "Module.proj.Linear.forward.0"), false, report);
        ps::NodeId bwN = id(*m, ps::Side::Npu, "Module.fc.Linear.backward.0");
        ps::NodeId bwB = id(*m, ps::Side::Bench, "Module.proj.Linear.backward.0");
        QCOMPARE(m->counterpart[0][bwN], bwB);
        QCOMPARE(report.pairs.size(), size_t(2));
        // Backward: its input is the forward output (Max 3.0 vs 2.0), its output the forward input (equal): 0.
        QCOMPARE(m->precision[bwN].value, 0.0);
        QVERIFY(m->precision[bwN].has);
        // Unmatching the forward pair unmatches the mirrored backward pair too.
        ps::ManualMatchReport undo;
        auto u = ps::unmatchManually(*m, id(*m, ps::Side::Npu, "Module.fc.Linear.forward.0"),
            id(*m, ps::Side::Bench, "Module.proj.Linear.forward.0"), false, undo);
        QCOMPARE(u->counterpart[0][bwN], ps::kNoNode);
        QVERIFY(!u->precision[bwN].has);
    }

    void childrenAreMatchedByShortNameAndType()
    {
        auto c = compare();
        ps::ManualMatchReport report;
        auto m = ps::matchManually(*c, id(*c, ps::Side::Npu, "Module.fc.Linear.forward.0"),
            id(*c, ps::Side::Bench, "Module.proj.Linear.forward.0"), true, report);
        QVERIFY(report.failures.empty());
        ps::NodeId api = id(*m, ps::Side::Npu, "Functional.linear.0.forward");
        QCOMPARE(m->counterpart[0][api], id(*m, ps::Side::Bench, "Functional.linear.0.forward"));
        QCOMPARE(m->precision[api].value, 0.5);
        // forward module, its API, and both mirrored backward nodes
        QCOMPARE(report.pairs.size(), size_t(4));
        QCOMPARE(m->counterpart[0][id(*m, ps::Side::Npu, "Functional.linear.0.backward")],
            id(*m, ps::Side::Bench, "Functional.linear.0.backward"));
    }

    void unmatchRestoresTheUnmatchedState()
    {
        auto c = compare();
        const std::string before = ps::visJson(*c);
        ps::NodeId n = id(*c, ps::Side::Npu, "Module.fc.Linear.forward.0");
        ps::NodeId b = id(*c, ps::Side::Bench, "Module.proj.Linear.forward.0");
        ps::ManualMatchReport r1, r2;
        auto m = ps::matchManually(*c, n, b, true, r1);
        QVERIFY(ps::visJson(*m) != before);
        auto u = ps::unmatchManually(*m, n, b, true, r2);
        QCOMPARE(r2.pairs.size(), r1.pairs.size());
        QVERIFY(r2.failures.empty());
        QCOMPARE(ps::visJson(*u), before);
    }

    void rematchingAnAutomaticPairGivesTheEngineResult()
    {
        auto c = compare();
        const std::string before = ps::visJson(*c);
        ps::NodeId n = id(*c, ps::Side::Npu, "Functional.relu.0.forward");
        ps::NodeId b = c->counterpart[0][n];
        QVERIFY(b != ps::kNoNode);
        ps::ManualMatchReport r1, r2;
        auto u = ps::unmatchManually(*c, n, b, false, r1);
        QCOMPARE(u->counterpart[0][n], ps::kNoNode);
        auto m = ps::matchManually(*u, n, b, false, r2);
        QCOMPARE(ps::visJson(*m), before);
    }

    void refusedPairsAreReported()
    {
        auto c = compare();
        ps::ManualMatchReport report;
        // Module with API: types differ.
        auto m = ps::matchManually(*c, id(*c, ps::Side::Npu, "Module.fc.Linear.forward.0"),
            id(*c, ps::Side::Bench, "Functional.linear.0.forward"), false, report);
        QVERIFY(report.pairs.empty());
        QCOMPARE(report.failures.size(), size_t(1));
        QVERIFY(report.failures[0].find("module") != std::string::npos);
        // The relu is matched automatically already.
        report = {};
        ps::matchManually(*c, id(*c, ps::Side::Npu, "Functional.relu.0.forward"),
            id(*c, ps::Side::Bench, "Module.proj.Linear.forward.0"), false, report);
        QVERIFY(report.pairs.empty());
        QVERIFY(report.failures[0].find("already matched") != std::string::npos);
        // Unmatching two nodes that are not paired.
        report = {};
        ps::unmatchManually(*c, id(*c, ps::Side::Npu, "Module.fc.Linear.forward.0"),
            id(*c, ps::Side::Bench, "Module.proj.Linear.forward.0"), false, report);
        QVERIFY(report.failures[0].find("not matched") != std::string::npos);
    }

    void md5ModeRecomputesPassOrFail()
    {
        auto same = compare("beef", "beef");
        QCOMPARE(same->mode, ps::CompareMode::Md5);
        ps::NodeId n = id(*same, ps::Side::Npu, "Module.fc.Linear.forward.0");
        ps::NodeId b = id(*same, ps::Side::Bench, "Module.proj.Linear.forward.0");
        ps::ManualMatchReport report;
        auto m = ps::matchManually(*same, n, b, false, report);
        QCOMPARE(m->precision[n].value, 1.0);
        QCOMPARE(m->metricsOf(same->graph(ps::Side::Npu).outputItems(n)[0])[0].s, std::string("pass"));
    }

    void md5MismatchGivesZero()
    {
        auto differ = compare("beef", "cafe");
        ps::NodeId n = id(*differ, ps::Side::Npu, "Module.fc.Linear.forward.0");
        ps::ManualMatchReport report;
        auto m = ps::matchManually(
            *differ, n, id(*differ, ps::Side::Bench, "Module.proj.Linear.forward.0"), false, report);
        QCOMPARE(m->precision[n].value, 0.0);
        QVERIFY(m->precision[n].isInt);
        QCOMPARE(m->metricsOf(differ->graph(ps::Side::Npu).outputItems(n)[0])[0].s, std::string("Different"));
    }

    void realDataModeIsRefused()
    {
        const QString root = QStringLiteral(PROBESCOPE_CASES "/mlp_mix_tensor");
        QVERIFY2(QFileInfo::exists(root), qPrintable(root));
        std::vector<std::string> warnings;
        auto jobs = ps::planJobs((root + "/npu").toStdString(), (root + "/bench").toStdString(), std::string());
        QVERIFY(!jobs.empty());
        auto c = ps::runPair(jobs[0].npuDir, jobs[0].benchDir, ps::EngineOptions {}, warnings);
        QCOMPARE(c->mode, ps::CompareMode::Real);
        QVERIFY(ps::manualMatchRefusal(*c).find("real-data") != std::string::npos);
        ps::ManualMatchReport report;
        QVERIFY_THROWS_EXCEPTION(ps::Error, ps::matchManually(*c, 1, 1, false, report));
        try {
            ps::matchManually(*c, 1, 1, false, report);
        } catch (const ps::Error& e) {
            QCOMPARE(e.code(), ps::ErrorCode::BadArgument);
            QVERIFY(std::string(e.what()).find("real-data") != std::string::npos);
        }
    }

    void graphFilesAreRefused()
    {
        auto c = compare();
        QTemporaryDir tmp;
        const std::string path = tmp.filePath(QStringLiteral("x.vis")).toStdString();
        ps::writeVisFile(*c, path);
        auto doc = ps::readVisFile(path);
        QVERIFY(ps::manualMatchRefusal(*doc.comparison).find("graph file") != std::string::npos);
    }

    void visConfigRoundTrip()
    {
        auto c = compare();
        ps::ManualMatchReport r1;
        auto m = ps::matchManually(*c, id(*c, ps::Side::Npu, "Module.fc.Linear.forward.0"),
            id(*c, ps::Side::Bench, "Module.proj.Linear.forward.0"), true, r1);
        ps::MatchPairs pairs = ps::manualPairs(*m);
        QCOMPARE(pairs.size(), size_t(4));
        QTemporaryDir tmp;
        const std::string path = tmp.filePath(QStringLiteral("compare.vis.config")).toStdString();
        ps::writeVisConfig(path, pairs);
        QCOMPARE(
            QFileInfo(QString::fromStdString(path)).permissions() & QFileDevice::ReadGroup, QFileDevice::ReadGroup);
        QJsonObject file = QJsonDocument::fromJson(QByteArray::fromStdString(ps::visConfigJson(pairs))).object();
        QCOMPARE(file[QStringLiteral("Module.fc.Linear.forward.0")].toString(),
            QStringLiteral("Module.proj.Linear.forward.0"));
        QCOMPARE(ps::readVisConfig(path), pairs);
        // Applying the file to a fresh comparison reproduces the manual matches exactly.
        ps::ManualMatchReport r2;
        auto applied = ps::applyMatchPairs(*c, ps::readVisConfig(path), r2);
        QVERIFY(r2.failures.empty());
        QCOMPARE(ps::visJson(*applied), ps::visJson(*m));
        // Unknown names are reported, the rest applied.
        ps::ManualMatchReport r3;
        ps::applyMatchPairs(*c, { { "Module.nope.forward.0", "Module.proj.Linear.forward.0" } }, r3);
        QCOMPARE(r3.failures.size(), size_t(1));
        QVERIFY(r3.failures[0].find("not in this comparison") != std::string::npos);
    }

    void badVisConfigFilesNameTheFile()
    {
        QTemporaryDir tmp;
        const QList<QByteArray> bad = { "", "[]", "{\"a\": 1}", "{\"a\": \"\"}", "{\"\": \"b\"}",
            "{\"a\": \"b\", \"a\": \"c\"}", "{\"a\": \"b\"} x", "{\"a\": \"b\"", "{\"a\": [\"b\"]}", "null",
            // Names that could not be saved back unchanged (found by fuzz_vis_config): invalid UTF-8 in either
            // name, an overlong form, a lone surrogate escape.
            "{\"a\\xff\": \"b\"}", "{\"a\": \"b\\xfe\"}", "{\"\\xc0\\xaf\": \"b\"}", "{\"a\\ud800\": \"b\"}" };
        int i = 0;
        for (const QByteArray& text : bad) {
            const QString path = tmp.filePath(QStringLiteral("bad%1.vis.config").arg(i++));
            writeFile(path, text);
            try {
                ps::readVisConfig(path.toStdString());
                QFAIL(qPrintable(QStringLiteral("accepted: ") + QString::fromUtf8(text)));
            } catch (const ps::Error& e) {
                QVERIFY2(std::string(e.what()).find(path.toStdString()) != std::string::npos, e.what());
            }
        }
        QVERIFY_THROWS_EXCEPTION(ps::Error, ps::readVisConfig(tmp.filePath(QStringLiteral("missing")).toStdString()));
        QCOMPARE(ps::parseVisConfig("{}", "x").size(), size_t(0));
        // Valid non-ASCII names, raw or as escapes (a surrogate pair), survive a save and a reload.
        ps::MatchPairs pairs = ps::parseVisConfig("{\"Module.\xe5\xb1\x82\": \"x\\ud83d\\ude00\"}", "x");
        QCOMPARE(pairs.at(0).second, std::string("x\xf0\x9f\x98\x80"));
        QCOMPARE(ps::parseVisConfig(ps::visConfigJson(pairs), "saved"), pairs);
    }

    void exportsCarryTheManualMatches()
    {
        auto c = compare();
        ps::NodeId n = id(*c, ps::Side::Npu, "Module.fc.Linear.forward.0");
        ps::NodeId b = id(*c, ps::Side::Bench, "Module.proj.Linear.forward.0");
        ps::ManualMatchReport report;
        std::shared_ptr<const ps::Comparison> m = ps::matchManually(*c, n, b, false, report);
        QTemporaryDir tmp;
        const std::string vis = tmp.filePath(QStringLiteral("a/m.vis")).toStdString();
        QDir().mkpath(tmp.filePath(QStringLiteral("a")));
        ps::writeVisFile(*m, vis);
        auto doc = ps::readVisFile(vis);
        ps::NodeId dn = doc.comparison->graph(ps::Side::Npu).find("Module.fc.Linear.forward.0");
        QCOMPARE(doc.comparison->graph(ps::Side::Bench).nameOf(doc.comparison->counterpart[0][dn]),
            std::string_view("Module.proj.Linear.forward.0"));
        QCOMPARE(doc.comparison->precision[dn].value, 0.5);

        const std::string db = tmp.filePath(QStringLiteral("b.vis.db")).toStdString();
        ps::VisDbGraph graph;
        graph.comparison = m;
        ps::writeVisDb({ graph }, db);
        auto dbDoc = ps::readVisDbGraph(db, 0, 0);
        ps::NodeId gn = dbDoc.comparison->graph(ps::Side::Npu).find("Module.fc.Linear.forward.0");
        QCOMPARE(dbDoc.comparison->precision[gn].value, 0.5);
        QVERIFY(dbDoc.comparison->counterpart[0][gn] != ps::kNoNode);
        const ps::JValue* modified = dbDoc.meta.nodeExtra(0, gn, "modified");
        QVERIFY(modified && modified->i == 1);
        ps::NodeId relu = dbDoc.comparison->graph(ps::Side::Npu).find("Functional.relu.0.forward");
        QVERIFY(!dbDoc.meta.nodeExtra(0, relu, "modified"));
    }
};

QTEST_GUILESS_MAIN(TestManualMatch)
#include "tst_manual_match.moc"
