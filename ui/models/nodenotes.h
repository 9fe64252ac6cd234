#pragma once
// The notes of the graph shown, by node: the session keeps notes by name (ps::NodeRef: step, rank, side, node
// name, so that they survive a reload), the trees look them up by NodeId. Built on the GUI thread whenever the
// notes or the snapshot change; a few thousand notes at most, one hash lookup per name.
#include "models/snapshot.h"
#include "session/session_file.h"

#include <QCoreApplication>
#include <QString>

#include <array>
#include <unordered_map>
#include <vector>

namespace psui {

struct GraphNotes {
    std::array<std::unordered_map<NodeId, ps::NodeNote>, 2> sides; // per ps::Side
    const ps::NodeNote* noteOf(Side side, NodeId node) const;
};

// The notes of graph (step, rank) whose node exists in the snapshot; notes on nodes it lacks are kept by the
// session but not shown.
GraphNotes notesOnGraph(const Snapshot& snapshot, const std::vector<ps::NodeNote>& notes, int step, int rank);

class NoteLabels {
    Q_DECLARE_TR_FUNCTIONS(NoteLabels)
public:
    static QString tagName(ps::NoteTag tag); // translated: "checked", "suspicious", "cause"; "" for none
    // The tooltip line of a node's note: "Note (suspicious): text".
    static QString summary(const ps::NodeNote& note);
};

} // namespace psui
