#include "widgets/trendspanel.h"

#include "models/trendsmodel.h"
#include "session/analysiscontroller.h"
#include "session/sessioncontroller.h"
#include "widgets/trendsheatmap.h"
#include "widgets/trendslines.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace psui {

TrendsPanel::TrendsPanel(SessionController* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new TrendsModel(this))
    , m_status(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_cancel(new QPushButton(this))
    , m_recompute(new QPushButton(this))
    , m_tabs(new QTabWidget(this))
    , m_lines(new TrendsLines(m_model, this))
    , m_heatmap(new TrendsHeatmap(m_model, this))
    , m_heatmapNote(new QLabel(this))
{
    setObjectName(QStringLiteral("trendsPanel"));
    m_status->setObjectName(QStringLiteral("trendsStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress->setObjectName(QStringLiteral("trendsProgress"));
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(220);
    m_progress->hide();
    m_cancel->setObjectName(QStringLiteral("trendsCancel"));
    m_cancel->hide();
    m_recompute->setObjectName(QStringLiteral("trendsRecompute"));
    auto* top = new QHBoxLayout;
    top->addWidget(m_status, 1);
    top->addWidget(m_progress);
    top->addWidget(m_cancel);
    top->addWidget(m_recompute);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_heatmap);
    scroll->setWidgetResizable(true);
    auto* heatmapPage = new QWidget(this);
    auto* heatmapLayout = new QVBoxLayout(heatmapPage);
    heatmapLayout->setContentsMargins(0, 0, 0, 0);
    heatmapLayout->addWidget(scroll, 1);
    heatmapLayout->addWidget(m_heatmapNote);
    m_heatmapNote->setWordWrap(true);
    m_tabs->addTab(m_lines, QString());
    m_tabs->addTab(heatmapPage, QString());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_tabs, 1);

    connect(m_cancel, &QPushButton::clicked, m_session, [this]() { m_session->cancel(Channel::Trends); });
    connect(m_recompute, &QPushButton::clicked, this, [this]() {
        m_generation = ~quint64(0);
        ensureComputed();
    });
    connect(m_session, &SessionController::sessionChanged, this, &TrendsPanel::onSessionChanged);
    connect(m_session->analysis(), &AnalysisController::trendsFinished, this, &TrendsPanel::onFinished);
    connect(m_session->analysis(), &AnalysisController::trendsProgressChanged, this,
        [this](int permille, const QString& stage) {
            m_progress->setValue(std::max(permille, 0));
            m_status->setText(stage);
        });
    connect(m_session, &SessionController::busyChanged, this, [this](Channel channel, bool busy, const QString& why) {
        if (channel == Channel::Trends)
            onBusyChanged(busy, why);
    });
    const auto open = [this](int row, int column) { Q_EMIT openRequested(column, m_model->moduleName(row)); };
    connect(m_heatmap, &TrendsHeatmap::cellActivated, this, open);
    connect(m_lines, &TrendsLines::pointActivated, this, open);
    retranslate();
}

QString TrendsPanel::missingModuleText()
{
    return tr("The module %1 is not in this graph.");
}

void TrendsPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    ensureComputed(); // computed on demand: a run of hundreds of steps costs a comparison per step
}

void TrendsPanel::ensureComputed()
{
    if (!m_session->analysis()->hasTrends() || m_generation == m_session->sourceGeneration())
        return;
    m_generation = m_session->sourceGeneration();
    m_error.clear();
    m_model->setTrends(nullptr);
    m_session->analysis()->computeTrends();
}

void TrendsPanel::onSessionChanged()
{
    m_heatmap->setCurrentColumn(m_session->currentJob());
    if (m_generation == m_session->sourceGeneration())
        return; // another step or rank of the same source: the trends stay
    m_generation = ~quint64(0);
    m_error.clear();
    m_model->setTrends(nullptr);
    if (isVisible())
        ensureComputed();
    showStatus();
}

void TrendsPanel::onFinished(std::shared_ptr<const ps::StepTrends> trends, const QString& error, quint64 generation)
{
    if (generation != m_session->sourceGeneration())
        return; // a previous source's
    m_generation = generation;
    m_error = error;
    m_model->setTrends(std::move(trends));
    m_heatmap->setCurrentColumn(m_session->currentJob());
    showStatus();
}

void TrendsPanel::onBusyChanged(bool busy, const QString& why)
{
    m_progress->setVisible(busy);
    m_cancel->setVisible(busy);
    m_recompute->setEnabled(!busy);
    if (busy) {
        m_progress->setValue(0);
        return;
    }
    if (!why.isEmpty()) { // cancelled: nothing describes this source until Recompute
        m_error = tr("Computing the trends was cancelled.");
        m_generation = m_session->sourceGeneration();
    }
    showStatus();
}

void TrendsPanel::showStatus()
{
    const ps::StepTrends* t = m_model->trends();
    if (!m_error.isEmpty()) {
        m_status->setText(m_error);
    } else if (!t) {
        m_status->setText(m_session->analysis()->hasTrends() ? tr("The trends are computed when this view is shown.")
                                                             : tr("Trends need a session of several steps or ranks."));
    } else {
        const int first = m_model->firstErrorColumn();
        QString text = tr("%n graph(s), %1 modules. ", nullptr, int(t->graphs.size())).arg(t->modules.size());
        text += first < 0
            ? tr("No graph has an error.")
            : tr("The first error appears at %1: %2")
                  .arg(m_model->graphLabel(first), QString::fromStdString(t->graphs[size_t(first)].firstError));
        m_status->setText(text);
    }
    const int first = m_model->firstErrorColumn();
    m_heatmapNote->setText(first < 0 ? tr("Each cell: the module's legend colour in that graph; hatched: absent or "
                                          "without precision. Click a cell to open that graph at that module.")
                                     : tr("Each cell: the module's legend colour in that graph; hatched: absent or "
                                          "without precision; red frame: the first graph with an error (%1). Click a "
                                          "cell to open that graph at that module.")
                                           .arg(m_model->graphLabel(first)));
}

void TrendsPanel::retranslate()
{
    m_cancel->setText(tr("Cancel"));
    m_recompute->setText(tr("Recompute"));
    m_recompute->setToolTip(tr("Compare every step and rank of the session again"));
    m_tabs->setTabText(0, tr("Lines"));
    m_tabs->setTabText(1, tr("Heatmap"));
    m_lines->retranslate();
    showStatus();
}

void TrendsPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace psui
