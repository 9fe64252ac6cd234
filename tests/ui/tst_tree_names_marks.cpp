// The trees on a laptop: names elided at their end in the trees and the legend's node list, the Overflow column
// only with the overflow check, a node's marks (merge badge, NaN / inf) beside its name and never over it, a
// collapsed module red from inside keeping its own colour behind its Verdict, and the trees back at their left
// edge after a selection or another comparison.
#include "models/graphtreemodel.h"
#include "models/nodefilterproxy.h"
#include "models/nonfinite.h"
#include "models/roles.h"
#include "testutil.h"
#include "theme/palette.h"
#include "widgets/matchlist.h"
#include "widgets/precisiondelegate.h"
#include "widgets/sidebysidetreeview.h"

#include <QHeaderView>
#include <QImage>
#include <QScrollBar>
#include <QTreeView>
#include <QtTest>

using namespace psui;

class TestTreeNamesMarks : public QObject {
    Q_OBJECT
private:
    static QString compareJson(const char* name) { return test::caseDir(name) + QStringLiteral("/compare.json"); }

    static bool openWith(test::WindowFixture& ui, const QString& json, ps::RulesProfile profile, bool overflow)
    {
        ps::EngineOptions options;
        options.profile = profile;
        options.overflowCheck = overflow;
        return ui.session->openPaths({ json }, options) && test::waitForSession(ui.session.get());
    }

    static SideBySideTreeView* trees(const test::WindowFixture& ui)
    {
        return test::part<SideBySideTreeView>(ui.window.get());
    }

    // The name cell of a node made visible (its ancestors expanded, the tree scrolled to it).
    static QModelIndex shownCell(const test::WindowFixture& ui, Side side, NodeId node)
    {
        trees(ui)->revealNode(side, node);
        const QModelIndex index = trees(ui)->proxy(side)->indexOfNode(node);
        trees(ui)->view(side)->scrollTo(index);
        QCoreApplication::processEvents();
        return index;
    }

    static QStyleOptionViewItem cellOption(const QTreeView* view, const QModelIndex& index)
    {
        QStyleOptionViewItem option;
        option.rect = view->visualRect(index);
        option.font = view->font();
        return option;
    }

    static int pixelsOf(const QImage& image, const QRect& area, QColor colour)
    {
        int n = 0;
        for (int y = area.top(); y <= area.bottom(); ++y)
            for (int x = area.left(); x <= area.right(); ++x)
                n += image.pixelColor(x, y).rgb() == colour.rgb();
        return n;
    }

private Q_SLOTS:
    void namesElideAtTheirEnd()
    {
        test::WindowFixture ui;
        QVERIFY(ui.start(1024, 700));
        QVERIFY(openWith(ui, compareJson("gpt_mix_statistics"), ps::RulesProfile::Msprobe121, false));
        QVERIFY(test::waitUntilIdle());
        for (Side side : { Side::Npu, Side::Bench }) {
            QTreeView* view = trees(ui)->view(side);
            QCOMPARE(view->textElideMode(), Qt::ElideRight);
            const QHeaderView* header = view->header();
            // Without the overflow check the Overflow column would be empty: its width is the name's.
            QVERIFY(header->isSectionHidden(OverflowColumn));
            const int others = header->sectionSize(TypeColumn) + header->sectionSize(PrecisionColumn)
                + header->sectionSize(WorstColumn);
            QTRY_COMPARE(header->sectionSize(NameColumn), std::max(160, view->viewport()->width() - others));
            qInfo("%s: name column %d of %d px", qPrintable(view->objectName()), header->sectionSize(NameColumn),
                view->viewport()->width());
        }
        const auto lists = ui.window->findChildren<MatchList*>();
        QVERIFY(lists.size() >= 2); // the legend's and the Matches dock's
        for (const MatchList* list : lists)
            QCOMPARE(list->textElideMode(), Qt::ElideRight);

        // With the overflow check the column comes back.
        QVERIFY(openWith(ui, compareJson("mlp_nan_mix_statistics"), ps::RulesProfile::Msprobe121, true));
        QVERIFY(!trees(ui)->view(Side::Npu)->header()->isSectionHidden(OverflowColumn));
    }

