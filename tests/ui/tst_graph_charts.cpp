// Offscreen tests of the Graph and Charts docks on real data (the bundled example and real msprobe cases): the chart
// series are the core's precisionSeries in execution order, the per-layer lines and the heatmap are the core's
// layerTable, clicks on points and cells select tree nodes; the canvases draw HierarchyLayout's boxes, hit-test
// with boxAt, expand on double-click, follow the tree selection and zoom, pan and move with the minimap.
#include "analysis/precision_series.h"
#include "box_layout/hierarchy_layout.h"
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "testutil.h"
#include "widgets/graphcanvas.h"
#include "widgets/graphchartdocks.h"
#include "widgets/graphminimap.h"
#include "widgets/layerheatmap.h"
#include "widgets/mainwindow.h"
#include "widgets/precisioncharts.h"
#include "widgets/sidebysidetreeview.h"

#include <QChart>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QScatterSeries>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QXYSeries>

using namespace psui;

class TestGraphCharts : public QObject {
    Q_OBJECT
private:
    test::WindowFixture m_ui;

    bool openJson(const QString& json)
    {
        if (!QFileInfo::exists(json) || !m_ui.open(json))
            return false;
        QTest::qWait(50); // the docks repaint after the session change
        return true;
    }
    bool openCase(const char* name) { return openJson(test::caseDir(name) + QStringLiteral("/compare.json")); }
    bool openExample() { return openJson(test::exampleDir() + QStringLiteral("/compare.json")); }
    GraphChartDocks* docks() const { return test::part<GraphChartDocks>(m_ui.window.get()); }
    PrecisionCharts* charts() const { return docks()->charts(); }
    GraphCanvas* canvas(Side side) const { return docks()->canvas(side); }
    static QXYSeries* seriesNamed(QChart* chart, const char* name)
    {
        for (QAbstractSeries* s : chart->series())
            if (s->objectName() == QLatin1String(name))
                return qobject_cast<QXYSeries*>(s);
        return nullptr;
    }
    static void compareBoxes(const ps::HierarchyLayout& actual, const ps::HierarchyLayout& expected)
    {
        QCOMPARE(actual.boxes().size(), expected.boxes().size());
        for (size_t i = 0; i < expected.boxes().size(); ++i) {
            const ps::LayoutBox& a = actual.boxes()[i];
            const ps::LayoutBox& e = expected.boxes()[i];
            QCOMPARE(a.node, e.node);
            QCOMPARE(QRect(a.x, a.y, a.width, a.height), QRect(e.x, e.y, e.width, e.height));
            QCOMPARE(a.expanded, e.expanded);
        }
    }
    void showChartsTab(int tab)
    {
        docks()->chartsDock()->show();
        docks()->chartsDock()->raise();
        charts()->tabs()->setCurrentIndex(tab);
        QTest::qWait(50);
    }
    void showGraph()
    {
        test::part<QAction>(m_ui.window.get(), QStringLiteral("centralGraph"))->trigger();
        QTest::qWait(50);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_ui.start(1600, 1000));
        QVERIFY(docks());
        // Reachable from the View menu: the charts dock, and the graph as a central view.
        QList<QAction*> viewActions;
        for (QAction* a : m_ui.window->findChildren<QAction*>())
            if (a == docks()->chartsDock()->toggleViewAction() || a->objectName() == QLatin1String("centralGraph"))
                viewActions << a;
        QCOMPARE(viewActions.size(), 2);
        for (QAction* a : viewActions)
            QVERIFY(!a->associatedObjects().isEmpty());
    }

    void orderSeriesAreTheCorePrecisionInExecutionOrder()
    {
        QVERIFY(openExample());
        showChartsTab(0);
        const ps::PrecisionSeries expected = ps::precisionSeries(*m_ui.session->snapshot()->comparison);
        QVERIFY(!expected.forward.empty());
        QVERIFY(!expected.backward.empty());
        for (int pass : { 0, 1 }) {
            charts()->passSelector()->setCurrentIndex(pass);
            const auto& points = expected.of(pass == 1 ? ps::Pass::Backward : ps::Pass::Forward);
            QXYSeries* line = seriesNamed(charts()->orderChart(), "precision");
            QVERIFY(line);
            QCOMPARE(line->count(), qsizetype(points.size()));
            size_t overflows = 0;
            for (size_t i = 0; i < points.size(); ++i) {
                QCOMPARE(line->at(qsizetype(i)), QPointF(points[i].order, points[i].precision));
                QCOMPARE(charts()->nodeAt(line, line->at(qsizetype(i))), points[i].node);
                overflows += points[i].overflow != ps::OverflowLevel::None;
            }
            QCOMPARE(seriesNamed(charts()->orderChart(), "overflow")->count(), qsizetype(overflows));
        }
        charts()->passSelector()->setCurrentIndex(0);
    }

    void nonFiniteMarkersAreTheCoreNonFinitePoints()
    {
        QVERIFY(openCase("mlp_nan_mix_statistics"));
        showChartsTab(0);
        const ps::PrecisionSeries expected = ps::precisionSeries(*m_ui.session->snapshot()->comparison);
        std::vector<QPointF> bad;
        for (const ps::PrecisionPoint& p : expected.forward)
            if (p.nonFinite)
                bad.emplace_back(p.order, p.precision);
        QVERIFY(!bad.empty()); // the injected NaN
        QXYSeries* markers = seriesNamed(charts()->orderChart(), "nonFinite");
        QVERIFY(markers);
        QCOMPARE(markers->count(), qsizetype(bad.size()));
        for (size_t i = 0; i < bad.size(); ++i)
            QCOMPARE(markers->at(qsizetype(i)), bad[i]);
        // Distinct shapes for overflow and NaN/inf.
        auto* overflow = qobject_cast<QScatterSeries*>(seriesNamed(charts()->orderChart(), "overflow"));
        auto* nonFinite = qobject_cast<QScatterSeries*>(markers);
        QVERIFY(overflow && nonFinite);
        QVERIFY(overflow->markerShape() != nonFinite->markerShape());
    }

    void clickOnAChartPointSelectsTheTreeNode()
    {
        QVERIFY(openExample());
        showChartsTab(0);
        const ps::PrecisionSeries expected = ps::precisionSeries(*m_ui.session->snapshot()->comparison);
        QXYSeries* line = seriesNamed(charts()->orderChart(), "precision");
        const size_t i = expected.forward.size() / 2;
        // A click slightly off the point still picks the nearest one, as the mouse does.
        Q_EMIT line->clicked(QPointF(expected.forward[i].order + 0.2, expected.forward[i].precision));
        QTest::qWait(20);
        QCOMPARE(test::part<SideBySideTreeView>(m_ui.window.get())->currentNode(Side::Npu), expected.forward[i].node);
    }

    void layerChartAndHeatmapAreTheCoreWorstCells()
    {
        QVERIFY(openCase("gpt_mix_statistics"));
        showChartsTab(1);
        const ps::LayerTable expected = ps::layerTable(ps::precisionSeries(*m_ui.session->snapshot()->comparison));
        QVERIFY(expected.layers.size() >= 2);
        for (const char* name : { "layerForward", "layerBackward" }) {
            const auto& cells = QByteArray(name) == "layerForward" ? expected.forward : expected.backward;
            QXYSeries* line = seriesNamed(charts()->layerChart(), name);
            QVERIFY(line);
            qsizetype k = 0;
            for (size_t l = 0; l < expected.layers.size(); ++l) {
                if (cells[l].empty())
                    continue;
                QCOMPARE(line->at(k), QPointF(expected.layers[l], cells[l].worst));
                QCOMPARE(charts()->nodeAt(line, line->at(k)), cells[l].node);
                ++k;
            }
            QCOMPARE(line->count(), k);
        }
        showChartsTab(2);
        LayerHeatmap* heatmap = charts()->heatmap();
        const ps::LayerTable& shown = heatmap->table();
        QCOMPARE(shown.layers, expected.layers);
        size_t filled = 0;
        for (size_t l = 0; l < expected.layers.size(); ++l)
            for (size_t k = 0; k < ps::kModuleKindCount; ++k) {
                QCOMPARE(shown.byKind[l][k].worst, expected.byKind[l][k].worst);
                QCOMPARE(shown.byKind[l][k].node, expected.byKind[l][k].node);
                QCOMPARE(shown.byKind[l][k].count, expected.byKind[l][k].count);
                filled += !expected.byKind[l][k].empty();
            }
        QVERIFY(filled > expected.layers.size()); // more than one kind per layer
        // Clicking a cell selects its worst node in the NPU tree.
        for (size_t l = 0; l < expected.layers.size(); ++l)
            if (!expected.byKind[l][size_t(ps::ModuleKind::Mlp)].empty()) {
                QTest::mouseClick(
                    heatmap, Qt::LeftButton, {}, heatmap->cellRect(l, size_t(ps::ModuleKind::Mlp)).center());
                QTest::qWait(20);
                QCOMPARE(test::part<SideBySideTreeView>(m_ui.window.get())->currentNode(Side::Npu),
                    expected.byKind[l][size_t(ps::ModuleKind::Mlp)].node);
                break;
            }
    }

    void exportWritesPngAndSvg()
    {
        QVERIFY(openExample());
        for (int tab : { 0, 2 }) {
            showChartsTab(tab);
            const QString png = m_ui.tmp.filePath(QStringLiteral("chart%1.png").arg(tab));
            const QString svg = m_ui.tmp.filePath(QStringLiteral("chart%1.svg").arg(tab));
            QVERIFY(charts()->exportCurrent(png));
            QVERIFY(charts()->exportCurrent(svg));
            QImage image(png);
            QVERIFY(!image.isNull() && image.width() > 100);
            QFile file(svg);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray text = file.readAll();
            QVERIFY(text.contains("<svg") && text.size() > 1000);
        }
    }

    void canvasDrawsTheLayoutBoxes()
    {
        QVERIFY(openExample());
        showGraph();
        const auto snap = m_ui.session->snapshot();
        for (Side side : { Side::Npu, Side::Bench }) {
            GraphCanvas* c = canvas(side);
            QVERIFY(c->layout());
            const ps::HierarchyLayout expected(snap->graph(side), -1);
            compareBoxes(*c->layout(), expected);
            c->viewport()->repaint();
            // Only what the core culls to the viewport is painted, at the layout's geometry times the scale.
            const QRectF v = c->visibleLayoutRect();
            std::vector<uint32_t> inView;
            expected.boxesIn(int(std::floor(v.left())), int(std::floor(v.top())), int(std::ceil(v.right())) + 1,
                int(std::ceil(v.bottom())) + 1, inView);
            QCOMPARE(c->paintedBoxes(), inView);
            QVERIFY(!inView.empty());
            const ps::LayoutBox& first = expected.boxes()[inView.back()];
            const QRectF r = c->boxRectInViewport(inView.back());
            QCOMPARE(r.size(), QSizeF(first.width * c->scale(), first.height * c->scale()));
            QCOMPARE(c->toLayout(r.topLeft()), QPointF(first.x, first.y));
        }
    }

    void clickOnABoxSelectsTheTreeNode()
    {
        QVERIFY(openExample());
        showGraph();
        GraphCanvas* c = canvas(Side::Npu);
        const ps::HierarchyLayout& layout = *c->layout();
        QVERIFY(layout.boxes().size() > 2);
        const uint32_t target = uint32_t(layout.boxes().size() - 1); // the last first-level box
        c->centerOn(QPointF(layout.boxes()[target].x + 2, layout.boxes()[target].y + 2));
        const QPoint at = c->boxRectInViewport(target).center().toPoint();
        QCOMPARE(layout.boxAt(int(c->toLayout(at).x()), int(c->toLayout(at).y())), target);
        QTest::mouseClick(c->viewport(), Qt::LeftButton, {}, at);
        QTest::qWait(20);
        QCOMPARE(
            test::part<SideBySideTreeView>(m_ui.window.get())->currentNode(Side::Npu), layout.boxes()[target].node);
        QCOMPARE(c->selectedNode(), layout.boxes()[target].node);
        // The bench canvas follows the counterpart the tree selected.
        QCOMPARE(canvas(Side::Bench)->selectedNode(),
            test::part<SideBySideTreeView>(m_ui.window.get())->currentNode(Side::Bench));
    }

    void doubleClickExpandsAndCollapses()
    {
        QVERIFY(openExample());
        showGraph();
        GraphCanvas* c = canvas(Side::Npu);
        const ps::HierarchyLayout& layout = *c->layout();
        uint32_t target = ps::kNoBox;
        for (uint32_t i = 1; i < layout.boxes().size() && target == ps::kNoBox; ++i)
            if (layout.boxes()[i].expandable && !layout.boxes()[i].expanded)
                target = i;
        QVERIFY(target != ps::kNoBox);
        const NodeId node = layout.boxes()[target].node;
        c->centerOn(QPointF(layout.boxes()[target].x + 2, layout.boxes()[target].y + 2));
        QTest::mouseDClick(c->viewport(), Qt::LeftButton, {}, c->boxRectInViewport(target).center().toPoint());
        QVERIFY(layout.isExpanded(node));
        ps::HierarchyLayout expected(m_ui.session->snapshot()->graph(Side::Npu), -1);
        expected.toggle(node);
        compareBoxes(layout, expected);
        const uint32_t again = layout.boxOf(node);
        QTest::mouseDClick(c->viewport(), Qt::LeftButton, {},
            (c->boxRectInViewport(again).topLeft() + QPointF(4, 4)).toPoint()); // the title strip
        QVERIFY(!layout.isExpanded(node));
    }

    void treeSelectionRevealsAndCentresTheBox()
    {
        QVERIFY(openCase("gpt_mix_statistics"));
        showGraph();
        GraphCanvas* c = canvas(Side::Npu);
        const ps::Graph& graph = m_ui.session->snapshot()->graph(Side::Npu);
        NodeId deep = ps::kNoNode;
        for (NodeId n = 0; n < graph.size() && deep == ps::kNoNode; ++n)
            if (m_ui.session->snapshot()->rollup(Side::Npu).depth[n] >= 3 && c->layout()->boxOf(n) == ps::kNoBox)
                deep = n;
        QVERIFY(deep != ps::kNoNode);
        test::part<SideBySideTreeView>(m_ui.window.get())->selectNode(Side::Npu, deep);
        QTest::qWait(20);
        const uint32_t box = c->layout()->boxOf(deep);
        QVERIFY(box != ps::kNoBox);
        QCOMPARE(c->selectedNode(), deep);
        ps::HierarchyLayout expected(graph, -1);
        QVERIFY(expected.reveal(deep));
        compareBoxes(*c->layout(), expected);
        const QRectF r = c->boxRectInViewport(box);
        QVERIFY2(QRectF(c->viewport()->rect()).intersects(r), "the revealed box is on screen");
        c->viewport()->repaint();
        QVERIFY(std::find(c->paintedBoxes().begin(), c->paintedBoxes().end(), box) != c->paintedBoxes().end());
    }

    void zoomPanAndMinimap()
    {
        QVERIFY(openCase("gpt_mix_statistics") || openExample());
        showGraph();
        GraphCanvas* c = canvas(Side::Npu);
        c->setScale(1.8);
        const double s = c->scale();
        c->zoomIn();
        QVERIFY(c->scale() > s);
        c->zoomOut();
        QVERIFY(qAbs(c->scale() - s) < 1e-9);
        // Ctrl+wheel zooms around the cursor: the layout point under it stays put.
        const QPointF cursor(100, 80);
        const QPointF before = c->toLayout(cursor);
        QWheelEvent wheel(cursor, c->viewport()->mapToGlobal(cursor), QPoint(), QPoint(0, 120), Qt::NoButton,
            Qt::ControlModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(c->viewport(), &wheel);
        QVERIFY(c->scale() > s);
        const QPointF after = c->toLayout(cursor);
        QVERIFY(qAbs(after.x() - before.x()) < 1 && qAbs(after.y() - before.y()) < 1);
        // Dragging pans without selecting.
        c->setScale(4);
        c->centerOn(QPointF(c->layout()->rootBox().width / 2.0, c->layout()->rootBox().height / 2.0));
        const int h = c->horizontalScrollBar()->value();
        const NodeId selected = c->selectedNode();
        QTest::mousePress(c->viewport(), Qt::LeftButton, {}, QPoint(200, 200));
        QMouseEvent move(QEvent::MouseMove, QPointF(150, 200), c->viewport()->mapToGlobal(QPointF(150, 200)),
            Qt::NoButton, Qt::LeftButton, {});
        QApplication::sendEvent(c->viewport(), &move);
        QTest::mouseRelease(c->viewport(), Qt::LeftButton, {}, QPoint(150, 200));
        QCOMPARE(c->horizontalScrollBar()->value(), h + 50);
        QCOMPARE(c->selectedNode(), selected);
        // A click on the minimap centres the canvas on that point.
        auto* minimap = c->findChild<GraphMinimap*>();
        QVERIFY(minimap && minimap->isVisible());
        const QPoint mp(minimap->width() / 3, minimap->height() / 2);
        const QPointF target = minimap->toLayout(mp);
        QTest::mouseClick(minimap, Qt::LeftButton, {}, mp);
        const QPointF centre = c->visibleLayoutRect().center();
        QVERIFY2(qAbs(centre.y() - target.y()) < 2
                || c->verticalScrollBar()->value() == c->verticalScrollBar()->maximum()
                || c->verticalScrollBar()->value() == 0,
            "minimap click moves the view");
        QVERIFY(minimap->viewportRectOnMinimap().contains(mp) || c->verticalScrollBar()->value() == 0);
    }
};

QTEST_MAIN(TestGraphCharts)
#include "tst_graph_charts.moc"
