#pragma once
// Colours of precision bins and statuses. Colour lives here and in delegates,
// never in core or the models.
#include "models/snapshot.h"

#include <QColor>

namespace psui {

class Palette {
public:
    // The fill of a node on one side: NPU nodes by their bin, bench nodes white (matched) or grey (unmatched),
    // everything grey in build mode. bin is a BinRole value.
    static QColor nodeFill(const Snapshot& snapshot, Side side, int bin);
    static QColor binColor(const Snapshot& snapshot, int bin); // legend colour; grey for none
    static QColor overflowColor(int level); // medium / high / critical, invalid for none
    static QColor overflowFill(int level); // a node's fill in overflow mode: its level's colour, grey for none
    static QColor unmatched() { return QColor(199, 199, 199); }
    static QColor noValue() { return QColor(255, 255, 255); }
    static QColor benchRow() { return QColor(236, 235, 235); }
    static QColor hitMarker() { return QColor(31, 63, 207); }
    static QColor mergeBadge() { return QColor(0, 121, 107); } // nodes a parallel merge made or changed
    // Nodes whose statistics hold NaN / inf: dark magenta, apart from every bin's red-to-green.
    static QColor nonFiniteBadge() { return QColor(142, 36, 170); }
    static QColor textOn(const QColor& fill); // readable text on a fill
    // The fill of a ChangeMark (diff with another comparison): worse orange, better blue, appeared yellow, same
    // pale grey; told apart without red-green vision (Okabe-Ito's colours). `vanished`: the legend's entry.
    static QColor changeFill(int mark);
    static QColor vanished() { return QColor(204, 121, 167); }
    // The mark of a node's note (an int(ps::NoteTag)): green checked, amber suspicious, red cause, slate for a
    // note without a tag.
    static QColor noteColor(int tag);
};

} // namespace psui
