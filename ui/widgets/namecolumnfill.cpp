#include "widgets/namecolumnfill.h"

#include <QEvent>
#include <QHeaderView>
#include <QTreeView>

#include <algorithm>

namespace psui {

NameColumnFill::NameColumnFill(QTreeView* view, int column)
    : QObject(view)
    , m_view(view)
    , m_column(column)
    , m_ownWidth(view->header()->sectionSize(column))
{
    view->viewport()->installEventFilter(this);
    // Another column resized, shown or hidden changes what is left; the name column dragged by the user sets its
    // own width.
    connect(view->header(), &QHeaderView::sectionResized, this, [this](int logical, int, int newSize) {
        if (m_fitting)
            return;
        if (logical == m_column)
            m_ownWidth = newSize;
        else
            fit();
    });
}

bool NameColumnFill::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        fit();
    return QObject::eventFilter(watched, event);
}

void NameColumnFill::fit()
{
    QHeaderView* header = m_view->header();
    const int others = header->length() - header->sectionSize(m_column);
    const int width = std::max(m_ownWidth, m_view->viewport()->width() - others);
    if (width == header->sectionSize(m_column))
        return;
    m_fitting = true;
    header->resizeSection(m_column, width);
    m_fitting = false;
}

} // namespace psui
