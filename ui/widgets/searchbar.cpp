#include "widgets/searchbar.h"

#include "models/hitlistmodel.h"
#include "session/sessioncontroller.h"
#include "widgets/hitnavigator.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QTimer>

#include <utility>

namespace psui {

SearchBar::SearchBar(SessionController* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_edit(new QLineEdit(this))
    , m_sides(new QComboBox(this))
    , m_regex(new QCheckBox(this))
    , m_onlyHits(new QCheckBox(this))
    , m_debounce(new QTimer(this))
    , m_hits(new HitListModel(this))
    , m_navigator(new HitNavigator(m_hits, this))
{
    m_edit->setObjectName(QStringLiteral("searchEdit"));
    m_onlyHits->setObjectName(QStringLiteral("searchOnlyHits"));
    m_edit->setClearButtonEnabled(true);
    m_sides->addItems({ QString(), QString(), QString() });
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(300);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->addWidget(m_edit, 2);
    layout->addWidget(m_sides);
    layout->addWidget(m_regex);
    layout->addWidget(m_navigator, 2);
    layout->addWidget(m_onlyHits);

    connect(m_edit, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_edit, &QLineEdit::returnPressed, this, [this]() {
        if (m_debounce->isActive())
            startSearch(); // Enter searches at once
        else
            m_navigator->next();
    });
    m_edit->installEventFilter(this);
    connect(m_sides, &QComboBox::currentIndexChanged, this, &SearchBar::startSearch);
    connect(m_regex, &QCheckBox::toggled, this, &SearchBar::startSearch);
    connect(m_debounce, &QTimer::timeout, this, &SearchBar::startSearch);
    connect(m_onlyHits, &QCheckBox::toggled, this, &SearchBar::showOnlyHitsChanged);
    connect(m_session, &SessionController::searchFinished, this, &SearchBar::onFinished);
    connect(m_session, &SessionController::microStepChanged, this, &SearchBar::startSearch);
    connect(m_navigator, &HitNavigator::jumpRequested, this, &SearchBar::jumpRequested);
    retranslate();
}

void SearchBar::retranslate()
{
    m_edit->setPlaceholderText(tr("Search node names (Ctrl+F)"));
    m_sides->setItemText(0, tr("Both sides"));
    m_sides->setItemText(1, tr("NPU"));
    m_sides->setItemText(2, tr("Bench"));
    m_regex->setText(tr("Regex"));
    m_regex->setToolTip(tr("Treat the text as a regular expression"));
    m_onlyHits->setText(tr("Only matches"));
    m_onlyHits->setToolTip(tr("Show only the matching nodes and their parents in the trees"));
    m_navigator->retranslate();
}

bool SearchBar::eventFilter(QObject* watched, QEvent* event)
{
    // In the search field ↓ / F3 step to the next match and ↑ / Shift+F3 back (F3 elsewhere: next suspicious).
    const bool override = event->type() == QEvent::ShortcutOverride;
    if (watched != m_edit || (event->type() != QEvent::KeyPress && !override))
        return QWidget::eventFilter(watched, event);
    const auto* key = static_cast<QKeyEvent*>(event);
    const bool shift = key->modifiers() & Qt::ShiftModifier;
    int direction = 0;
    if (key->key() == Qt::Key_F3)
        direction = shift ? -1 : 1;
    else if (key->key() == Qt::Key_Down && !override)
        direction = 1;
    else if (key->key() == Qt::Key_Up && !override)
        direction = -1;
    if (direction == 0)
        return QWidget::eventFilter(watched, event);
    if (override) {
        event->accept(); // the field takes F3: its KeyPress follows
        return true;
    }
    if (m_debounce->isActive())
        startSearch(); // the query typed so far first: its result goes to the first match
    else if (direction > 0)
        m_navigator->next();
    else
        m_navigator->previous();
    return true;
}

bool SearchBar::showOnlyHits() const
{
    return m_onlyHits->isChecked();
}

void SearchBar::setShowOnlyHits(bool on)
{
    m_onlyHits->setChecked(on);
}

void SearchBar::focusSearch()
{
    m_edit->setFocus();
    m_edit->selectAll();
}

void SearchBar::clear()
{
    m_edit->blockSignals(true);
    m_edit->clear();
    m_edit->blockSignals(false);
    m_debounce->stop();
    m_hits->clear();
}

QString SearchBar::text() const
{
    return m_edit->text();
}

bool SearchBar::isRegex() const
{
    return m_regex->isChecked();
}

void SearchBar::setQuery(const QString& text, bool regex)
{
    const QSignalBlocker blockEdit(m_edit), blockRegex(m_regex);
    m_edit->setText(text);
    m_regex->setChecked(regex);
    if (!text.isEmpty()) {
        m_keepSelection = true;
        startSearch();
    }
}

void SearchBar::startSearch()
{
    m_debounce->stop();
    SearchQuery q;
    q.text = m_edit->text();
    q.regex = m_regex->isChecked();
    const int sides = m_sides->currentIndex() == 0 ? 3 : (m_sides->currentIndex() == 1 ? 1 : 2);
    m_session->search(sides, q);
}

void SearchBar::onFinished(const QueryResult& result)
{
    m_hits->setHits(m_session->snapshot(), result.sides[0], result.sides[1]);
    if (!result.error().isEmpty())
        m_navigator->setMessage(tr("Invalid expression"));
    Q_EMIT resultChanged(result);
    // A refined query goes to (or stays on) its first match in execution order; only Enter, F3 or ↓ move on.
    const bool keepSelection = std::exchange(m_keepSelection, false);
    if (m_hits->rowCount() > 0 && !m_edit->text().isEmpty() && !keepSelection)
        m_navigator->first();
}

} // namespace psui
