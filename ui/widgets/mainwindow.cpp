#include "widgets/mainwindow.h"

#include "models/changemap.h"
#include "models/nodefilterproxy.h"
#include "models/nodesearch.h"
#include "session/analysiscontroller.h"
#include "session/comparisonoptions.h"
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "session/usersession.h"
#include "session/viewstate.h"
#include "widgets/callerpanel.h"
#include "widgets/centralview.h"
#include "widgets/detailspanel.h"
#include "widgets/docklayout.h"
#include "widgets/legendpanel.h"
#include "widgets/mainwindow_p.h"
#include "widgets/searchbar.h"
#include "widgets/sidebysidetreeview.h"
#include "widgets/stackpanel.h"
#include "widgets/treefilterbar.h"

#include <QAction>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QEvent>
#include <QGuiApplication>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QSplitter>
#include <QStatusBar>
#include <QToolBar>
#include <QVBoxLayout>

namespace psui {

MainWindow::MainWindow(Settings* settings, SessionController* session, QWidget* parent)
    : QMainWindow(parent)
    , m_settings(settings)
    , m_session(session)
    , m_view(new ViewState(this))
    , m_trees(new SideBySideTreeView(session, this))
    , m_search(new SearchBar(session, this))
    , m_filterBar(new TreeFilterBar(this))
    , m_legend(new LegendPanel(session, this))
    , m_details(new DetailsPanel(this))
    , m_stack(new StackPanel(this))
    , m_callers(new CallerPanel(this))
    , m_jobs(new QComboBox(this))
    , m_jobsLabel(new QLabel(this))
    , m_microSteps(new QComboBox(this))
    , m_microStepsLabel(new QLabel(this))
    , m_status(new QLabel(this))
    , m_rules(new QLabel(this))
    , m_options(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_cancel(new QPushButton(this))
    , m_actions(std::make_unique<Actions>())
{
    setObjectName(QStringLiteral("MainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/probescope.svg")));
    setAcceptDrops(true);
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_search);
    layout->addWidget(m_filterBar);
    layout->addWidget(m_trees, 1);
    m_central = new CentralView(central, this);
    setCentralWidget(createStartPage(m_central));
    createDocks();
    createFeatureDocks();
    createStatusBar();
    createActions();
    connectSession();
    connectNotes();
    connectViewState();
    retranslateUi();
    restoreSettings();
    onSessionChanged();
}

MainWindow::~MainWindow() = default;

void MainWindow::createStatusBar()
{
    m_progress->setObjectName(QStringLiteral("loadProgress"));
    m_cancel->setObjectName(QStringLiteral("cancelLoad"));
    m_status->setObjectName(QStringLiteral("statusText"));
    // A long status (a diff's summary) is cut rather than widening the window's minimum.
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_progress->setRange(0, 0); // a busy indicator until the engine reports its first fraction
    m_progress->setMinimumWidth(140);
    m_progress->setMaximumWidth(200);
    m_progress->hide();
    m_cancel->hide();
    statusBar()->addWidget(m_status, 1);
    m_rules->setObjectName(QStringLiteral("rulesLabel"));
    statusBar()->addPermanentWidget(m_rules);
    m_options->setObjectName(QStringLiteral("optionsLabel"));
    statusBar()->addPermanentWidget(m_options);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
}

