// The main window's colours: the colour-ranges dialog and the metric the nodes are coloured by, applied and
// remembered per opened entry.
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
    QString why = m_session->setColorRanges(ranges);
    if (!why.isEmpty())
        return why;
    m_settings->setColorRanges(m_session->request().recentEntry(), ranges);
    m_legend->resetSession();
    showSessionStatus();
    return {};
}

QString MainWindow::applyColorMetric(ps::ColorMetric metric)
{
    QString why = m_session->setColorMetric(metric);
    if (why.isEmpty())
        m_settings->setColorMetric(m_session->request().recentEntry(), metric);
    return why; // the colours come with snapshotUpdated
}

// A comparison opened again shows the ranges and the metric chosen for it last time.
void MainWindow::restoreColorRanges()
{
    const auto snap = m_session->snapshot();
    if (!snap || !snap->comparison || !snap->comparison->isCompare)
        return;
    const QString entry = m_session->request().recentEntry();
    const std::vector<ps::ColorBin> saved = m_settings->colorRanges(entry);
    if (snap->comparison->mode != ps::CompareMode::Md5 && !saved.empty()
        && m_session->setColorRanges(saved).isEmpty()) {
        m_legend->resetSession();
        showSessionStatus();
    }
    if (const ps::ColorMetric metric = m_settings->colorMetric(entry); metric != ps::ColorMetric::Precision)
        m_session->setColorMetric(metric); // refused when the comparison has no such value: msprobe's colours stay
}

} // namespace psui
