#include "widgets/graphchartdocks.h"

#include "session/sessioncontroller.h"
#include "session/viewstate.h"
#include "widgets/graphcanvas.h"
#include "widgets/precisioncharts.h"

#include <QDockWidget>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace psui {

GraphChartDocks::GraphChartDocks(ViewState* view, SessionController* session, QWidget* window)
    : QObject(window)
    , m_session(session)
    , m_graphView(new QSplitter(Qt::Horizontal, window))
    , m_chartsDock(new QDockWidget(window))
    , m_charts(new PrecisionCharts(m_chartsDock))
{
    QSplitter* split = m_graphView;
    for (Side side : { Side::Npu, Side::Bench })
        split->addWidget(createCanvasPane(side, split));
    split->setObjectName(QStringLiteral("graphView"));
    split->setChildrenCollapsible(false);
    m_chartsDock->setObjectName(QStringLiteral("chartsDock"));
    m_chartsDock->setWidget(m_charts);
    connect(m_charts, &PrecisionCharts::jumpRequested, view, &ViewState::requestJump);
    for (GraphCanvas* canvas : m_canvases)
        connect(canvas, &GraphCanvas::nodeClicked, view, &ViewState::requestJump);
    // The trees are the one selection: the canvases reveal and centre whatever they select (both sides).
    connect(view, &ViewState::currentNodesChanged, this, [this](NodeId npu, NodeId bench) {
        m_canvases[size_t(Side::Npu)]->selectNode(npu);
        m_canvases[size_t(Side::Bench)]->selectNode(bench);
    });
    connect(session, &SessionController::sessionChanged, this, [this]() {
        for (GraphCanvas* canvas : m_canvases)
            canvas->setSnapshot(m_session->snapshot(), m_session->microStep());
        m_charts->setSnapshot(m_session->snapshot());
    });
    connect(session, &SessionController::snapshotUpdated, this, [this]() {
        for (GraphCanvas* canvas : m_canvases)
            canvas->refreshColors(m_session->snapshot());
        m_charts->setSnapshot(m_session->snapshot());
    });
    connect(session, &SessionController::microStepChanged, this, [this](int step) {
        for (GraphCanvas* canvas : m_canvases)
            canvas->setSnapshot(m_session->snapshot(), step);
    });
    m_graphView->installEventFilter(this);
    retranslate();
}

QWidget* GraphChartDocks::graphView() const
{
    return m_graphView;
}

QWidget* GraphChartDocks::createCanvasPane(Side side, QWidget* parent)
{
    auto* pane = new QWidget(parent);
    auto* canvas = new GraphCanvas(side, pane);
    m_canvases[size_t(side)] = canvas;
    auto* title = new QLabel(pane);
    m_titles[size_t(side)] = title;
    auto* header = new QHBoxLayout;
    header->addWidget(title, 1);
    auto& buttons = m_zoomButtons[size_t(side)];
    for (size_t i = 0; i < buttons.size(); ++i) {
        buttons[i] = new QToolButton(pane);
        header->addWidget(buttons[i]);
    }
    buttons[0]->setText(QStringLiteral("−"));
    buttons[1]->setText(QStringLiteral("+"));
    connect(buttons[0], &QToolButton::clicked, canvas, &GraphCanvas::zoomOut);
    connect(buttons[1], &QToolButton::clicked, canvas, &GraphCanvas::zoomIn);
    connect(buttons[2], &QToolButton::clicked, canvas, &GraphCanvas::fitToView);
    auto* layout = new QVBoxLayout(pane);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(header);
    layout->addWidget(canvas, 1);
    return pane;
}

void GraphChartDocks::retranslate()
{
    m_chartsDock->setWindowTitle(tr("Charts"));
    m_titles[size_t(Side::Npu)]->setText(tr("NPU"));
    m_titles[size_t(Side::Bench)]->setText(tr("Bench"));
    for (auto& buttons : m_zoomButtons) {
        buttons[0]->setToolTip(tr("Zoom out (Ctrl+wheel)"));
        buttons[1]->setToolTip(tr("Zoom in (Ctrl+wheel)"));
        buttons[2]->setText(tr("Fit"));
        buttons[2]->setToolTip(tr("Fit the whole graph into the view"));
    }
}

bool GraphChartDocks::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_graphView && event->type() == QEvent::LanguageChange)
        retranslate();
    if (watched == m_graphView && event->type() == QEvent::Show) {
        // The nodes were selected while the view was hidden (no size to centre in): centre them once laid out.
        QTimer::singleShot(0, this, [this]() {
            for (GraphCanvas* canvas : m_canvases)
                if (canvas->selectedNode() != ps::kNoNode)
                    canvas->selectNode(canvas->selectedNode());
        });
    }
    return QObject::eventFilter(watched, event);
}

} // namespace psui