void MainWindow::connectSession()
{
    connect(m_session, &SessionController::sessionChanged, this, &MainWindow::onSessionChanged);
    connect(m_session, &SessionController::snapshotUpdated, this, [this]() {
        showNodes(m_view->currentNode(Side::Npu), m_view->currentNode(Side::Bench));
        refreshCounts(); // new matches or colours: the legend, filters and status count the new snapshot
    });
    // A .vis.db shown without its node data: the details of the current pair come from the file.
    connect(m_session, &SessionController::nodeDataReady, this,
        [this](NodeId npu, NodeId bench, std::shared_ptr<const Snapshot> data, NodeId dataNpu, NodeId dataBench) {
            if (npu == m_view->currentNode(Side::Npu) && bench == m_view->currentNode(Side::Bench))
                m_details->setNodes(std::move(data), dataNpu, dataBench);
        });
    connect(m_session, &SessionController::snapshotGrew, this, &MainWindow::showSessionStatus);
    // Dumps shown matched, then compared: the legend counts and the status follow the colours.
    connect(m_session, &SessionController::comparisonCompleted, this, [this]() {
        refreshCounts();
        if (!m_restoreNote.isEmpty())
            m_status->setText(m_status->text() + QStringLiteral("  ") + m_restoreNote);
    });
    // The whole graph replaces the part shown (other node ids): what is expanded and selected is carried by name.
    connect(m_session, &SessionController::graphCompleting, this, [this]() { m_carriedView = currentView(); });
    connect(m_session, &SessionController::graphCompleted, this, [this]() {
        if (m_restoreSavedView) // a session file restored on the part: its whole view applies now
            restoreView(m_session->userSession()->savedView());
        else if (m_carriedView)
            restoreView(*m_carriedView);
        m_carriedView.reset();
        m_restoreSavedView = false;
    });
    connect(m_session, &SessionController::busyChanged, this, &MainWindow::onBusyChanged);
    connect(m_session, &SessionController::loadFailed, this, &MainWindow::onLoadFailed);
    connect(m_session->analysis(), &AnalysisController::exportFinished, this, &MainWindow::onExportFinished);
    connect(m_session, &SessionController::warningsReported, this, [this](const QStringList& warnings) {
        m_status->setText(tr("%n warning(s) from the engine (hover for details)", nullptr, int(warnings.size())));
        m_status->setToolTip(warnings.join(QLatin1Char('\n')));
    });
    connect(m_session, &SessionController::progressChanged, this, &MainWindow::onProgress);
    connect(m_session->analysis(), &AnalysisController::changesChanged, this, &MainWindow::onChangesChanged);
    connect(m_session->analysis(), &AnalysisController::compareFailed, this, [this]() {
        refreshStatus(); // the message box says why; the status bar goes back to what is shown
    });
    connect(m_cancel, &QPushButton::clicked, m_session, [this]() { m_session->cancel(m_shownChannel); });
    connect(m_jobs, &QComboBox::activated, m_session, &SessionController::selectJob);
    // Item 0 is "All" (-1), item k+1 is micro step k.
    connect(m_microSteps, &QComboBox::activated, m_session, [this](int i) { m_session->setMicroStep(i - 1); });
    connect(m_session, &SessionController::microStepChanged, m_trees, &SideBySideTreeView::setMicroStep);
}

