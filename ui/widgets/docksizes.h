#pragma once
// Docks open at readable sizes: a dock shown thinner than it can be read (a sliver such as 320x220) is resized
// to a share of the window; a size the user chose above that stays.
class QDockWidget;
class QMainWindow;
class QScrollArea;
class QWidget;

namespace psui {

// Below 300 px high, a bottom or top dock gets 40% of the window's height; below 360 px wide, a side dock gets
// 30% of its width (never less than those minimums); shorter than 600 px (or half the window) along its band, it
// gets half the window.
void keepDockReadable(QMainWindow* window, QDockWidget* dock);

// A tall or wide panel in a frameless scroll area: its rows then scroll instead of setting the window's minimum
// size (which must fit a 1366x768 laptop screen).
QScrollArea* scrolledPanel(QWidget* panel, QWidget* parent);

} // namespace psui
