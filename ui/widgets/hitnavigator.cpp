#include "widgets/hitnavigator.h"

#include "models/hitlistmodel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace psui {

HitNavigator::HitNavigator(HitListModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_count(new QLabel(this))
    , m_previous(new QToolButton(this))
    , m_next(new QToolButton(this))
{
    m_previous->setArrowType(Qt::UpArrow);
    m_next->setArrowType(Qt::DownArrow);
    m_count->setObjectName(QStringLiteral("hitCount"));

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_count, 1);
    layout->addWidget(m_previous);
    layout->addWidget(m_next);

    connect(m_previous, &QToolButton::clicked, this, &HitNavigator::previous);
    connect(m_next, &QToolButton::clicked, this, &HitNavigator::next);
    connect(model, &QAbstractItemModel::modelReset, this, [this]() {
        m_message.clear();
        m_current = -1; // a new result: nothing visited yet
        Q_EMIT currentRowChanged(m_current);
        updateCount();
    });
    retranslate();
}

void HitNavigator::retranslate()
{
    m_previous->setToolTip(tr("Previous"));
    m_next->setToolTip(tr("Next"));
    updateCount();
}

void HitNavigator::setMessage(const QString& message)
{
    m_message = message;
    updateCount();
}

void HitNavigator::updateCount()
{
    const int n = m_model->rowCount();
    // Once a match is visited, where it is among them ("3 of 16"), as a browser's find bar counts.
    if (!m_message.isEmpty())
        m_count->setText(m_message);
    else if (m_current >= 0 && m_current < n)
        m_count->setText(tr("%1 of %2").arg(m_current + 1).arg(n));
    else
        m_count->setText(tr("%n node(s)", nullptr, n));
    m_previous->setEnabled(n > 0);
    m_next->setEnabled(n > 0);
}

void HitNavigator::first()
{
    jumpTo(0);
}

void HitNavigator::next()
{
    step(1);
}

void HitNavigator::previous()
{
    step(-1);
}

void HitNavigator::step(int delta)
{
    const int n = m_model->rowCount();
    if (n == 0)
        return;
    const int row = m_current < 0 ? (delta > 0 ? 0 : n - 1) : (m_current + delta + n) % n;
    jumpTo(row);
}

void HitNavigator::jumpTo(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    m_current = row;
    updateCount();
    Q_EMIT currentRowChanged(row);
    const auto [side, node] = m_model->hit(row);
    Q_EMIT jumpRequested(side, node);
}

} // namespace psui
