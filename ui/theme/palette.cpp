#include "theme/palette.h"

#include "models/changemap.h"

namespace psui {

QColor Palette::binColor(const Snapshot& snapshot, int bin)
{
    if (bin < 0 || size_t(bin) >= snapshot.bins.size())
        return unmatched();
    const QColor c(QString::fromStdString(snapshot.bins[size_t(bin)].hex));
    return c.isValid() ? c : unmatched();
}

QColor Palette::nodeFill(const Snapshot& snapshot, Side side, int bin)
{
    if (!snapshot.comparison || !snapshot.comparison->isCompare || snapshot.bins.empty())
        return unmatched();
    if (bin == snapshot.unmatchedBin)
        return unmatched();
    if (side == Side::Bench)
        return noValue();
    if (bin < 0)
        return noValue(); // precision_index is not a number
    return binColor(snapshot, bin);
}

QColor Palette::overflowColor(int level)
{
    switch (level) {
    case 1:
        return QColor(0xB6, 0xC7, 0xFC);
    case 2:
        return QColor(0x7E, 0x96, 0xF0);
    case 3:
        return QColor(0x46, 0x68, 0xB8);
    }
    return {};
}

QColor Palette::overflowFill(int level)
{
    const QColor c = overflowColor(level);
    return c.isValid() ? c : unmatched();
}

QColor Palette::textOn(const QColor& fill)
{
    return fill.lightnessF() > 0.55 ? QColor(Qt::black) : QColor(Qt::white);
}

QColor Palette::changeFill(int mark)
{
    switch (ChangeMark(mark)) {
    case ChangeMark::Worse:
        return QColor(230, 97, 0); // Okabe-Ito orange-vermillion
    case ChangeMark::Better:
        return QColor(86, 180, 233); // sky blue
    case ChangeMark::Appeared:
        return QColor(240, 228, 66); // yellow
    case ChangeMark::Same:
        break;
    }
    return QColor(230, 230, 230);
}

QColor Palette::noteColor(int tag)
{
    switch (tag) {
    case 1: // checked
        return QColor(46, 125, 50);
    case 2: // suspicious
        return QColor(230, 120, 0);
    case 3: // cause
        return QColor(183, 28, 28);
    default:
        return QColor(69, 90, 100);
    }
}

} // namespace psui
