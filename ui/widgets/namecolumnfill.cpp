#include "widgets/namecolumnfill.h"

#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QTreeView>

#include <algorithm>

namespace psui {

NameColumnFill::NameColumnFill(QTreeView* view, int column)
    : QObject(view)
    , m_view(view)
    , m_column(column)
{
    view->viewport()->installEventFilter(this);
    // Another column resized, shown or hidden changes what is left; the name column dragged by the user keeps
    // the width given until the viewport's next resize.
    connect(view->header(), &QHeaderView::sectionResized, this, [this](int logical, int, int) {
        if (!m_fitting && logical != m_column)
            fit();
    });
}

bool NameColumnFill::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        fit();
    return QObject::eventFilter(watched, event);
}

int NameColumnFill::readableWidth(const QTreeView* view, int lastColumn)
{
    const QHeaderView* header = view->header();
    int width = kReadableNameWidth + view->verticalScrollBar()->sizeHint().width() + 2 * view->frameWidth();
    for (int c = 1; c <= lastColumn && c < header->count(); ++c) // after the name column (0)
        if (!header->isSectionHidden(c))
            width += header->sectionSize(c);
    return width;
}

void NameColumnFill::fit()
{
    QHeaderView* header = m_view->header();
    const int others = header->length() - header->sectionSize(m_column);
    const int width = std::max(kReadableNameWidth, m_view->viewport()->width() - others);
    if (width == header->sectionSize(m_column))
        return;
    m_fitting = true;
    header->resizeSection(m_column, width);
    m_fitting = false;
}

} // namespace psui
