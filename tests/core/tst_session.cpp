// Notes and sessions that travel: the session file round trip, its strict reader (a corrupt file is a
// clear error and is left as it was), and notes carried inside a .vis.db in a table the plugin never reads.
#include "batch/engine.h"
#include "session/session_file.h"
#include "test_dumps.h"
#include "util/error.h"
#include "vis/graph_file.h"
#include "vis/vis_db_notes.h"
#include "vis/vis_db_reader.h"
#include "vis/vis_db_sqlite.h"
#include "vis/vis_db_writer.h"
#include "vis/vis_document_writer.h"
#include "vis/vis_reader.h"

#include <QtTest>

using namespace testdumps;

namespace {

ps::Session sampleSession()
{
    ps::Session s;
    s.comparison = "/data/run/compare.json";
    s.step = 1;
    s.rank = 0;
    s.setNote({ 1, 0, ps::Side::Npu, "Module.h.0.attn.c_attn.Linear.forward.0" }, ps::NoteTag::Cause,
        "bf16 matmul, see \"ticket 12\"\nsecond line");
    s.setNote({ 0, 0, ps::Side::Bench, "Tensor.split.0.forward" }, ps::NoteTag::Checked, "");
    s.setNote({ 0, 1, ps::Side::Npu, "Functional.softmax.0.forward" }, ps::NoteTag::None, "已检查：溢出");
    s.expanded = { { 1, 0, ps::Side::Npu, "Module.h.0.Block.forward.0" },
        { 1, 0, ps::Side::Bench, "Module.h.0.Block.forward.0" } };
    s.selection = ps::NodeRef { 1, 0, ps::Side::Npu, "Module.h.0.attn.c_attn.Linear.forward.0" };
    s.filters.bins = { 3, 4 };
    s.filters.unmatchedOnly = true;
    s.filters.search = "attn.*Linear";
    s.filters.searchIsRegex = true;
    return s;
}

std::string errorOf(const std::string& text)
{
    try {
        ps::parseSession(text, "s.probescope.json");
    } catch (const ps::Error& e) {
        return e.what();
    }
    return "no error";
}

QByteArray readBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::vector<std::string> schemaOf(const std::string& path)
{
    ps::SqliteDb db(path, ps::SqliteDb::Mode::ReadOnly);
    ps::SqliteStmt q(db,
        "SELECT type || ' ' || name || ': ' || ifnull(sql, '') FROM sqlite_master WHERE name NOT LIKE "
        "'probescope%' ORDER BY name");
    std::vector<std::string> out;
    while (q.step())
        out.emplace_back(q.text(0));
    return out;
}

} // namespace

