#include "session/usersession.h"

#include "session/errortext.h"

namespace psui {

UserSession::UserSession(QObject* parent)
    : QObject(parent)
{
}

void UserSession::reset(ps::Session session, const QString& path)
{
    m_session = ps::Session();
    m_session.notes = std::move(session.notes);
    session.notes.clear();
    m_view = std::move(session);
    m_path = path;
    setModified(false);
    Q_EMIT notesChanged();
}

void UserSession::adopt(ps::Session session, const QString& path)
{
    const int step = m_session.step, rank = m_session.rank;
    reset(std::move(session), path);
    setGraph(step, rank);
}

void UserSession::setGraph(int step, int rank)
{
    m_session.step = step;
    m_session.rank = rank;
}

std::vector<ps::NodeNote> UserSession::notesOfGraph() const
{
    std::vector<ps::NodeNote> out;
    for (const ps::NodeNote& n : m_session.notes)
        if (n.ref.step == m_session.step && n.ref.rank == m_session.rank)
            out.push_back(n);
    return out;
}

const ps::NodeNote* UserSession::noteOf(Side side, const std::string& node) const
{
    return m_session.noteOf(ps::NodeRef { m_session.step, m_session.rank, side, node });
}

void UserSession::setNote(Side side, const std::string& node, ps::NoteTag tag, const QString& text)
{
    const ps::NodeRef ref { m_session.step, m_session.rank, side, node };
    const ps::NodeNote* old = m_session.noteOf(ref);
    const std::string newText = text.trimmed().toStdString();
    if (old ? (old->tag == tag && old->text == newText) : (tag == ps::NoteTag::None && newText.empty()))
        return; // nothing changes: nothing to save
    m_session.setNote(ref, tag, newText);
    setModified(true);
    Q_EMIT notesChanged();
}

void UserSession::setTag(Side side, const std::string& node, ps::NoteTag tag)
{
    const ps::NodeNote* old = noteOf(side, node);
    setNote(side, node, tag, old ? QString::fromStdString(old->text) : QString());
}

QString UserSession::save(const QString& path, const ps::Session& view)
{
    ps::Session out = view;
    out.step = m_session.step;
    out.rank = m_session.rank;
    out.notes = m_session.notes;
    try {
        ps::writeSessionFile(out, path.toStdString());
    } catch (const std::exception& e) {
        return ErrorText::of(e);
    }
    m_path = path;
    setModified(false);
    return {};
}

std::optional<ps::Session> UserSession::read(const QString& path, QString& error)
{
    try {
        return ps::readSessionFile(path.toStdString());
    } catch (const std::exception& e) {
        error = ErrorText::of(e);
        return std::nullopt;
    }
}

void UserSession::setModified(bool modified)
{
    if (modified == m_modified)
        return;
    m_modified = modified;
    Q_EMIT modifiedChanged(modified);
}

} // namespace psui
