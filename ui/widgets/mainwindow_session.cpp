// The main window's notes and session file: Note… and Tag ▸ in the trees' menu and the
// details, File ▸ Save session / Save session as… / Open session…, restoring a session found beside a
// comparison, and the question before unsaved notes are dropped. The notes live in the UserSession.
#include "widgets/mainwindow.h"

#include "session/loadjob.h"
#include "session/outputlocations.h"
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "session/usersession.h"
#include "session/viewstate.h"
#include "widgets/detailspanel.h"
#include "widgets/legendpanel.h"
#include "widgets/mainwindow_p.h"
#include "widgets/noteactions.h"
#include "widgets/searchbar.h"
#include "widgets/sidebysidetreeview.h"
#include "widgets/tensorerrorwindow.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>

#include <algorithm>
#include <utility>

namespace psui {

void MainWindow::connectNotes()
{
    m_notes = new NoteActions(m_session, this);
    UserSession* user = m_session->userSession();
    connect(user, &UserSession::notesChanged, this, &MainWindow::showNotesOfCurrent);
    connect(user, &UserSession::modifiedChanged, this, &MainWindow::showTitle);
    connect(m_details, &DetailsPanel::editNoteRequested, this, [this]() {
        const Side side = m_view->activeSide();
        const NodeId node = m_view->currentNode(side) != ps::kNoNode ? m_view->currentNode(side)
                                                                     : m_view->currentNode(opposite(side));
        m_notes->editNote(m_view->currentNode(side) != ps::kNoNode ? side : opposite(side), node);
    });
    connect(m_details, &DetailsPanel::tensorErrorRequested, this,
        [this](const TensorErrorRequest& request) { TensorErrorWindow::showFor(this, m_session, request); });
    connect(m_session, &SessionController::sessionRestored, this, &MainWindow::onSessionRestored);
    // Connected after onSessionChanged (connectSession), so the trees are reset when the view is restored.
    connect(m_session, &SessionController::sessionChanged, this, [this]() {
        if (!m_restoringFrom.isEmpty())
            onSessionRestored(std::exchange(m_restoringFrom, QString()));
    });
    connect(m_session, &SessionController::loadFailed, this, [this]() { m_restoringFrom.clear(); });
    connect(m_session, &SessionController::sessionFileFailed, this, [this](const QString& message) {
        m_status->setText(tr("The session file could not be read; the comparison is open without it."));
        showError(tr("Session file not read"),
            tr("%1\n\nThe comparison is open without its notes; the session file is left as it is until you save "
               "the session.")
                .arg(message));
    });
}

void MainWindow::onSessionRestored(const QString& path)
{
    // A session saved on another step or rank of a batch goes back to that graph first.
    const ps::Session& view = m_session->userSession()->savedView();
    const UserSession* user = m_session->userSession();
    if (view.step != user->step() || view.rank != user->rank()) {
        const auto& jobs = m_session->jobs();
        for (size_t i = 0; i < jobs.size(); ++i)
            if (jobs[i].step == view.step && jobs[i].rank == view.rank && int(i) != m_session->currentJob()) {
                m_restoringFrom = path;
                m_session->selectJob(int(i));
                return;
            }
    }
    restoreView(view);
    m_restoreSavedView = m_session->isPartial(); // nodes not loaded yet come back once the graph is whole
    m_restoreNote = tr("Session restored from %1.").arg(QDir::toNativeSeparators(path));
    m_status->setText(m_status->text() + QStringLiteral("  ") + m_restoreNote);
}

void MainWindow::showNotesOfCurrent()
{
    const auto snap = m_session->snapshot();
    const UserSession* user = m_session->userSession();
    const auto noteOf = [&](Side side) -> const ps::NodeNote* {
        const NodeId node = m_view->currentNode(side);
        if (!snap || !snap->hasSide(side) || node >= snap->graph(side).size())
            return nullptr;
        return user->noteOf(side, std::string(snap->graph(side).nameOf(node)));
    };
    m_details->setNotes(noteOf(Side::Npu), noteOf(Side::Bench));
}

ps::Session MainWindow::currentView() const
{
    ps::Session view;
    const auto snap = m_session->snapshot();
    if (!snap)
        return view;
    const UserSession* user = m_session->userSession();
    view.comparison = LoadJob::comparisonPath(m_session->request()).toStdString();
    const auto refOf = [&](Side side, NodeId node) {
        return ps::NodeRef { user->step(), user->rank(), side, std::string(snap->graph(side).nameOf(node)) };
    };
    for (Side side : { Side::Npu, Side::Bench })
        if (snap->hasSide(side))
            for (NodeId node : m_trees->expandedNodes(side))
                view.expanded.push_back(refOf(side, node));
    std::sort(view.expanded.begin(), view.expanded.end());
    view.expanded.erase(std::unique(view.expanded.begin(), view.expanded.end()), view.expanded.end());
    const Side active = m_view->activeSide();
    for (Side side : { active, opposite(active) })
        if (!view.selection && snap->hasSide(side) && m_view->currentNode(side) != ps::kNoNode)
            view.selection = refOf(side, m_view->currentNode(side));
    view.filters.bins = m_legend->checkedBins();
    view.filters.unmatchedOnly = snap->unmatchedBin >= 0
        && std::find(view.filters.bins.begin(), view.filters.bins.end(), snap->unmatchedBin) != view.filters.bins.end();
    view.filters.overflowOnly = !m_legend->checkedOverflowLevels().empty();
    view.filters.search = m_search->text().toStdString();
    view.filters.searchIsRegex = m_search->isRegex();
    return view;
}

void MainWindow::restoreView(const ps::Session& view)
{
    const auto snap = m_session->snapshot();
    if (!snap)
        return;
    const UserSession* user = m_session->userSession();
    // Only what belongs to the graph shown, and only nodes it has: a session outlives changes of its dumps.
    const auto nodeOf = [&](const ps::NodeRef& ref) {
        if (ref.step != user->step() || ref.rank != user->rank() || !snap->hasSide(ref.side))
            return ps::kNoNode;
        return snap->graph(ref.side).find(ref.node);
    };
    std::vector<int> bins;
    for (int bin : view.filters.bins)
        if (bin >= 0 && size_t(bin) < snap->bins.size())
            bins.push_back(bin);
    if (view.filters.unmatchedOnly && snap->unmatchedBin >= 0
        && std::find(bins.begin(), bins.end(), snap->unmatchedBin) == bins.end())
        bins.push_back(snap->unmatchedBin);
    // The session file keeps "overflow only" as one flag: it ticks every overflow level.
    m_legend->setChecked(bins, view.filters.overflowOnly ? std::vector<int> { 1, 2, 3 } : std::vector<int> {});
    m_search->setQuery(QString::fromStdString(view.filters.search), view.filters.searchIsRegex);
    for (Side side : { Side::Npu, Side::Bench }) {
        std::vector<NodeId> nodes;
        for (const ps::NodeRef& ref : view.expanded)
            if (ref.side == side)
                if (const NodeId node = nodeOf(ref); node != ps::kNoNode)
                    nodes.push_back(node);
        m_trees->expandNodes(side, nodes);
    }
    if (view.selection)
        if (const NodeId node = nodeOf(*view.selection); node != ps::kNoNode)
            m_view->requestJump(view.selection->side, node);
}

bool MainWindow::saveSession()
{
    const QString path = m_session->userSession()->path();
    // Beside the comparison unless that is inside a dump folder or read-only: then the user's output folder.
    const QString target = OutputLocations::sessionTarget(path, m_session->request(), *m_settings);
    return target.isEmpty() ? saveSessionAs() : saveSessionTo(target);
}

bool MainWindow::saveSessionAs()
{
    if (!m_session->snapshot())
        return false;
    const QString suggested
        = OutputLocations::sessionTarget(m_session->userSession()->path(), m_session->request(), *m_settings);
    QString path = QFileDialog::getSaveFileName(
        this, tr("Save session as"), suggested, tr("ProbeScope sessions (*.probescope.json);;JSON files (*.json)"));
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QLatin1String(".json")))
        path += QStringLiteral(".probescope.json");
    if (!OutputLocations::isInsideDumps(path, m_session->request()))
        OutputLocations::rememberFolder(*m_settings, path);
    return saveSessionTo(path);
}