void MainWindow::onSessionChanged()
{
    m_restoreNote.clear();
    const auto snap = m_session->snapshot();
    setStartPageShown(!snap);
    m_view->resetSession();
    m_trees->resetSession();
    m_legend->clearFilters(); // the view state belongs to a comparison: a session file restores its own
    m_legend->resetSession();
    m_search->clear();
    m_filterBar->showRestriction(m_view->restriction());
    showNodes(ps::kNoNode, ps::kNoNode);
    m_callers->setSnapshot(snap);
    m_jobs->clear();
    m_jobs->addItems(m_session->jobLabels());
    m_jobs->setCurrentIndex(m_session->currentJob());
    const bool batch = m_session->jobLabels().size() > 1;
    m_trendsDock->toggleViewAction()->setEnabled(m_session->analysis()->hasTrends());
    if (!m_session->analysis()->hasTrends())
        m_trendsDock->hide(); // one graph has no drift
    const int microSteps = snap ? snap->microSteps() : 1;
    m_microSteps->clear();
    m_microSteps->addItem(tr("All"));
    for (int k = 0; k < microSteps; ++k)
        m_microSteps->addItem(QString::number(k));
    for (QAction* a : m_actions->toolBar->actions()) {
        const QWidget* w = m_actions->toolBar->widgetForAction(a);
        if (w == m_jobs || w == m_jobsLabel)
            a->setVisible(batch);
        if (w == m_microSteps || w == m_microStepsLabel)
            a->setVisible(microSteps > 1);
    }
    m_actions->exportVis->setEnabled(snap != nullptr);
    m_actions->exportReport->setEnabled(snap != nullptr && snap->comparison && snap->comparison->isCompare);
    m_actions->colorRanges->setEnabled(
        snap && snap->comparison && snap->comparison->isCompare && snap->comparison->mode != ps::CompareMode::Md5);
    m_actions->nextSuspicious->setEnabled(snap && !snap->bins.empty());
    m_actions->previousSuspicious->setEnabled(snap && !snap->bins.empty());
    for (QAction* a : { m_actions->saveSession, m_actions->saveSessionAs, m_actions->openSession })
        a->setEnabled(snap != nullptr);
    showTitle();
    m_rules->setVisible(snap != nullptr);
    m_options->setVisible(snap != nullptr);
    if (snap) {
        // The options belong to this comparison: its recent entry brings them back.
        m_settings->addRecentFile(m_session->request().recentEntry());
        m_settings->setEntryOptions(m_session->request().recentEntry(),
            { m_session->request().options, m_session->request().layerMappingFile });
        updateRecentMenu();
        showSessionStatus();
        m_status->setToolTip({});
        restoreColorRanges();
    }
}

void MainWindow::refreshCounts()
{
    // One snapshot for every count on screen: the legend's rows, the filter's and the search's results (rerun,
    // ticks and query kept, the selection left as it is), the callers and the status bar.
    const std::vector<int> bins = m_legend->checkedBins(); // ticked meanwhile, or by a restored session
    const std::vector<int> overflow = m_legend->checkedOverflowLevels();
    m_legend->resetSession();
    m_legend->setChecked(bins, overflow);
    if (!m_search->text().isEmpty())
        m_search->setQuery(m_search->text(), m_search->isRegex());
    m_callers->setSnapshot(m_session->snapshot());
    refreshStatus();
}

void MainWindow::showSessionStatus()
{
    const auto snap = m_session->snapshot();
    if (!snap)
        return;
    const auto& npu = snap->rollup(Side::Npu);
    const int worst = snap->worstValueBin();
    const bool v26 = snap->comparison->profile == ps::RulesProfile::Msprobe26;
    if (!v26)
        m_rules->setText(tr("Rules: msprobe 1.2 (bins)"));
    else if (snap->comparison->msprobe26Release == ps::Msprobe26Release::V26_0_0)
        m_rules->setText(tr("Rules: msprobe 26.0.0 release (pass / warning / error, numbers rounded)"));
    else
        m_rules->setText(tr("Rules: msprobe 26.0 (pass / warning / error)"));
    m_rules->setToolTip(tr("The rules this comparison was rated with; File ▸ Open comparison… chooses them"));
    m_options->setText(tr("Options: %1").arg(ComparisonOptions::summary(m_session->request())));
    m_options->setToolTip(tr("The options this comparison was opened with; its recent entry opens it with them "
                             "again, File ▸ Open comparison… changes them"));
    if (snap->comparing) {
        m_status->setText(
            tr("%n NPU node(s) matched; comparing them, the colours follow…", nullptr, int(npu.bin.size())));
        return;
    }
    if (snap->isPartial()) {
        m_status->setText(tr("Showing the part of the graph opened so far (%n NPU node(s)); reading the rest…", nullptr,
            int(npu.bin.size())));
        return;
    }
    if (v26 && !snap->bins.empty() && !ps::isBandMetric(snap->metric)) { // bands of a metric have no verdict
        m_status->setText(tr("%1 NPU nodes, %2 unmatched, %3 errors. F3 jumps to the next one.")
                              .arg(npu.bin.size())
                              .arg(npu.unmatched)
                              .arg(worst >= 0 ? npu.binTotals[size_t(worst)] : 0));
        return;
    }
    m_status->setText(snap->bins.empty()
            ? tr("Built %n node(s).", nullptr, int(npu.bin.size()))
            : tr("%1 NPU nodes, %2 unmatched, %3 in the worst bin. F3 jumps to the next one.")
                  .arg(npu.bin.size())
                  .arg(npu.unmatched)
                  .arg(worst >= 0 ? npu.binTotals[size_t(worst)] : 0));
}

