#include "widgets/mainwindow.h"

#include "batch/engine.h"
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "widgets/aboutdialog.h"
#include "widgets/callerpanel.h"
#include "widgets/detailspanel.h"
#include "widgets/hitnavigator.h"
#include "widgets/legendpanel.h"
#include "widgets/mainwindow_p.h"
#include "widgets/opendialog.h"
#include "widgets/searchbar.h"
#include "widgets/sidebysidetreeview.h"
#include "widgets/stackpanel.h"
#include "widgets/startpage.h"
#include "widgets/userguidedialog.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>

namespace psui {

void MainWindow::createActions()
{
    Actions& a = *m_actions;
    auto add = [this](QMenu* menu, const QKeySequence& key, auto slot) {
        auto* action = new QAction(this);
        if (!key.isEmpty())
            action->setShortcut(key);
        menu->addAction(action);
        connect(action, &QAction::triggered, this, slot);
        return action;
    };
    a.file = menuBar()->addMenu(QString());
    a.openComparison = add(a.file, QKeySequence::Open, &MainWindow::openComparisonDialog);
    a.openCompareJson = add(a.file, QKeySequence(QStringLiteral("Ctrl+Shift+O")), &MainWindow::openCompareJson);
    a.openVis = add(a.file, QKeySequence(), &MainWindow::openVis);
    a.openExample = add(a.file, QKeySequence(), &MainWindow::openExample);
    a.recent = a.file->addMenu(QString());
    a.file->addSeparator();
    a.exportVis = add(a.file, QKeySequence(QStringLiteral("Ctrl+E")), &MainWindow::exportVis);
    a.file->addSeparator();
    a.quit = add(a.file, QKeySequence::Quit, &QWidget::close);

    a.view = menuBar()->addMenu(QString());
    a.mirrorExpansion = a.view->addAction(QString());
    a.mirrorExpansion->setCheckable(true);
    connect(a.mirrorExpansion, &QAction::toggled, m_trees, &SideBySideTreeView::setMirrorExpansion);
    a.linkScrolling = a.view->addAction(QString());
    a.linkScrolling->setCheckable(true);
    connect(a.linkScrolling, &QAction::toggled, m_trees, &SideBySideTreeView::setLinkScrolling);
    a.view->addSeparator();
    a.expand = add(a.view, QKeySequence(QStringLiteral("Ctrl+Right")), [this]() { m_trees->expandCurrent(); });
    a.collapse = add(a.view, QKeySequence(QStringLiteral("Ctrl+Left")), [this]() { m_trees->collapseCurrent(); });
    a.collapseAll = add(a.view, QKeySequence(QStringLiteral("Ctrl+Shift+Left")), [this]() { m_trees->collapseAll(); });
    a.view->addSeparator();
    a.colorRanges = add(a.view, QKeySequence(), &MainWindow::editColorRanges);
    a.view->addAction(m_legendDock->toggleViewAction());
    a.view->addAction(m_bottomDock->toggleViewAction());
    a.view->addSeparator();
    a.language = a.view->addMenu(QString());
    a.languages = new QActionGroup(this);
    const QString current = m_settings->value(Settings::Key::Language).toString();
    for (auto [action, code] :
        { std::pair { &a.langSystem, QString() }, std::pair { &a.langEnglish, QStringLiteral("en") },
            std::pair { &a.langChinese, QStringLiteral("zh_CN") } }) {
        *action = a.language->addAction(QString());
        (*action)->setCheckable(true);
        (*action)->setChecked(code == current);
        a.languages->addAction(*action);
        connect(*action, &QAction::triggered, this, [this, code]() {
            m_settings->setValue(Settings::Key::Language, code);
            Q_EMIT languageRequested(code);
        });
    }

    a.navigate = menuBar()->addMenu(QString());
    a.find = add(a.navigate, QKeySequence::Find, [this]() { m_search->focusSearch(); });
    a.nextHit = add(a.navigate, QKeySequence(QStringLiteral("Ctrl+G")), [this]() { m_search->navigator()->next(); });
    a.previousHit = add(
        a.navigate, QKeySequence(QStringLiteral("Ctrl+Shift+G")), [this]() { m_search->navigator()->previous(); });
    a.navigate->addSeparator();
    a.nextSuspicious = add(a.navigate, QKeySequence(Qt::Key_F3), [this]() { nextSuspicious(1); });
    a.previousSuspicious = add(a.navigate, QKeySequence(Qt::SHIFT | Qt::Key_F3), [this]() { nextSuspicious(-1); });

    a.help = menuBar()->addMenu(QString());
    a.userGuide = add(a.help, QKeySequence::HelpContents, &MainWindow::showUserGuide);
    a.about = add(a.help, QKeySequence(), &MainWindow::showAbout);

    a.toolBar = addToolBar(QString());
    a.toolBar->setObjectName(QStringLiteral("mainToolBar"));
    a.toolBar->addAction(a.openComparison);
    a.toolBar->addAction(a.openCompareJson);
    a.toolBar->addAction(a.exportVis);
    a.toolBar->addSeparator();
    a.toolBar->addAction(a.previousSuspicious);
    a.toolBar->addAction(a.nextSuspicious);
    updateRecentMenu();
}

void MainWindow::retranslateUi()
{
    Actions& a = *m_actions;
    a.file->setTitle(tr("&File"));
    a.openComparison->setText(tr("&Open comparison…"));
    a.openCompareJson->setText(tr("Open &compare.json…"));
    a.openVis->setText(tr("Open .&vis / .vis.db…"));
    a.openExample->setText(tr("Open the bundled &example"));
    a.recent->setTitle(tr("&Recent"));
    a.exportVis->setText(tr("&Export .vis / .vis.db…"));
    a.quit->setText(tr("&Quit"));
    a.view->setTitle(tr("&View"));
    a.mirrorExpansion->setText(tr("&Mirror expansion on the other side"));
    a.linkScrolling->setText(tr("&Link scrolling"));
    a.expand->setText(tr("&Expand node"));
    a.collapse->setText(tr("&Collapse node"));
    a.collapseAll->setText(tr("Collapse &all"));
    a.colorRanges->setText(tr("Colour &ranges…"));
    a.language->setTitle(tr("&Language"));
    a.langSystem->setText(tr("System default"));
    a.langEnglish->setText(QStringLiteral("English"));
    a.langChinese->setText(QStringLiteral("中文 (简体)"));
    a.navigate->setTitle(tr("&Navigate"));
    a.find->setText(tr("&Find node…"));
    a.nextHit->setText(tr("Next &match"));
    a.previousHit->setText(tr("&Previous match"));
    a.nextSuspicious->setText(tr("Next &suspicious node"));
    a.nextSuspicious->setToolTip(tr("Next node in the worst precision bin, in execution order (F3)"));
    a.previousSuspicious->setText(tr("Previous s&uspicious node"));
    a.previousSuspicious->setToolTip(tr("Previous node in the worst precision bin (Shift+F3)"));
    a.help->setTitle(tr("&Help"));
    a.userGuide->setText(tr("&User guide"));
    a.about->setText(tr("&About ProbeScope"));
    a.toolBar->setWindowTitle(tr("Main toolbar"));
    m_legendDock->setWindowTitle(tr("Legend and filters"));
    m_bottomDock->setWindowTitle(tr("Node"));
    m_bottomTabs->setTabText(0, tr("Comparison details"));
    m_bottomTabs->setTabText(1, tr("Call stacks"));
    m_bottomTabs->setTabText(2, tr("Suspicious nodes by caller"));
    m_jobsLabel->setText(tr(" Step / rank: "));
    m_microStepsLabel->setText(tr(" Micro step: "));
    if (m_microSteps->count() > 0)
        m_microSteps->setItemText(0, tr("All"));
    m_cancel->setText(tr("Cancel"));
    if (!m_session->snapshot()) {
        setWindowTitle(tr("ProbeScope"));
        m_status->setText(tr("Open a comparison (Ctrl+O), a compare.json, or drop dump folders here."));
    } else if (!m_session->isBusy()) {
        setWindowTitle(tr("%1 — ProbeScope").arg(m_session->title()));
        showSessionStatus();
    }
    m_trees->retranslate();
    m_layerMappingDock->setWindowTitle(tr("Layer mapping"));
    m_search->retranslate();
    m_legend->retranslate();
    m_details->retranslate();
    m_stack->retranslate();
    m_callers->retranslate();
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    QMenu* menu = m_actions->recent;
    menu->clear();
    const QStringList entries = m_settings->recentFiles();
    for (const QString& entry : entries) {
        QAction* action
            = menu->addAction(QDir::toNativeSeparators(entry).replace(QLatin1Char('\n'), QStringLiteral("  ⇄  ")));
        connect(action, &QAction::triggered, this, [this, entry]() { openRecent(entry); });
    }
    menu->setEnabled(!entries.isEmpty());
    if (m_startPage)
        m_startPage->setRecentFiles(entries);
}

QWidget* MainWindow::createStartPage(QWidget* sessionView)
{
    m_pages = new QStackedWidget(this);
    m_startPage = new StartPage(m_pages);
    m_startPage->setExampleAvailable(!exampleDirectory().isEmpty());
    m_pages->addWidget(m_startPage); // index 0
    m_pages->addWidget(sessionView); // index 1, shown by onSessionChanged once a snapshot exists
    m_pages->setCurrentIndex(1); // the constructor's onSessionChanged() turns to the start page, hiding the docks
    connect(m_startPage, &StartPage::openComparisonRequested, this, &MainWindow::openComparisonDialog);
    connect(m_startPage, &StartPage::openVisRequested, this, &MainWindow::openVis);
    connect(m_startPage, &StartPage::openExampleRequested, this, &MainWindow::openExample);
    connect(m_startPage, &StartPage::recentRequested, this, &MainWindow::openRecent);
    return m_pages;
}

void MainWindow::setStartPageShown(bool shown)
{
    if (shown == startPageShown())
        return;
    if (shown) {
        // The docks show a node's details: empty until something is opened, they would only crowd the page.
        const auto docks = findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly);
        for (QDockWidget* dock : docks)
            if (dock->isVisibleTo(this)) {
                m_docksUnderStartPage << dock;
                dock->hide();
            }
    } else {
        for (const QPointer<QDockWidget>& dock : std::as_const(m_docksUnderStartPage))
            if (dock)
                dock->show();
        m_docksUnderStartPage.clear();
    }
    m_pages->setCurrentIndex(shown ? 0 : 1);
}

