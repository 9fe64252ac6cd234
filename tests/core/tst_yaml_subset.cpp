// The strict YAML subset reader (core/io/yaml_subset): what it reads, what it refuses (with file and line), that it
// ends on hostile input such as the file yaml-cpp 0.7 never returned on, and that quoted() round-trips every name.
#include "io/yaml_subset.h"
#include "match/layer_mapping_rules.h"
#include "util/error.h"

#include <QFile>
#include <QtTest>

namespace {

using ps::yaml::Node;

Node parse(const QByteArray& text)
{
    return ps::yaml::parse(std::string_view(text.data(), size_t(text.size())), "m.yaml");
}

// Flattens a tree to "key=value" lines with nesting by '/', so one string compares a whole parse.
QString flatten(const Node& node, const QString& prefix = {})
{
    QString out;
    for (const auto& [key, value] : node.entries) {
        QString path = prefix + QString::fromStdString(key.scalar);
        if (value.kind == Node::Kind::Map) {
            out += path + "={}@" + QString::number(key.line) + "\n";
            out += flatten(value, path + "/");
        } else {
            QString v = value.kind == Node::Kind::Null ? "<null>" : QString::fromStdString(value.scalar);
            out += path + "=" + v + (value.kind == Node::Kind::Scalar && !value.plain ? "'" : "") + "@"
                + QString::number(key.line) + "\n";
        }
    }
    return out;
}

QString errorOf(const QByteArray& text)
{
    try {
        parse(text);
    } catch (const ps::Error& e) {
        return QString::fromStdString(e.what());
    }
    return QStringLiteral("<no error>");
}

} // namespace