void MainWindow::showTitle()
{
    // "[*]": Qt shows a star while the notes are unsaved.
    const auto snap = m_session->snapshot();
    const auto changes = m_session->analysis()->changes();
    if (!snap)
        setWindowTitle(tr("ProbeScope"));
    else if (changes)
        setWindowTitle(tr("%1 compared with %2 — ProbeScope").arg(m_session->title(), changes->beforeLabel)
            + QStringLiteral("[*]"));
    else
        setWindowTitle(tr("%1 — ProbeScope").arg(m_session->title()) + QStringLiteral("[*]"));
    setWindowModified(snap && m_session->userSession()->isModified());
}

void MainWindow::refreshStatus()
{
    if (m_session->analysis()->changes())
        onChangesChanged();
    else
        showSessionStatus();
}

void MainWindow::onChangesChanged()
{
    m_details->setChanges(m_session->analysis()->changes());
    showTitle();
    const auto changes = m_session->analysis()->changes();
    if (!changes) {
        showSessionStatus();
        return;
    }
    QString text = tr("Compared with %1 (before): %2 worse, %3 better, %4 appeared, %5 vanished NPU nodes.")
                       .arg(changes->beforeLabel)
                       .arg(changes->total(Side::Npu, ChangeMark::Worse))
                       .arg(changes->total(Side::Npu, ChangeMark::Better))
                       .arg(changes->total(Side::Npu, ChangeMark::Appeared))
                       .arg(changes->vanishedNpu);
    if (!changes->graphNote.isEmpty())
        text += QLatin1Char(' ') + changes->graphNote;
    m_status->setText(text);
}

void MainWindow::onBusyChanged(Channel channel, bool busy, const QString& stage)
{
    // The status bar shows one job with its Cancel: the load, edit, diff or colouring started last, or one still
    // running.
    if (channel != Channel::Load && channel != Channel::Edit && channel != Channel::Diff && channel != Channel::Colors)
        return;
    if (busy)
        m_shownChannel = channel;
    else if (channel != m_shownChannel)
        return; // a job the status bar does not show stopped
    else
        for (Channel other : { Channel::Load, Channel::Edit, Channel::Diff, Channel::Colors })
            if (m_session->isBusy(other))
                m_shownChannel = other; // it keeps running: show it again
    const bool shown = m_session->isBusy(m_shownChannel);
    m_progress->setVisible(shown);
    m_cancel->setVisible(shown);
    if (busy)
        m_progress->setRange(0, 0);
    if (!stage.isEmpty())
        m_status->setText(stage); // busy: what runs; idle: why it stopped (e.g. cancelled)
    else if (!shown && m_session->snapshot())
        refreshStatus(); // finished: the status bar no longer says what ran (its result may add to it)
    m_actions->openComparison->setEnabled(true); // a new request simply supersedes the running one
}

void MainWindow::onProgress(int permille, const QString& stage)
{
    if (m_shownChannel == Channel::Edit)
        return; // an edit shows its own stage
    // Stage in the status bar, percent on the bar; -1: the stage has no measurable fraction.
    if (permille < 0) {
        m_progress->setRange(0, 0);
    } else {
        m_progress->setRange(0, 1000);
        m_progress->setValue(permille);
        m_progress->setFormat(QStringLiteral("%1 %").arg(permille / 10));
    }
    m_status->setText(stage);
}

