#include "widgets/collapsiblebox.h"

#include <QPlainTextEdit>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace psui {

namespace {
constexpr int kMinLines = 2; // the least a box keeps when the table needs the height
}

CollapsibleBox::CollapsibleBox(QWidget* body, QWidget* parent)
    : QWidget(parent)
    , m_title(new QToolButton(this))
    , m_body(body)
    , m_scroll(qobject_cast<QAbstractScrollArea*>(body))
{
    m_title->setCheckable(true);
    m_title->setChecked(true);
    m_title->setAutoRaise(true);
    m_title->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_title->setArrowType(Qt::DownArrow);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    if (!m_scroll) {
        auto* scroll = new QScrollArea(this);
        scroll->setWidget(body);
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        m_scroll = scroll;
    }
    m_scroll->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_title, 0, Qt::AlignLeft);
    layout->addWidget(m_scroll);
    connect(m_title, &QToolButton::toggled, this, [this](bool expanded) {
        m_title->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
        m_scroll->setVisible(expanded);
    });
}

void CollapsibleBox::setTitle(const QString& title)
{
    m_title->setText(title);
}

bool CollapsibleBox::isExpanded() const
{
    return m_title->isChecked();
}

void CollapsibleBox::setExpanded(bool expanded)
{
    m_title->setChecked(expanded);
}

void CollapsibleBox::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitBody();
}

void CollapsibleBox::fitBody()
{
    const int frame = 2 * m_scroll->frameWidth();
    const int lines = m_body->fontMetrics().lineSpacing();
    int height = 0;
    if (const auto* text = qobject_cast<const QPlainTextEdit*>(m_body))
        height = int(text->document()->blockCount()) * lines + 2 * int(text->document()->documentMargin());
    else if (m_body->hasHeightForWidth())
        height = m_body->heightForWidth(std::max(1, width() - frame));
    else
        height = m_body->sizeHint().height();
    const int most = height + frame;
    const int least = std::min(most, kMinLines * lines + frame + 4);
    if (m_scroll->maximumHeight() != most || m_scroll->minimumHeight() != least) {
        m_scroll->setMaximumHeight(most);
        m_scroll->setMinimumHeight(least);
    }
}

} // namespace psui
