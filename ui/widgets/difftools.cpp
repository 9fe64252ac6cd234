#include "widgets/difftools.h"

#include "session/analysiscontroller.h"
#include "session/sessioncontroller.h"

#include <QAction>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QWidget>

namespace psui {

DiffTools::DiffTools(SessionController* session, QWidget* window)
    : QObject(window)
    , m_session(session)
    , m_window(window)
    , m_compare(new QAction(window))
    , m_stop(new QAction(window))
{
    m_compare->setObjectName(QStringLiteral("compareWithAction"));
    m_stop->setObjectName(QStringLiteral("stopComparingAction"));
    connect(m_compare, &QAction::triggered, this, &DiffTools::chooseOther);
    connect(m_stop, &QAction::triggered, m_session->analysis(), &AnalysisController::stopComparing);
    connect(m_session, &SessionController::sessionChanged, this, &DiffTools::updateActions);
    connect(m_session->analysis(), &AnalysisController::changesChanged, this, &DiffTools::updateActions);
    connect(m_session->analysis(), &AnalysisController::compareFailed, this, [this](const QString& message) {
        // Window-modal but not blocking: no nested event loop while the session keeps working.
        auto* box = new QMessageBox(QMessageBox::Critical, tr("Cannot compare"), message, QMessageBox::Ok, m_window);
        box->setObjectName(QStringLiteral("compareError"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
    window->installEventFilter(this);
    retranslate();
}

void DiffTools::chooseOther()
{
    const auto snap = m_session->snapshot();
    const QString dir = m_session->request().visPath.isEmpty() ? QFileInfo(m_session->request().compareJson).path()
                                                               : QFileInfo(m_session->request().visPath).path();
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Compare with another comparison (before)"), dir,
        tr("Comparisons (*.vis *.vis.gz *.vis.db *.db *.json);;All files (*)"));
    if (path.isEmpty() || !snap)
        return;
    Q_EMIT statusMessage(tr("Comparing with %1…").arg(QFileInfo(path).fileName()), 4000);
    m_session->analysis()->compareWith(path);
}

void DiffTools::updateActions()
{
    const auto snap = m_session->snapshot();
    m_compare->setEnabled(snap && snap->comparison && snap->comparison->isCompare);
    const auto changes = m_session->analysis()->changes();
    m_stop->setEnabled(changes != nullptr);
    m_stop->setText(
        changes ? tr("Stop comparing with %1").arg(QFileInfo(changes->beforeLabel).fileName()) : tr("Stop comparing"));
}

void DiffTools::retranslate()
{
    m_compare->setText(tr("Compare with another comparison…"));
    m_compare->setToolTip(tr("Colour the trees by what changed since another comparison of the same model (a "
                             ".vis, .vis.db or compare.json): worse, better, same, appeared"));
    updateActions();
}

bool DiffTools::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_window && event->type() == QEvent::LanguageChange)
        retranslate();
    return QObject::eventFilter(watched, event);
}

} // namespace psui
