#pragma once
// Custom item roles: numbers travel in roles, DisplayRole carries text.
#include <Qt>

namespace psui {

enum Roles {
    NodeIdRole = Qt::UserRole + 1, // quint32 NodeId
    SideRole, // int(ps::Side)
    PrecisionRole, // double, NaN when none
    BinRole, // int legend bin, -1 none
    WorstBinRole, // int worst value bin in the subtree
    MatchedRole, // bool
    OverflowRole, // int(ps::OverflowLevel)
    FullNameRole, // QString
    CounterpartRole, // quint32 NodeId of the matched node, 0xffffffff if none
    HitRole, // bool, set by the filter proxy for search hits
    SortRole, // numbers for sorting
    NodeTypeRole, // int(ps::NodeType)
    WorstOverflowRole, // int(ps::OverflowLevel): the highest level in the subtree
    MergeMarkRole, // QString: "TP" when the node's data was merged across ranks, "r<N>" when it came from rank N
                   // of a merged run, "" otherwise
    NearZeroRole, // bool: a relative error whose bench value is below the noise floor (models/noisefloor.h)
    ChangeRole, // int(ChangeMark) against another comparison (models/changemap.h); invalid while no diff is shown
    ChangeInsideRole, // int(ChangeMark): the most notable mark in the subtree; invalid while no diff is shown
    NoteTagRole, // int(ps::NoteTag) of the node's note, -1 when the node has no note (models/nodenotes.h)
    NoteTextRole, // QString: the note's text ("" without a note)
    NonFiniteRole, // QString: "NaN" or "inf" when the node's own statistics hold one (models/nonfinite.h), else ""
};

enum Column { NameColumn, TypeColumn, PrecisionColumn, WorstColumn, OverflowColumn, ColumnCount };

} // namespace psui
