#pragma once
// A tree's name column takes the width its other columns leave in the viewport, and never less than its own
// width (the one set at first, or the one the user dragged it to): no blank band right of the last column on a
// wide screen, the horizontal scroll bar on a narrow one as before.
#include <QObject>

class QTreeView;

namespace psui {

class NameColumnFill : public QObject {
    Q_OBJECT
public:
    // Fills `column` of `view` (a child of the view: it lives as long as the view).
    NameColumnFill(QTreeView* view, int column);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void fit();

    QTreeView* m_view;
    int m_column;
    int m_ownWidth; // the width the column keeps when the viewport is narrow
    bool m_fitting = false;
};

} // namespace psui
