// The JSON reader accepts what Python's json writes (NaN, Infinity), keeps ints and floats apart, and reports
// errors with the file, line and column.
#include "io/json_reader.h"
#include "util/error.h"

#include <QtTest>
#include <cmath>

class TestJsonReader : public QObject {
    Q_OBJECT
private slots:
    void pythonLiterals()
    {
        ps::StringPool pool;
        ps::JArena arena(pool);
        ps::JsonReader r(
            "[NaN, Infinity, -Infinity, 1, 1.0, 1e2, 123456789012345678901234, true, null, \"\\u4e2d\"]", "x.json");
        ps::JValue v = r.readValue(arena);
        auto e = arena.elements(v);
        QCOMPARE(e.size(), size_t(10));
        QVERIFY(std::isnan(e[0].d));
        QVERIFY(std::isinf(e[1].d) && e[1].d > 0);
        QVERIFY(std::isinf(e[2].d) && e[2].d < 0);
        QCOMPARE(e[3].type, ps::JType::Int);
        QCOMPARE(e[4].type, ps::JType::Float);
        QCOMPARE(e[5].type, ps::JType::Float);
        QCOMPARE(e[6].type, ps::JType::BigInt);
        QCOMPARE(arena.text(e[6]), std::string_view("123456789012345678901234"));
        QCOMPARE(e[7].type, ps::JType::Bool);
        QVERIFY(e[8].isNull());
        QCOMPARE(arena.text(e[9]), std::string_view("\xe4\xb8\xad"));
    }

    void duplicateKeysKeepFirstPositionLastValue()
    {
        ps::StringPool pool;
        ps::JArena arena(pool);
        ps::JsonReader r(R"({"a": 1, "b": 2, "a": 3})", "x.json");
        ps::JValue v = r.readValue(arena);
        auto m = arena.members(v);
        QCOMPARE(m.size(), size_t(2));
        QCOMPARE(pool.view(m[0].key), std::string_view("a"));
        QCOMPARE(m[0].value.i, int64_t(3));
    }

    void errors_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("truncated") << QByteArray("{\"a\": [1, 2") << "line 1";
        QTest::newRow("trailing comma") << QByteArray("[1,]") << "trailing comma";
        QTest::newRow("second line") << QByteArray("{\n \"a\": tru}") << "line 2, column 7";
        QTest::newRow("leading zero") << QByteArray("[01]") << "leading zero";
        QTest::newRow("control character") << QByteArray("[\"a\tb\"]") << "control character";
        QTest::newRow("byte order mark") << QByteArray("\xEF\xBB\xBF{}") << "byte order mark";
    }
    void errors()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        std::string t = text.toStdString();
        ps::StringPool pool;
        ps::JArena arena(pool);
        try {
            ps::JsonReader r(t, "bad.json");
            r.readValue(arena);
            r.expectEnd();
            QFAIL("no error");
        } catch (const ps::Error& e) {
            QCOMPARE(e.code(), ps::ErrorCode::BadJson);
            QVERIFY2(QString::fromStdString(e.what()).contains(QStringLiteral("bad.json")), e.what());
            QVERIFY2(QString::fromStdString(e.what()).contains(expected), e.what());
        }
    }

    // The scans look at eight bytes at a time: every string length, every position of an escape or a control
    // character, and every width of indentation, across the word boundaries.
    void stringsAndIndentationAtEveryWordOffset()
    {
        for (size_t length = 0; length < 40; ++length) {
            for (size_t at = 0; at <= length; ++at) {
                std::string plain(length, 'x');
                for (size_t i = 0; i < length; ++i)
                    plain[i] = char('a' + i % 26);
                std::string expected = plain, escaped = plain;
                if (at < length) { // an escaped quote and a \n in place of the byte at `at`
                    expected.replace(at, 1, "\"\n");
                    escaped.replace(at, 1, "\\\"\\n");
                }
                std::string text = "[";
                text.append(at % 20, ' ').append("\"").append(escaped).append("\"").append(at % 13, ' ');
                text.append(",\n").append(length % 17, ' ').append("\"").append(plain).append("\"]");
                ps::StringPool pool;
                ps::JArena arena(pool);
                ps::JsonReader r(text, "s.json");
                auto e = arena.elements(r.readValue(arena));
                QCOMPARE(e.size(), size_t(2));
                QCOMPARE(arena.text(e[0]), std::string_view(expected));
                QCOMPARE(arena.text(e[1]), std::string_view(plain));
                r.expectEnd();
                if (at == length)
                    continue;
                std::string bad = "[\"" + plain + "\"]";
                bad[2 + at] = '\t'; // 1-based column of the tab: "[" and the quote come first
                ps::JsonReader badReader(bad, "c.json");
                try {
                    badReader.readValue(arena);
                    QFAIL("no error");
                } catch (const ps::Error& err) {
                    QString what = QString::fromStdString(err.what());
                    QVERIFY2(what.contains(QStringLiteral("control character")), err.what());
                    QVERIFY2(what.contains(QStringLiteral("column %1").arg(at + 3)), err.what());
                }
            }
        }
    }

    void deepNestingIsAnErrorNotACrash()
    {
        std::string deep(100000, '[');
        ps::StringPool pool;
        ps::JArena arena(pool);
        ps::JsonReader r(deep, "deep.json");
        QVERIFY_THROWS_EXCEPTION(ps::Error, r.readValue(arena));
        ps::JsonReader r2(deep, "deep.json");
        QVERIFY_THROWS_EXCEPTION(ps::Error, r2.skipValue());
    }
};

QTEST_GUILESS_MAIN(TestJsonReader)
#include "tst_json_reader.moc"
