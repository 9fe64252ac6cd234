// Issue 17's catalogue, part 2: hostile files. Classes 4 (decompression and amplification: capped inflation,
// memory reserved before big buffers, a defensive .vis.db reader that shares repeated texts and refuses what a
// .vis.db never holds), 5 (files that change while they are read) and 8 (no silent fallback where msprobe fails,
// no link out of the dump folder). Large inputs are generated here.
#include "bad_inputs.h"

#include "commands/graph_command.h"
#include "compare/comparison.h"
#include "io/file_io.h"
#include "tensor_files.h"
#include "util/limits.h"
#include "util/memory_budget.h"
#include "util/pyformat.h"
#include "util/pyvalue.h"
#include "vis/vis_db_browser.h"
#include "vis/vis_db_reader.h"
#include "vis/vis_db_sqlite.h"
#include "vis/vis_reader.h"

#include <zlib.h>

using namespace badinputs;

namespace {

// zlib with a gzip wrapper (windowBits 31) or raw deflate (-15), at the best ratio.
QByteArray deflated(const QByteArray& data, int windowBits)
{
    z_stream z {};
    deflateInit2(&z, 9, Z_DEFLATED, windowBits, 9, Z_DEFAULT_STRATEGY);
    QByteArray out(int(deflateBound(&z, uLong(data.size()))), '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    z.avail_in = uInt(data.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = uInt(out.size());
    deflate(&z, Z_FINISH);
    out.resize(int(z.total_out));
    deflateEnd(&z);
    return out;
}

QByteArray le(uint64_t v, int bytes)
{
    QByteArray out;
    for (int i = 0; i < bytes; ++i)
        out += char((v >> (8 * i)) & 0xff);
    return out;
}

// A torch.save archive whose storage record is deflated (torch.save never compresses; a hostile file may).
QByteArray ptWithDeflatedStorage(const std::string& raw)
{
    const std::string pkl
        = tensorfiles::detail::tensorPickle("FloatStorage", int64_t(raw.size() / 4), { int64_t(raw.size() / 4) });
    struct Record {
        QByteArray name, data, stored;
        uint16_t method;
    };
    const QByteArray storage(raw.data(), int(raw.size()));
    std::vector<Record> records { { "x/data.pkl", QByteArray::fromStdString(pkl), QByteArray::fromStdString(pkl), 0 },
        { "x/data/0", storage, deflated(storage, -15), 8 } };
    QByteArray out, central;
    for (const Record& r : records) {
        const uint32_t crc = tensorfiles::crc32(r.data.toStdString());
        const uint32_t offset = uint32_t(out.size());
        out += le(0x04034b50, 4) + le(20, 2) + le(0, 2) + le(r.method, 2) + le(0, 4) + le(crc, 4)
            + le(uint32_t(r.stored.size()), 4) + le(uint32_t(r.data.size()), 4) + le(uint32_t(r.name.size()), 2)
            + le(0, 2) + r.name + r.stored;
        central += le(0x02014b50, 4) + le(20, 2) + le(20, 2) + le(0, 2) + le(r.method, 2) + le(0, 4) + le(crc, 4)
            + le(uint32_t(r.stored.size()), 4) + le(uint32_t(r.data.size()), 4) + le(uint32_t(r.name.size()), 2)
            + le(0, 2) + le(0, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(offset, 4) + r.name;
    }
    const uint32_t cd = uint32_t(out.size());
    out += central + le(0x06054b50, 4) + le(0, 2) + le(0, 2) + le(records.size(), 2) + le(records.size(), 2)
        + le(uint32_t(central.size()), 4) + le(cd, 4) + le(0, 2);
    return out;
}

QString readVis(Ctx& c)
{
    return treeCheck(ps::readVisFile(str(c.in + QStringLiteral("/g.vis"))));
}

// A ProbeScope .vis.db of the good pair, then `sql` run on it (a hostile edit).
std::function<void(Ctx&)> editedVisDb(const QByteArray& sql)
{
    return [sql](Ctx& c) {
        goodPair(c);
        writeCompareJson(c);
        ps::EngineOptions options;
        options.outputFormat = ps::OutputFormat::Db;
        ps::CompareConfig config = ps::readCompareJson(str(c.in + QStringLiteral("/compare.json")));
        ps::RunContext run;
        ps::RunResult r = ps::runGraphCommand(config, str(c.in + QStringLiteral("/db")), options, run, "1");
        QFile::rename(QString::fromStdString(r.outputFiles.at(0)), c.in + QStringLiteral("/g.vis.db"));
        QDir(c.in + QStringLiteral("/db")).removeRecursively();
        if (!sql.isEmpty()) {
            ps::SqliteDb db(str(c.in + QStringLiteral("/g.vis.db")), ps::SqliteDb::Mode::Create);
            db.exec(sql.constData());
            db.close();
        }
    };
}

QString readDb(Ctx& c)
{
    std::vector<ps::VisDocument> docs = ps::readVisDb(str(c.in + QStringLiteral("/g.vis.db")));
    const ps::Graph& g = docs.at(0).comparison->graph(ps::Side::Npu);
    return treeCheck(docs.at(0)) + QStringLiteral(", %1 nodes, %2 stacks").arg(g.size()).arg(g.stacks.size());
}

// The viewer's way through a .vis.db: browsed from the roots, every node with children expanded until none is left,
// then its structure read. Both must be trees; "all" when browsing reached every node of the structure.
QString browseDb(Ctx& c)
{
    const std::string path = str(c.in + QStringLiteral("/g.vis.db"));
    ps::VisDbBrowser browser(path, 0, 0);
    for (bool more = true; more;) {
        more = false;
        for (ps::Side side : { ps::Side::Npu, ps::Side::Bench })
            for (ps::NodeId n = 0; n < browser.loadedNodes(side); ++n)
                if (browser.hasChildren(side, n) && !browser.childrenLoaded(side, n))
                    more = browser.expand(side, n) || more;
    }
    const ps::VisDocument part = browser.document();
    const ps::VisDocument structure = ps::readVisDbGraph(path, 0, 0, ps::VisDbData::Structure);
    QString check = treeCheck(part);
    if (check != QStringLiteral("tree"))
        return check;
    const bool all = part.comparison->graph(ps::Side::Npu).size() == structure.comparison->graph(ps::Side::Npu).size();
    return treeCheck(structure) + (all ? QStringLiteral(", all nodes") : QStringLiteral(", part"));
}

void writeGoodTensor(const QString& path)
{
    QFileInfo info(path);
    QDir().mkpath(info.absolutePath());
    tensorfiles::writePt(str(info.absolutePath()), str(info.fileName()), tensorfiles::kFloat32, { 4 },
        tensorfiles::floats({ 1, 2, 3, 4 }));
}

// A tensor-mode pair: the item's data_name is kTensorFile; `place` puts the NPU file (or a link to it) there.
const QString kTensorFile = QStringLiteral("Tensor.x.0.forward.input.0.pt");
std::function<void(Ctx&)> tensorPair(const std::function<void(Ctx&)>& place)
{
    return [place](Ctx& c) {
        for (const QString& side : { c.npu(), c.bench() }) {
            QByteArray data = "{\"Tensor.x.0.forward\": {\"input_args\": ["
                + rec("[4]", "1.0", ", \"data_name\": \"" + kTensorFile.toUtf8() + "\"") + "], \"output\": []}}";
            writeDumpFolder(side, data, kConstruct, "{}", "tensor");
            QDir().mkpath(side + QStringLiteral("/dump_tensor_data"));
        }
        writeGoodTensor(c.bench() + QStringLiteral("/dump_tensor_data/") + kTensorFile);
        place(c);
    };
}

// The metrics of the NPU item Tensor.x.0.forward.input.0, "|"-joined.
QString tensorMetrics(Ctx& c)
{
    auto comparison = ps::runPair(str(c.npu()), str(c.bench()), c.options, c.warnings);
    const ps::DumpData& d = *comparison->graph(ps::Side::Npu).dump;
    QStringList parts;
    for (uint32_t k = 0; k < d.items.size(); ++k)
        if (d.itemKey(d.items[k]) == "Tensor.x.0.forward.input.0")
            for (const ps::PyScalar& v : comparison->metricsOf(k))
                parts << QString::fromStdString(v.kind == ps::PyScalar::Kind::Str ? v.s : ps::py::repr(v.d));
    return QStringLiteral("metrics ") + parts.join(QLatin1Char('|'));
}

std::vector<Case> cases()
{
    std::vector<Case> v;
    auto add = [&](const char* name, const char* file, const char* expect, std::function<void(Ctx&)> setup,
                   std::function<QString(Ctx&)> run = {}) {
        v.push_back({ name, file, expect, setup, run });
    };

    // 4. Decompression and amplification.
    add(
        "gzip'ed .vis inflating 1:1000", "g.vis", "error:above the limit max_inflate_ratio=100",
        [](Ctx& c) {
            QByteArray text = "{\"root\": \"M\", \"pad\": \"" + QByteArray(64 << 20, ' ') + "\"}";
            writeFile(c.in + QStringLiteral("/g.vis"), deflated(text, 31));
        },
        readVis);
    add(
        "gzip'ed .vis inflating beyond the memory budget", "g.vis", "error:above the limit max_memory",
        [](Ctx& c) {
            QByteArray text = "{\"root\": \"M\", \"pad\": \"" + QByteArray(64 << 20, ' ') + "\"}";
            writeFile(c.in + QStringLiteral("/g.vis"), deflated(text, 31));
        },
        [](Ctx& c) {
            ps::Limits small = ps::limits();
            small.maxInflateRatio = 1000000;
            small.maxMemoryBytes = ps::residentAnonymousBytes() + (16 << 20);
            ps::ScopedLimits scope(small);
            return readVis(c);
        });
    add(
        ".pt whose storage record inflates 1:1000", "big.pt", "error:above the limit max_inflate_ratio=100",
        [](Ctx& c) { writeFile(c.in + QStringLiteral("/big.pt"), ptWithDeflatedStorage(std::string(4 << 20, '\0'))); },
        [](Ctx& c) { return tensorSummary(ps::readTensorFile(str(c.in + QStringLiteral("/big.pt")))); });
    add(".pt view of one element as 2^28 (stride 0) beyond the memory budget", "", "ok:metrics unsupported",
        tensorPair([](Ctx& c) {
            tensorfiles::writePt(str(c.npu() + QStringLiteral("/dump_tensor_data")), str(kTensorFile),
                tensorfiles::kFloat32, { int64_t(1) << 28 }, tensorfiles::floats({ 1 }), { 0 });
        }),
        [](Ctx& c) {
            ps::Limits small = ps::limits();
            small.maxMemoryBytes = ps::residentAnonymousBytes() + (256 << 20);
            ps::ScopedLimits scope(small);
            return tensorMetrics(c);
        });
    add(".vis.db rows sharing one 1 MB stack", "", "ok:tree, 20002 nodes, 2 stacks",
        editedVisDb("INSERT INTO tb_stack VALUES ('big', '[\"' || replace(hex(zeroblob(500000)), '00', 'ab') || '\"]');"
                    "WITH RECURSIVE k(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM k WHERE x < 20000) "
                    "INSERT INTO tb_nodes SELECT 'NPU_0_0_n' || x, 'NPU_0_0', 100 + x, 'Tensor.n.' || x || '.forward', "
                    "'1', 'DefaultModel', '[]', NULL, NULL, 0, '[]', 'big', NULL, NULL, 0, '{}', '{}', 'NPU', NULL, "
                    "0, 0 FROM k;"),
        readDb);
    add(".vis.db with a view", "g.vis.db", "error:holds the view \"v\"", editedVisDb("CREATE VIEW v AS SELECT 1;"),
        readDb);
    add(".vis.db whose tb_stack is an endless view", "g.vis.db", "error:holds the view \"tb_stack\"",
        editedVisDb("DROP TABLE tb_stack; CREATE VIEW tb_stack AS WITH RECURSIVE k(x) AS (SELECT 1 UNION ALL "
                    "SELECT x + 1 FROM k) SELECT x AS id, x AS stack_info FROM k;"),
        readDb);
    add(".vis.db with a trigger", "g.vis.db", "error:holds the trigger \"t\"",
        editedVisDb("CREATE TRIGGER t AFTER INSERT ON tb_stack BEGIN SELECT 1; END;"), readDb);
    add(".vis.db with a generated column", "g.vis.db", "error:tb_nodes.g is generated or hidden",
        editedVisDb("ALTER TABLE tb_nodes ADD COLUMN g TEXT GENERATED ALWAYS AS (zeroblob(100000000)) VIRTUAL;"),
        readDb);
    add(".vis.db micro_steps of 10^12", "g.vis.db", "error:tb_config.micro_steps is 1000000000000",
        editedVisDb("UPDATE tb_config SET micro_steps = 1000000000000;"), readDb);
    add(".vis.db micro_step_id of 10^12", "g.vis.db", "error:the micro_step_id of \"Tensor.x.0.forward\"",
        editedVisDb("UPDATE tb_nodes SET micro_step_id = 1000000000000 WHERE node_name = 'Tensor.x.0.forward';"),
        readDb);
    add(".vis.db sub_nodes cycle", "", "ok:tree",
        editedVisDb("UPDATE tb_nodes SET sub_nodes = '[\"DefaultModel\", \"Tensor.x.0.forward\"]', up_node = "
                    "'Tensor.x.0.forward' WHERE node_name = 'Tensor.x.0.forward';"),
        readDb);
    add(".vis.db sub_nodes cycle, browsed", "", "ok:tree",
        editedVisDb("UPDATE tb_nodes SET sub_nodes = '[\"DefaultModel\", \"Tensor.x.0.forward\"]', up_node = "
                    "'Tensor.x.0.forward' WHERE node_name = 'Tensor.x.0.forward';"),
        browseDb);
    add(".vis.db node its own parent, browsed", "", "ok:tree",
        editedVisDb("UPDATE tb_nodes SET up_node = node_name, sub_nodes = '[\"' || node_name || '\"]' "
                    "WHERE node_name = 'Tensor.x.0.forward';"),
        browseDb);
    add(".vis.db links in circles, browsed", "", "ok:tree, all nodes",
        editedVisDb("UPDATE tb_nodes SET matched_node_link = '[\"Tensor.x.0.forward\", \"DefaultModel\", "
                    "\"Tensor.x.0.forward\", \"DefaultModel\"]';"),
        browseDb);
    add(".vis.db with a view, browsed", "g.vis.db", "error:holds the view \"v\"",
        editedVisDb("CREATE VIEW v AS SELECT 1;"), browseDb);
    add(".vis.db 20,000 children of the root, browsed", "", "ok:tree, all nodes",
        editedVisDb("WITH RECURSIVE k(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM k WHERE x < 20000) "
                    "INSERT INTO tb_nodes SELECT 'NPU_0_0_n' || x, 'NPU_0_0', 100 + x, 'Tensor.n.' || x || '.forward', "
                    "'1', 'DefaultModel', '[]', NULL, NULL, 0, '[\"DefaultModel\"]', NULL, NULL, NULL, 0, '{}', '{}', "
                    "'NPU', NULL, 0, 0 FROM k;"
                    "UPDATE tb_nodes SET sub_nodes = (SELECT json_group_array(node_name) FROM (SELECT node_name FROM "
                    "tb_nodes WHERE data_source = 'NPU' AND up_node = 'DefaultModel' ORDER BY node_order)) "
                    "WHERE node_name = 'DefaultModel' AND data_source = 'NPU';"),
        browseDb);
    add(
        "graph command beyond the memory budget", "", "error:above the limit max_memory",
        [](Ctx& c) {
            goodPair(c);
            writeCompareJson(c);
        },
        [](Ctx& c) {
            ps::Limits small = ps::limits();
            small.maxMemoryBytes = 1 << 20;
            ps::ScopedLimits scope(small);
            return runCommand(c);
        });

    // 5. Files that change while they are read.
    add("dump.json shrinking while it is read", "dump.json", "error:the file changed while being read", {}, [](Ctx& c) {
        // Outside in/: the input is changed on purpose.
        const QString dir = c.in + QStringLiteral("/../victim");
        QByteArray records = "{";
        for (int i = 0; i < 40000; ++i)
            records += (i ? ", \"Tensor.x." : "\"Tensor.x.") + QByteArray::number(i) + ".forward\": {\"output\": ["
                + rec() + "]}";
        writeDumpFolder(dir, records + "}", kConstruct);
        const std::string dump = str(dir + QStringLiteral("/dump.json"));
        ps::RunContext progress([&](ps::Stage, double) { ::truncate(dump.c_str(), 1000); });
        std::vector<std::string> warnings;
        (void)ps::runPair(str(dir), std::string(), c.options, warnings, &progress);
        return QStringLiteral("read");
    });
    add("construct.json shrinking while it is read", "construct.json", "error:the file changed while being read", {},
        [](Ctx& c) {
            const std::string path = str(c.in + QStringLiteral("/../construct.json"));
            writeFile(QString::fromStdString(path), "{\"Tensor.x.0.forward\": null" + QByteArray(1 << 20, ' ') + "}");
            return QString::number(ps::parseMapped(path, [&](ps::MappedFile& file) {
                ::truncate(path.c_str(), 100);
                size_t sum = 0;
                for (char ch : file.text())
                    sum += size_t(ch);
                return sum;
            }));
        });
    add("dump.json growing while it is read (a job still writing)", "dump.json",
        "error:the file changed while being read", {}, [](Ctx& c) {
            const std::string path = str(c.in + QStringLiteral("/../dump.json"));
            writeFile(QString::fromStdString(path), kDumpFile);
            return QString::number(ps::parseMapped(path, [&](ps::MappedFile& file) {
                QFile f(QString::fromStdString(path));
                f.open(QIODevice::Append);
                f.write(" ");
                f.close();
                return file.text().size();
            }));
        });

    // 8. No silent fallback where msprobe stops; no link out of the dump folder.
    add("-lm with a mapping file that does not exist", "no_such.yaml", "error:does not exist", [](Ctx& c) {
        goodPair(c);
        c.layerMappingFile = str(c.in + QStringLiteral("/no_such.yaml"));
    });
    add("-lm with a folder", "mapping.yaml", "error:is a folder", [](Ctx& c) {
        goodPair(c);
        QDir().mkpath(c.in + QStringLiteral("/mapping.yaml"));
        c.layerMappingFile = str(c.in + QStringLiteral("/mapping.yaml"));
    });
    add("tensor link leading outside the dump folder", "", "ok:metrics unsupported|unsupported", tensorPair([](Ctx& c) {
        writeGoodTensor(c.in + QStringLiteral("/outside/x.pt"));
        QFile::link(
            c.in + QStringLiteral("/outside/x.pt"), c.npu() + QStringLiteral("/dump_tensor_data/") + kTensorFile);
    }),
        tensorMetrics);
    add("dump_tensor_data itself a link outside", "", "ok:metrics unsupported|unsupported", tensorPair([](Ctx& c) {
        writeGoodTensor(c.in + QStringLiteral("/outside/") + kTensorFile);
        QDir(c.npu() + QStringLiteral("/dump_tensor_data")).removeRecursively();
        QFile::link(c.in + QStringLiteral("/outside"), c.npu() + QStringLiteral("/dump_tensor_data"));
    }),
        tensorMetrics);
    add("tensor link within the dump folder is read", "", "ok:metrics 1.0|0.0|0.0|1.0|1.0", tensorPair([](Ctx& c) {
        writeGoodTensor(c.npu() + QStringLiteral("/kept/x.pt"));
        QFile::link(
            c.npu() + QStringLiteral("/kept/x.pt"), c.npu() + QStringLiteral("/dump_tensor_data/") + kTensorFile);
    }),
        tensorMetrics);
    return v;
}

} // namespace

class TestHostileFiles : public QObject {
    Q_OBJECT
private slots:
    void catalogue_data() { addCatalogueRows(cases()); }
    void catalogue() { runCatalogueRow(cases()); }

    // The memory budget's own rules: a reservation that can never fit fails at once; one that fits waits for
    // others to release theirs.
    void reservationsShareTheBudget()
    {
        ps::Limits budget = ps::limits();
        budget.maxMemoryBytes = ps::residentAnonymousBytes() + (100 << 20);
        ps::ScopedLimits scope(budget);
        QVERIFY_THROWS_EXCEPTION(ps::Error, ps::MemoryReservation(200 << 20, "a test", "f"));
        auto first = std::make_unique<ps::MemoryReservation>(60 << 20, "a test", "f");
        std::atomic<bool> got { false };
        std::thread second([&] {
            ps::MemoryReservation r(60 << 20, "a test", "f");
            got = true;
        });
        QTest::qWait(50);
        QVERIFY(!got); // waits while the first holds the budget ...
        first.reset();
        second.join(); // ... and gets it once released
        QVERIFY(got);
    }

    void memoryCheckNamesTheFileAndLimit()
    {
        ps::Limits budget = ps::limits();
        budget.maxMemoryBytes = 1;
        ps::ScopedLimits scope(budget);
        try {
            ps::checkMemory("dump.json");
            QFAIL("no error");
        } catch (const ps::Error& e) {
            QCOMPARE(e.code(), ps::ErrorCode::MemoryLimit);
            QVERIFY2(QString::fromStdString(e.what()).startsWith(QLatin1String("dump.json: the run holds")), e.what());
            QVERIFY2(QString::fromStdString(e.what()).contains(QLatin1String("max_memory=1;")), e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestHostileFiles)
#include "tst_hostile_files.moc"
