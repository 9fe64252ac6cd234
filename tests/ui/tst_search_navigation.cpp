// Search and navigation as a precision engineer uses them all day: a query refined
// key by key stays on its first match in execution order and only Enter / F3 / ↓ move on, every match is listed
// in the Matches dock, a ticked legend bin selects its first node, F3 enters API lists, and "show only these
// nodes" keeps the counterparts of the shown nodes in the other tree.
#include "models/hitlistmodel.h"
#include "models/nodefilterproxy.h"
#include "models/nodesearch.h"
#include "testutil.h"
#include "widgets/hitnavigator.h"
#include "widgets/legendpanel.h"
#include "widgets/matchlist.h"
#include "widgets/searchbar.h"
#include "widgets/sidebysidetreeview.h"

#include <QCheckBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QtTest>

using namespace psui;

class TestSearchNavigation : public QObject {
    Q_OBJECT
private:
    test::WindowFixture m_ui;

    SideBySideTreeView* trees() const { return test::part<SideBySideTreeView>(m_ui.window.get()); }
    SearchBar* searchBar() const { return test::part<SearchBar>(m_ui.window.get()); }
    LegendPanel* legend() const { return test::part<LegendPanel>(m_ui.window.get()); }
    QString currentName(Side side) const
    {
        const NodeId n = trees()->currentNode(side);
        return n == ps::kNoNode ? QString() : QString::fromUtf8(m_ui.session->snapshot()->graph(side).nameOf(n));
    }
    bool openCase(const char* name) { return m_ui.open(test::caseDir(name) + QStringLiteral("/compare.json")); }
    void untickLegend()
    {
        for (int bin = 0; bin < int(m_ui.session->snapshot()->bins.size()); ++bin)
            legend()->setBinChecked(bin, false);
        QVERIFY(test::waitUntilIdle());
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_ui.start(1400, 900)); }

    // Item 1: "pow" typed one key at a time from Tensor.__add__.0 keeps Tensor.pow.0 (the first match in
    // execution order) selected; Enter, ↓ and F3 in the field move on, ↑ moves back; the Matches dock lists all.
    void typingKeepsTheFirstMatch()
    {
        QVERIFY(openCase("gpt_mix_statistics"));
        const auto snap = m_ui.session->snapshot();
        m_ui.window->jumpTo(Side::Npu, snap->graph(Side::Npu).find("Tensor.__add__.0.forward"));
        QCOMPARE(currentName(Side::Npu), QStringLiteral("Tensor.__add__.0.forward"));
        QLineEdit* edit = searchBar()->lineEdit();
        edit->setFocus();
        QSignalSpy searched(m_ui.session.get(), &SessionController::searchFinished);
        for (QChar key : QStringLiteral("pow")) {
            searched.clear();
            QTest::keyClicks(edit, QString(key));
            QVERIFY(test::waitForSignal(searched, 10000));
            QVERIFY(test::waitUntilIdle());
            const auto result = searched.last().at(0).value<QueryResult>();
            QVERIFY(result.sides[0] && !result.sides[0]->hits.empty());
            // The first match of every prefix, in the trees' top-to-bottom order.
            const NodeId first = result.sides[0]->hits.front();
            QCOMPARE(trees()->currentNode(Side::Npu), first);
            for (NodeId hit : result.sides[0]->hits)
                QVERIFY(snap->rollup(Side::Npu).exec->rank[first] <= snap->rollup(Side::Npu).exec->rank[hit]);
        }
        QCOMPARE(currentName(Side::Npu), QStringLiteral("Tensor.pow.0.forward"));
        QCOMPARE(searchBar()->navigator()->currentRow(), 0);

        // Every match is listed in the Matches dock, the current one selected.
        auto* dock = test::part<QDockWidget>(m_ui.window.get(), QStringLiteral("matchesDock"));
        QVERIFY(dock && dock->isVisible());
        auto* list = dock->findChild<MatchList*>();
        QVERIFY(list);
        QCOMPARE(size_t(list->model()->rowCount()), searched.last().at(0).value<QueryResult>().hitCount());
        QCOMPARE(list->currentIndex().row(), 0);
        QCOMPARE(list->model()->index(0, HitListModel::SideColumn).data().toString(), QStringLiteral("NPU"));

        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(currentName(Side::Npu), QStringLiteral("Tensor.pow.1.forward"));
        QTest::keyClick(edit, Qt::Key_Down);
        QCOMPARE(currentName(Side::Npu), QStringLiteral("Tensor.pow.2.forward"));
        QTest::keyClick(edit, Qt::Key_F3);
        QCOMPARE(currentName(Side::Npu), QStringLiteral("Tensor.pow.3.forward"));
        QTest::keyClick(edit, Qt::Key_Up);
        QCOMPARE(currentName(Side::Npu), QStringLiteral("Tensor.pow.2.forward"));
        QCOMPARE(list->currentIndex().row(), searchBar()->navigator()->currentRow());

        // A click in the list selects the node in both trees.
        const int row = 4;
        const QRect rect = list->visualRect(list->model()->index(row, 0));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rect.center());
        const auto [side, node] = qobject_cast<HitListModel*>(list->model())->hit(row);
        QCOMPARE(trees()->currentNode(side), node);
        QCOMPARE(trees()->currentNode(Side::Bench), snap->counterpart(Side::Npu, node));
        searchBar()->clear();
    }

    // Item 1: ticking a legend bin selects its first node in execution order, not the second.
    void tickedBinSelectsTheFirstMatch()
    {
        QVERIFY(openCase("gpt_mix_statistics"));
        const auto snap = m_ui.session->snapshot();
        const int worst = snap->worstValueBin();
        QVERIFY(worst >= 0);
        QSignalSpy filtered(m_ui.session.get(), &SessionController::filterFinished);
        legend()->setBinChecked(worst, true);
        QVERIFY(test::waitForSignal(filtered, 10000));
        QVERIFY(test::waitUntilIdle());
        // The first node of that bin, walking the trees top to bottom.
        NodeId first = ps::kNoNode;
        for (NodeId n : snap->rollup(Side::Npu).exec->nodes)
            if (snap->rollup(Side::Npu).bin[n] == worst && first == ps::kNoNode)
                first = n;
        QVERIFY(first != ps::kNoNode);
        QCOMPARE(trees()->currentNode(Side::Npu), first);
        QCOMPARE(legend()->navigator()->currentRow(), 0);
        auto* list = legend()->findChild<MatchList*>();
        QVERIFY(list && list->model()->rowCount() > 1);
        untickLegend();
    }

    // Item 3: F3 from an API list visits its red members before going on, in execution order.
    void nextSuspiciousEntersApiLists()
    {
        QVERIFY(openCase("gpt_mix_statistics"));
        const auto snap = m_ui.session->snapshot();
        const ps::Graph& g = snap->graph(Side::Npu);
        const int worst = snap->worstValueBin();
        NodeId list = ps::kNoNode, red = ps::kNoNode;
        for (NodeId top : g.children(g.root)) {
            if (g.type[top] != ps::NodeType::ApiCollection || list != ps::kNoNode)
                continue;
            for (NodeId member : g.children(top))
                if (red == ps::kNoNode && snap->rollup(Side::Npu).bin[member] == worst) {
                    list = top;
                    red = member;
                }
        }
        QVERIFY2(list != ps::kNoNode, "gpt_mix_statistics has an API list with a red member");
        m_ui.window->jumpTo(Side::Npu, list);
        QCOMPARE(trees()->currentNode(Side::Npu), list);
        trees()->view(Side::Npu)->setFocus();
        QTest::keyClick(m_ui.window.get(), Qt::Key_F3);
        QCOMPARE(currentName(Side::Npu), QString::fromUtf8(g.nameOf(red)));
        QCOMPARE(g.parent[trees()->currentNode(Side::Npu)], list);
        // Shift+F3 passes over the list itself: it carries its worst member's index but has no data of its own,
        // its table would be empty.
        QVERIFY(g.inputItems(list).empty() && g.outputItems(list).empty());
        QTest::keyClick(m_ui.window.get(), Qt::Key_F3, Qt::ShiftModifier);
        QVERIFY(trees()->currentNode(Side::Npu) != list);
        QVERIFY(snap->rollup(Side::Npu).exec->rank[trees()->currentNode(Side::Npu)]
            < snap->rollup(Side::Npu).exec->rank[list]);
    }

    // Item 4: with "show only these nodes", a value bin (which selects NPU nodes only) keeps the bench partner of
    // every shown NPU node in the bench tree.
    void binFilterKeepsCounterparts()
    {
        QVERIFY(openCase("gpt_mix_statistics"));
        const auto snap = m_ui.session->snapshot();
        auto* onlyThese = legend()->findChildren<QCheckBox*>().last();
        for (QCheckBox* box : legend()->findChildren<QCheckBox*>())
            if (box->text() == LegendPanel::tr("Show only these nodes in the trees"))
                onlyThese = box;
        onlyThese->setChecked(true);
        QSignalSpy filtered(m_ui.session.get(), &SessionController::filterFinished);
        legend()->setBinChecked(snap->worstValueBin(), true);
        QVERIFY(test::waitForSignal(filtered, 10000));
        QVERIFY(test::waitUntilIdle());
        const auto result = filtered.last().at(0).value<QueryResult>();
        QVERIFY(result.sides[0] && result.sides[0]->hits.size() > 1);
        QVERIFY(trees()->proxy(Side::Bench)->isFiltering());
        int partners = 0;
        for (NodeId npu : result.sides[0]->hits) {
            QVERIFY(trees()->proxy(Side::Npu)->indexOfNode(npu).isValid());
            const NodeId bench = snap->counterpart(Side::Npu, npu);
            if (bench == ps::kNoNode)
                continue;
            ++partners;
            QVERIFY2(trees()->proxy(Side::Bench)->indexOfNode(bench).isValid(),
                qPrintable(QString::fromUtf8(snap->graph(Side::Bench).nameOf(bench))));
        }
        QVERIFY(partners > 0);
        // Bench nodes whose partner is not shown stay hidden: the filter still filters.
        bool hidden = false;
        for (NodeId n = 0; n < snap->graph(Side::Bench).size() && !hidden; ++n)
            hidden = !trees()->proxy(Side::Bench)->indexOfNode(n).isValid();
        QVERIFY(hidden);
        onlyThese->setChecked(false);
        untickLegend();
    }
};

QTEST_MAIN(TestSearchNavigation)
#include "tst_search_navigation.moc"
