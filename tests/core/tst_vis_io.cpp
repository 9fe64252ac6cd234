// Reading and writing graph files: .vis files of msprobe 1.2.1 round-trip byte for byte, the .vis.db has
// msprobe's schema and key formats and reads back to the same content as our .vis, and broken or foreign
// files give errors that name the file and the problem.
#include "batch/engine.h"
#include "commands/graph_command.h"
#include "compare/verdict_rules.h"
#include "io/file_io.h"
#include "util/error.h"
#include "vis/graph_file.h"
#include "vis/json_emit.h"
#include "vis/vis_db_reader.h"
#include "vis/vis_db_sqlite.h"
#include "vis/vis_db_writer.h"
#include "vis/vis_document_writer.h"
#include "vis/vis_export_common.h"
#include "vis/vis_reader.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sys/stat.h>

namespace {

const QString kData = QStringLiteral(PROBESCOPE_TEST_DATA "/vis");
const QString kCases = QStringLiteral(PROBESCOPE_CASES);

std::string str(const QString& s)
{
    return s.toStdString();
}

void writeText(const std::string& path, std::string_view text)
{
    ps::writeFileAtomically(path, text);
}

// Everything a node shows, as one comparable line: type, parent, children, link, stack, items, indices.
std::map<std::string, std::string> describeSide(const ps::Comparison& c, size_t side)
{
    std::map<std::string, std::string> out;
    const ps::Graph& g = *c.graphs[side];
    for (ps::NodeId n = 0; n < g.size(); ++n) {
        std::string d = std::to_string(int(g.type[n])) + "|";
        d += g.parent[n] == ps::kNoNode ? "-" : std::string(g.nameOf(g.parent[n]));
        for (ps::NodeId k : g.children(n))
            d += "," + std::string(g.nameOf(k));
        for (std::string_view l : ps::matchedLink(c, side, n))
            d += ">" + std::string(l);
        for (ps::StrId line : g.stackOf(n))
            d += "#" + std::string(g.strings.view(line));
        d += "|";
        ps::appendItemsJson(d, c, side, g.inputItems(n));
        ps::appendItemsJson(d, c, side, g.outputItems(n));
        if (const ps::Precision* p = ps::precisionOf(c, side, n))
            d += "|p" + std::to_string(p->value) + (p->isInt ? "i" : "f");
        d += "|o" + std::to_string(int(ps::overflowOf(c, side, n)));
        auto dist = c.distributed[side].find(n);
        if (dist != c.distributed[side].end())
            for (const ps::DistributedPeer& peer : dist->second.peers)
                d += "|d" + std::to_string(peer.rank) + peer.index + peer.node;
        out[std::string(g.nameOf(n))] = d;
    }
    return out;
}

struct Column {
    std::string name, type;
    bool notNull, primaryKey;
    bool operator==(const Column&) const = default;
};

std::vector<Column> columnsOf(ps::SqliteDb& db, const char* table)
{
    std::vector<Column> out;
    ps::SqliteStmt q(db, (std::string("PRAGMA table_info(") + table + ")").c_str());
    while (q.step())
        out.push_back({ std::string(q.text(1)), std::string(q.text(2)), q.integer(3) != 0, q.integer(5) != 0 });
    return out;
}

std::map<std::string, std::string> schemaOf(ps::SqliteDb& db)
{
    std::map<std::string, std::string> out;
    ps::SqliteStmt q(db, "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL");
    while (q.step())
        out[std::string(q.text(0))] = std::string(q.text(1));
    return out;
}

// The first `columns` columns of every row `sql` returns agree between the two databases.
bool sameRows(ps::SqliteDb& a, ps::SqliteDb& b, const char* sql, int columns)
{
    ps::SqliteStmt qa(a, sql), qb(b, sql);
    while (qa.step()) {
        if (!qb.step())
            return false;
        for (int col = 0; col < columns; ++col)
            if (qa.text(col) != qb.text(col)) {
                qWarning("%s: column %d: %s vs %s", sql, col, std::string(qa.text(col)).c_str(),
                    std::string(qb.text(col)).c_str());
                return false;
            }
    }
    return !qb.step();
}

std::string gunzipTo(const QString& gz, const QString& dir, const QString& name)
{
    std::string path = str(dir + "/" + name);
    writeText(path, ps::readMaybeGzipped(str(gz)));
    return path;
}

} // namespace