bool MainWindow::startPageShown() const
{
    return m_pages->currentWidget() == m_startPage;
}

void MainWindow::showUserGuide()
{
    // One guide window, raised when asked again.
    auto* guide = findChild<UserGuideDialog*>();
    if (!guide) {
        guide = new UserGuideDialog(this);
        guide->setAttribute(Qt::WA_DeleteOnClose);
    }
    guide->show();
    guide->raise();
    guide->activateWindow();
}

void MainWindow::showAbout()
{
    auto* about = new AboutDialog(this);
    about->setAttribute(Qt::WA_DeleteOnClose);
    about->open();
}

void MainWindow::openComparisonDialog()
{
    auto* dialog = new OpenDialog(m_settings, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog]() { m_session->open(dialog->request()); });
    dialog->open();
}

void MainWindow::openCompareJson()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open compare.json"),
        m_settings->value(Settings::Key::LastDirectory).toString(), tr("JSON files (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    m_settings->setValue(Settings::Key::LastDirectory, QFileInfo(path).absolutePath());
    m_session->openPaths({ path }, m_settings->engineOptions());
}

void MainWindow::openVis()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open .vis / .vis.db"),
        m_settings->value(Settings::Key::LastDirectory).toString(), tr("Graph files (*.vis *.vis.db);;All files (*)"));
    if (path.isEmpty())
        return;
    m_settings->setValue(Settings::Key::LastDirectory, QFileInfo(path).absolutePath());
    m_session->openPaths({ path }, m_settings->engineOptions());
}

