#include "widgets/noteactions.h"

#include "models/nodenotes.h"
#include "session/sessioncontroller.h"
#include "session/usersession.h"
#include "widgets/notedialog.h"

#include <QAction>
#include <QMenu>

namespace psui {

NoteActions::NoteActions(SessionController* session, QWidget* dialogParent)
    : QObject(dialogParent)
    , m_session(session)
    , m_dialogParent(dialogParent)
{
}

QString NoteActions::nodeName(Side side, NodeId node) const
{
    const auto snap = m_session->snapshot();
    if (!snap || !snap->hasSide(side) || node >= snap->graph(side).size())
        return {};
    return QString::fromUtf8(snap->graph(side).nameOf(node));
}

void NoteActions::addActions(QMenu* menu, Side side, NodeId node)
{
    if (nodeName(side, node).isEmpty())
        return;
    menu->addSeparator();
    QAction* note = menu->addAction(tr("Note…"));
    note->setObjectName(QStringLiteral("editNote"));
    connect(note, &QAction::triggered, this, [this, side, node]() { editNote(side, node); });
    QMenu* tags = menu->addMenu(tr("Tag"));
    tags->setObjectName(QStringLiteral("tagMenu"));
    const ps::NodeNote* current = m_session->userSession()->noteOf(side, nodeName(side, node).toStdString());
    for (ps::NoteTag tag : { ps::NoteTag::Checked, ps::NoteTag::Suspicious, ps::NoteTag::Cause, ps::NoteTag::None }) {
        QAction* a = tags->addAction(tag == ps::NoteTag::None ? tr("Clear the tag") : NoteLabels::tagName(tag));
        a->setObjectName(QStringLiteral("tag_") + QString::fromLatin1(ps::noteTagName(tag)));
        if (tag != ps::NoteTag::None) {
            a->setCheckable(true);
            a->setChecked(current && current->tag == tag);
        } else {
            a->setEnabled(current && current->tag != ps::NoteTag::None);
        }
        connect(a, &QAction::triggered, this, [this, side, node, tag]() { setTag(side, node, tag); });
    }
}

NoteDialog* NoteActions::editNote(Side side, NodeId node)
{
    const QString name = nodeName(side, node);
    if (name.isEmpty())
        return nullptr;
    if (m_dialog)
        m_dialog->close();
    const ps::NodeNote* current = m_session->userSession()->noteOf(side, name.toStdString());
    m_dialog = new NoteDialog(name, current ? current->tag : ps::NoteTag::None,
        current ? QString::fromStdString(current->text) : QString(), m_dialogParent);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    NoteDialog* dialog = m_dialog;
    // The session may change while the dialog is open: the note goes to the node by name, on the graph shown
    // when OK is pressed, and only if that graph still has the node.
    connect(dialog, &QDialog::accepted, this, [this, dialog, side, name]() {
        const auto snap = m_session->snapshot();
        if (snap && snap->hasSide(side) && snap->graph(side).find(name.toStdString()) != ps::kNoNode)
            m_session->userSession()->setNote(side, name.toStdString(), dialog->tag(), dialog->text());
    });
    dialog->open();
    return dialog;
}

void NoteActions::setTag(Side side, NodeId node, ps::NoteTag tag)
{
    const QString name = nodeName(side, node);
    if (!name.isEmpty())
        m_session->userSession()->setTag(side, name.toStdString(), tag);
}

} // namespace psui
