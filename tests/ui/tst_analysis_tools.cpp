// Offscreen tests of the analysis tools on real cases: manual match / unmatch through the tree context menu and
// the Ctrl+M shortcut (recomputed in the background, the trees keep their expansion), .vis.config save and load,
// and the First divergence dock naming the injected NaN of mlp_nan_mix_statistics and jumping to it.
#include "compare/manual_match.h"
#include "io/vis_config.h"
#include "session/analysiscontroller.h"
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "session/viewstate.h"
#include "testutil.h"
#include "widgets/analysistools.h"
#include "widgets/divergencepanel.h"
#include "widgets/mainwindow.h"
#include "widgets/sidebysidetreeview.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>
#include <algorithm>

using namespace psui;

class TestAnalysisTools : public QObject {
    Q_OBJECT
private:
    test::WindowFixture m_ui;

    template <typename Signal> bool waitFor(Signal signal, int ms = 60000)
    {
        QSignalSpy spy(m_ui.session.get(), signal);
        return test::waitForSignal(spy, ms);
    }
    template <typename Signal> bool waitForAnalysis(Signal signal, int ms = 60000)
    {
        QSignalSpy spy(m_ui.session->analysis(), signal);
        return test::waitForSignal(spy, ms);
    }
    bool open(const char* caseName)
    {
        const QString json = test::caseDir(caseName) + QStringLiteral("/compare.json");
        return QFileInfo::exists(json) && m_ui.open(json);
    }
    NodeId find(Side side, const char* name) const { return m_ui.session->snapshot()->graph(side).find(name); }
    ViewState* view() const { return test::part<ViewState>(m_ui.window.get()); }
    AnalysisTools* tools() const { return test::part<AnalysisTools>(m_ui.window.get()); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_ui.start(1400, 900));
        QVERIFY(tools());
    }

    void matchTwoUnmatchedNodesWithTheShortcut()
    {
        QVERIFY(open("gpt_layermap_mix_statistics"));
        const NodeId n = find(Side::Npu, "Module.layers.0.self_attention.query_key_value.Linear.forward.0");
        const NodeId b = find(Side::Bench, "Module.h.0.attn.c_attn.Linear.forward.0");
        QVERIFY(n != ps::kNoNode && b != ps::kNoNode);
        auto before = m_ui.session->snapshot();
        QCOMPARE(before->counterpart(Side::Npu, n), ps::kNoNode);
        // What the core computes for this pair (with children) is what the GUI must show.
        ps::ManualMatchReport expectedReport;
        auto expected = ps::matchManually(*before->comparison, n, b, true, expectedReport);

        SideBySideTreeView* trees = test::part<SideBySideTreeView>(m_ui.window.get());
        trees->selectNode(Side::Npu, n);
        QCOMPARE(view()->pick(Side::Npu), n);
        const QPersistentModelIndex parentIndex = trees->view(Side::Npu)->currentIndex().parent();
        QVERIFY(parentIndex.isValid());
        trees->selectNode(Side::Bench, b);
        QCOMPARE(view()->pick(Side::Bench), b);
        QCOMPARE(view()->pick(Side::Npu), n); // the NPU pick survives the bench click
        QVERIFY(trees->view(Side::Npu)->isExpanded(parentIndex));
        QVERIFY(tools()->matchAction()->isEnabled());
        QVERIFY(tools()->withChildrenAction()->isChecked());

        QSignalSpy finished(m_ui.session->analysis(), &AnalysisController::matchFinished);
        QTest::keyClick(m_ui.window.get(), Qt::Key_M, Qt::ControlModifier);
        QVERIFY(waitFor(&SessionController::snapshotUpdated));
        QVERIFY(finished.count() == 1 || waitForAnalysis(&AnalysisController::matchFinished, 2000));
        auto after = m_ui.session->snapshot();
        QCOMPARE(after->counterpart(Side::Npu, n), b);
        QCOMPARE(after->precision(Side::Npu, n), expected->precision[n].value);
        const NodeId api = after->graph(Side::Npu).children(n)[0];
        QCOMPARE(after->counterpart(Side::Npu, api), expected->counterpart[0][api]);
        QVERIFY(after->counterpart(Side::Npu, api) != ps::kNoNode);
        QCOMPARE(
            int(expectedReport.pairs.size()), finished.isEmpty() ? 0 : finished[0][0].value<MatchOutcome>().changed);
        // In place: the tree kept its expansion, and the bench tree follows the new counterpart.
        QVERIFY(trees->view(Side::Npu)->isExpanded(parentIndex));
        QCOMPARE(trees->currentNode(Side::Bench), b);
    }

    void unmatchThroughTheContextMenuAndConfigRoundTrip()
    {
        // Continues the previous test's session (gpt_layermap, after the manual match).
        QVERIFY(m_ui.session->snapshot());
        const NodeId n = find(Side::Npu, "Module.layers.0.self_attention.query_key_value.Linear.forward.0");
        QVERIFY(n != ps::kNoNode);
        const NodeId b = m_ui.session->snapshot()->counterpart(Side::Npu, n);
        QVERIFY(b != ps::kNoNode);

        // Save the manual matches, then unmatch from the context menu.
        const QString config = m_ui.tmp.filePath(QStringLiteral("m.vis.config"));
        tools()->saveMatchConfig(config);
        QVERIFY(waitForAnalysis(&AnalysisController::matchConfigSaved));
        const ps::MatchPairs pairs = ps::readVisConfig(config.toStdString());
        QVERIFY(
            std::find(pairs.begin(), pairs.end(),
                std::pair<std::string, std::string> { "Module.layers.0.self_attention.query_key_value.Linear.forward.0",
                    "Module.h.0.attn.c_attn.Linear.forward.0" })
            != pairs.end());

        std::unique_ptr<QMenu> menu(tools()->contextMenu(Side::Npu, n));
        QAction* unmatch = nullptr;
        for (QAction* a : menu->actions())
            if (a->text().startsWith(QLatin1String("Unmatch from")))
                unmatch = a;
        QVERIFY(unmatch && unmatch->isEnabled());
        QVERIFY(menu->actions().contains(tools()->withChildrenAction()));
        unmatch->trigger();
        QVERIFY(waitFor(&SessionController::snapshotUpdated));
        QCOMPARE(m_ui.session->snapshot()->counterpart(Side::Npu, n), ps::kNoNode);
        QVERIFY(std::isnan(m_ui.session->snapshot()->precision(Side::Npu, n)));

        // On an unmatched node the menu offers the match with the bench pick.
        view()->setPick(Side::Bench, b);
        std::unique_ptr<QMenu> matchMenu(tools()->contextMenu(Side::Npu, n));
        QVERIFY(
            matchMenu->actions().first()->text().contains(QLatin1String("Module.h.0.attn.c_attn.Linear.forward.0")));
        QVERIFY(matchMenu->actions().first()->isEnabled());

        // Loading the saved config restores every pair.
        tools()->loadMatchConfig(config);
        QVERIFY(waitFor(&SessionController::snapshotUpdated));
        QCOMPARE(m_ui.session->snapshot()->counterpart(Side::Npu, n), b);

        // A bad config is reported, the session stays.
        const QString bad = m_ui.tmp.filePath(QStringLiteral("bad.vis.config"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[1, 2]");
        f.close();
        QSignalSpy finished(m_ui.session->analysis(), &AnalysisController::matchFinished);
        m_ui.session->analysis()->loadMatchConfig(bad);
        QVERIFY(test::waitForSignal(finished, 20000));
        QCOMPARE(finished.count(), 1);
        QVERIFY(finished[0][0].value<MatchOutcome>().error.contains(bad));
        // The warning box the tools open for it.
        const auto messageBoxOpen = [] {
            const auto widgets = QApplication::topLevelWidgets();
            return std::any_of(widgets.begin(), widgets.end(), [](QWidget* w) { return w->inherits("QMessageBox"); });
        };
        QTRY_VERIFY(messageBoxOpen());
        for (QWidget* w : QApplication::topLevelWidgets())
            if (w->inherits("QMessageBox"))
                w->close();
        QCOMPARE(m_ui.session->snapshot()->counterpart(Side::Npu, n), b);
    }

    void divergenceDockNamesTheInjectedNan()
    {
        QVERIFY(open("mlp_nan_mix_statistics"));
        QDockWidget* dock = tools()->divergenceDock();
        dock->show();
        QTreeWidget* list = tools()->divergencePanel()->list();
        tools()->divergencePanel()->refresh();
        QVERIFY(waitForAnalysis(&AnalysisController::diagnoseFinished));
        QVERIFY(list->topLevelItemCount() >= 1);
        QCOMPARE(list->topLevelItem(0)->text(1), QStringLiteral("Functional.linear.1.forward"));
        QCOMPARE(list->topLevelItem(0)->text(2), QStringLiteral("inf"));
        Q_EMIT list->itemActivated(list->topLevelItem(0), 0);
        QCOMPARE(test::part<SideBySideTreeView>(m_ui.window.get())->currentNode(Side::Npu),
            find(Side::Npu, "Functional.linear.1.forward"));

        // A bad tolerance is explained, not applied.
        tools()->divergencePanel()->toleranceEdit()->setText(QStringLiteral("float16"));
        tools()->divergencePanel()->refresh();
        QVERIFY(tools()->divergencePanel()->messageLabel()->text().contains(QLatin1String("DTYPE=VALUE")));
        QCOMPARE(list->topLevelItemCount(), 1); // the previous list stays
        tools()->divergencePanel()->toleranceEdit()->clear();
    }
};

QTEST_MAIN(TestAnalysisTools)
#include "tst_analysis_tools.moc"
