// The main window's colour ranges: the dialog, applying its ranges and remembering them per opened entry.
#include "widgets/mainwindow.h"

#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "widgets/colorrangesdialog.h"
#include "widgets/legendpanel.h"

namespace psui {

void MainWindow::editColorRanges()
{
    const auto snap = m_session->snapshot();
    if (!snap || !snap->comparison || !snap->comparison->isCompare)
        return;
    ColorRangesDialog dialog(snap->comparison->mode, m_session->colorRanges(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (const QString why = applyColorRanges(dialog.ranges()); !why.isEmpty())
        showError(tr("Colour ranges"), why);
}

QString MainWindow::applyColorRanges(const std::vector<ps::ColorBin>& ranges)
{
    const QString why = m_session->setColorRanges(ranges);
    if (!why.isEmpty())
        return why;
    m_settings->setColorRanges(m_session->request().recentEntry(), ranges);
    m_legend->resetSession();
    showSessionStatus();
    return {};
}

// A comparison opened again shows the ranges chosen for it last time.
void MainWindow::restoreColorRanges()
{
    const auto snap = m_session->snapshot();
    if (!snap || !snap->comparison || !snap->comparison->isCompare || snap->comparison->mode == ps::CompareMode::Md5)
        return;
    const std::vector<ps::ColorBin> saved = m_settings->colorRanges(m_session->request().recentEntry());
    if (!saved.empty() && m_session->setColorRanges(saved).isEmpty()) {
        m_legend->resetSession();
        showSessionStatus();
    }
}

} // namespace psui
