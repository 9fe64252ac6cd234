// The colour-ranges editor on a real comparison (offscreen): the dialog's limits as a user meets them (a colour used
// twice, overlapping bounds, the five-range cap), new ranges recolouring the tree cells without recomputing, the
// ranges coming back when the comparison is opened again, and .vis exports carrying them (or msprobe's own legend
// after Preset).
#include "models/graphtreemodel.h"
#include "models/roles.h"
#include "session/analysiscontroller.h"
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "testutil.h"
#include "theme/palette.h"
#include "widgets/colorrangesdialog.h"
#include "widgets/mainwindow.h"

#include <QApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <cmath>

using namespace psui;

class TestColorRanges : public QObject {
    Q_OBJECT
private:
    test::WindowFixture m_ui;
    NodeId m_node = ps::kNoNode; // a matched NPU node with a precision below 0.2

    bool openExample() { return m_ui.open(test::exampleDir() + QStringLiteral("/compare.json")); }
    // The fill the tree's delegate paints for the node: the colour of the bin the model reports.
    QString cellColour(NodeId node) const
    {
        GraphTreeModel* model = m_ui.session->model(Side::Npu);
        const int bin = model->data(model->indexOfNode(node), BinRole).toInt();
        return Palette::nodeFill(*m_ui.session->snapshot(), Side::Npu, bin).name(QColor::HexRgb).toUpper();
    }
    QJsonObject exportedColors(const QString& name)
    {
        const QString path = m_ui.tmp.filePath(name);
        QSignalSpy done(m_ui.session->analysis(), &AnalysisController::exportFinished);
        m_ui.session->analysis()->exportVis(path);
        if (!test::waitForSignal(done, 30000) || !done.front().at(1).toString().isEmpty())
            return {};
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return {};
        return QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("Colors")).toObject();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_ui.start(1200, 800));
        QVERIFY(openExample());
        auto snap = m_ui.session->snapshot();
        for (NodeId n = 0; n < snap->graph(Side::Npu).size() && m_node == ps::kNoNode; ++n) {
            const double p = snap->precision(Side::Npu, n);
            if (snap->counterpart(Side::Npu, n) != ps::kNoNode && !std::isnan(p) && p > 0 && p < 0.2)
                m_node = n;
        }
        QVERIFY(m_node != ps::kNoNode);
        QCOMPARE(cellColour(m_node), QStringLiteral("#FFFCF3")); // msprobe's [0, 0.2] bin
    }

    void legendButtonOpensTheEditor()
    {
        auto* button = m_ui.window->findChild<QPushButton*>(QStringLiteral("editColors"));
        QVERIFY(button && button->isVisible());
        int shownRanges = -1;
        QTimer::singleShot(0, this, [&]() {
            if (auto* dialog = qobject_cast<ColorRangesDialog*>(QApplication::activeModalWidget())) {
                shownRanges = int(dialog->ranges().size());
                dialog->reject();
            }
        });
        button->click(); // modal: returns once the timer closed it
        QCOMPARE(shownRanges, 5); // msprobe's five summary ranges
        QCOMPARE(cellColour(m_node), QStringLiteral("#FFFCF3")); // cancelled: nothing changed
    }

    void dialogRefusesWhatThePluginRefuses()
    {
        ColorRangesDialog dialog(ps::CompareMode::Summary, m_ui.session->colorRanges());
        QCOMPARE(dialog.ranges().size(), size_t(5));
        QVERIFY(dialog.okButton()->isEnabled());
        dialog.addRange(); // already five
        QCOMPARE(dialog.ranges().size(), size_t(5));
        dialog.setRange(1, QStringLiteral("#FFFCF3"), 0.2, 0.4); // the first range's colour
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.problem().contains(QStringLiteral("already used")), qPrintable(dialog.problem()));
        dialog.setRange(1, QStringLiteral("#FF9B3D"), 0.1, 0.4); // overlaps [0, 0.2]
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.problem().contains(QStringLiteral("overlap")), qPrintable(dialog.problem()));
        dialog.setRange(1, QStringLiteral("#FF9B3D"), 0.2, 0.4);
        QVERIFY(dialog.okButton()->isEnabled());
        QCOMPARE(dialog.problem(), QString());
        dialog.removeRange(4);
        QCOMPARE(dialog.ranges().size(), size_t(4));
        dialog.addRange(); // a free colour over [last upper bound, 1]
        QCOMPARE(dialog.ranges().size(), size_t(5));
        QCOMPARE(dialog.ranges().back().hi, 1.0);
        QVERIFY(dialog.okButton()->isEnabled());
    }

    void newRangesRecolourTheTreesAndAreExported()
    {
        ColorRangesDialog dialog(ps::CompareMode::Summary, m_ui.session->colorRanges());
        dialog.setRanges({ { "#FF4118", 0, 0.9, false, {} }, { "#FFFCF3", 0.9, 1, false, {} } });
        QVERIFY2(dialog.okButton()->isEnabled(), qPrintable(dialog.problem()));
        const double before = m_ui.session->snapshot()->precision(Side::Npu, m_node);
        QCOMPARE(m_ui.window->applyColorRanges(dialog.ranges()), QString());
        QCOMPARE(cellColour(m_node), QStringLiteral("#FF4118"));
        QCOMPARE(m_ui.session->snapshot()->precision(Side::Npu, m_node), before); // nothing recomputed
        const QJsonObject colors = exportedColors(QStringLiteral("custom.vis"));
        QCOMPARE(colors.keys(),
            QStringList({ QStringLiteral("#C7C7C7"), QStringLiteral("#FF4118"), QStringLiteral("#FFFCF3") }));
        QCOMPARE(colors.value(QStringLiteral("#FF4118")).toObject().value(QStringLiteral("value")).toArray(),
            QJsonArray({ 0, 0.9 }));
    }

    void manualMatchingKeepsTheLegend()
    {
        const NodeId bench = m_ui.session->snapshot()->counterpart(Side::Npu, m_node);
        QSignalSpy done(m_ui.session->analysis(), &AnalysisController::matchFinished);
        m_ui.session->analysis()->unmatchNodes(m_node, bench, false);
        QVERIFY(test::waitForSignal(done, 30000));
        QCOMPARE(m_ui.session->snapshot()->counterpart(Side::Npu, m_node), ps::kNoNode);
        const std::vector<ps::ColorBin> ranges = m_ui.session->colorRanges();
        QCOMPARE(ranges.size(), size_t(2));
        QCOMPARE(QString::fromStdString(ranges.front().hex), QStringLiteral("#FF4118"));
    }

    void rangesComeBackWhenTheComparisonIsOpenedAgain()
    {
        QVERIFY(openExample());
        QCOMPARE(cellColour(m_node), QStringLiteral("#FF4118"));
        QCOMPARE(m_ui.session->colorRanges().size(), size_t(2));
    }

    void presetRestoresMsprobesLegend()
    {
        ColorRangesDialog dialog(ps::CompareMode::Summary, m_ui.session->colorRanges());
        dialog.applyPreset();
        QCOMPARE(dialog.ranges().size(), size_t(5));
        QCOMPARE(m_ui.window->applyColorRanges(dialog.ranges()), QString());
        QCOMPARE(cellColour(m_node), QStringLiteral("#FFFCF3"));
        const QJsonObject colors = exportedColors(QStringLiteral("preset.vis"));
        QCOMPARE(colors.keys(),
            QStringList({ QStringLiteral("#C7C7C7"), QStringLiteral("#FF704D"), QStringLiteral("#FFC62E"),
                QStringLiteral("#FFDC7F"), QStringLiteral("#FFEDBE"), QStringLiteral("#FFFCF3") })); // sorted keys
        QCOMPARE(colors.value(QStringLiteral("#FFEDBE")).toObject().value(QStringLiteral("value")).toArray(),
            QJsonArray({ 0.2, 0.4 }));
    }

    void invalidRangesAreRefused()
    {
        const QString why = m_ui.window->applyColorRanges({ { "#123456", 0, 1, false, {} } });
        QVERIFY2(why.contains(QStringLiteral("palette")), qPrintable(why));
        QCOMPARE(cellColour(m_node), QStringLiteral("#FFFCF3"));
    }
};

QTEST_MAIN(TestColorRanges)
#include "tst_color_ranges.moc"
