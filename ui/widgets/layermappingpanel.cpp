#include "widgets/layermappingpanel.h"

#include "session/errortext.h"
#include "session/sessioncontroller.h"
#include "util/error.h"
#include "widgets/layermappingmodel.h"

#include <QAction>
#include <QCompleter>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QStringListModel>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

namespace psui {

namespace {

QStringList toList(const std::set<std::string>& names)
{
    QStringList out;
    for (const std::string& n : names)
        out << QString::fromStdString(n);
    return out;
}

// Line edits with a completer over the column's names: classes of the NPU graph, then the module-name
// segments still unmatched on the NPU and Bench side (what a rule is most likely missing).
class CompletingDelegate : public QStyledItemDelegate {
public:
    explicit CompletingDelegate(const LayerMappingPanel* panel)
        : QStyledItemDelegate(const_cast<LayerMappingPanel*>(panel))
        , m_panel(panel)
    {
    }
    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex& index) const override
    {
        auto* edit = new QLineEdit(parent);
        auto* completer = new QCompleter(m_panel->completions(index.column()), edit);
        completer->setCaseSensitivity(Qt::CaseInsensitive);
        completer->setFilterMode(Qt::MatchContains);
        edit->setCompleter(completer);
        // Checked as the user types; the row checks (duplicates too) follow when the edit is committed.
        const int column = index.column();
        const QStringList classes = m_panel->completions(0);
        QObject::connect(edit, &QLineEdit::textChanged, edit, [edit, column, classes](const QString& text) {
            QString problem;
            if (column == 0 && !classes.isEmpty() && !classes.contains(text) && text != QLatin1String("Cell"))
                problem = LayerMappingPanel::tr("Not a module class of the NPU graph (nor TopLayer)");
            else if (column > 0)
                problem = QString::fromStdString(ps::layerMappingPathProblem(text.toStdString()));
            edit->setToolTip(problem);
            edit->setStyleSheet(problem.isEmpty() ? QString() : QStringLiteral("border: 1px solid #b00020;"));
        });
        return edit;
    }

private:
    const LayerMappingPanel* m_panel;
};

} // namespace

