#pragma once
// A tree's name column takes the width its other columns leave in the viewport: no blank band right of the last
// column on a wide screen, and on a narrow one (a laptop) the Verdict / Precision columns stay in view, the name
// giving up its width down to kReadableNameWidth (its text elided) before the columns scroll out of view.
#include <QObject>

class QTreeView;

namespace psui {

class NameColumnFill : public QObject {
    Q_OBJECT
public:
    static constexpr int kReadableNameWidth = 160;
    // The width a tree needs to show the name (at its readable width) and the columns after it up to
    // `lastColumn` whole.
    static int readableWidth(const QTreeView* view, int lastColumn);

    // Fills `column` of `view` (a child of the view: it lives as long as the view).
    NameColumnFill(QTreeView* view, int column);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void fit();

    QTreeView* m_view;
    int m_column;
    bool m_fitting = false;
};

} // namespace psui