    // A merged node's "TP" badge sits right of the name, which is elided before it: between the text's end and the
    // badge only the row's fill shows, and left of the badge no pixel has its colour.
    void badgeBesideTheName()
    {
        test::WindowFixture ui;
        QVERIFY(ui.start(1366, 768));
        const QString dir = test::caseDir("megatron_tp2_vs_tp1_mix_statistics");
        OpenRequest request;
        request.npuPath = dir + QStringLiteral("/npu/step0");
        request.benchPath = dir + QStringLiteral("/bench/step0");
        request.options.profile = ps::RulesProfile::Msprobe26;
        request.options.parallel = { { 2, 2, 1, 1 }, { 1, 1, 1, 1 } };
        ui.session->open(request);
        QVERIFY(test::waitForSession(ui.session.get()));
        const ps::Graph& g = ui.session->snapshot()->graph(Side::Npu);
        // The longest name with a badge (the one most likely to run under it) near the root, where the tree's
        // indentation leaves the name its room.
        const SideRollup& r = ui.session->snapshot()->rollup(Side::Npu);
        NodeId merged = ps::kNoNode;
        for (NodeId n = 0; n < g.size(); ++n)
            if (mergeMarkOf(g, n) == QLatin1String("TP") && r.depth[n] <= 3
                && (merged == ps::kNoNode || g.nameOf(n).size() > g.nameOf(merged).size()))
                merged = n;
        QVERIFY(merged != ps::kNoNode);
        QTreeView* view = trees(ui)->view(Side::Npu);
        const QModelIndex index = shownCell(ui, Side::Npu, merged);
        QVERIFY(index.isValid());
        auto* delegate = qobject_cast<PrecisionDelegate*>(view->itemDelegate());
        QVERIFY(delegate);
        const QStyleOptionViewItem option = cellOption(view, index);
        const PrecisionDelegate::NameMarks marks = delegate->nameMarks(option, index);
        QVERIFY(!marks.badge.isNull());
        QVERIFY2(marks.textRight < marks.badge.left(),
            qPrintable(QStringLiteral("text to %1, badge from %2").arg(marks.textRight).arg(marks.badge.left())));

        const QImage image = view->viewport()->grab().toImage();
        const int mid = option.rect.center().y();
        const QRect rowBand(option.rect.left(), mid - 3, option.rect.width(), 7);
        const QRect badge = marks.badge.toAlignedRect().intersected(rowBand);
        const QRect leftOfBadge(rowBand.left(), rowBand.top(), badge.left() - 1 - rowBand.left(), rowBand.height());
        QVERIFY(pixelsOf(image, badge, Palette::mergeBadge()) > 0);
        QCOMPARE(pixelsOf(image, leftOfBadge, Palette::mergeBadge()), 0);
        const QRect gap(marks.textRight + 1, rowBand.top(), badge.left() - 2 - marks.textRight, rowBand.height());
        QVERIFY(gap.width() > 0);
        const QColor fill = image.pixelColor(gap.left(), gap.top());
        QCOMPARE(pixelsOf(image, gap, fill), gap.width() * gap.height()); // no text runs into the gap
    }

    // msprobe 1.2.1 rates a node with NaN statistics 0 (its best bin): the number stays, the node gets a "NaN" mark
    // beside its name and a tooltip line.
    void nanMarkedUnder121()
    {
        test::WindowFixture ui;
        QVERIFY(ui.start(1024, 700));
        QVERIFY(openWith(ui, compareJson("mlp_nan_mix_statistics"), ps::RulesProfile::Msprobe121, false));
        const auto snap = ui.session->snapshot();
        const ps::Graph& g = snap->graph(Side::Npu);
        const NodeId relu = g.find("Functional.relu.1.forward");
        QVERIFY(relu != ps::kNoNode);
        QVERIFY(snap->nonFinite(Side::Npu, relu) & kHasNan);
        QVERIFY(!std::isnan(snap->precision(Side::Npu, relu))); // msprobe's own number is kept
        int marked = 0;
        for (NodeId n = 0; n < g.size(); ++n)
            marked += snap->nonFinite(Side::Npu, n) != 0;
        qInfo("%d of %zu NPU nodes hold NaN / inf", marked, g.size());
        QVERIFY(marked > 0 && size_t(marked) < g.size());

        QTreeView* view = trees(ui)->view(Side::Npu);
        const QModelIndex index = shownCell(ui, Side::Npu, relu);
        QCOMPARE(index.data(NonFiniteRole).toString(), QStringLiteral("NaN"));
        QVERIFY(index.data(Qt::ToolTipRole).toString().contains(QStringLiteral("NaN")));
        auto* delegate = qobject_cast<PrecisionDelegate*>(view->itemDelegate());
        const QStyleOptionViewItem option = cellOption(view, index);
        const PrecisionDelegate::NameMarks marks = delegate->nameMarks(option, index);
        QVERIFY(!marks.nonFinite.isNull());
        QVERIFY(marks.textRight < marks.nonFinite.left());
        const QImage image = view->viewport()->grab().toImage();
        QVERIFY(pixelsOf(image, marks.nonFinite.toAlignedRect(), Palette::nonFiniteBadge()) > 0);
    }