LayerMappingPanel::LayerMappingPanel(SessionController* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new LayerMappingModel(this))
    , m_table(new QTableView(this))
    , m_message(new QLabel(this))
    , m_load(new QToolButton(this))
    , m_new(new QToolButton(this))
    , m_add(new QToolButton(this))
    , m_remove(new QToolButton(this))
    , m_undo(new QToolButton(this))
    , m_redo(new QToolButton(this))
    , m_apply(new QToolButton(this))
    , m_save(new QToolButton(this))
    , m_saveAs(new QToolButton(this))
{
    auto* buttons = new QHBoxLayout;
    for (QToolButton* b : { m_load, m_new, m_add, m_remove, m_undo, m_redo, m_apply, m_save, m_saveAs })
        buttons->addWidget(b);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_message);
    m_message->setWordWrap(true);
    m_message->setObjectName(QStringLiteral("layerMappingMessage"));
    m_table->setModel(m_model);
    m_table->setItemDelegate(new CompletingDelegate(this));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);

    connect(m_load, &QToolButton::clicked, this, &LayerMappingPanel::chooseFileToLoad);
    connect(m_new, &QToolButton::clicked, this, &LayerMappingPanel::startEmpty);
    connect(m_add, &QToolButton::clicked, this, &LayerMappingPanel::addRule);
    connect(m_remove, &QToolButton::clicked, this, &LayerMappingPanel::removeSelectedRule);
    connect(m_undo, &QToolButton::clicked, m_model->undoStack(), &QUndoStack::undo);
    connect(m_redo, &QToolButton::clicked, m_model->undoStack(), &QUndoStack::redo);
    // Ctrl+Z / Ctrl+Shift+Z while the focus is anywhere in the dock (the table, a cell being edited, a button).
    // (Redo's platform key differs between themes, so both usual ones are bound.)
    const QList<QKeySequence> undoKeys { QKeySequence(QStringLiteral("Ctrl+Z")) };
    const QList<QKeySequence> redoKeys { QKeySequence(QStringLiteral("Ctrl+Shift+Z")),
        QKeySequence(QStringLiteral("Ctrl+Y")) };
    for (auto [keys, slot] : { std::pair { undoKeys, &QUndoStack::undo }, std::pair { redoKeys, &QUndoStack::redo } }) {
        auto* action = new QAction(this);
        action->setShortcuts(keys);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(action, &QAction::triggered, m_model->undoStack(), slot);
        addAction(action);
    }
    connect(m_model->undoStack(), &QUndoStack::canUndoChanged, m_undo, &QWidget::setEnabled);
    connect(m_model->undoStack(), &QUndoStack::canRedoChanged, m_redo, &QWidget::setEnabled);
    connect(m_apply, &QToolButton::clicked, this, &LayerMappingPanel::apply);
    connect(m_save, &QToolButton::clicked, this, &LayerMappingPanel::save);
    connect(m_saveAs, &QToolButton::clicked, this, &LayerMappingPanel::saveAs);
    connect(m_model, &LayerMappingModel::issuesChanged, this, &LayerMappingPanel::onIssuesChanged);
    connect(m_session, &SessionController::sessionChanged, this, &LayerMappingPanel::onSessionChanged);
    connect(m_session, &SessionController::loadFailed, this, [this](const QString& message) {
        if (m_matchedBefore < 0)
            return;
        m_matchedBefore = -1;
        setMessage(tr("The comparison with these rules failed: %1").arg(message), true);
    });
    connect(m_session, &SessionController::busyChanged, this, [this](Channel channel, bool busy, const QString& why) {
        if (channel != Channel::Load || busy || why.isEmpty() || m_matchedBefore < 0)
            return; // still running, or finished normally (sessionChanged reports it)
        m_matchedBefore = -1;
        setMessage(tr("Apply stopped: %1").arg(why), true);
    });
    m_undo->setEnabled(false);
    m_redo->setEnabled(false);
    retranslate();
    refreshVocabulary();
}

QStringList LayerMappingPanel::completions(int column) const
{
    return m_completions[size_t(std::clamp(column, 0, 2))];
}

void LayerMappingPanel::refreshVocabulary()
{
    const auto snapshot = m_session->snapshot();
    if (!snapshot || !snapshot->comparison || !snapshot->hasSide(Side::Bench)) {
        m_completions = {};
        m_model->setKnownClasses({});
        return;
    }
    ps::LayerMappingVocabulary v = ps::layerMappingVocabulary(*snapshot->comparison);
    m_completions = { toList(v.npuClasses), toList(v.npuSegments), toList(v.benchSegments) };
    m_model->setKnownClasses(std::move(v.npuClasses));
}

void LayerMappingPanel::onSessionChanged()
{
    refreshVocabulary();
    if (m_matchedBefore < 0)
        return;
    const auto snapshot = m_session->snapshot();
    const int after = snapshot && snapshot->comparison ? int(ps::matchedNodeCount(*snapshot->comparison)) : 0;
    const int before = m_matchedBefore;
    m_matchedBefore = -1;
    setMessage(tr("%1 nodes matched before → %2 after").arg(before).arg(after), false);
    Q_EMIT applied(before, after);
}

void LayerMappingPanel::onIssuesChanged()
{
    const auto& issues = m_model->issues();
    m_apply->setEnabled(issues.empty());
    if (issues.empty()) {
        if (m_message->property("problem").toBool())
            setMessage({}, false);
        return;
    }
    const ps::LayerMappingRowIssue& first = issues.front();
    setMessage(tr("%n problem(s); Apply is blocked. Row %1: %2", nullptr, int(issues.size()))
                   .arg(first.row + 1)
                   .arg(QString::fromStdString(first.text)),
        true);
}

bool LayerMappingPanel::loadFile(const QString& path)
{
    try {
        m_model->resetRows(ps::layerMappingRows(ps::LayerMappingRules::load(path.toStdString())));
    } catch (const std::exception& e) {
        setMessage(tr("Cannot load the mapping: %1").arg(ErrorText::of(e)), true);
        return false;
    }
    m_path = path;
    if (m_model->issues().empty())
        setMessage(tr("Loaded %n rule(s) from %1", nullptr, m_model->rowCount()).arg(path), false);
    return true;
}

