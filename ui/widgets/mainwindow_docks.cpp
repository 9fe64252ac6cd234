// The main window's docks: legend and node details, then the feature docks (first divergence, graph and charts,
// layer mapping, trends). Panels talk to each other through the ViewState; this file places them and wires it.
#include "widgets/mainwindow.h"

#include "session/sessioncontroller.h"
#include "session/viewstate.h"
#include "widgets/analysistools.h"
#include "widgets/callerpanel.h"
#include "widgets/centralview.h"
#include "widgets/detailspanel.h"
#include "widgets/difftools.h"
#include "widgets/divergencepanel.h"
#include "widgets/docklayout.h"
#include "widgets/docksizes.h"
#include "widgets/graphchartdocks.h"
#include "widgets/jobnodejump.h"
#include "widgets/layermappingpanel.h"
#include "widgets/legendpanel.h"
#include "widgets/matchlist.h"
#include "widgets/noteactions.h"
#include "widgets/peerrankjump.h"
#include "widgets/searchbar.h"
#include "widgets/sidebysidetreeview.h"
#include "widgets/stackpanel.h"
#include "widgets/treefilterbar.h"
#include "widgets/trendspanel.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QScrollArea>
#include <QStatusBar>
#include <QTabWidget>

namespace psui {

namespace {
constexpr int kReadableGraphWidth = 480; // the graph as the only central view: its boxes and labels
}

void MainWindow::createDocks()
{
    // The legend runs the window's whole height: its tall panel then does not cap the docks below the trees.
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    m_legendDock = new QDockWidget(this);
    m_legendDock->setObjectName(QStringLiteral("legendDock"));
    m_legendDock->setWidget(scrolledPanel(m_legend, m_legendDock)); // its rows do not set the window's height
    addDockWidget(Qt::LeftDockWidgetArea, m_legendDock);

    m_bottomTabs = new QTabWidget(this);
    m_bottomTabs->addTab(m_details, QString());
    m_bottomTabs->addTab(m_stack, QString());
    m_bottomTabs->addTab(m_callers, QString());
    m_bottomDock = new QDockWidget(this);
    m_bottomDock->setObjectName(QStringLiteral("detailsDock"));
    m_bottomDock->setWidget(m_bottomTabs);
    addDockWidget(Qt::BottomDockWidgetArea, m_bottomDock);
    m_matchesDock = new MatchesDock(m_search->navigator(), this); // shows itself when a search finds something
    addDockWidget(Qt::RightDockWidgetArea, m_matchesDock);
    m_matchesDock->hide();
    connect(m_matchesDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible && m_matchesDock->width() < 300) // names need the room; a narrow dock shows "Ten…ard"
            resizeDocks({ m_matchesDock }, { 380 }, Qt::Horizontal);
    });
    resizeDocks({ m_legendDock }, { 300 }, Qt::Horizontal);
    resizeDocks({ m_bottomDock }, { 280 }, Qt::Vertical);
    keepDockReadable(this, m_bottomDock); // the legend is narrow by design
}

