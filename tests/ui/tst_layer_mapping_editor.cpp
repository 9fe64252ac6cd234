// The Layer mapping dock on the real gpt_layermap_mix_statistics case, opened WITHOUT a mapping: rules typed
// through the editor's model as a user would (with completion), undo/redo, an invalid row blocking Apply,
// Apply rerunning the comparison in the background (matched count rises to msprobe's), the exported .vis
// scoring 1.0 against msprobe 1.2.1's -lm output, and Save writing a YAML the engine reads again.
#include "match/layer_mapping.h"
#include "session/analysiscontroller.h"
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "testutil.h"
#include "widgets/layermappingmodel.h"
#include "widgets/layermappingpanel.h"
#include "widgets/mainwindow.h"

#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace psui;

namespace {

const char* kCase = "gpt_layermap_mix_statistics";

// The case's mapping.yaml, as the user types it: class, NPU path, Bench path.
const std::vector<ps::LayerMappingRow> kRules {
    { "TopLayer", "layers", "h" },
    { "TopLayer", "final_layernorm", "ln_f" },
    { "ParallelTransformerLayer", "input_layernorm", "ln_1" },
    { "ParallelTransformerLayer", "self_attention", "attn" },
    { "ParallelTransformerLayer", "post_attention_layernorm", "ln_2" },
    { "ParallelAttention", "query_key_value", "c_attn" },
    { "ParallelAttention", "dense", "c_proj" },
    { "ParallelMLP", "dense_h_to_4h", "c_fc" },
    { "ParallelMLP", "dense_4h_to_h", "c_proj" },
};

} // namespace

class TestLayerMappingEditor : public QObject {
    Q_OBJECT
private:
    test::WindowFixture m_ui;

    LayerMappingPanel* panel() const { return test::part<LayerMappingPanel>(m_ui.window.get()); }
    LayerMappingModel* model() const { return panel()->model(); }
    size_t matched() const { return ps::matchedNodeCount(*m_ui.session->snapshot()->comparison); }