class TstSession : public QObject {
    Q_OBJECT
private slots:
    void roundTrip()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("compare.probescope.json")).toStdString();
        const ps::Session s = sampleSession();
        ps::writeSessionFile(s, path);
        const ps::Session back = ps::readSessionFile(path);
        QVERIFY(back == s);
        QCOMPARE(back.notes.size(), size_t(3));
        QCOMPARE(back.noteOf({ 1, 0, ps::Side::Npu, "Module.h.0.attn.c_attn.Linear.forward.0" })->text,
            std::string("bf16 matmul, see \"ticket 12\"\nsecond line"));
        QCOMPARE(
            back.noteOf({ 0, 1, ps::Side::Npu, "Functional.softmax.0.forward" })->text, std::string("已检查：溢出"));
        // Written again, byte for byte the same file.
        QCOMPARE(ps::sessionJson(back), ps::sessionJson(s));
        // No temporary file is left beside it.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
    }

    void notesAreSortedAndRemovable()
    {
        ps::Session s = sampleSession();
        for (size_t i = 1; i < s.notes.size(); ++i)
            QVERIFY(s.notes[i - 1].ref < s.notes[i].ref);
        const ps::NodeRef ref { 0, 0, ps::Side::Bench, "Tensor.split.0.forward" };
        s.setNote(ref, ps::NoteTag::Suspicious, "again");
        QCOMPARE(s.notes.size(), size_t(3));
        QCOMPARE(s.noteOf(ref)->tag, ps::NoteTag::Suspicious);
        s.setNote(ref, ps::NoteTag::None, "");
        QCOMPARE(s.notes.size(), size_t(2));
        QVERIFY(!s.noteOf(ref));
    }

    void sessionPaths()
    {
        QCOMPARE(ps::sessionPathFor("/r/compare_1.vis.db"), std::string("/r/compare_1.probescope.json"));
        QCOMPARE(ps::sessionPathFor("/r/compare_1.vis"), std::string("/r/compare_1.probescope.json"));
        QCOMPARE(ps::sessionPathFor("/r/compare.json"), std::string("/r/compare.probescope.json"));
        QCOMPARE(ps::sessionPathFor("/r/dump/npu/"), std::string("/r/dump/npu.probescope.json"));
    }

    // Each broken file names the file, the line and column, and what is wrong.
    void strictReader_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        const QString head = QStringLiteral("{\"schema\": \"probescope-session\", \"version\": 1");
        QTest::newRow("truncated") << head << "s.probescope.json: invalid JSON at line 1, column 46";
        QTest::newRow("not a session") << "{\"schema\": \"x\", \"version\": 1}"
                                       << "this is no ProbeScope session";
        QTest::newRow("newer") << "{\"schema\": \"probescope-session\", \"version\": 2}"
                               << "version 2 is newer";
        QTest::newRow("no version") << "{\"schema\": \"probescope-session\"}"
                                    << "\"version\" is missing";
        QTest::newRow("unknown key") << head + ", \"colour\": 1}"
                                     << "unknown key \"colour\"";
        QTest::newRow("twice") << head + ", \"step\": 1, \"step\": 2}"
                               << "\"step\" appears twice";
        QTest::newRow("step type") << head + ", \"step\": \"1\"}"
                                   << "\"step\" must be an integer";
        QTest::newRow("bad side") << head + ", \"expanded\": [{\"side\": \"GPU\", \"node\": \"x\"}]}"
                                  << "\"side\" must be";
        QTest::newRow("no node") << head + ", \"selection\": {\"side\": \"NPU\"}}"
                                 << "a node needs \"node\"";
        QTest::newRow("bad tag") << head + ", \"notes\": [{\"side\": \"NPU\", \"node\": \"x\", \"tag\": \"odd\"}]}"
                                 << "\"tag\" must be";
        QTest::newRow("two notes") << head
                + ", \"notes\": [{\"side\": \"NPU\", \"node\": \"x\", \"text\": \"a\"}, {\"side\": \"NPU\", \"node\": "
                  "\"x\", \"text\": \"b\"}]}"
                                   << "two notes on the node \"x\"";
        QTest::newRow("filters") << head + ", \"filters\": {\"bins\": [1], \"regex\": true}}"
                                 << "unknown key \"regex\" in \"filters\"";
        QTest::newRow("array") << "[]"
                               << "at line 1, column 1: expected an object";
    }
    void strictReader()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const std::string message = errorOf(text.toStdString());
        QVERIFY2(message.starts_with("s.probescope.json") && message.find(expected.toStdString()) != std::string::npos,
            message.c_str());
    }

    // Reading a corrupt session file fails with the file named and leaves the file as it was; the session in
    // memory is the one read before.
    void corruptFileLosesNothing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.probescope.json"));
        ps::Session s = sampleSession();
        ps::writeSessionFile(s, path.toStdString());
        QByteArray bytes = readBytes(path);
        bytes.chop(bytes.size() / 3);
        writeFile(path, bytes);
        try {
            s = ps::readSessionFile(path.toStdString());
            QFAIL("a truncated session was read");
        } catch (const ps::Error& e) {
            QVERIFY2(std::string(e.what()).starts_with(path.toStdString() + ": invalid JSON at line "), e.what());
        }
        QCOMPARE(readBytes(path), bytes);
        QVERIFY(s == sampleSession());
        // A save that cannot complete leaves the earlier file whole: the target is a folder here.
        const QString folder = dir.filePath(QStringLiteral("b.probescope.json"));
        QDir().mkpath(folder + QStringLiteral("/inside"));
        QVERIFY_THROWS_EXCEPTION(ps::Error, ps::writeSessionFile(s, folder.toStdString()));
        QVERIFY(QFileInfo(folder + QStringLiteral("/inside")).isDir());
    }

    // A .vis export carries the notes in its top-level "probescope_notes" key: read back into the document, and
    // every other key written exactly as without notes. Through openGraphFile/saveGraphFile, a .vis.db export
    // keeps each graph's notes too.
    void notesTravelInVisAndSaveGraphFile()
    {
        QTemporaryDir dir;
        ps::VisDocument doc = ps::readVisFile(PROBESCOPE_CASES "/gpt_mix_statistics/ref_1.2.1/compare/compare.vis.gz");
        QVERIFY(doc.notes.empty());
        const std::string plain = ps::visDocumentJson(doc);
        doc.notes = sampleSession().notes;
        const std::string withNotes = ps::visDocumentJson(doc);
        const size_t key = withNotes.rfind("\"probescope_notes\": [");
        QVERIFY(key != std::string::npos);
        const size_t comma = withNotes.rfind(',', key);
        QCOMPARE(withNotes.substr(0, comma) + "\n}", plain);
        const std::string vis = dir.filePath(QStringLiteral("noted.vis")).toStdString();
        ps::writeVisDocument(doc, vis);
        ps::VisDocument back = ps::readVisFile(vis);
        QVERIFY(back.notes == doc.notes);
        QCOMPARE(ps::visDocumentJson(back), withNotes);
        // A broken notes key is an error naming the file, as any broken .vis.
        std::string broken = withNotes;
        broken.replace(broken.find("\"tag\": \"cause\""), 14, "\"tag\": \"odd\"");
        writeFile(dir.filePath(QStringLiteral("broken.vis")), QByteArray::fromStdString(broken));
        const std::string brokenPath = dir.filePath(QStringLiteral("broken.vis")).toStdString();
        try {
            ps::readVisFile(brokenPath);
            QFAIL("a bad tag was read");
        } catch (const ps::Error& e) {
            QVERIFY2(std::string(e.what()).starts_with(brokenPath + ": ")
                    && std::string(e.what()).find("\"tag\" must be") != std::string::npos,
                e.what());
        }
        // .vis.db: notes per graph (step, rank) through the viewer's open and save.
        doc.step = 1;
        doc.rank = 0;
        std::vector<ps::NodeNote> stepOne;
        for (const ps::NodeNote& n : doc.notes)
            if (n.ref.step == 1 && n.ref.rank == 0)
                stepOne.push_back(n);
        doc.notes = stepOne;
        const std::string db = dir.filePath(QStringLiteral("noted.vis.db")).toStdString();
        ps::saveGraphFile({ doc }, db);
        std::vector<ps::VisDocument> opened = ps::openGraphFile(db);
        QCOMPARE(opened.size(), size_t(1));
        QVERIFY(!opened[0].notes.empty());
        QVERIFY(opened[0].notes == stepOne);
    }

    // A .vis.db export carries the notes in its own table: our reader returns them, and the tables, columns and
    // indexes the plugin queries are exactly those of the same export without notes.
    void notesTravelInVisDb()
    {
        QTemporaryDir dir;
        ps::EngineOptions engine;
        engine.profile = ps::RulesProfile::Msprobe26;
        std::vector<std::string> warnings;
        auto c = ps::runPair(PROBESCOPE_CASES "/gpt_mix_statistics/npu/step0/rank",
            PROBESCOPE_CASES "/gpt_mix_statistics/bench/step0/rank", engine, warnings);
        const std::string plain = dir.filePath(QStringLiteral("plain.vis.db")).toStdString();
        const std::string noted = dir.filePath(QStringLiteral("noted.vis.db")).toStdString();
        ps::writeVisDb({ { 0, 0, c, nullptr } }, plain);
        const ps::Session s = sampleSession();
        ps::writeVisDb({ { 0, 0, c, nullptr } }, noted, s.notes);
        QVERIFY(ps::readVisDbNotes(plain).empty());
        QCOMPARE(ps::readVisDbNotes(noted).size(), s.notes.size());
        std::vector<ps::NodeNote> back = ps::readVisDbNotes(noted);
        std::sort(back.begin(), back.end(), [](const auto& a, const auto& b) { return a.ref < b.ref; });
        QVERIFY(back == s.notes);
        QCOMPARE(schemaOf(noted), schemaOf(plain));
        QVERIFY(schemaOf(plain).size() >= 3);
        // The graph reads back the same.
        ps::VisDocument a = ps::readVisDbGraph(plain, 0, 0), b = ps::readVisDbGraph(noted, 0, 0);
        QCOMPARE(b.comparison->graph(ps::Side::Npu).size(), a.comparison->graph(ps::Side::Npu).size());
        QVERIFY(b.comparison->precision.size() == a.comparison->precision.size());
        for (size_t n = 0; n < a.comparison->precision.size(); ++n)
            QCOMPARE(b.comparison->precision[n].value, a.comparison->precision[n].value);
        // A notes table someone changed: a clear error naming the file.
        {
            ps::SqliteDb db(noted, ps::SqliteDb::Mode::Create);
            db.exec("UPDATE probescope_notes SET tag = 'maybe'");
            db.close();
        }
        try {
            ps::readVisDbNotes(noted);
            QFAIL("an unknown tag was read");
        } catch (const ps::Error& e) {
            QCOMPARE(std::string(e.what()), noted + ": a note's tag is \"maybe\"");
        }
    }
};

QTEST_GUILESS_MAIN(TstSession)
#include "tst_session.moc"
