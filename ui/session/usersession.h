#pragma once
// What the user did with the open comparison: the notes and tags on its nodes, per graph
// (step, rank), and the session file they are saved to (name.probescope.json beside the comparison, or where the
// user chose). The view part of a session (expanded nodes, filters, selection) lives in the widgets; the main
// window hands it in when saving and gets the restored one back. No widget owns the notes: this object does,
// under the session controller.
#include "models/snapshot.h"
#include "session/session_file.h"

#include <QObject>
#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace psui {

class UserSession : public QObject {
    Q_OBJECT
public:
    explicit UserSession(QObject* parent = nullptr);

    // A comparison was opened: its notes (from its session file, else from its graph file) and the session file
    // Save writes to. Nothing is modified yet.
    void reset(ps::Session session, const QString& path);
    void setGraph(int step, int rank); // the graph shown: notes are set and looked up on it
    int step() const { return m_session.step; }
    int rank() const { return m_session.rank; }

    const std::vector<ps::NodeNote>& notes() const { return m_session.notes; } // every graph's
    std::vector<ps::NodeNote> notesOfGraph() const; // the graph shown
    const ps::NodeNote* noteOf(Side side, const std::string& node) const;
    // Sets, replaces or (no tag, no text) removes a node's note on the graph shown.
    void setNote(Side side, const std::string& node, ps::NoteTag tag, const QString& text);
    void setTag(Side side, const std::string& node, ps::NoteTag tag); // keeps the text

    // The view part (expanded nodes, filters, selection) of the session file last read: what the views restore.
    const ps::Session& savedView() const { return m_view; }

    bool isModified() const { return m_modified; }
    QString path() const { return m_path; }

    // Writes the notes with `view` (expanded nodes, filters, selection of the graph shown) to `path`, atomically.
    // Returns "" (and remembers the path, unmodified) or why it failed, naming the file.
    QString save(const QString& path, const ps::Session& view);
    // Reads a session file strictly; nullopt and `error` (naming the file, line and column) when it cannot.
    static std::optional<ps::Session> read(const QString& path, QString& error);
    // Replaces the notes by a session file's (File ▸ Open session…); it becomes the file Save writes to.
    void adopt(ps::Session session, const QString& path);

Q_SIGNALS:
    void notesChanged();
    void modifiedChanged(bool modified);

private:
    void setModified(bool modified);

    ps::Session m_session; // notes of every graph; step and rank: the graph shown
    ps::Session m_view; // without notes
    QString m_path;
    bool m_modified = false;
};

} // namespace psui