    // Types one rule into a new last row, cell by cell, through the model (what the table's editor does).
    void typeRule(const ps::LayerMappingRow& rule)
    {
        const int row = model()->rowCount();
        model()->insertRule(row, {});
        QVERIFY(model()->setData(model()->index(row, 0), QString::fromStdString(rule.className), Qt::EditRole));
        QVERIFY(model()->setData(model()->index(row, 1), QString::fromStdString(rule.source), Qt::EditRole));
        QVERIFY(model()->setData(model()->index(row, 2), QString::fromStdString(rule.target), Qt::EditRole));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_ui.start(1400, 900));
        QVERIFY(panel());
        const QString json = test::caseDir(kCase) + QStringLiteral("/compare.json");
        QVERIFY2(QFileInfo::exists(json), qPrintable(json));
        QVERIFY(m_ui.open(json)); // no mapping
        test::part<QDockWidget>(m_ui.window.get(), QStringLiteral("layerMappingDock"))->show();
    }

    void completionOffersUnmatchedNames()
    {
        QVERIFY(panel()->completions(0).contains(QStringLiteral("ParallelAttention")));
        QVERIFY(panel()->completions(1).contains(QStringLiteral("self_attention")));
        QVERIFY(panel()->completions(2).contains(QStringLiteral("attn")));
        QVERIFY(!panel()->completions(2).contains(QStringLiteral("self_attention")));
    }

    void invalidRowBlocksApply()
    {
        panel()->startEmpty();
        typeRule({ "NoSuchLayer", "layers", "h" });
        QCOMPARE(model()->issues().size(), size_t(1));
        QVERIFY(!model()->data(model()->index(0, 0), Qt::DecorationRole).isNull()); // the row's warning icon
        QVERIFY(
            model()->data(model()->index(0, 0), Qt::ToolTipRole).toString().contains(QStringLiteral("NoSuchLayer")));
        QSignalSpy changed(m_ui.session.get(), &SessionController::sessionChanged);
        QVERIFY(!panel()->apply());
        QVERIFY(panel()->messageLabel()->text().contains(QStringLiteral("Apply is blocked")));
        QVERIFY(test::waitUntilIdle());
        QCOMPARE(changed.size(), 0); // nothing was rerun

        // A malformed path and a duplicate source block as well.
        QVERIFY(model()->setData(model()->index(0, 0), QStringLiteral("TopLayer"), Qt::EditRole));
        QVERIFY(model()->issues().empty());
        typeRule({ "TopLayer", "final layernorm", "ln_f" });
        QCOMPARE(model()->issues().size(), size_t(1));
        QVERIFY(model()->setData(model()->index(1, 1), QStringLiteral("layers"), Qt::EditRole));
        QCOMPARE(model()->issues().size(), size_t(1));
        QVERIFY(QString::fromStdString(model()->issues().front().text).contains(QStringLiteral("already mapped")));
        QVERIFY(!panel()->apply());
    }

    void cellEditorChecksAsYouType()
    {
        panel()->startEmpty();
        typeRule({ "TopLayer", "layers", "h" });
        QTableView* table = panel()->table();
        table->edit(model()->index(0, 1));
        auto* edit = table->viewport()->findChild<QLineEdit*>();
        QVERIFY(edit);
        QVERIFY(edit->completer());
        edit->selectAll();
        QTest::keyClicks(edit, QStringLiteral("self attention"));
        QVERIFY(edit->toolTip().contains(QStringLiteral("whitespace")));
        edit->selectAll();
        QTest::keyClicks(edit, QStringLiteral("self_attention"));
        QCOMPARE(edit->toolTip(), QString());
        QTest::keyClick(edit, Qt::Key_Return); // commits: one undoable edit
        QTRY_COMPARE(model()->rows().front().source, std::string("self_attention"));
    }

    void undoRedo()
    {
        panel()->startEmpty();
        QUndoStack* undo = model()->undoStack();
        QCOMPARE(undo->count(), 0);
        typeRule({ "TopLayer", "layers", "h" });
        QCOMPARE(undo->count(), 4); // insert + three cells
        QCOMPARE(model()->rows().front(), (ps::LayerMappingRow { "TopLayer", "layers", "h" }));
        undo->undo();
        QCOMPARE(model()->rows().front().target, std::string());
        undo->undo();
        undo->undo();
        undo->undo();
        QCOMPARE(model()->rowCount(), 0);
        for (int i = 0; i < 4; ++i)
            undo->redo();
        QCOMPARE(model()->rows().front(), (ps::LayerMappingRow { "TopLayer", "layers", "h" }));
        model()->removeRule(0);
        QCOMPARE(model()->rowCount(), 0);
        undo->undo();
        QCOMPARE(model()->rowCount(), 1);
        QCOMPARE(model()->rows().front(), (ps::LayerMappingRow { "TopLayer", "layers", "h" }));
        // The keys, with the focus in the dock's table.
        QTableView* table = panel()->table();
        panel()->window()->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(panel()->window()));
        table->setFocus();
        QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier); // undoes the last cell edit
        QCOMPARE(model()->rows().front().target, std::string());
        QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier); // and redoes it
        QCOMPARE(model()->rows().front().target, std::string("h"));
    }

    void applyRaisesMatchesToMsprobes()
    {
        // msprobe 1.2.1's matched count with the case's mapping, computed by the engine the golden tests check.
        ps::EngineOptions withMapping;
        withMapping.layerMapping
            = ps::readLayerMapping(QString(test::caseDir(kCase) + QStringLiteral("/mapping.yaml")).toStdString(), true);
        const size_t reference = ps::matchedNodeCount(
            *test::loadSnapshot(test::caseDir(kCase) + QStringLiteral("/compare.json"), withMapping)->comparison);

        panel()->startEmpty();
        for (const ps::LayerMappingRow& rule : kRules)
            typeRule(rule);
        QVERIFY(model()->issues().empty());
        const size_t before = matched();
        QSignalSpy applied(panel(), &LayerMappingPanel::applied);
        QVERIFY(panel()->apply());
        QTRY_COMPARE_WITH_TIMEOUT(applied.size(), 1, 60000);
        const size_t after = matched();
        QCOMPARE(applied.first().at(0).toInt(), int(before));
        QCOMPARE(applied.first().at(1).toInt(), int(after));
        QVERIFY(after > before);
        QCOMPARE(after, reference);
        QCOMPARE(panel()->messageLabel()->text(),
            QStringLiteral("%1 nodes matched before → %2 after").arg(before).arg(after));
        qInfo("matched NPU nodes: %zu before -> %zu after (msprobe: %zu)", before, after, reference);
        QCOMPARE(model()->rowCount(), int(kRules.size())); // the rules stay for more editing

        // The exported comparison is msprobe's -lm output.
        QTemporaryDir out;
        const QString vis = out.filePath(QStringLiteral("compare.vis"));
        QSignalSpy exported(m_ui.session->analysis(), &AnalysisController::exportFinished);
        m_ui.session->analysis()->exportVis(vis);
        QTRY_COMPARE_WITH_TIMEOUT(exported.size(), 1, 30000);
        QCOMPARE(exported.first().at(1).toString(), QString());
        QProcess score;
        score.start(QStringLiteral("python3"),
            { QStringLiteral(PROBESCOPE_VIS_COMPARE),
                test::caseDir(kCase) + QStringLiteral("/ref_1.2.1/compare_lm/compare.vis.gz"), vis });
        QVERIFY(score.waitForFinished(120000));
        const QByteArray output = score.readAllStandardOutput() + score.readAllStandardError();
        const QRegularExpressionMatch overall
            = QRegularExpression(QStringLiteral("overall agreement ([0-9.]+)")).match(QString::fromUtf8(output));
        QVERIFY2(overall.hasMatch(), output.constData());
        qInfo("vis_compare against ref_1.2.1/compare_lm: %s", qPrintable(overall.captured(1)));
        QCOMPARE(overall.captured(1).toDouble(), 1.0);
    }

    void saveWritesMsprobesFormat()
    {
        const QString path = m_ui.tmp.filePath(QStringLiteral("edited.yaml"));
        QVERIFY(panel()->saveTo(path));
        QVERIFY(model()->undoStack()->isClean());
        const auto original = ps::LayerMappingRules::load(
            QString(test::caseDir(kCase) + QStringLiteral("/mapping.yaml")).toStdString());
        QCOMPARE(ps::LayerMappingRules::load(path.toStdString()).toYaml(), original.toYaml());
        // Loading it back gives the same rows, with a fresh undo history.
        panel()->startEmpty();
        QVERIFY(panel()->loadFile(path));
        QCOMPARE(model()->rows(), kRules);
        QCOMPARE(model()->undoStack()->count(), 0);
        QCOMPARE(panel()->filePath(), path);
    }
};

QTEST_MAIN(TestLayerMappingEditor)
#include "tst_layer_mapping_editor.moc"