bool MainWindow::saveSessionTo(const QString& path)
{
    const QString error = m_session->userSession()->save(path, currentView());
    if (!error.isEmpty()) {
        m_status->setText(tr("The session was not saved."));
        showError(tr("Cannot save the session"), error);
        return false;
    }
    m_status->setText(tr("Session saved to %1.").arg(QDir::toNativeSeparators(path)));
    return true;
}

void MainWindow::openSession()
{
    if (!m_session->snapshot() || !maybeKeepNotes())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open session"),
        QFileInfo(m_session->userSession()->path()).absolutePath(),
        tr("ProbeScope sessions (*.probescope.json);;JSON files (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    std::optional<ps::Session> session = UserSession::read(path, error);
    if (!session) {
        showError(tr("Session file not read"), error);
        return;
    }
    m_session->userSession()->adopt(std::move(*session), path);
    restoreView(m_session->userSession()->savedView());
    m_status->setText(tr("Session restored from %1.").arg(QDir::toNativeSeparators(path)));
}

bool MainWindow::maybeKeepNotes()
{
    if (!m_session->snapshot() || !m_session->userSession()->isModified())
        return true;
    // A question the user must answer before the notes go: modal on purpose.
    QMessageBox box(QMessageBox::Question, tr("Unsaved notes"),
        tr("The notes on this comparison have changed since they were saved. Save the session first?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("unsavedNotesBox"));
    box.setDefaultButton(QMessageBox::Save);
    switch (box.exec()) {
    case QMessageBox::Save:
        return saveSession();
    case QMessageBox::Discard:
        return true;
    default:
        return false;
    }
}

} // namespace psui
