#pragma once
// Notes on nodes, as the trees' context menu and the details panel offer them: "Note…" (the note dialog) and
// "Tag ▸ checked / suspicious / cause / clear". The notes go to the session's UserSession; nothing here keeps
// them.
#include "models/snapshot.h"
#include "session/session_file.h"

#include <QObject>
#include <QPointer>

class QMenu;
class QWidget;

namespace psui {

class NoteDialog;
class SessionController;

class NoteActions : public QObject {
    Q_OBJECT
public:
    // `dialogParent`: the window the note dialog belongs to.
    NoteActions(SessionController* session, QWidget* dialogParent);

    void addActions(QMenu* menu, Side side, NodeId node); // nothing for no node
    // Opens the note dialog on the node (window-modal, not blocking); OK stores the note. Returns the dialog.
    NoteDialog* editNote(Side side, NodeId node);
    void setTag(Side side, NodeId node, ps::NoteTag tag); // keeps the note's text; clear: ps::NoteTag::None

private:
    QString nodeName(Side side, NodeId node) const; // "" when the node is not in the snapshot

    SessionController* m_session;
    QWidget* m_dialogParent;
    QPointer<NoteDialog> m_dialog; // one at a time
};

} // namespace psui
