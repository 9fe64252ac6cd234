#include "widgets/centralview.h"

#include <QAction>
#include <QActionGroup>
#include <QEvent>

namespace psui {

namespace {
// A layout of this class, version 1: "PSCV1 <mode> <the splitter's state in base64>" (text, for QSettings).
constexpr char kLayoutMagic[] = "PSCV1";
} // namespace

CentralView::CentralView(QWidget* trees, QWidget* parent)
    : QSplitter(Qt::Vertical, parent)
    , m_trees(trees)
    , m_group(new QActionGroup(this))
{
    setObjectName(QStringLiteral("centralView"));
    setChildrenCollapsible(false);
    addWidget(trees);
    const char* names[] = { "centralTrees", "centralGraph", "centralBoth" };
    for (size_t i = 0; i < m_actions.size(); ++i) {
        auto* action = new QAction(this);
        action->setObjectName(QLatin1String(names[i]));
        action->setCheckable(true);
        action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + int(i))));
        m_group->addAction(action);
        m_actions[i] = action;
        connect(action, &QAction::triggered, this, [this, i]() { setMode(Mode(i)); });
    }
    m_actions[0]->setChecked(true);
    retranslate();
}

void CentralView::setGraph(QWidget* graph)
{
    m_graph = graph;
    addWidget(graph);
    setStretchFactor(0, 1);
    setStretchFactor(1, 1);
    graph->setVisible(m_mode != Mode::Trees);
}

void CentralView::setMode(Mode mode)
{
    const bool changed = mode != m_mode;
    m_mode = mode;
    m_trees->setVisible(mode != Mode::Graph);
    if (m_graph)
        m_graph->setVisible(mode != Mode::Trees);
    if (mode == Mode::Both && m_graph && (sizes().value(0) == 0 || sizes().value(1) == 0)) {
        const int half = (orientation() == Qt::Vertical ? height() : width()) / 2;
        setSizes({ half, half });
    }
    m_actions[size_t(mode)]->setChecked(true);
    if (changed)
        Q_EMIT modeChanged(mode);
}

QList<QAction*> CentralView::modeActions() const
{
    return { m_actions.begin(), m_actions.end() };
}

QByteArray CentralView::saveLayout() const
{
    return QByteArray(kLayoutMagic) + ' ' + QByteArray::number(int(m_mode)) + ' ' + saveState().toBase64();
}

void CentralView::restoreLayout(const QByteArray& layout)
{
    const QList<QByteArray> parts = layout.split(' ');
    bool isNumber = false;
    const int mode = parts.size() == 3 ? parts[1].toInt(&isNumber) : -1;
    if (parts.size() != 3 || parts[0] != kLayoutMagic || !isNumber || mode < 0 || mode > 2)
        return; // another version's layout, or none: the defaults stay
    restoreState(QByteArray::fromBase64(parts[2]));
    setMode(Mode(mode));
}

void CentralView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QSplitter::changeEvent(event);
}

void CentralView::retranslate()
{
    m_actions[0]->setText(tr("&Trees"));
    m_actions[0]->setToolTip(tr("Show the NPU and bench trees (Ctrl+1)"));
    m_actions[1]->setText(tr("&Graph"));
    m_actions[1]->setToolTip(tr("Show the nested-box graph, as tb_graph_ascend draws it (Ctrl+2)"));
    m_actions[2]->setText(tr("Trees &and graph"));
    m_actions[2]->setToolTip(tr("Show the trees above the graph (Ctrl+3)"));
}

} // namespace psui