    // A collapsed module takes the colour of the worst node inside it; its own Verdict / Precision cell keeps the
    // module's own colour, so a "pass" is never shown on red.
    void redFromInsideKeepsItsOwnVerdictColour()
    {
        test::WindowFixture ui;
        QVERIFY(ui.start(1366, 768));
        QVERIFY(openWith(ui, compareJson("gpt_mix_statistics"), ps::RulesProfile::Msprobe26, false));
        const auto snap = ui.session->snapshot();
        const ps::Graph& g = snap->graph(Side::Npu);
        const SideRollup& r = snap->rollup(Side::Npu);
        NodeId module = ps::kNoNode;
        for (NodeId n = 0; n < g.size() && module == ps::kNoNode; ++n)
            if (n != g.root && !g.children(n).empty() && snap->isValueBin(r.bin[n]) && r.worst[n] > r.bin[n])
                module = n;
        QVERIFY(module != ps::kNoNode);
        // Its parent selected and expanded: the module's row shows collapsed and unselected.
        const NodeId parent = g.parent[module];
        trees(ui)->selectNode(Side::Npu, parent);
        QTreeView* view = trees(ui)->view(Side::Npu);
        view->expand(trees(ui)->proxy(Side::Npu)->indexOfNode(parent));
        const QModelIndex index = shownCell(ui, Side::Npu, module);
        QVERIFY(!view->isExpanded(index));
        const QImage image = view->viewport()->grab().toImage();
        const auto corner = [&](int column) {
            const QRect cell = view->visualRect(index.siblingAtColumn(column));
            return image.pixelColor(cell.right() - 2, cell.top() + 2).rgb();
        };
        QCOMPARE(corner(TypeColumn), Palette::nodeFill(*snap, Side::Npu, r.worst[module]).rgb());
        QCOMPARE(corner(PrecisionColumn), Palette::nodeFill(*snap, Side::Npu, r.bin[module]).rgb());
    }

    // A tree scrolled sideways (its name column dragged wide) comes back to its left edge when a node is selected
    // in either tree, by a click in its Verdict column, and when another comparison opens.
    void treesBackAtTheirLeftEdge()
    {
        test::WindowFixture ui;
        QVERIFY(ui.start(1024, 700));
        QVERIFY(openWith(ui, compareJson("gpt_mix_statistics"), ps::RulesProfile::Msprobe26, false));
        QVERIFY(test::waitUntilIdle());
        const ps::Graph& g = ui.session->snapshot()->graph(Side::Npu);
        NodeId longest = g.root;
        for (NodeId n = 0; n < g.size(); ++n)
            if (g.nameOf(n).size() > g.nameOf(longest).size())
                longest = n;
        const auto scrollAway = [&]() {
            for (Side side : { Side::Npu, Side::Bench }) {
                QTreeView* view = trees(ui)->view(side);
                view->header()->resizeSection(NameColumn, 2000);
                view->horizontalScrollBar()->setValue(view->horizontalScrollBar()->maximum());
                QVERIFY(view->horizontalScrollBar()->value() > 0);
            }
        };
        const auto atLeftEdge = [&]() {
            return trees(ui)->view(Side::Npu)->horizontalScrollBar()->value() == 0
                && trees(ui)->view(Side::Bench)->horizontalScrollBar()->value() == 0;
        };
        scrollAway();
        trees(ui)->selectNode(Side::Npu, longest);
        QVERIFY(atLeftEdge());

        scrollAway();
        QTreeView* npu = trees(ui)->view(Side::Npu);
        const QModelIndex verdict = trees(ui)->proxy(Side::Npu)->indexOfNode(g.root).siblingAtColumn(PrecisionColumn);
        npu->setCurrentIndex(verdict); // what a click on the root's Verdict cell does
        QCOMPARE(npu->horizontalScrollBar()->value(), 0);

        scrollAway();
        QVERIFY(openWith(ui, compareJson("mlp_mix_statistics"), ps::RulesProfile::Msprobe26, false));
        QVERIFY(atLeftEdge());
    }
};

QTEST_MAIN(TestTreeNamesMarks)
#include "tst_tree_names_marks.moc"
