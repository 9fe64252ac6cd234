#include "models/nodenotes.h"

namespace psui {

const ps::NodeNote* GraphNotes::noteOf(Side side, NodeId node) const
{
    const auto& map = sides[size_t(side)];
    const auto it = map.find(node);
    return it == map.end() ? nullptr : &it->second;
}

GraphNotes notesOnGraph(const Snapshot& snapshot, const std::vector<ps::NodeNote>& notes, int step, int rank)
{
    GraphNotes out;
    for (const ps::NodeNote& note : notes) {
        if (note.ref.step != step || note.ref.rank != rank || !snapshot.hasSide(note.ref.side))
            continue;
        const NodeId node = snapshot.graph(note.ref.side).find(note.ref.node);
        if (node != ps::kNoNode)
            out.sides[size_t(note.ref.side)].emplace(node, note);
    }
    return out;
}

QString NoteLabels::tagName(ps::NoteTag tag)
{
    switch (tag) {
    case ps::NoteTag::None:
        return {};
    case ps::NoteTag::Checked:
        return tr("checked");
    case ps::NoteTag::Suspicious:
        return tr("suspicious");
    case ps::NoteTag::Cause:
        return tr("cause");
    }
    return {};
}

QString NoteLabels::summary(const ps::NodeNote& note)
{
    const QString text = QString::fromStdString(note.text);
    if (note.tag == ps::NoteTag::None)
        return tr("Note: %1").arg(text);
    if (text.isEmpty())
        return tr("Tagged %1").arg(tagName(note.tag));
    return tr("Note (%1): %2").arg(tagName(note.tag), text);
}

} // namespace psui