class TestVisIo : public QObject {
    Q_OBJECT
private slots:
    void visRoundTripIsByteIdentical_data()
    {
        QTest::addColumn<QString>("file");
        for (const char* f : { "mlp_nan_compare_oc_1.2.1.vis.gz", "mlp_md5_build_1.2.1.vis.gz",
                 "dist_compare_step0_rank0_1.2.1.vis.gz" })
            QTest::newRow(f) << kData + "/" + f;
    }
    void visRoundTripIsByteIdentical()
    {
        QFETCH(QString, file);
        std::string original = ps::readMaybeGzipped(str(file));
        ps::VisDocument doc = ps::readVisFile(str(file));
        QVERIFY(doc.comparison && doc.comparison->graphs[0]);
        QVERIFY(doc.comparison->graphs[0]->dump->verbatim);
        std::string written = ps::visDocumentJson(doc);
        QCOMPARE(written.size(), original.size());
        QVERIFY(written == original);
    }

    // Files edited by tb_graph_ascend (manual matches, colours, saved match lists) keep their edits.
    void editedVisRoundTrip_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<bool>("atEnd"); // replace the closing brace of the file instead of `from`
        QTest::newRow("saved match list") << "\n}"
                                          << ",\n    \"npu_match_nodes\": {\n        \"A\": \"B\"\n    }\n}" << true;
        QTest::newRow("edited colours") << "\"#C7C7C7\""
                                        << "\"#C0C0C0\"" << false;
        QTest::newRow("manual metric") << "\"Max diff\": \"0.0\","
                                       << "\"MaxAbsErr\": \"0.5\",\n                        \"Max diff\": \"0.0\","
                                       << false;
        QTest::newRow("edited link") << "\"DefaultModel\",\n                    \"Module.embed.Linear.forward.0\"\n"
                                     << "\"Elsewhere\",\n                    \"Module.embed.Linear.forward.0\"\n"
                                     << false;
        QTest::newRow("manual match") << "\"DefaultModel\",\n                    \"Module.embed.Linear.forward.0\"\n"
                                      << "\"DefaultModel\",\n                    \"Module.head.Linear.forward.0\"\n"
                                      << false;
    }
    void editedVisRoundTrip()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(bool, atEnd);
        std::string text = ps::readMaybeGzipped(str(kData + "/dist_compare_step0_rank0_1.2.1.vis.gz"));
        std::string f = str(from), t = str(to);
        size_t at = atEnd ? text.rfind(f) : text.find(f);
        QVERIFY(at != std::string::npos);
        text.replace(at, f.size(), t);
        ps::VisDocument doc = ps::parseVisJson(text, "edited.vis");
        QVERIFY(ps::visDocumentJson(doc) == text);
        const ps::Comparison& c = *doc.comparison;
        ps::NodeId embed = c.graph(ps::Side::Npu).find("Module.embed.Linear.forward.0");
        ps::NodeId other = c.counterpart[0][embed];
        if (QTest::currentDataTag() == QLatin1String("manual match"))
            QCOMPARE(c.graph(ps::Side::Bench).nameOf(other), std::string_view("Module.head.Linear.forward.0"));
        if (QTest::currentDataTag() == QLatin1String("edited link"))
            QVERIFY(doc.meta.nodeExtra(0, embed, "matched_node_link") != nullptr);
    }

    void visModelContent()
    {
        ps::VisDocument doc = ps::readVisFile(str(kData + "/dist_compare_step0_rank0_1.2.1.vis.gz"));
        const ps::Comparison& c = *doc.comparison;
        QVERIFY(c.isCompare);
        QCOMPARE(c.mode, ps::CompareMode::Summary);
        const ps::Graph& npu = c.graph(ps::Side::Npu);
        QCOMPARE(npu.nameOf(npu.root), std::string_view("DefaultModel"));
        ps::NodeId fc = npu.find("Module.embed.Linear.forward.0");
        QVERIFY(fc != ps::kNoNode);
        QCOMPARE(npu.parent[fc], npu.root);
        QVERIFY(c.counterpart[0][fc] != ps::kNoNode);
        QVERIFY(c.precision[fc].has);
        QVERIFY(!c.distributed[0].empty()); // communication nodes keep their peers
        QVERIFY(doc.meta.topValue("Colors") && doc.meta.topValue("ToolTip"));
        QCOMPARE(doc.meta.taskText, std::string("summary"));
    }

    void dbSchemaAndKeys_data()
    {
        QTest::addColumn<QString>("caseName");
        QTest::addColumn<bool>("compare");
        QTest::newRow("compare") << "mlp_mix_statistics" << true;
        QTest::newRow("build") << "mlp_mix_statistics" << false;
        QTest::newRow("multi-rank-step-compare") << "dist_tp_mix_statistics" << true;
        QTest::newRow("multi-step-compare") << "mlp_steps_mix_statistics" << true;
    }
    void dbSchemaAndKeys()
    {
        QFETCH(QString, caseName);
        QFETCH(bool, compare);
        QString caseDir = kCases + "/" + caseName;
        QVERIFY2(QFileInfo::exists(caseDir), qPrintable(caseDir));
        QTemporaryDir tmp;
        ps::CompareConfig config = ps::readCompareJson(str(caseDir + (compare ? "/compare.json" : "/build.json")));
        ps::EngineOptions options;
        options.outputFormat = ps::OutputFormat::Db;
        ps::RunContext quiet;
        ps::RunResult result = ps::runGraphCommand(config, str(tmp.path() + "/db"), options, quiet, "20250101000000");
        QCOMPARE(result.outputFiles.size(), size_t(1));
        std::string path = result.outputFiles[0];
        QCOMPARE(QFileInfo(QString::fromStdString(path)).fileName(),
            QString(compare ? "compare_20250101000000.vis.db" : "build_20250101000000.vis.db"));
        QCOMPARE(QDir(tmp.path() + "/db").entryList(QDir::Files | QDir::Hidden).size(), 1); // no temp file left
        struct stat st { };
        QCOMPARE(::stat(path.c_str(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), 0640);

        std::string ref = gunzipTo(kData + "/mlp_compare_head.vis.db.gz", tmp.path(), "ref.vis.db");
        ps::SqliteDb refDb(ref, ps::SqliteDb::Mode::ReadOnly);
        ps::SqliteDb db(path, ps::SqliteDb::Mode::ReadOnly);
        QVERIFY(schemaOf(db) == schemaOf(refDb)); // tables, column types and index1..index6, as msprobe creates them
        for (const char* table : { "tb_nodes", "tb_config", "tb_stack" })
            QVERIFY(columnsOf(db, table) == columnsOf(refDb, table));

        // Value types per column, as msprobe stores them.
        ps::SqliteStmt types(db,
            "SELECT DISTINCT typeof(id), typeof(graph_id), typeof(node_order), typeof(node_type), typeof(up_node), "
            "typeof(sub_nodes), typeof(micro_step_id), typeof(matched_node_link), typeof(stack_id), "
            "typeof(parallel_merge_info), typeof(matched_distributed), typeof(modified), typeof(input_data), "
            "typeof(step), typeof(rank) FROM tb_nodes");
        while (types.step()) {
            const char* expected[] = { "text", "text", "integer", "text", "text", "text", "integer", "text", "text",
                "text", "text", "integer", "text", "integer", "integer" };
            for (int i = 0; i < 15; ++i)
                QCOMPARE(std::string(types.text(i)), std::string(expected[i]));
        }
        // Keys: id = {source}_{step}_{rank}_{name}, graph_id = {source}_{step}_{rank}; one root per graph.
        ps::SqliteStmt keys(db,
            "SELECT count(*) FROM tb_nodes WHERE id != graph_id || '_' || node_name OR "
            "graph_id != data_source || '_' || step || '_' || rank");
        QVERIFY(keys.step());
        QCOMPARE(keys.integer(0), int64_t(0));
        ps::SqliteStmt roots(db, "SELECT count(*), count(DISTINCT graph_id) FROM tb_nodes WHERE up_node = ''");
        QVERIFY(roots.step());
        QCOMPARE(roots.integer(0), roots.integer(1));
        ps::SqliteStmt sides(db, "SELECT DISTINCT data_source FROM tb_nodes ORDER BY 1");
        std::set<std::string> sources;
        while (sides.step())
            sources.emplace(sides.text(0));
        QVERIFY(sources == (compare ? std::set<std::string> { "Bench", "NPU" } : std::set<std::string> { "NPU" }));
        // node_order: post-order (every child before its parent, the root last), 0..n-1 per graph.
        ps::SqliteStmt order(db,
            "SELECT count(*) FROM tb_nodes c JOIN tb_nodes p ON p.graph_id = c.graph_id AND "
            "p.node_name = c.up_node WHERE c.node_order >= p.node_order");
        QVERIFY(order.step());
        QCOMPARE(order.integer(0), int64_t(0));
        ps::SqliteStmt dense(db,
            "SELECT count(*) FROM (SELECT graph_id FROM tb_nodes GROUP BY graph_id "
            "HAVING max(node_order) != count(*) - 1 OR min(node_order) != 0)");
        QVERIFY(dense.step());
        QCOMPARE(dense.integer(0), int64_t(0));
        // Leaves have sub_nodes '', every stack_id resolves, stacks are deduplicated.
        ps::SqliteStmt leaves(db, "SELECT count(*) FROM tb_nodes WHERE sub_nodes = '[]'");
        QVERIFY(leaves.step());
        QCOMPARE(leaves.integer(0), int64_t(0));
        ps::SqliteStmt stacks(db,
            "SELECT (SELECT count(*) FROM tb_nodes n JOIN tb_stack s ON s.id = n.stack_id), "
            "(SELECT count(*) FROM tb_nodes)");
        QVERIFY(stacks.step());
        QCOMPARE(stacks.integer(0), stacks.integer(1));
        ps::SqliteStmt dedup(db,
            "SELECT count(*) FROM (SELECT n.graph_id FROM tb_nodes n JOIN tb_stack s ON "
            "s.id = n.stack_id GROUP BY n.graph_id, s.stack_info HAVING count(DISTINCT s.id) > 1)");
        QVERIFY(dedup.step());
        QCOMPARE(dedup.integer(0), int64_t(0));
        ps::SqliteStmt row(db, "SELECT graph_type, rank_list, step_list FROM tb_config WHERE id = '1'");
        QVERIFY(row.step());
        QCOMPARE(std::string(row.text(0)), std::string(compare ? "compare" : "build"));
        QVERIFY(row.text(1).front() == '[' && row.text(2).front() == '[');
    }

    void dbReadsBackAsOurVis_data()
    {
        QTest::addColumn<QString>("caseName");
        QTest::addColumn<bool>("compare");
        QTest::newRow("compare") << "mlp_mix_statistics" << true;
        QTest::newRow("build") << "mlp_mix_md5" << false;
        QTest::newRow("multi-rank-step") << "dist_tp_mix_statistics" << true;
    }
    void dbReadsBackAsOurVis()
    {
        QFETCH(QString, caseName);
        QFETCH(bool, compare);
        QString caseDir = kCases + "/" + caseName;
        QVERIFY2(QFileInfo::exists(caseDir), qPrintable(caseDir));
        QTemporaryDir tmp;
        ps::CompareConfig config = ps::readCompareJson(str(caseDir + (compare ? "/compare.json" : "/build.json")));
        ps::EngineOptions options;
        options.overflowCheck = true;
        ps::RunContext quiet;
        ps::RunResult vis = ps::runGraphCommand(config, str(tmp.path() + "/vis"), options, quiet, "20250101000000");
        options.outputFormat = ps::OutputFormat::Db;
        ps::RunResult db = ps::runGraphCommand(config, str(tmp.path() + "/db"), options, quiet, "20250101000000");
        ps::VisDbIndex index = ps::listVisDb(db.outputFiles[0]);
        QCOMPARE(index.compare, compare);
        QCOMPARE(index.graphs.size(), vis.outputFiles.size());
        std::vector<ps::VisDocument> fromDb = ps::readVisDb(db.outputFiles[0]);
        QCOMPARE(fromDb.size(), vis.outputFiles.size());
        for (size_t i = 0; i < fromDb.size(); ++i) {
            ps::VisDocument fromVis = ps::readVisFile(vis.outputFiles[i]); // step/rank order = file order
            for (size_t side = 0; side < (compare ? 2u : 1u); ++side) {
                auto expected = describeSide(*fromVis.comparison, side);
                auto actual = describeSide(*fromDb[i].comparison, side);
                QCOMPARE(actual.size(), expected.size());
                for (const auto& [name, text] : expected) {
                    if (actual[name] != text)
                        qWarning("%s: %s\n  vs %s", name.c_str(), text.c_str(), actual[name].c_str());
                    QVERIFY(actual[name] == text);
                }
            }
            QCOMPARE(fromDb[i].comparison->overflowCheck, fromVis.comparison->overflowCheck);
            QCOMPARE(fromDb[i].comparison->mode, fromVis.comparison->mode);
        }
        // Read, write, read again: the database comes back row for row.
        std::vector<ps::VisDbGraph> graphs;
        for (const ps::VisDocument& d : fromDb)
            graphs.push_back({ d.step, d.rank, d.comparison, std::make_shared<ps::VisMeta>(d.meta) });
        std::string again = str(tmp.path() + "/again.vis.db");
        ps::writeVisDb(graphs, again);
        ps::SqliteDb a(db.outputFiles[0], ps::SqliteDb::Mode::ReadOnly);
        ps::SqliteDb b(again, ps::SqliteDb::Mode::ReadOnly);
        ps::SqliteStmt qa(a, "SELECT * FROM tb_nodes ORDER BY id");
        ps::SqliteStmt qb(b, "SELECT * FROM tb_nodes ORDER BY id");
        while (qa.step()) {
            QVERIFY(qb.step());
            for (int col = 0; col < 21; ++col)
                QCOMPARE(qb.text(col), qa.text(col));
        }
        QVERIFY(!qb.step());
    }

    void referenceDbRoundTrip()
    {
        QTemporaryDir tmp;
        std::string ref = gunzipTo(kData + "/mlp_compare_head.vis.db.gz", tmp.path(), "ref.vis.db");
        QFileInfo before(QString::fromStdString(ref));
        std::vector<ps::VisDocument> docs = ps::readVisDb(ref);
        QCOMPARE(docs.size(), size_t(1));
        QVERIFY(docs[0].comparison->isCompare);
        QCOMPARE(QDir(tmp.path()).entryList(QDir::Files).size(), 1); // no -wal/-shm created next to the input
        QCOMPARE(QFileInfo(QString::fromStdString(ref)).lastModified(), before.lastModified());
        std::string out = str(tmp.path() + "/out.vis.db");
        ps::writeVisDb({ { 0, 0, docs[0].comparison, std::make_shared<ps::VisMeta>(docs[0].meta) } }, out);
        ps::SqliteDb a(ref, ps::SqliteDb::Mode::ReadOnly);
        ps::SqliteDb b(out, ps::SqliteDb::Mode::ReadOnly);
        for (const char* sql : { "SELECT *, typeof(precision_index) FROM tb_nodes ORDER BY id",
                 "SELECT * FROM tb_stack ORDER BY id", "SELECT * FROM tb_config" })
            QVERIFY(sameRows(a, b, sql, 9));
        // The .vis written from a .vis.db has msprobe's top-level shape.
        std::string json = ps::visDocumentJson(docs[0]);
        ps::VisDocument back = ps::parseVisJson(json, "from-db.vis");
        QCOMPARE(describeSide(*back.comparison, 0), describeSide(*docs[0].comparison, 0));
        QCOMPARE(describeSide(*back.comparison, 1), describeSide(*docs[0].comparison, 1));
    }

    // A database of msprobe 26.0.0 (mlp_nan_mix_statistics compare) reads with its rules: every NPU item's
    // verdict and reasons, precision as stored, and written back row for row with is_distributed and index7.
    void reference26DbReadsIntoTheModel()
    {
        QTemporaryDir tmp;
        std::string ref = gunzipTo(kData + "/mlp_nan_compare_26.0.0.vis.db.gz", tmp.path(), "ref.vis.db");
        std::vector<ps::VisDocument> docs = ps::readVisDb(ref);
        QCOMPARE(docs.size(), size_t(1));
        const ps::Comparison& c = *docs[0].comparison;
        QCOMPARE(c.profile, ps::RulesProfile::Msprobe26);
        const ps::Graph& npu = c.graph(ps::Side::Npu);
        ps::NodeId linear = npu.find("Functional.linear.1.forward");
        QVERIFY(linear != ps::kNoNode);
        QVERIFY(c.precision[linear].has && c.precision[linear].isInt);
        QCOMPARE(c.precision[linear].value, 1.0);
        QCOMPARE(npu.outputItems(linear).size(), size_t(1));
        const ps::RowVerdict& v = c.verdicts[npu.outputItems(linear)[0]];
        QCOMPARE(v.level, ps::Verdict::Error);
        QVERIFY(v.requiresGradConsistent);
        QVERIFY(v.reasonList() == std::vector<ps::Reason> { ps::Reason::InfNan });
        // input.1 (the weight) is NaN as well, the input and bias pass
        std::vector<ps::Verdict> inputs;
        for (uint32_t item : npu.inputItems(linear))
            inputs.push_back(c.verdicts[item].level);
        QVERIFY(inputs == (std::vector { ps::Verdict::Pass, ps::Verdict::Error, ps::Verdict::Pass }));
        std::string out = str(tmp.path() + "/out.vis.db");
        ps::writeVisDb({ { 0, 0, docs[0].comparison, std::make_shared<ps::VisMeta>(docs[0].meta) } }, out);
        ps::SqliteDb a(ref, ps::SqliteDb::Mode::ReadOnly);
        ps::SqliteDb b(out, ps::SqliteDb::Mode::ReadOnly);
        QVERIFY(sameRows(a, b,
            "SELECT node_name, up_node, sub_nodes, precision_index, typeof(precision_index), input_data, output_data, "
            "matched_node_link, is_distributed FROM tb_nodes ORDER BY id",
            9));
        QVERIFY(sameRows(a, b, "SELECT * FROM tb_config", 9));
        QVERIFY(sameRows(a, b, "SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' ORDER BY name", 2));
    }

    // A view opens a .vis.db with its structure only: every node, with the same id, parent, children, counterpart,
    // stack, precision and overflow as the whole read, no data items, and writers refuse it. The data of a
    // selected pair comes from readVisDbNodePair, equal to the whole read's items of those nodes.
    void structureReadIsTheGraphWithoutItsData_data()
    {
        QTest::addColumn<QString>("source");
        QTest::newRow("msprobe 26.0.0") << "mlp_nan_compare_26.0.0.vis.db.gz";
        QTest::newRow("msprobe 8.3.3") << "mlp_compare_head.vis.db.gz";
        QTest::newRow("ranks and steps") << "dist_tp_mix_statistics";
        QTest::newRow("build") << "mlp_mix_md5";
    }
    void structureReadIsTheGraphWithoutItsData()
    {
        QFETCH(QString, source);
        QTemporaryDir tmp;
        std::string path;
        if (source.endsWith(".gz")) {
            path = gunzipTo(kData + "/" + source, tmp.path(), "ref.vis.db");
        } else {
            const bool compare = QFileInfo::exists(kCases + "/" + source + "/compare.json");
            ps::CompareConfig config
                = ps::readCompareJson(str(kCases + "/" + source + (compare ? "/compare.json" : "/build.json")));
            ps::EngineOptions options;
            options.outputFormat = ps::OutputFormat::Db;
            options.profile = ps::RulesProfile::Msprobe26;
            ps::RunContext quiet;
            path
                = ps::runGraphCommand(config, str(tmp.path() + "/db"), options, quiet, "20250101000000").outputFiles[0];
        }
        const ps::VisDbIndex index = ps::listVisDb(path);
        QVERIFY(!index.graphs.empty());
        for (auto [step, rank] : index.graphs) {
            const ps::VisDocument whole = ps::readVisDbGraph(path, step, rank);
            const ps::VisDocument structure = ps::readVisDbGraph(path, step, rank, ps::VisDbData::Structure);
            const ps::Comparison& w = *whole.comparison;
            const ps::Comparison& s = *structure.comparison;
            QVERIFY(!w.nodeDataOmitted && s.nodeDataOmitted);
            QCOMPARE(s.isCompare, w.isCompare);
            QCOMPARE(s.profile, w.profile);
            for (size_t side = 0; side < (w.isCompare ? 2u : 1u); ++side) {
                const ps::Graph& wg = *w.graphs[side];
                const ps::Graph& sg = *s.graphs[side];
                QCOMPARE(sg.size(), wg.size());
                QCOMPARE(sg.root, wg.root);
                QCOMPARE(sg.microSteps, wg.microSteps);
                QVERIFY(sg.itemIndex.empty() && !wg.itemIndex.empty());
                for (ps::NodeId n = 0; n < wg.size(); ++n) {
                    QCOMPARE(sg.nameOf(n), wg.nameOf(n));
                    QCOMPARE(sg.parent[n], wg.parent[n]);
                    QCOMPARE(sg.type[n], wg.type[n]);
                    QCOMPARE(sg.microStep[n], wg.microStep[n]);
                    QVERIFY(std::ranges::equal(sg.children(n), wg.children(n)));
                    QVERIFY(std::ranges::equal(
                        sg.stackOf(n), wg.stackOf(n), {}, [&](ps::StrId id) { return sg.strings.view(id); },
                        [&](ps::StrId id) { return wg.strings.view(id); }));
                    QCOMPARE(ps::overflowOf(s, side, n), ps::overflowOf(w, side, n));
                    if (w.isCompare)
                        QCOMPARE(s.counterpart[side][n], w.counterpart[side][n]);
                }
            }
            QCOMPARE(s.precision.size(), w.precision.size());
            for (size_t n = 0; n < w.precision.size(); ++n) {
                QCOMPARE(s.precision[n].has, w.precision[n].has);
                QCOMPARE(s.precision[n].isInt, w.precision[n].isInt);
                QVERIFY(s.precision[n].value == w.precision[n].value || std::isnan(w.precision[n].value));
            }

            // The data of one matched pair (or of a build node), as the whole read has it.
            const ps::Graph& wn = *w.graphs[0];
            ps::NodeId npu = ps::kNoNode;
            for (ps::NodeId n = 0; n < wn.size() && npu == ps::kNoNode; ++n)
                if (!wn.outputItems(n).empty() && (!w.isCompare || w.counterpart[0][n] != ps::kNoNode))
                    npu = n;
            QVERIFY(npu != ps::kNoNode);
            const ps::NodeId bench = w.isCompare ? w.counterpart[0][npu] : ps::kNoNode;
            const std::string npuName(wn.nameOf(npu));
            const std::string benchName = bench == ps::kNoNode ? "" : std::string(w.graphs[1]->nameOf(bench));
            const ps::VisDocument pair = ps::readVisDbNodePair(path, step, rank, npuName, benchName);
            const ps::Comparison& p = *pair.comparison;
            QCOMPARE(p.graphs[0]->nameOf(0), std::string_view(npuName));
            std::string expected, actual;
            ps::appendItemsJson(expected, w, 0, wn.inputItems(npu));
            ps::appendItemsJson(expected, w, 0, wn.outputItems(npu));
            ps::appendItemsJson(actual, p, 0, p.graphs[0]->inputItems(0));
            ps::appendItemsJson(actual, p, 0, p.graphs[0]->outputItems(0));
            QCOMPARE(QString::fromStdString(actual), QString::fromStdString(expected));
            if (w.isCompare) {
                QCOMPARE(p.counterpart[0][0], ps::NodeId(0));
                QCOMPARE(p.graphs[1]->nameOf(0), std::string_view(benchName));
                const ps::VisDocument alone = ps::readVisDbNodePair(path, step, rank, npuName, "no such node");
                QCOMPARE(alone.comparison->counterpart[0][0], ps::kNoNode);
            }
            const ps::VisDocument benchAlone = ps::readVisDbNodePair(path, step, rank, "no such node", benchName);
            QVERIFY(benchAlone.comparison->graphs[0]->nameOf(0) != "no such node");
            QVERIFY(benchAlone.comparison->graphs[0]->inputItems(0).empty());

            // Written, a structure would lose every item: both writers refuse it and leave nothing behind.
            const std::string out = str(tmp.path() + "/structure.vis.db");
            QVERIFY_THROWS_EXCEPTION(ps::Error,
                ps::writeVisDb(
                    { { step, rank, structure.comparison, std::make_shared<ps::VisMeta>(structure.meta) } }, out));
            QVERIFY_THROWS_EXCEPTION(ps::Error, ps::writeVisDocument(structure, str(tmp.path() + "/structure.vis")));
            QVERIFY(!QFileInfo::exists(QString::fromStdString(out)));
            QVERIFY(!QFileInfo::exists(tmp.path() + "/structure.vis"));
        }
    }

    void openAndSaveByFileName()
    {
        QTemporaryDir tmp;
        std::string ref = gunzipTo(kData + "/mlp_compare_head.vis.db.gz", tmp.path(), "renamed.bin");
        std::vector<ps::VisDocument> docs = ps::openGraphFile(ref); // SQLite content, whatever the name
        QCOMPARE(docs.size(), size_t(1));
        std::string asVis = str(tmp.path() + "/out.vis");
        ps::saveGraphFile(docs, asVis);
        std::vector<ps::VisDocument> again = ps::openGraphFile(asVis);
        QCOMPARE(describeSide(*again[0].comparison, 1), describeSide(*docs[0].comparison, 1));
        std::string asDb = str(tmp.path() + "/out.vis.db");
        ps::saveGraphFile(again, asDb);
        QVERIFY(ps::looksLikeSqlite(asDb));
        QCOMPARE(describeSide(*ps::openGraphFile(asDb)[0].comparison, 0), describeSide(*docs[0].comparison, 0));
        QVERIFY_THROWS_EXCEPTION(ps::Error, ps::saveGraphFile({ docs[0], docs[0] }, str(tmp.path() + "/two.vis")));
    }

    void clearErrors_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("vis: invalid JSON") << "a.vis" << QByteArray("{\"root\": ") << "invalid JSON";
        QTest::newRow("vis: not an object") << "a.vis" << QByteArray("[1, 2]") << "must hold a JSON object";
        QTest::newRow("vis: no root") << "a.vis"
                                      << QByteArray(R"({"node": {"M": {"id": "M", "node_type": 0, "subnodes": []}}})")
                                      << "has no \"root\"";
        QTest::newRow("vis: root not a node")
            << "a.vis" << QByteArray(R"({"root": "X", "node": {"M": {"id": "M", "node_type": 0}}})") << "root \"X\"";
        QTest::newRow("vis: no node_type")
            << "a.vis" << QByteArray(R"({"root": "M", "node": {"M": {"id": "M", "upnode": "None"}}})")
            << "\"M\" has no \"node_type\"";
        QTest::newRow("vis: NPU without Bench")
            << "a.vis" << QByteArray(R"({"NPU": {"root": "M", "node": {"M": {"node_type": 0}}}, "task": "summary"})")
            << "no \"Bench\"";
        QTest::newRow("vis: neither") << "a.vis" << QByteArray(R"({"task": "summary"})") << "neither a build graph";
        QTest::newRow("db: not SQLite") << "a.vis.db" << QByteArray("hello, this is not a database at all")
                                        << "not a SQLite database";
        QTest::newRow("db: empty") << "a.vis.db" << QByteArray() << "not a SQLite database";
        QByteArray truncated("SQLite format 3\0", 16);
        truncated.append(QByteArray(200, '\x07'));
        QTest::newRow("db: corrupt") << "a.vis.db" << truncated << "corrupt SQLite database";
    }
    void clearErrors()
    {
        QFETCH(QString, fileName);
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        QTemporaryDir tmp;
        std::string path = str(tmp.path() + "/" + fileName);
        writeText(path, std::string_view(content.constData(), size_t(content.size())));
        try {
            if (fileName.endsWith(".db"))
                ps::readVisDb(path);
            else
                ps::readVisFile(path);
            QFAIL("no error");
        } catch (const ps::Error& e) {
            QCOMPARE(QString::fromStdString(e.file()), QString::fromStdString(path));
            if (!QString::fromUtf8(e.what()).contains(expected))
                qWarning("%s", e.what());
            QVERIFY(QString::fromUtf8(e.what()).contains(expected));
        }
    }

    void foreignSqliteIsRejected_data()
    {
        QTest::addColumn<QString>("ddl");
        QTest::addColumn<QString>("expected");
        QTest::newRow("other tables") << "CREATE TABLE people (name TEXT);"
                                      << "table tb_nodes is missing";
        QTest::newRow("missing column") << "CREATE TABLE tb_nodes (id TEXT, node_name TEXT); CREATE TABLE tb_config "
                                           "(id TEXT); CREATE TABLE tb_stack (id TEXT, stack_info TEXT);"
                                        << "tb_nodes has no column node_type";
    }
    void foreignSqliteIsRejected()
    {
        QFETCH(QString, ddl);
        QFETCH(QString, expected);
        QTemporaryDir tmp;
        std::string path = str(tmp.path() + "/foreign.vis.db");
        {
            ps::SqliteDb db(path, ps::SqliteDb::Mode::Create);
            db.exec(ddl.toUtf8().constData());
        }
        try {
            ps::listVisDb(path);
            QFAIL("no error");
        } catch (const ps::Error& e) {
            QCOMPARE(QString::fromStdString(e.file()), QString::fromStdString(path));
            QVERIFY2(QString::fromUtf8(e.what()).contains(expected), e.what());
        }
    }

    void writerRejectsMixedGraphs()
    {
        ps::VisDocument compare = ps::readVisFile(str(kData + "/dist_compare_step0_rank0_1.2.1.vis.gz"));
        ps::VisDocument build = ps::readVisFile(str(kData + "/mlp_md5_build_1.2.1.vis.gz"));
        QTemporaryDir tmp;
        std::string path = str(tmp.path() + "/mixed.vis.db");
        QVERIFY_THROWS_EXCEPTION(ps::Error,
            ps::writeVisDb({ { 0, 0, compare.comparison, nullptr }, { 0, 1, build.comparison, nullptr } }, path));
        QVERIFY(!QFileInfo::exists(QString::fromStdString(path)));
        QCOMPARE(QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden).size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestVisIo)
#include "tst_vis_io.moc"