void MainWindow::openRecent(const QString& entry)
{
    m_session->openPaths(entry.split(QLatin1Char('\n')), m_settings->engineOptions());
}

QString MainWindow::exampleDirectory()
{
    const QStringList candidates = {
        QCoreApplication::applicationDirPath() + QStringLiteral("/../share/probescope/examples"),
        QStringLiteral(PROBESCOPE_EXAMPLES_DIR),
    };
    for (const QString& dir : candidates)
        if (QFileInfo::exists(dir + QStringLiteral("/mlp_mix_statistics/compare.json")))
            return QDir(dir).absoluteFilePath(QStringLiteral("mlp_mix_statistics"));
    return {};
}

void MainWindow::openExample()
{
    const QString dir = exampleDirectory();
    if (dir.isEmpty()) {
        showError(tr("Example missing"), tr("The bundled example comparison was not found."));
        return;
    }
    m_session->openPaths({ dir + QStringLiteral("/compare.json") }, ps::EngineOptions());
}

void MainWindow::exportVis()
{
    const auto snap = m_session->snapshot();
    if (!snap)
        return;
    const QString stem = snap->comparison->isCompare ? QStringLiteral("compare_") : QStringLiteral("build_");
    // Each rules' own format first: msprobe 26.0.0's plugin opens only .vis.db, msprobe 1.2.1 wrote .vis.
    const bool v26 = snap->comparison->profile == ps::RulesProfile::Msprobe26;
    const QString visFilter = tr("Graph file (*.vis)");
    const QString dbFilter = tr("Graph database (*.vis.db)");
    const QString suggested = QDir(m_settings->value(Settings::Key::LastDirectory).toString())
                                  .filePath(stem + QString::fromStdString(ps::currentTimestamp())
                                      + (v26 ? QStringLiteral(".vis.db") : QStringLiteral(".vis")));
    QString filter = v26 ? dbFilter : visFilter;
    QString path = QFileDialog::getSaveFileName(this, tr("Export .vis / .vis.db"), suggested,
        v26 ? dbFilter + QStringLiteral(";;") + visFilter : visFilter + QStringLiteral(";;") + dbFilter, &filter);
    if (path.isEmpty())
        return;
    path = SessionController::exportPath(path, filter.contains(QLatin1String("*.vis.db")));
    m_settings->setValue(Settings::Key::LastDirectory, QFileInfo(path).absolutePath());
    m_status->setText(tr("Exporting %1…").arg(QDir::toNativeSeparators(path)));
    m_progress->setRange(0, 0); // the writers report no fraction: a busy indicator while the file is written
    m_progress->show();
    m_session->exportVis(path);
}

void MainWindow::onExportFinished(const QString& path, const QString& error)
{
    m_progress->setVisible(m_session->isBusy());
    if (!error.isEmpty()) {
        m_status->setText(tr("Export failed."));
        showError(tr("Export failed"), error);
        return;
    }
    m_status->setText(tr("Exported %1").arg(QDir::toNativeSeparators(path)));
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    QStringList paths;
    const auto urls = event->mimeData()->urls();
    for (const QUrl& url : urls)
        if (url.isLocalFile())
            paths << url.toLocalFile();
    if (!paths.isEmpty()) {
        m_session->openPaths(paths, m_settings->engineOptions());
        event->acceptProposedAction();
    }
}

} // namespace psui
