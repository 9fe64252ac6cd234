// Python-compatible number and string formatting.
#include "compare/row_metrics.h"
#include "util/pyformat.h"
#include "vis/item_format.h"

#include <QtTest>
#include <cmath>

class TestPyFormat : public QObject {
    Q_OBJECT
private slots:
    void floatRepr_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("integral float gets .0") << 4.0 << "4.0";
        QTest::newRow("small fixed") << 0.0001 << "0.0001";
        QTest::newRow("below 1e-4 is scientific") << 1e-05 << "1e-05";
        QTest::newRow("large fixed") << 123456789.123457 << "123456789.123457";
        QTest::newRow("1e16 is scientific") << 1.5e16 << "1.5e+16";
        QTest::newRow("long mantissa") << 1.2345678901234568e+17 << "1.2345678901234568e+17";
        QTest::newRow("negative zero") << -0.0 << "-0.0";
        QTest::newRow("shortest round trip") << 0.1 << "0.1";
        QTest::newRow("two thirds") << 0.6666666666666665 << "0.6666666666666665";
        QTest::newRow("inf") << HUGE_VAL << "inf";
        QTest::newRow("nan") << std::nan("") << "nan";
    }
    void floatRepr()
    {
        QFETCH(double, value);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(ps::py::repr(value)), expected);
    }

    void formatFloatValue_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("rounded to 6 decimals") << 0.123456789 << "0.123457";
        QTest::newRow("exponent uses %.6e") << 1.123123123123e-11 << "1.123123e-11";
        QTest::newRow("1e-07 uses %.6e") << 1e-07 << "1.000000e-07";
        QTest::newRow("trailing digits dropped by round") << 2.449489742783178 << "2.44949";
        QTest::newRow("negative") << -0.32899999 << "-0.329";
        QTest::newRow("half to even on the binary value") << 0.0078125 << "0.007812";
        QTest::newRow("inf") << HUGE_VAL << "inf";
    }
    void formatFloatValue()
    {
        QFETCH(double, value);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(ps::formatFloatValue(value)), expected);
    }

    // The fixed-point shortcut of formatFloatValue equals repr(round(x, 6)) done the long way, on random values
    // of every magnitude the shortcut covers and around its bounds.
    void formatFloatValueShortcutMatchesReprOfRound()
    {
        uint64_t state = 12345;
        auto next = [&] {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            return state >> 11;
        };
        for (int i = 0; i < 200000; ++i) {
            const double mantissa = double(next()) * 0x1.0p-53;
            const int exponent = int(next() % 16) - 5; // 1e-5 .. 1e10
            double x = mantissa * std::pow(10.0, exponent) * ((next() & 1) ? -1 : 1);
            if (i % 7 == 0)
                x = std::round(x * 1e6) / 1e6 + double(int(next() % 3) - 1) * 1e-7; // near a rounding tie
            const std::string expected
                = ps::py::reprHasExponent(x) ? ps::py::formatExp6(x) : ps::py::repr(ps::py::round(x, 6));
            QCOMPARE(ps::formatFloatValue(x), expected);
        }
        for (double x : { 1e-4, -1e-4, 0.00010000000000000002, 999999999.9999999, 1e9, 123456789.1234565 })
            QCOMPARE(ps::formatFloatValue(x), ps::py::repr(ps::py::round(x, 6)));
    }

    void decimalTrimming_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("expected");
        QTest::newRow("percent kept") << "0.123456789%"
                                      << "0.123457%";
        QTest::newRow("plain") << "0.12345678"
                               << "0.123457";
        QTest::newRow("integer untouched") << "-1"
                                           << "-1";
        QTest::newRow("double dot untouched") << "0.0.25698548%"
                                              << "0.0.25698548%";
        QTest::newRow("six decimals untouched") << "0.123456%"
                                                << "0.123456%";
        QTest::newRow("inside text") << "x 1.23456789 y"
                                     << "x 1.234568 y";
        // Around the whole-text fast path's limits (expected values from Python's re.findall and str.replace):
        QTest::newRow("20 integer digits") << "12345678901234567890.1234567%"
                                           << "12345678901234567168.000000%";
        QTest::newRow("21 integer digits") << "123456789012345678901.1234567%"
                                           << "123456789012345679872.000000%";
        QTest::newRow("21 decimals") << "0.123456789012345678901%"
                                     << "0.1234571%";
        QTest::newRow("two percent signs") << "1.1234567%%"
                                           << "1.123457%%";
        QTest::newRow("no percent") << "5.0000005"
                                    << "5.000000";
    }
    void decimalTrimming()
    {
        QFETCH(QString, input);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(ps::formatDecimalString(input.toStdString())), expected);
    }

    void stringValues_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("expected");
        QTest::newRow("quotes removed") << "<class 'str'>"
                                        << "<class str>";
        QTest::newRow("None becomes null") << "it's None"
                                           << "its null";
    }
    void stringValues()
    {
        QFETCH(QString, input);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(ps::formatStringValue(input.toStdString())), expected);
    }

    void scalars()
    {
        QCOMPARE(ps::formatScalar(ps::PyScalar::none()), std::string("null"));
        // A blank metric stays blank, as msprobe writes it; only None becomes "null".
        QCOMPARE(ps::formatScalar(ps::PyScalar::str(" ")), std::string(" "));
        QCOMPARE(ps::formatScalar26(ps::PyScalar::str(" ")), std::string(" "));
        // msprobe 26.0.0 writes numbers unrounded and trims only a string that is one whole number.
        QCOMPARE(ps::formatScalar26(ps::PyScalar::real(1.604308009147644)), std::string("1.604308009147644"));
        QCOMPARE(ps::formatScalar26(ps::PyScalar::real(1e-05)), std::string("1e-05"));
        QCOMPARE(ps::formatScalar26(ps::PyScalar::str("0.8574620123%")), std::string("0.857462%"));
        QCOMPARE(
            ps::formatScalar26(ps::PyScalar::str("5.9604648328104516e-06%")), std::string("5.9604648328104516e-06%"));
        QCOMPARE(ps::formatScalar26(ps::PyScalar::str("<class 'NoneType'>")), std::string("<class nullType>"));
        QCOMPARE(ps::formatScalar(ps::PyScalar::integer(-1)), std::string("-1"));
        QCOMPARE(ps::formatScalar(ps::PyScalar::real(0.25)), std::string("0.25"));
    }

    // The 26.0.0 release rounds every float of an item (dump statistics and metrics alike) as 1.2.1 does; the 26.1
    // line writes repr(). Value, the 26.1 line's text, the release's text: real outputs of both msprobe versions
    // on the gpt_mix_statistics case (Max, Mean, Norm, Min and Mean diff fields), plus the non-finite values.
    void release2600RoundsFloats_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("newest");
        QTest::addColumn<QString>("release");
        auto row = [](const char* name, double value, const char* newest, const char* release) {
            QTest::newRow(name) << value << QString::fromLatin1(newest) << QString::fromLatin1(release);
        };
        row("Max", 2.915355920791626, "2.915355920791626", "2.915356");
        row("Mean", 26.22222137451172, "26.22222137451172", "26.222221");
        row("Norm", 135.23683166503906, "135.23683166503906", "135.236832");
        row("trailing zeros dropped", -0.04384009167551994, "-0.04384009167551994", "-0.04384");
        row("below 0.01", -0.0035904916003346443, "-0.0035904916003346443", "-0.00359");
        row("integral float", 1.0, "1.0", "1.0");
        row("exponent: %.6e", 6.171504196572641e-09, "6.171504196572641e-09", "6.171504e-09");
        row("short exponent padded", 1e-06, "1e-06", "1.000000e-06");
        row("negative metric", -8.903443813323975e-06, "-8.903443813323975e-06", "-8.903444e-06");
        row("nan", std::nan(""), "nan", "nan");
        row("inf", HUGE_VAL, "inf", "inf");
        row("-inf", -HUGE_VAL, "-inf", "-inf");
    }
    void release2600RoundsFloats()
    {
        QFETCH(double, value);
        QFETCH(QString, newest);
        QFETCH(QString, release);
        const ps::PyScalar x = ps::PyScalar::real(value);
        QCOMPARE(QString::fromStdString(ps::formatScalar26(x)), newest);
        QCOMPARE(QString::fromStdString(ps::formatScalar26(x, ps::Msprobe26Release::V26_1)), newest);
        QCOMPARE(QString::fromStdString(ps::formatScalar26(x, ps::Msprobe26Release::V26_0_0)), release);
    }

    // Everything but a float is written alike by both releases: ints as str(), None as null, strings with 26's
    // whole-string decimal trimming.
    void release2600KeepsIntsStringsAndNone()
    {
        for (auto release : { ps::Msprobe26Release::V26_1, ps::Msprobe26Release::V26_0_0 }) {
            QCOMPARE(ps::formatScalar26(ps::PyScalar::integer(59), release), std::string("59"));
            QCOMPARE(ps::formatScalar26(ps::PyScalar::none(), release), std::string("null"));
            QCOMPARE(ps::formatScalar26(ps::PyScalar::str(" "), release), std::string(" "));
            QCOMPARE(ps::formatScalar26(ps::PyScalar::str("0.8574620123%"), release), std::string("0.857462%"));
            QCOMPARE(ps::formatScalar26(ps::PyScalar::str("5.9604648328104516e-06%"), release),
                std::string("5.9604648328104516e-06%"));
            QCOMPARE(ps::formatScalar26(ps::PyScalar::str("[2, 8, 32]"), release), std::string("[2, 8, 32]"));
        }
    }

    void str2float_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<double>("expected");
        QTest::newRow("percent") << "23.4%" << 0.234;
        QTest::newRow("two dots is not a number") << "2.3.4%" << 0.0;
        QTest::newRow("N/A") << "N/A" << 0.0;
        QTest::newRow("precision of 66.66%") << "66.66666666666666%" << 0.6666666666666665;
    }
    void str2float()
    {
        QFETCH(QString, input);
        QFETCH(double, expected);
        QCOMPARE(ps::str2float(ps::PyScalar::str(input.toStdString())), expected);
    }

    void jsonStringEscapes()
    {
        std::string out;
        ps::py::appendJsonString(out, "a\"b\\c\n\t\x01/\x7f\xe4\xb8\xad\xf0\x9f\x98\x80");
        QCOMPARE(out, std::string("\"a\\\"b\\\\c\\n\\t\\u0001/\x7f\\u4e2d\\ud83d\\ude00\""));
    }

    void pythonFloatParsing()
    {
        double v = 0;
        QVERIFY(ps::py::parseFloat(" Nan ", v) && std::isnan(v));
        QVERIFY(ps::py::parseFloat("-inf", v) && v < 0 && std::isinf(v));
        QVERIFY(ps::py::parseFloat("1e3", v) && v == 1000);
        QVERIFY(!ps::py::parseFloat("1,5", v));
        QVERIFY(!ps::py::parseFloat("", v));
    }
};

QTEST_GUILESS_MAIN(TestPyFormat)
#include "tst_pyformat.moc"
