#pragma once
// "Note…": a node's note — a tag (none, checked, suspicious, cause) and free text. OK with no tag and no text
// removes the note.
#include "session/session_file.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QPlainTextEdit;

namespace psui {

class NoteDialog : public QDialog {
    Q_OBJECT
public:
    // `node`: the node's name, shown as the dialog's subject.
    NoteDialog(const QString& node, ps::NoteTag tag, const QString& text, QWidget* parent = nullptr);

    ps::NoteTag tag() const;
    QString text() const;
    QComboBox* tagBox() const { return m_tag; }
    QPlainTextEdit* textEdit() const { return m_text; }

private:
    QLabel* m_node;
    QComboBox* m_tag;
    QPlainTextEdit* m_text;
};

} // namespace psui
