#include "widgets/analysistools.h"

#include "session/analysiscontroller.h"
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "session/viewstate.h"
#include "widgets/divergencepanel.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>

namespace psui {

namespace {
constexpr int kStatusMs = 8000;

// Window-modal but not blocking: no nested event loop while the session keeps working.
QMessageBox* showBox(QWidget* parent, QMessageBox::Icon icon, const QString& title, const QString& text)
{
    auto* box = new QMessageBox(icon, title, text, QMessageBox::Ok, parent);
    box->setObjectName(QStringLiteral("analysisMessage"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    return box;
}
} // namespace

AnalysisTools::AnalysisTools(ViewState* view, SessionController* session, QWidget* window)
    : QObject(window)
    , m_view(view)
    , m_session(session)
    , m_window(window)
    , m_match(new QAction(window))
    , m_unmatch(new QAction(window))
    , m_withChildren(new QAction(window))
    , m_loadConfig(new QAction(window))
    , m_saveConfig(new QAction(window))
    , m_dock(new QDockWidget(window))
    , m_panel(new DivergencePanel(session, m_dock))
{
    m_match->setShortcut(QKeySequence(QStringLiteral("Ctrl+M")));
    m_unmatch->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+M")));
    m_withChildren->setCheckable(true);
    m_withChildren->setChecked(true); // tb_graph_ascend's default
    for (QAction* a : { m_match, m_unmatch })
        window->addAction(a); // shortcuts work wherever the focus is
    connect(m_match, &QAction::triggered, this, &AnalysisTools::matchPicked);
    connect(m_unmatch, &QAction::triggered, this, &AnalysisTools::unmatchCurrent);
    connect(m_loadConfig, &QAction::triggered, this, &AnalysisTools::chooseConfigToLoad);
    connect(m_saveConfig, &QAction::triggered, this, &AnalysisTools::chooseConfigToSave);
    m_dock->setObjectName(QStringLiteral("divergenceDock"));
    m_dock->setWidget(m_panel);
    connect(m_panel, &DivergencePanel::jumpRequested, m_view, &ViewState::requestJump);

    connect(m_view, &ViewState::currentNodesChanged, this, &AnalysisTools::onCurrentNodes);
    connect(m_view, &ViewState::picksChanged, this, &AnalysisTools::onPicksChanged);
    connect(m_session, &SessionController::sessionChanged, this, [this]() {
        m_view->clearPicks();
        Q_EMIT statusMessage({}, 0); // picks of the previous session
        updateActions();
    });
    connect(m_session, &SessionController::snapshotUpdated, this, &AnalysisTools::onSnapshotUpdated);
    connect(m_session->analysis(), &AnalysisController::matchFinished, this, &AnalysisTools::onMatchFinished);
    connect(m_session->analysis(), &AnalysisController::matchConfigSaved, this,
        [this](const QString& path, const QString& error) {
            if (!error.isEmpty())
                showBox(m_window, QMessageBox::Critical, tr("Cannot save the match config"), error);
            else
                Q_EMIT statusMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), kStatusMs);
        });
    m_dock->installEventFilter(this);
    retranslate();
    updateActions();
}

QList<QAction*> AnalysisTools::fileActions() const
{
    return { m_loadConfig, m_saveConfig };
}

void AnalysisTools::onCurrentNodes(NodeId npu, NodeId bench)
{
    const Side side = m_view->activeSide();
    const NodeId node = side == Side::Npu ? npu : bench;
    const NodeId other = side == Side::Npu ? bench : npu;
    if (node != ps::kNoNode && other == ps::kNoNode)
        m_view->setPick(side, node); // an unmatched node: a candidate for "Match"
    updateActions();
}

void AnalysisTools::onSnapshotUpdated()
{
    const auto snap = m_session->snapshot();
    for (Side side : { Side::Npu, Side::Bench })
        if (m_view->pick(side) != ps::kNoNode && snap->counterpart(side, m_view->pick(side)) != ps::kNoNode)
            m_view->setPick(side, ps::kNoNode); // matched now
    // The current node may have a counterpart now (or lost it): select it so that both trees and the details
    // follow, as a click would.
    const Side active = m_view->activeSide();
    const NodeId current = m_view->currentNode(active);
    const NodeId counterpart = current == ps::kNoNode ? ps::kNoNode : snap->counterpart(active, current);
    if (counterpart != ps::kNoNode)
        m_view->requestJump(ps::opposite(active), counterpart);
    updateActions();
}

void AnalysisTools::onPicksChanged()
{
    updateActions();
    // The other tree drops its selection when an unmatched node is clicked: say what is picked.
    const NodeId npu = m_view->pick(Side::Npu);
    const NodeId bench = m_view->pick(Side::Bench);
    if (npu != ps::kNoNode || bench != ps::kNoNode)
        Q_EMIT statusMessage(tr("Picked for matching: NPU %1 ⇄ bench %2 (Ctrl+M matches them)")
                                 .arg(npu == ps::kNoNode ? tr("(none)") : nodeLabel(Side::Npu, npu),
                                     bench == ps::kNoNode ? tr("(none)") : nodeLabel(Side::Bench, bench)),
            kStatusMs);
}

QString AnalysisTools::nodeLabel(Side side, NodeId node) const
{
    const auto snap = m_session->snapshot();
    if (!snap || !snap->hasSide(side) || node >= snap->graph(side).size())
        return {};
    const QString name = QString::fromUtf8(snap->graph(side).nameOf(node));
    return name.size() > 60 ? QStringLiteral("…") + name.right(59) : name;
}

void AnalysisTools::updateActions()
{
    const QString refusal = m_session->analysis()->manualMatchRefusal();
    const auto snap = m_session->snapshot();
    const NodeId npu = m_view->pick(Side::Npu);
    const NodeId bench = m_view->pick(Side::Bench);
    m_match->setEnabled(refusal.isEmpty() && npu != ps::kNoNode && bench != ps::kNoNode);
    m_match->setToolTip(refusal.isEmpty() ? tr("Match the NPU node %1 with the bench node %2")
                                                .arg(nodeLabel(Side::Npu, npu), nodeLabel(Side::Bench, bench))
                                          : refusal);
    const Side active = m_view->activeSide();
    const NodeId current = m_view->currentNode(active);
    m_unmatch->setEnabled(
        refusal.isEmpty() && snap && current != ps::kNoNode && snap->counterpart(active, current) != ps::kNoNode);
    m_unmatch->setToolTip(refusal);
    m_loadConfig->setEnabled(refusal.isEmpty());
    m_saveConfig->setEnabled(snap && snap->hasSide(Side::Bench));
}

QMenu* AnalysisTools::contextMenu(Side side, NodeId node)
{
    auto* menu = new QMenu(m_window);
    menu->setObjectName(QStringLiteral("manualMatchMenu"));
    const auto snap = m_session->snapshot();
    if (!snap || !snap->hasSide(Side::Bench) || node == ps::kNoNode) {
        menu->addAction(tr("Manual matching needs a comparison"))->setEnabled(false);
        return menu;
    }
    const QString refusal = m_session->analysis()->manualMatchRefusal();
    const NodeId counterpart = snap->counterpart(side, node);
    if (counterpart != ps::kNoNode) {
        QAction* a = menu->addAction(tr("Unmatch from %1").arg(nodeLabel(ps::opposite(side), counterpart)));
        a->setShortcut(m_unmatch->shortcut());
        a->setEnabled(refusal.isEmpty());
        connect(a, &QAction::triggered, this, [this, side, node]() { unmatchNode(side, node); });
    } else {
        m_view->setPick(side, node);
        const Side otherSide = ps::opposite(side);
        const NodeId partner = m_view->pick(otherSide);
        QAction* a = menu->addAction(partner == ps::kNoNode
                ? (side == Side::Npu ? tr("Match with selected bench node (select an unmatched bench node first)")
                                     : tr("Match with selected NPU node (select an unmatched NPU node first)"))
                : (side == Side::Npu ? tr("Match with bench node %1") : tr("Match with NPU node %1"))
                      .arg(nodeLabel(otherSide, partner)));
        a->setShortcut(m_match->shortcut());
        a->setEnabled(refusal.isEmpty() && partner != ps::kNoNode);
        connect(a, &QAction::triggered, this, &AnalysisTools::matchPicked);
    }
    menu->addAction(m_withChildren);
    if (!refusal.isEmpty()) {
        menu->addSeparator();
        menu->addAction(refusal)->setEnabled(false);
    }
    return menu;
}

void AnalysisTools::matchPicked()
{
    const QString refusal = m_session->analysis()->manualMatchRefusal();
    if (!refusal.isEmpty()) {
        showBox(m_window, QMessageBox::Information, tr("Manual matching"), refusal);
        return;
    }
    const NodeId npu = m_view->pick(Side::Npu);
    const NodeId bench = m_view->pick(Side::Bench);
    if (npu == ps::kNoNode || bench == ps::kNoNode) {
        Q_EMIT statusMessage(
            tr("Select an unmatched NPU node and an unmatched bench node, then match them."), kStatusMs);
        return;
    }
    m_session->analysis()->matchNodes(npu, bench, m_withChildren->isChecked());
}

void AnalysisTools::unmatchCurrent()
{
    const Side side = m_view->activeSide();
    unmatchNode(side, m_view->currentNode(side));
}

void AnalysisTools::unmatchNode(Side side, NodeId node)
{
    const auto snap = m_session->snapshot();
    if (!snap || node == ps::kNoNode || snap->counterpart(side, node) == ps::kNoNode)
        return;
    const NodeId other = snap->counterpart(side, node);
    const NodeId npu = side == Side::Npu ? node : other;
    const NodeId bench = side == Side::Npu ? other : node;
    m_session->analysis()->unmatchNodes(npu, bench, m_withChildren->isChecked());
}

void AnalysisTools::onMatchFinished(const MatchOutcome& outcome)
{
    if (!outcome.error.isEmpty()) {
        showBox(m_window, QMessageBox::Warning, tr("Manual matching"), outcome.error);
        return;
    }
    Q_EMIT statusMessage(tr("%n pair(s) changed; precision recomputed.", nullptr, outcome.changed), kStatusMs);
    if (!outcome.failures.isEmpty()) {
        QMessageBox* box = showBox(m_window, QMessageBox::Warning, tr("Manual matching"),
            tr("%n pair(s) changed, %1 could not be:", nullptr, outcome.changed).arg(outcome.failures.size()));
        box->setDetailedText(outcome.failures.join(QLatin1Char('\n')));
        box->setInformativeText(outcome.failures.first());
    }
}

void AnalysisTools::loadMatchConfig(const QString& path)
{
    m_session->analysis()->loadMatchConfig(path);
}

void AnalysisTools::saveMatchConfig(const QString& path)
{
    m_session->analysis()->saveMatchConfig(path);
}

void AnalysisTools::chooseConfigToLoad()
{
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Load match config"), QString(), tr("Match config (*.vis.config);;All files (*)"));
    if (!path.isEmpty())
        loadMatchConfig(path);
}

void AnalysisTools::chooseConfigToSave()
{
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save match config"),
        QStringLiteral("manual_matches.vis.config"), tr("Match config (*.vis.config)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QLatin1String(".vis.config")))
        path += QStringLiteral(".vis.config");
    saveMatchConfig(path);
}

void AnalysisTools::retranslate()
{
    m_match->setText(tr("Match with selected bench node"));
    m_unmatch->setText(tr("Unmatch"));
    m_withChildren->setText(tr("Include children (by short name and type)"));
    m_loadConfig->setText(tr("Load match config…"));
    m_saveConfig->setText(tr("Save match config…"));
    m_dock->setWindowTitle(tr("First divergence"));
    updateActions();
}

bool AnalysisTools::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_dock && event->type() == QEvent::LanguageChange)
        retranslate();
    return QObject::eventFilter(watched, event);
}

} // namespace psui
