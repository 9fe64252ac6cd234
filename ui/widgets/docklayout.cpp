#include "widgets/docklayout.h"

#include <QAction>
#include <QDockWidget>
#include <QEvent>
#include <QLayout>
#include <QMainWindow>
#include <QTimer>

#include <algorithm>

namespace psui {

namespace {

bool isSideArea(Qt::DockWidgetArea area)
{
    return area == Qt::LeftDockWidgetArea || area == Qt::RightDockWidgetArea;
}

// Open beside the content: a tab behind another counts (its view action is checked), a floating dock does not.
bool isOpenBeside(const QMainWindow* window, QDockWidget* dock)
{
    return dock->toggleViewAction()->isChecked() && !dock->isFloating() && isSideArea(window->dockWidgetArea(dock));
}

} // namespace

DockLayout::DockLayout(QMainWindow* window, QWidget* content, std::function<int()> readableWidth,
    std::vector<QDockWidget*> sideDocks, std::vector<QDockWidget*> bandDocks)
    : QObject(window)
    , m_window(window)
    , m_content(content)
    , m_readableWidth(std::move(readableWidth))
    , m_sideDocks(std::move(sideDocks))
    , m_bandDocks(std::move(bandDocks))
{
    // At once, before the layout sizes the window: two band docks one above the other would raise its minimum
    // height beyond a laptop screen's.
    for (QDockWidget* dock : m_bandDocks)
        connect(dock, &QDockWidget::visibilityChanged, this, [this, dock](bool visible) {
            QDockWidget* anchor = m_bandDocks.front();
            // Shown while the anchor is too: not one of its tabs (a tab shows alone).
            if (!visible || dock == anchor || dock->isFloating() || !anchor->isVisible()
                || m_window->dockWidgetArea(dock) != m_window->dockWidgetArea(anchor))
                return;
            m_window->tabifyDockWidget(anchor, dock);
            dock->raise();
        });
    for (QDockWidget* dock : m_sideDocks)
        connect(dock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
            if (visible)
                fitLater();
        });
    window->installEventFilter(this);
}

bool DockLayout::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_window && (event->type() == QEvent::Resize || event->type() == QEvent::Show))
        fitLater();
    return QObject::eventFilter(watched, event);
}

void DockLayout::fitLater()
{
    if (m_pending)
        return;
    m_pending = true;
    // Twice queued: after the layout placed a dock just shown and after the docks' own readable-size fix.
    QTimer::singleShot(0, this, [this]() {
        QTimer::singleShot(0, this, [this]() {
            m_pending = false;
            fit();
        });
    });
}

bool DockLayout::fit()
{
    const int readable = m_readableWidth();
    if (readable <= 0 || !m_content->isVisible() || m_content->width() >= readable) {
        m_actions = 0;
        return true;
    }
    // One step, then a look at the layout it gave: tabs and dock sizes settle only in the next layout pass.
    if (m_actions++ > 2 * int(m_sideDocks.size()))
        return false; // nothing more to give: the window is narrower than the trees need
    if (!tabifyOne())
        narrowSideDocks(readable - m_content->width());
    fitLater();
    return false;
}

bool DockLayout::tabifyOne()
{
    // The docks join the last open one of the list (the legend when it is open), one at a time, in list order.
    QDockWidget* target = nullptr;
    for (QDockWidget* dock : m_sideDocks)
        if (isOpenBeside(m_window, dock))
            target = dock;
    if (!target)
        return false;
    const QList<QDockWidget*> tabs = m_window->tabifiedDockWidgets(target);
    for (QDockWidget* dock : m_sideDocks)
        if (dock != target && isOpenBeside(m_window, dock) && !tabs.contains(dock)) {
            const bool front = dock->isVisible();
            m_window->tabifyDockWidget(target, dock);
            if (front)
                dock->raise(); // the dock the user sees (e.g. just opened) stays in front
            return true;
        }
    return false;
}

void DockLayout::narrowSideDocks(int missing)
{
    QList<QDockWidget*> docks;
    QList<int> widths;
    for (QDockWidget* dock : m_sideDocks)
        if (dock->isVisible() && isOpenBeside(m_window, dock)) {
            docks << dock;
            widths << dock->width();
        }
    if (docks.isEmpty())
        return;
    const int share = (missing + int(docks.size()) - 1) / int(docks.size());
    for (qsizetype i = 0; i < docks.size(); ++i)
        widths[i] = std::max(docks[i]->minimumSizeHint().width(), widths[i] - share);
    m_window->resizeDocks(docks, widths, Qt::Horizontal);
}

} // namespace psui
