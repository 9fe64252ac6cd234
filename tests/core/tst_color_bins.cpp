// The colour legend: the editor's limits, the colouring rule's edge cases, and
// customised colours written into .vis and .vis.db exports.
#include "batch/engine.h"
#include "compare/color_bins.h"
#include "vis/vis_db_reader.h"
#include "vis/vis_db_writer.h"
#include "vis/vis_writer.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using ps::ColorBin;

namespace {

std::vector<ColorBin> ranges(std::initializer_list<std::tuple<const char*, double, double>> rows)
{
    std::vector<ColorBin> out;
    for (auto [hex, lo, hi] : rows)
        out.push_back({ hex, lo, hi, false, {} });
    return out;
}

QString problem(const std::vector<ColorBin>& r)
{
    return QString::fromStdString(ps::colorRangesProblem(r));
}

std::shared_ptr<ps::Comparison> exampleComparison()
{
    const QString dir = QStringLiteral(PROBESCOPE_CASES "/mlp_mix_statistics");
    std::vector<std::string> warnings;
    return ps::runPair(
        (dir + "/npu/step0/rank").toStdString(), (dir + "/bench/step0/rank").toStdString(), {}, warnings);
}

} // namespace

class TstColorBins : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void defaultsAreValidRanges()
    {
        for (ps::CompareMode mode : { ps::CompareMode::Summary, ps::CompareMode::Real })
            QCOMPARE(problem(ps::rangesOf(ps::defaultColors(mode))), QString());
    }

    void limits_data()
    {
        QTest::addColumn<QString>("expected"); // a part of the message, "" for valid
        QTest::newRow("one range") << "";
        QTest::newRow("none") << "at least one";
        QTest::newRow("six ranges") << "at most 5";
        QTest::newRow("colour outside the palette") << "not one of the palette";
        QTest::newRow("colour used twice") << "already used by range 1";
        QTest::newRow("bound above 1") << "between 0 and 1";
        QTest::newRow("six decimals") << "at most 5 decimals";
        QTest::newRow("five decimals") << "";
        QTest::newRow("lo not below hi") << "must be below";
        QTest::newRow("overlap") << "overlap";
        QTest::newRow("shared boundary") << "";
        QTest::newRow("repeated lower bound") << "repeats a bound";
    }
    void limits()
    {
        QFETCH(QString, expected);
        const QString row = QString::fromLatin1(QTest::currentDataTag());
        std::vector<ColorBin> r;
        if (row == "one range")
            r = ranges({ { "#FFFCF3", 0, 1 } });
        else if (row == "six ranges")
            r = ranges({ { "#FFFCF3", 0, .1 }, { "#FFEDBE", .1, .2 }, { "#FFDC7F", .2, .3 }, { "#FFC62E", .3, .4 },
                { "#FF9B3D", .4, .5 }, { "#FF704D", .5, 1 } });
        else if (row == "colour outside the palette")
            r = ranges({ { "#123456", 0, 1 } });
        else if (row == "colour used twice")
            r = ranges({ { "#FFFCF3", 0, .5 }, { "#FFFCF3", .5, 1 } });
        else if (row == "bound above 1")
            r = ranges({ { "#FFFCF3", 0, 1.5 } });
        else if (row == "six decimals")
            r = ranges({ { "#FFFCF3", 0, 0.123456 } });
        else if (row == "five decimals")
            r = ranges({ { "#FFFCF3", 0, 0.12345 } });
        else if (row == "lo not below hi")
            r = ranges({ { "#FFFCF3", 0.5, 0.5 } });
        else if (row == "overlap")
            r = ranges({ { "#FFFCF3", 0, .6 }, { "#FF704D", .5, 1 } });
        else if (row == "shared boundary")
            r = ranges({ { "#FF704D", .5, 1 }, { "#FFFCF3", 0, .5 } });
        else if (row == "repeated lower bound")
            r = ranges({ { "#FFFCF3", 0, .5 }, { "#FF704D", 0, 1 } });
        const QString got = problem(r);
        if (expected.isEmpty())
            QCOMPARE(got, QString());
        else
            QVERIFY2(got.contains(expected), qPrintable(got));
    }

    void colouringRuleEdges()
    {
        auto legend = ps::legendFromRanges(ps::CompareMode::Summary,
            ranges({ { "#FF704D", 0.5, 1 }, { "#FFFCF3", 0, 0.25 } })); // sorted by lower bound
        QCOMPARE(QString::fromStdString(legend.front().hex), QStringLiteral("#FFFCF3"));
        QVERIFY(legend.back().unmatched);
        QCOMPARE(ps::colorBinOf(legend, 0.0), 0); // lo == 0 && p == 0
        QCOMPARE(ps::colorBinOf(legend, 0.2), 0);
        QCOMPARE(ps::colorBinOf(legend, 0.25), -1); // hi is exclusive; the gap has no colour
        QCOMPARE(ps::colorBinOf(legend, 0.3), -1);
        QCOMPARE(ps::colorBinOf(legend, 0.5), 1);
        QCOMPARE(ps::colorBinOf(legend, 1.0), 1); // hi == 1 && p == 1
        // First match wins when a file's legend overlaps.
        auto overlapping = ranges({ { "#FFFCF3", 0, 0.6 }, { "#FF704D", 0.5, 1 } });
        QCOMPARE(ps::colorBinOf(overlapping, 0.55), 0);
    }

    void customColorsInVisExport()
    {
        auto c = exampleComparison();
        const std::string defaults = ps::visJson(*c);
        c->colors = ps::defaultColors(c->mode);
        QCOMPARE(ps::visJson(*c), defaults); // choosing the preset changes nothing in the file
        c->colors = ps::legendFromRanges(c->mode, ranges({ { "#FFFCF3", 0, 0.5 }, { "#FF4118", 0.5, 1 } }));
        const QJsonObject vis = QJsonDocument::fromJson(QByteArray::fromStdString(ps::visJson(*c))).object();
        const QJsonObject colors = vis.value("Colors").toObject();
        QCOMPARE(colors.keys(), QStringList({ "#C7C7C7", "#FF4118", "#FFFCF3" }));
        QCOMPARE(colors.value("#FF4118").toObject().value("value").toArray(), QJsonArray({ 0.5, 1 }));
        QCOMPARE(colors.value("#FFFCF3").toObject().value("value").toArray(), QJsonArray({ 0, 0.5 }));
        QCOMPARE(colors.value("#C7C7C7").toObject().value("value").toArray(), QJsonArray());
        // The nodes themselves are unchanged: only the legend moved.
        QCOMPARE(vis.value("NPU"), QJsonDocument::fromJson(QByteArray::fromStdString(defaults)).object().value("NPU"));
    }

    void customColorsInVisDbExport()
    {
        auto c = exampleComparison();
        c->colors = ps::legendFromRanges(c->mode, ranges({ { "#FFDC7F", 0, 0.3 }, { "#FF704D", 0.3, 1 } }));
        QTemporaryDir dir;
        const std::string path = QDir(dir.path()).filePath("custom.vis.db").toStdString();
        ps::writeVisDb({ ps::VisDbGraph { 0, 0, c, nullptr } }, path);
        std::vector<ps::VisDocument> db = ps::readVisDb(path);
        QVERIFY(!db.empty());
        const ps::VisMeta& meta = db.front().meta;
        const ps::JValue* colors = meta.topValue("Colors");
        QVERIFY(colors && colors->isObject());
        std::vector<std::string> keys;
        for (const ps::JMember& m : meta.arena().members(*colors))
            keys.emplace_back(meta.arena().pool().view(m.key));
        QCOMPARE(keys, std::vector<std::string>({ "#FFDC7F", "#FF704D", "#C7C7C7" }));
    }
};

QTEST_GUILESS_MAIN(TstColorBins)
#include "tst_color_bins.moc"
