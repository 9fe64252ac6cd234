#pragma once
// Every match of a search or filter as a list, as tb_graph_ascend lists them: name with its colour swatch, side,
// verdict or precision. It follows its HitNavigator's current row; a click jumps there (both trees select).
#include <QDockWidget>
#include <QTreeView>

namespace psui {

class HitNavigator;

class MatchList : public QTreeView {
    Q_OBJECT
public:
    explicit MatchList(HitNavigator* navigator, QWidget* parent = nullptr);

protected:
    void changeEvent(QEvent* event) override;

private:
    void followRow(int row);

    HitNavigator* m_navigator;
};

// The search's match list as a dock ("Matches"): it shows itself when a search finds something and closes when
// the list is empty.
class MatchesDock : public QDockWidget {
    Q_OBJECT
public:
    explicit MatchesDock(HitNavigator* navigator, QWidget* parent = nullptr);

protected:
    void changeEvent(QEvent* event) override;
};

} // namespace psui
