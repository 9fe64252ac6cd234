#pragma once
// The window's layout rule: the trees (or the graph) are the main content and keep a readable width, their name
// and Verdict columns whole. A side dock (legend, Matches, First divergence, Layer mapping) opens beside them
// where the window has room; where it has not, it becomes a tab of another side dock, and when no dock is left
// to tabify the side docks give up width. The rule is checked whenever a side dock opens, the window is resized
// and after a saved layout is restored.
#include <QObject>

#include <functional>
#include <vector>

class QDockWidget;
class QMainWindow;

namespace psui {

class DockLayout : public QObject {
    Q_OBJECT
public:
    // `readableWidth`: the width the main content needs now (0: none, e.g. under the start page); `content` is
    // the widget measured. `sideDocks`: in the order they give way (the first is tabified first), the last one
    // (the legend) the one the others join.
    // `bandDocks`: the docks of the band below the content, the first (the node details) the one the others
    // always join as tabs there, so that the band's height is one dock's.
    DockLayout(QMainWindow* window, QWidget* content, std::function<int()> readableWidth,
        std::vector<QDockWidget*> sideDocks, std::vector<QDockWidget*> bandDocks);

    void fitLater(); // after the layout settled (queued)
    // Tabifies or narrows one side dock (and looks again once laid out) while the content lacks its readable
    // width; true if it has it.
    bool fit();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool tabifyOne(); // one more side dock joins another's tabs; false when none can
    void narrowSideDocks(int missing);

    QMainWindow* m_window;
    QWidget* m_content;
    std::function<int()> m_readableWidth;
    std::vector<QDockWidget*> m_sideDocks;
    std::vector<QDockWidget*> m_bandDocks;
    bool m_pending = false;
    int m_actions = 0; // steps taken since the content last had its width
};

} // namespace psui