void LayerMappingPanel::startEmpty()
{
    m_path.clear();
    m_model->resetRows({});
    setMessage(tr("A new, empty mapping: add rules, then Apply."), false);
}

bool LayerMappingPanel::apply()
{
    if (!m_model->issues().empty()) {
        onIssuesChanged(); // repeats why
        return false;
    }
    const auto snapshot = m_session->snapshot();
    if (!snapshot || !snapshot->comparison) {
        setMessage(tr("Open a comparison first."), true);
        return false;
    }
    // The rules go to the engine as data; an empty rule set means "no mapping".
    std::shared_ptr<const ps::LayerMappingRules> rules;
    if (m_model->rowCount() > 0)
        rules = std::make_shared<const ps::LayerMappingRules>(ps::layerMappingRulesFromRows(m_model->rows()));
    const int before = int(ps::matchedNodeCount(*snapshot->comparison));
    if (!m_session->rerunWithLayerMapping(std::move(rules))) {
        setMessage(tr("This session cannot be compared again (a graph file or a build)."), true);
        return false;
    }
    m_matchedBefore = before;
    setMessage(tr("Comparing again with %n rule(s)…", nullptr, m_model->rowCount()), false);
    return true;
}

bool LayerMappingPanel::saveTo(const QString& path)
{
    try {
        ps::layerMappingRulesFromRows(m_model->rows()).save(path.toStdString());
    } catch (const std::exception& e) {
        setMessage(tr("Cannot save the mapping: %1").arg(ErrorText::of(e)), true);
        return false;
    }
    m_path = path;
    m_model->undoStack()->setClean();
    setMessage(tr("Saved to %1").arg(path), false);
    return true;
}

void LayerMappingPanel::chooseFileToLoad()
{
    const QString path
        = QFileDialog::getOpenFileName(this, tr("Load layer mapping"), m_path, tr("Layer mapping (*.yaml *.yml)"));
    if (!path.isEmpty())
        loadFile(path);
}

void LayerMappingPanel::save()
{
    if (m_path.isEmpty())
        saveAs();
    else
        saveTo(m_path);
}

void LayerMappingPanel::saveAs()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save layer mapping"), m_path, tr("Layer mapping (*.yaml)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QLatin1String(".yaml")))
        path += QLatin1String(".yaml"); // msprobe's loader only takes .yaml
    saveTo(path);
}

void LayerMappingPanel::addRule()
{
    const QModelIndex current = m_table->currentIndex();
    const int row = current.isValid() ? current.row() + 1 : m_model->rowCount();
    // A new rule starts in the class of the selected one: rules of one class are usually added together.
    ps::LayerMappingRow rule;
    rule.className = current.isValid() ? m_model->rows()[size_t(current.row())].className : "TopLayer";
    m_model->insertRule(row, rule);
    m_table->setCurrentIndex(m_model->index(row, 1));
    m_table->edit(m_model->index(row, 1));
}

void LayerMappingPanel::removeSelectedRule()
{
    const QModelIndex current = m_table->currentIndex();
    if (current.isValid())
        m_model->removeRule(current.row());
}

void LayerMappingPanel::setMessage(const QString& text, bool problem)
{
    m_message->setText(text);
    m_message->setProperty("problem", problem);
    m_message->setStyleSheet(problem ? QStringLiteral("color: #b00020;") : QString());
}

void LayerMappingPanel::retranslate()
{
    m_load->setText(tr("Load…"));
    m_new->setText(tr("New"));
    m_add->setText(tr("Add rule"));
    m_remove->setText(tr("Remove"));
    m_undo->setText(tr("Undo"));
    m_redo->setText(tr("Redo"));
    m_apply->setText(tr("Apply"));
    m_save->setText(tr("Save"));
    m_saveAs->setText(tr("Save As…"));
    m_apply->setToolTip(tr("Compare again with these rules"));
}

void LayerMappingPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace psui
