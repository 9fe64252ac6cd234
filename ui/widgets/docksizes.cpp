#include "widgets/docksizes.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QPointer>
#include <QScrollArea>
#include <QTimer>

#include <algorithm>

namespace psui {

namespace {

constexpr int kMinHeight = 300; // a band dock thinner than this is a sliver
constexpr int kMinWidth = 360;
constexpr int kMinLength = 600;

void resizeIfThin(QMainWindow* window, QDockWidget* dock)
{
    if (!dock->isVisible() || dock->isFloating())
        return;
    const Qt::DockWidgetArea area = window->dockWidgetArea(dock);
    const bool horizontalBand = area == Qt::BottomDockWidgetArea || area == Qt::TopDockWidgetArea;
    // Thickness across the band, and length along it (a band may hold several docks side by side).
    const int across = horizontalBand ? dock->height() : dock->width();
    const int along = horizontalBand ? dock->width() : dock->height();
    const int windowAcross = horizontalBand ? window->height() : window->width();
    const int windowAlong = horizontalBand ? window->width() : window->height();
    const int minAcross = horizontalBand ? kMinHeight : kMinWidth;
    const Qt::Orientation acrossOrientation = horizontalBand ? Qt::Vertical : Qt::Horizontal;
    const Qt::Orientation alongOrientation = horizontalBand ? Qt::Horizontal : Qt::Vertical;
    if (across < minAcross)
        window->resizeDocks({ dock },
            { std::max(minAcross, windowAcross * (horizontalBand ? 2 : 3) / (horizontalBand ? 5 : 10)) },
            acrossOrientation);
    if (along < std::min(kMinLength, windowAlong / 2))
        window->resizeDocks({ dock }, { windowAlong / 2 }, alongOrientation);
}

} // namespace

QScrollArea* scrolledPanel(QWidget* panel, QWidget* parent)
{
    auto* scroll = new QScrollArea(parent);
    scroll->setWidget(panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    return scroll;
}

void keepDockReadable(QMainWindow* window, QDockWidget* dock)
{
    QObject::connect(
        dock, &QDockWidget::visibilityChanged, window, [window, dock = QPointer<QDockWidget>(dock)](bool visible) {
            if (!visible || !dock)
                return;
            // After the layout placed the dock: its size is known then.
            QTimer::singleShot(0, window, [window, dock]() {
                if (dock)
                    resizeIfThin(window, dock);
            });
        });
}

} // namespace psui
