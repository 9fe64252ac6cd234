// The main window's menus, toolbar and shortcuts, their texts in the current language, and the recent files.
#include "widgets/mainwindow.h"

#include "session/analysiscontroller.h"
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "widgets/analysistools.h"
#include "widgets/callerpanel.h"
#include "widgets/centralview.h"
#include "widgets/detailspanel.h"
#include "widgets/difftools.h"
#include "widgets/graphchartdocks.h"
#include "widgets/hitnavigator.h"
#include "widgets/legendpanel.h"
#include "widgets/mainwindow_p.h"
#include "widgets/searchbar.h"
#include "widgets/sidebysidetreeview.h"
#include "widgets/stackpanel.h"
#include "widgets/startpage.h"
#include "widgets/treefilterbar.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
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
    a.recent->setObjectName(QStringLiteral("recentMenu"));
    a.file->addSeparator();
    a.exportVis = add(a.file, QKeySequence(QStringLiteral("Ctrl+E")), &MainWindow::exportVis);
    a.exportReport = add(a.file, QKeySequence(), &MainWindow::exportReport);
    a.file->addActions(m_analysis->fileActions()); // Load / Save match config
    a.file->addSeparator();
    a.file->addAction(m_diff->compareAction());
    a.file->addAction(m_diff->stopAction());
    a.file->addSeparator();
    a.saveSession = add(a.file, QKeySequence::Save, &MainWindow::saveSession);
    a.saveSession->setObjectName(QStringLiteral("saveSession"));
    a.saveSessionAs = add(a.file, QKeySequence(QStringLiteral("Ctrl+Shift+S")), &MainWindow::saveSessionAs);
    a.saveSessionAs->setObjectName(QStringLiteral("saveSessionAs"));
    a.openSession = add(a.file, QKeySequence(), &MainWindow::openSession);
    a.openSession->setObjectName(QStringLiteral("openSession"));
    a.file->addSeparator();
    a.quit = add(a.file, QKeySequence::Quit, &QWidget::close);

    a.view = menuBar()->addMenu(QString());
    a.view->addActions(m_central->modeActions());
    a.view->addSeparator();
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
    a.view->addAction(m_matchesDock->toggleViewAction());
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
        connect(*action, &QAction::triggered, this, [this, code = code]() {
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

    for (QDockWidget* dock :
        { m_analysis->divergenceDock(), m_graphCharts->chartsDock(), m_layerMappingDock, m_trendsDock })
        a.view->addAction(dock->toggleViewAction());

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
    a.toolBar->addSeparator();
    a.toolBar->addActions(m_central->modeActions());
    a.toolBar->addSeparator();
    a.toolBar->addWidget(m_jobsLabel);
    a.toolBar->addWidget(m_jobs);
    m_jobs->setObjectName(QStringLiteral("jobSelector"));
    m_jobs->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    a.toolBar->addWidget(m_microStepsLabel);
    a.toolBar->addWidget(m_microSteps);
    m_microSteps->setObjectName(QStringLiteral("microStepSelector"));
    m_microSteps->setSizeAdjustPolicy(QComboBox::AdjustToContents); // "全部" / "All" after a language switch
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
    a.exportReport->setText(tr("Export &report (CSV)…"));
    a.saveSession->setText(tr("&Save session"));
    a.saveSession->setToolTip(tr("Save the notes, expanded nodes, filters and selection beside the comparison"));
    a.saveSessionAs->setText(tr("Save session &as…"));
    a.openSession->setText(tr("Open sess&ion…"));
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
    a.nextSuspicious->setToolTip(tr("Next node in the worst precision bin or with NaN / inf, in execution order (F3)"));
    a.previousSuspicious->setText(tr("Previous s&uspicious node"));
    a.previousSuspicious->setToolTip(tr("Previous node in the worst precision bin or with NaN / inf (Shift+F3)"));
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
    } else if (!m_session->isBusy(m_shownChannel)) {
        showTitle();
        if (m_session->analysis()->changes())
            onChangesChanged(); // what is compared with what, in the new language
        else
            showSessionStatus();
    }
    m_trees->retranslate();
    m_layerMappingDock->setWindowTitle(tr("Layer mapping"));
    m_trendsDock->setWindowTitle(tr("Trends"));
    m_search->retranslate();
    m_legend->retranslate();
    m_filterBar->retranslate();
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

} // namespace psui
