// The main window's file flows: the start page, opening a comparison, a compare.json, a graph file, a recent
// entry or dropped paths, exporting, and the help dialogs.
#include "widgets/mainwindow.h"

#include "batch/engine.h"
#include "session/analysiscontroller.h"
#include "session/comparisonoptions.h"
#include "session/exportjob.h"
#include "session/outputlocations.h"
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "widgets/aboutdialog.h"
#include "widgets/docksizes.h"
#include "widgets/opendialog.h"
#include "widgets/startpage.h"
#include "widgets/userguidedialog.h"

#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QStackedWidget>

namespace psui {

namespace {

// File dialogs start in the open comparison's folder, else where the last one was chosen.
QString startFolder(const SessionController& session, const Settings& settings)
{
    const QString folder = session.snapshot() ? ComparisonOptions::caseFolder(session.request()) : QString();
    return folder.isEmpty() ? settings.value(Settings::Key::LastDirectory).toString() : folder;
}

} // namespace

QWidget* MainWindow::createStartPage(QWidget* sessionView)
{
    m_pages = new QStackedWidget(this);
    m_startPage = new StartPage(m_pages);
    m_startPage->setExampleAvailable(!exampleDirectory().isEmpty());
    m_startPageScroll = scrolledPanel(m_startPage, m_pages); // the page's height does not set the window's
    m_pages->addWidget(m_startPageScroll); // index 0
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
    return m_pages->currentWidget() == m_startPageScroll;
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
    if (!maybeKeepNotes())
        return;
    auto* dialog = new OpenDialog(m_settings, this);
    dialog->setStartFolder(startFolder(*m_session, *m_settings));
    if (m_session->snapshot())
        dialog->setRequest(m_session->request());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog]() { m_session->open(dialog->request()); });
    dialog->open();
}

void MainWindow::openCompareJson()
{
    if (!maybeKeepNotes())
        return;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open compare.json"), startFolder(*m_session, *m_settings), tr("JSON files (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    m_settings->setValue(Settings::Key::LastDirectory, QFileInfo(path).absolutePath());
    m_session->openPaths({ path }, ComparisonOptions::forPaths(*m_settings, { path }));
}

void MainWindow::openVis()
{
    if (!maybeKeepNotes())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open .vis / .vis.db"),
        startFolder(*m_session, *m_settings), tr("Graph files (*.vis *.vis.db);;All files (*)"));
    if (path.isEmpty())
        return;
    m_settings->setValue(Settings::Key::LastDirectory, QFileInfo(path).absolutePath());
    m_session->openPaths({ path }, ComparisonOptions::forPaths(*m_settings, { path }));
}

void MainWindow::openRecent(const QString& entry)
{
    if (!maybeKeepNotes())
        return;
    const QStringList paths = entry.split(QLatin1Char('\n'));
    m_session->openPaths(paths, ComparisonOptions::forPaths(*m_settings, paths));
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
    if (!maybeKeepNotes())
        return;
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
    const QString suggested = QDir(OutputLocations::userFolder(*m_settings))
                                  .filePath(stem + QString::fromStdString(ps::currentTimestamp())
                                      + (v26 ? QStringLiteral(".vis.db") : QStringLiteral(".vis")));
    QString filter = v26 ? dbFilter : visFilter;
    QString path = QFileDialog::getSaveFileName(this, tr("Export .vis / .vis.db"), suggested,
        v26 ? dbFilter + QStringLiteral(";;") + visFilter : visFilter + QStringLiteral(";;") + dbFilter, &filter);
    if (path.isEmpty())
        return;
    path = ExportJob::pathFor(path, filter.contains(QLatin1String("*.vis.db")));
    OutputLocations::rememberFolder(*m_settings, path);
    const QString subfolder = ExportJob::subfolderFor(path);
    if (subfolder.isEmpty()) {
        startExport(path); // fine, or a problem a sub-folder does not solve: the export reports it
        return;
    }
    // Said before anything is written: tb_graph_ascend would hide one of the files; a sub-folder keeps both.
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Export"),
        tr("%1\n\nWrite it into the new sub-folder %2 instead?")
            .arg(ExportJob::problem(path), QDir::toNativeSeparators(QFileInfo(subfolder).absolutePath())),
        QMessageBox::Cancel, this);
    box->setObjectName(QStringLiteral("exportConflictBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton* intoSubfolder = box->addButton(tr("Use the sub-folder"), QMessageBox::AcceptRole);
    intoSubfolder->setObjectName(QStringLiteral("useSubfolder"));
    box->setDefaultButton(intoSubfolder);
    connect(intoSubfolder, &QPushButton::clicked, this, [this, subfolder]() {
        QDir().mkpath(QFileInfo(subfolder).absolutePath());
        startExport(subfolder);
    });
    box->open();
}

void MainWindow::showExporting(const QString& path)
{
    m_status->setText(tr("Exporting %1…").arg(QDir::toNativeSeparators(path)));
    m_progress->setRange(0, 0); // the writers report no fraction: a busy indicator while the file is written
    m_progress->show();
}

void MainWindow::startExport(const QString& path)
{
    showExporting(path);
    m_session->analysis()->exportVis(path);
}

void MainWindow::exportReport()
{
    const auto snap = m_session->snapshot();
    if (!snap)
        return;
    const QString suggested
        = QDir(OutputLocations::userFolder(*m_settings))
              .filePath(QStringLiteral("report_%1.csv").arg(QString::fromStdString(ps::currentTimestamp())));
    const QString path = QFileDialog::getSaveFileName(this, tr("Export report"), suggested, tr("CSV file (*.csv)"));
    if (path.isEmpty())
        return;
    OutputLocations::rememberFolder(*m_settings, path);
    showExporting(path);
    m_session->analysis()->exportReport(path);
}

void MainWindow::onExportFinished(const QString& path, const QString& error)
{
    m_progress->setVisible(m_session->isBusy(m_shownChannel));
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
    if (!paths.isEmpty() && maybeKeepNotes()) {
        m_session->openPaths(paths, ComparisonOptions::forPaths(*m_settings, paths));
        event->acceptProposedAction();
    }
}

} // namespace psui