// Every feature dock starts hidden (on demand from the View menu).
void MainWindow::createFeatureDocks()
{
    m_analysis = new AnalysisTools(m_view, m_session, this);
    addDockWidget(Qt::RightDockWidgetArea, m_analysis->divergenceDock());
    m_analysis->divergenceDock()->hide();
    m_diff = new DiffTools(m_session, this);

    // The graph is a central view (next to or instead of the trees); the charts go below, as a tab of the node
    // details, where they have the band's whole width (side by side they would get a third of it).
    m_graphCharts = new GraphChartDocks(m_view, m_session, this);
    m_central->setGraph(m_graphCharts->graphView());
    QDockWidget* charts = m_graphCharts->chartsDock();
    tabifyDockWidget(m_bottomDock, charts);
    charts->hide();
    connect(charts->toggleViewAction(), &QAction::triggered, charts, [charts](bool shown) {
        if (shown)
            charts->raise(); // in front of the details tab it shares the band with
    });

    m_layerMappingDock = new QDockWidget(this);
    m_layerMapping = new LayerMappingPanel(m_session, m_layerMappingDock);
    m_layerMappingDock->setObjectName(QStringLiteral("layerMappingDock"));
    m_layerMappingDock->setWidget(scrolledPanel(m_layerMapping, m_layerMappingDock)); // 565 px wide otherwise
    addDockWidget(Qt::RightDockWidgetArea, m_layerMappingDock);
    m_layerMappingDock->hide();

    // Trends: in the bottom band too (the heatmap wants the width); only a session of several graphs has them.
    m_trendsDock = new QDockWidget(this);
    m_trendsDock->setObjectName(QStringLiteral("trendsDock"));
    auto* trends = new TrendsPanel(m_session, m_trendsDock);
    m_trendsDock->setWidget(trends);
    tabifyDockWidget(m_bottomDock, m_trendsDock);
    m_trendsDock->hide();
    m_trendsDock->toggleViewAction()->setEnabled(false);
    connect(m_trendsDock->toggleViewAction(), &QAction::triggered, m_trendsDock, [this](bool shown) {
        if (shown)
            m_trendsDock->raise();
    });
    m_jobJump = new JobNodeJump(m_view, m_session, this);
    connect(trends, &TrendsPanel::openRequested, m_jobJump,
        [this](int job, const QString& module) { m_jobJump->jump(job, module, TrendsPanel::missingModuleText()); });
    connect(m_jobJump, &JobNodeJump::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(m_analysis->divergencePanel(), &DivergencePanel::jobNodeRequested, m_jobJump,
        [this](int job, const QString& node) { m_jobJump->jump(job, node, DivergencePanel::missingNodeText()); });
    for (QDockWidget* dock :
        { m_analysis->divergenceDock(), m_graphCharts->chartsDock(), m_layerMappingDock, m_trendsDock })
        keepDockReadable(this, dock);
    // Made last: its checks run after the readable sizes above were given.
    m_dockLayout = new DockLayout(this, m_central,
        [this]() {
            if (startPageShown())
                return 0;
            return m_central->mode() == CentralView::Mode::Graph ? kReadableGraphWidth : m_trees->readableWidth();
        },
        { m_matchesDock, m_analysis->divergenceDock(), m_layerMappingDock, m_legendDock },
        { m_bottomDock, m_graphCharts->chartsDock(), m_trendsDock });
}

void MainWindow::showDetailsTab()
{
    m_bottomTabs->setCurrentWidget(m_details);
}

void MainWindow::connectViewState()
{
    // The trees are the one selection: they write the current nodes and select what any panel asks for.
    connect(m_trees, &SideBySideTreeView::currentNodesChanged, m_view,
        [this](NodeId npu, NodeId bench) { m_view->setCurrentNodes(npu, bench, m_trees->activeSide()); });
    connect(m_view, &ViewState::jumpRequested, m_trees, &SideBySideTreeView::selectNode);
    connect(m_view, &ViewState::currentNodesChanged, this, &MainWindow::showNodes);
    connect(m_search, &SearchBar::jumpRequested, m_view, &ViewState::requestJump);
    connect(m_legend, &LegendPanel::jumpRequested, m_view, &ViewState::requestJump);
    // A node found (search, legend, F3) is to be read: its details come to the front of their band's tabs. The
    // callers' tab keeps itself in front: it is the list being walked.
    connect(m_search, &SearchBar::jumpRequested, this, &MainWindow::showDetailsTab);
    connect(m_legend, &LegendPanel::jumpRequested, this, &MainWindow::showDetailsTab);
    connect(m_callers, &CallerPanel::jumpRequested, m_view, &ViewState::requestJump);

    // Which nodes the trees show: the search's or the legend filter's, by the ViewState's rule.
    m_view->setSearchOnly(m_search->showOnlyHits());
    m_view->setFilterOnly(m_legend->showOnlyHits());
    connect(m_search, &SearchBar::resultChanged, m_view, &ViewState::setSearchResult);
    connect(m_search, &SearchBar::showOnlyHitsChanged, m_view, &ViewState::setSearchOnly);
    connect(m_legend, &LegendPanel::resultChanged, m_view, &ViewState::setFilterResult);
    connect(m_legend, &LegendPanel::showOnlyHitsChanged, m_view, &ViewState::setFilterOnly);
    connect(m_view, &ViewState::searchHitsChanged, m_trees, [this]() {
        for (Side s : { Side::Npu, Side::Bench })
            m_trees->setHitNodes(s, m_view->searchHits(s));
    });
    connect(m_view, &ViewState::visibilityChanged, this, &MainWindow::applyTreeFilters);
    connect(m_filterBar, &TreeFilterBar::showAllRequested, this, [this](ViewState::Restriction restriction) {
        if (restriction == ViewState::Restriction::Search)
            m_search->setShowOnlyHits(false);
        else
            m_legend->setShowOnlyHits(false);
    });
    connect(m_legend, &LegendPanel::editColorsRequested, this, &MainWindow::editColorRanges);
    connect(m_legend, &LegendPanel::colorMetricRequested, this, [this](ps::ColorMetric metric) {
        if (const QString why = applyColorMetric(metric); !why.isEmpty())
            showError(tr("Colour by"), why);
    });
    connect(m_legend, &LegendPanel::overflowColoursChanged, m_trees, &SideBySideTreeView::setOverflowColours);

    // The trees' context menu: manual matching, and the peer ranks of a communication node.
    auto* peers = new PeerRankJump(m_jobJump, m_session, this);
    connect(m_trees, &SideBySideTreeView::nodeContextMenuRequested, this,
        [this, peers](Side side, NodeId node, const QPoint& globalPos) {
            QMenu* menu = m_analysis->contextMenu(side, node);
            peers->addActions(menu, side, node);
            m_notes->addActions(menu, side, node);
            menu->setAttribute(Qt::WA_DeleteOnClose);
            menu->popup(globalPos);
        });
    connect(peers, &PeerRankJump::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(m_analysis, &AnalysisTools::statusMessage, statusBar(), [this](const QString& text, int timeoutMs) {
        if (text.isEmpty())
            statusBar()->clearMessage();
        else
            statusBar()->showMessage(text, timeoutMs);
    });
}

} // namespace psui
