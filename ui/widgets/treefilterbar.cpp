#include "widgets/treefilterbar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace psui {

TreeFilterBar::TreeFilterBar(QWidget* parent)
    : QFrame(parent)
    , m_text(new QLabel(this))
    , m_showAll(new QPushButton(this))
{
    setObjectName(QStringLiteral("treeFilterBar"));
    m_showAll->setObjectName(QStringLiteral("showAllNodes"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    QPalette pal = palette();
    pal.setColor(QPalette::Window, pal.color(QPalette::ToolTipBase)); // stands out as a notice, in any theme
    pal.setColor(QPalette::WindowText, pal.color(QPalette::ToolTipText));
    setPalette(pal);
    m_text->setWordWrap(true);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 2, 6, 2);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_showAll);
    connect(m_showAll, &QPushButton::clicked, this, [this]() { Q_EMIT showAllRequested(m_restriction); });
    retranslate();
    hide();
}

void TreeFilterBar::showRestriction(ViewState::Restriction restriction)
{
    m_restriction = restriction;
    retranslate();
    setVisible(restriction != ViewState::Restriction::None);
}

void TreeFilterBar::retranslate()
{
    m_showAll->setText(tr("Show all nodes"));
    switch (m_restriction) {
    case ViewState::Restriction::Search:
        m_text->setText(tr("The trees show only the search's matches and their parents (Only matches)."));
        break;
    case ViewState::Restriction::Filter:
        m_text->setText(
            tr("The trees show only the nodes ticked in the legend and their parents (Show only these nodes)."));
        break;
    case ViewState::Restriction::None:
        m_text->clear();
        break;
    }
}

} // namespace psui