void MainWindow::onLoadFailed(const QString& message)
{
    m_status->setText(tr("Loading failed; the previous session is kept."));
    showError(tr("Cannot open"), message);
}

void MainWindow::showError(const QString& title, const QString& text)
{
    // Window-modal but not blocking: no nested event loop.
    auto* box = new QMessageBox(QMessageBox::Critical, title, text, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("errorBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::showNodes(NodeId npu, NodeId bench)
{
    const auto snap = m_session->snapshot();
    m_details->setNodes(snap, npu, bench); // without node data: names now, the table once read (nodeDataReady)
    if (snap && !snap->hasNodeData())
        m_session->requestNodeData(npu, bench);
    showNotesOfCurrent();
    m_stack->setNodes(snap, npu, bench);
}

void MainWindow::jumpTo(Side side, NodeId node)
{
    m_view->requestJump(side, node);
}

void MainWindow::nextSuspicious(int direction)
{
    const auto snap = m_session->snapshot();
    if (!snap)
        return;
    const NodeId next
        = nextSuspiciousNode(*snap, Side::Npu, m_view->currentNode(Side::Npu), direction, m_session->microStep());
    if (next == ps::kNoNode) {
        m_status->setText(tr("No node in the worst precision bin or with NaN / inf."));
        return;
    }
    showDetailsTab();
    jumpTo(Side::Npu, next);
}

void MainWindow::applyTreeFilters()
{
    for (Side s : { Side::Npu, Side::Bench }) {
        const ViewState::NodeMask visible = m_view->visibleNodes(s);
        if (visible || m_trees->proxy(s)->isFiltering())
            m_trees->setVisibleNodes(s, visible);
    }
    m_filterBar->showRestriction(m_view->restriction());
}

void MainWindow::restoreSettings()
{
    if (!restoreGeometry(m_settings->value(Settings::Key::WindowGeometry).toByteArray())) {
        // The first start: most of the screen, centred, not Qt's size hint (a cramped 768x551).
        if (const QScreen* screen = QGuiApplication::primaryScreen()) {
            const QRect available = screen->availableGeometry();
            resize(available.size() * 0.85);
            move(available.center() - rect().center());
        }
    }
    if (m_settings->value(Settings::Key::StateVersion).toInt() == Settings::kStateVersion) {
        restoreState(m_settings->value(Settings::Key::WindowState).toByteArray(), Settings::kStateVersion);
        m_trees->splitter()->restoreState(m_settings->value(Settings::Key::TreeSplitter).toByteArray());
        m_central->restoreLayout(m_settings->value(Settings::Key::CentralLayout).toByteArray());
    }
    m_dockLayout->fitLater(); // a restored layout is held to the same rule as a dock opened now
    m_actions->mirrorExpansion->setChecked(m_settings->value(Settings::Key::MirrorExpansion).toBool());
    m_actions->linkScrolling->setChecked(m_settings->value(Settings::Key::LinkScrolling).toBool());
}

void MainWindow::saveSettings()
{
    m_settings->setValue(Settings::Key::WindowGeometry, saveGeometry());
    setStartPageShown(false); // the docks it hides are part of the saved layout
    m_settings->setValue(Settings::Key::WindowState, saveState(Settings::kStateVersion));
    m_settings->setValue(Settings::Key::StateVersion, Settings::kStateVersion);
    m_settings->setValue(Settings::Key::TreeSplitter, m_trees->splitter()->saveState());
    m_settings->setValue(Settings::Key::CentralLayout, m_central->saveLayout());
    m_settings->setValue(Settings::Key::MirrorExpansion, m_actions->mirrorExpansion->isChecked());
    m_settings->setValue(Settings::Key::LinkScrolling, m_actions->linkScrolling->isChecked());
    m_settings->sync();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeKeepNotes()) {
        event->ignore();
        return;
    }
    saveSettings();
    QMainWindow::closeEvent(event);
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QMainWindow::changeEvent(event);
}

} // namespace psui