class TestYamlSubset : public QObject {
    Q_OBJECT
private slots:
    void reads_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("flat"); // ' after a value marks a quoted scalar
        QTest::newRow("layer mapping with comments")
            << QByteArray("# header\nTopLayer:  # outer\n  module: model   # why\n\nGPTModel:\n"
                          "  language_model.embedding: embedding\n")
            << "TopLayer={}@2\nTopLayer/module=model@3\nGPTModel={}@5\nGPTModel/language_model.embedding=embedding@6\n";
        QTest::newRow("quoted keys and values")
            << QByteArray("'a: b':\n  \"x#y\": 'it''s'\n  \"\\t\\u00e9\\x41\\\\\\\"\": \"\"\n")
            << "a: b={}@1\na: b/x#y=it's'@2\na: b/\t\xc3\xa9"
               "A\\\"='@3\n";
        QTest::newRow("indented top, CRLF, BOM, --- and ...")
            << QByteArray("\xef\xbb\xbf---\r\n  A:\r\n      b: c\r\n...\r\n# trailing\r\n") << "A={}@2\nA/b=c@3\n";
        QTest::newRow("plain scalars keep inner colons, hashes and brackets")
            << QByteArray("A:\n  a:b: c#d [e] {f}\n  -x: ?y\n") << "A={}@1\nA/a:b=c#d [e] {f}@2\nA/-x=?y@3\n";
        QTest::newRow("empty value and empty flow mapping")
            << QByteArray("A:\nB: {}\nC:\n  d:\n") << "A=<null>@1\nB={}@2\nC={}@3\nC/d=<null>@4\n";
        QTest::newRow("repeated keys kept in order")
            << QByteArray("A:\n  a: 1\n  a: 2\n") << "A={}@1\nA/a=1@2\nA/a=2@3\n";
        QTest::newRow("blank and comment-only file") << QByteArray("\n  # nothing\n\n") << "";
    }
    void reads()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, flat);
        QCOMPARE(flatten(parse(text)), flat);
    }

    void emptyFileIsNull() { QCOMPARE(int(parse("").kind), int(Node::Kind::Null)); }
    void emptyFlowMapIsAMap()
    {
        Node top = parse("{}  # no rules\n");
        QCOMPARE(int(top.kind), int(Node::Kind::Map));
        QVERIFY(top.entries.empty());
    }

    void refuses_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("list") << QByteArray("A:\n  - a\n") << "m.yaml: line 2: lists ('- ' items) are not supported";
        QTest::newRow("flow sequence value") << QByteArray("A: [a, b\n") << "line 1: flow collections";
        QTest::newRow("flow mapping value") << QByteArray("A: {a: b}\n") << "line 1: flow collections";
        QTest::newRow("anchor") << QByteArray("A: &x\n  a: b\n") << "line 1: anchors (&) are not supported";
        QTest::newRow("alias") << QByteArray("A:\n  a: b\nB: *x\n") << "line 3: aliases (*) are not supported";
        QTest::newRow("tag") << QByteArray("A: !!str 1\n") << "line 1: tags (!) are not supported";
        QTest::newRow("tag on a key") << QByteArray("!k A: b\n") << "line 1: tags (!) are not supported";
        QTest::newRow("block scalar") << QByteArray("A: |\n  text\n") << "line 1: block scalars";
        QTest::newRow("folded scalar") << QByteArray("A: >\n  text\n") << "line 1: block scalars";
        QTest::newRow("complex key") << QByteArray("? A\n: b\n") << "line 1: complex keys";
        QTest::newRow("merge key") << QByteArray("A:\n  <<: b\n") << "line 2: merge keys (<<) are not supported";
        QTest::newRow("directive") << QByteArray("%YAML 1.1\n---\nA: b\n") << "line 1: YAML directives";
        QTest::newRow("two documents") << QByteArray("A:\n  a: b\n---\nB:\n  c: d\n")
                                       << "line 3: only one YAML document is allowed";
        QTest::newRow("content after ...") << QByteArray("A: b\n...\nB: c\n") << "line 3: only one YAML document";
        QTest::newRow("tab indentation") << QByteArray("A:\n\ta: b\n") << "line 2: a tab in the indentation";
        QTest::newRow("indent does not line up") << QByteArray("A:\n    a: b\n  c: d\n") << "line 3: the indentation";
        QTest::newRow("multi-line plain value") << QByteArray("A:\n  a: b\n    c\n") << "line 3: indented under a key";
        QTest::newRow("unclosed quote") << QByteArray("A:\n  a: \"b\n  c\"\n")
                                        << "line 2: the quoted name does not end";
        QTest::newRow("unknown escape") << QByteArray("A: \"\\q\"\n") << "line 1: unknown escape '\\q'";
        QTest::newRow("surrogate escape") << QByteArray("A: \"\\ud800\"\n") << "line 1: the escape '\\ud800' is not";
        QTest::newRow("short hex escape") << QByteArray("A: \"\\x4\"\n") << "line 1: the escape '\\x' needs 2 hex";
        QTest::newRow("mapping in a value") << QByteArray("A: b: c\n") << "line 1: a value cannot hold ': '";
        QTest::newRow("text after a quoted value") << QByteArray("A: 'b' c\n") << "line 1: unexpected text after";
        QTest::newRow("comment glued to a quote") << QByteArray("A: 'b'#c\n") << "line 1: a comment needs a blank";
        QTest::newRow("line without colon") << QByteArray("A:\n  just text\n") << "line 2: expected 'key: value'";
        QTest::newRow("scalar document") << QByteArray("hello\n") << "line 1: expected 'key: value'";
        QTest::newRow("missing key") << QByteArray(": b\n") << "line 1: a key is missing";
        QTest::newRow("content after {}") << QByteArray("{}\nA: b\n") << "line 2: nothing may follow '{}'";
        QTest::newRow("invalid UTF-8") << QByteArray("A:\n  a: \xff\n") << "line 2: not valid YAML: not UTF-8";
        QTest::newRow("NUL byte") << QByteArray("A:\n  a: b\0c\n", 12) << "line 2: not valid YAML";
        QTest::newRow("raw line separator U+2028") << QByteArray("A:\n  a: b\xe2\x80\xa8"
                                                                 "c\n")
                                                   << "line 2: not valid";
        QTest::newRow("lone carriage return") << QByteArray("A: b\rB: c\n") << "line 1: a carriage return";
    }
    void refuses()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        QString got = errorOf(text);
        QVERIFY2(got.contains(message), qPrintable(got));
        QVERIFY2(got.startsWith("m.yaml: "), qPrintable(got));
    }

    void nestingIsCapped()
    {
        QByteArray text;
        for (int depth = 0; depth <= ps::yaml::kMaxDepth; ++depth)
            text += QByteArray(depth, ' ') + "k" + QByteArray::number(depth) + ":\n";
        QVERIFY2(errorOf(text).contains("nested deeper than"), qPrintable(errorOf(text)));
        text.chop(text.size() - text.lastIndexOf('\n', text.size() - 2) - 1); // one level less is fine
        QCOMPARE(errorOf(text), QStringLiteral("<no error>"));
    }

    // yaml-cpp 0.7 (Debian 12) never returned on this file; the reader must refuse it, quickly.
    void yamlCppHangFileIsRefusedQuickly()
    {
        QFile f(QStringLiteral(PROBESCOPE_TEST_DATA "/bad_inputs/layer_mapping_yaml_cpp_hang.yaml"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        // yaml-cpp hung on this file; here a hang would run into the test's ctest timeout (no wall-clock assertion:
        // the machines are noisy, and sanitizer builds are many times slower).
        QString got = errorOf(f.readAll());
        QVERIFY2(got.startsWith("m.yaml: line 2: a name cannot start with"), qPrintable(got));
    }

    // Big hostile inputs stay linear: a long line, many lines, a long run of quotes and escapes. Quadratic work on
    // these sizes (10^12 steps and more) would run into the test's ctest timeout (tests/CMakeLists.txt).
    void largeInputsAreLinear()
    {
        QByteArray longName = "A:\n  " + QByteArray(4 << 20, 'x') + ": y\n";
        QCOMPARE(parse(longName).entries.at(0).second.entries.at(0).first.scalar.size(), size_t(4 << 20));
        QByteArray manyLines = "A:\n";
        for (int i = 0; i < 200000; ++i)
            manyLines += "  k" + QByteArray::number(i) + ": v\n";
        QCOMPARE(parse(manyLines).entries.at(0).second.entries.size(), size_t(200000));
        QByteArray quotes = "A: '" + QByteArray(2 << 20, '\'') + "\n"; // never closed
        QVERIFY(errorOf(quotes).contains("does not end"));
        QByteArray digits = "A:\n  " + QByteArray(1 << 20, '1') + ": b\n";
        QCOMPARE(parse(digits).entries.at(0).second.entries.size(), size_t(1)); // kind checks are not recursive
    }

    // PyYAML's YAML 1.1 implicit types, which msprobe would not read as names.
    void plainScalarKinds_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("kind");
        const QList<QPair<QString, QString>> rows = { { "", "null" }, { "~", "null" }, { "Null", "null" },
            { "yes", "a boolean" }, { "OFF", "a boolean" }, { "0", "an integer" }, { "-12_3", "an integer" },
            { "0x1F", "an integer" }, { "0b101", "an integer" }, { "017", "an integer" }, { "1:30", "an integer" },
            { "1.5", "a number" }, { "-1.", "a number" }, { ".5e+3", "a number" }, { "1:30.5", "a number" },
            { "-.inf", "a number" }, { ".NaN", "a number" }, { "2024-01-31", "a date" },
            { "2001-12-14t21:59:43.10-05:00", "a date" }, { "2001-12-14 21:59:43.10 Z", "a date" }, { "<<", "a YAML" },
            { "ln_f", "" }, { "layers", "" }, { "1e5", "" }, { "+.5", "" }, { "0b", "" }, { "08", "" }, { "1:60", "" },
            { "2024-1-31", "" }, { "y", "" }, { "nan", "" }, { "1_000.", "a number" }, { "h.0", "" } };
        for (const auto& [text, kind] : rows)
            QTest::newRow(qPrintable(text.isEmpty() ? QStringLiteral("<empty>") : text)) << text << kind;
    }
    void plainScalarKinds()
    {
        QFETCH(QString, text);
        QFETCH(QString, kind);
        const char* got = ps::yaml::plainScalarKind(text.toStdString());
        QVERIFY2(kind.isEmpty() ? got == nullptr : (got && QString(got).startsWith(kind)), got ? got : "<string>");
    }

    // Whatever a name holds, quoted() writes it so that the reader gives it back unchanged and as a string.
    void quotedRoundTrips_data()
    {
        QTest::addColumn<QByteArray>("name");
        for (const char* n : { "ln_f", "a: b", "a #b", "a#b", "#a", "- a", "-a", "'a", "\"a", " a", "a ", "a:", "---x",
                 "...", "[a]", "{a}", "*a", "&a", "!a", "|", ">", "%a", "@a", "`a", "?", ":", "yes", "0", "1.5", "~",
                 "", "2024-01-31", "<<", "=", "a\tb", "a\\b", "\xc3\xa9t\xc3\xa9", "\xe2\x80\xa8", "\xc2\x85",
                 "\xef\xbb\xbf"
                 "a" })
            QTest::newRow(n) << QByteArray(n);
        QTest::newRow("control characters") << QByteArray("a\x01\n\x7f", 4);
        QTest::newRow("NUL") << QByteArray("a\0b", 3);
    }
    void quotedRoundTrips()
    {
        QFETCH(QByteArray, name);
        std::string n(name.data(), size_t(name.size()));
        std::string text = ps::yaml::quoted(n) + ":\n  " + ps::yaml::quoted(n) + ": " + ps::yaml::quoted(n) + "\n";
        Node top = ps::yaml::parse(text, "q.yaml");
        QCOMPARE(top.entries.size(), size_t(1));
        const auto& [cls, rules] = top.entries[0];
        QCOMPARE(cls.scalar, n);
        QCOMPARE(rules.entries.at(0).first.scalar, n);
        QCOMPARE(rules.entries.at(0).second.scalar, n);
        for (const Node* node : { &cls, &rules.entries[0].first, &rules.entries[0].second })
            QVERIFY(!node->plain || !ps::yaml::plainScalarKind(node->scalar));
    }

    // Through the layer-mapping rules: a mapping value nested too deep is named, a null child too.
    void layerMappingMessages_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("third level") << QByteArray("TopLayer:\n  a:\n    b: c\n")
                                     << "m.yaml: line 3: the Bench child name must be a plain name, not a mapping";
        QTest::newRow("null child") << QByteArray("TopLayer:\n  a:\n")
                                    << "m.yaml: line 2: the Bench child name is missing";
        QTest::newRow("date child") << QByteArray("TopLayer:\n  a: 2024-01-31\n")
                                    << "m.yaml: line 2: the Bench child "
                                       "name \"2024-01-31\" is read as a date";
        QTest::newRow("hang file") << QByteArray("TopLayer:\n  layers:0h\n") << "m.yaml: line 2: expected 'key: value'";
    }
    void layerMappingMessages()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        try {
            ps::LayerMappingRules::parse(text.toStdString(), "m.yaml");
            QFAIL("no error");
        } catch (const ps::Error& e) {
            QVERIFY2(QString::fromStdString(e.what()).startsWith(message), e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestYamlSubset)
#include "tst_yaml_subset.moc"
