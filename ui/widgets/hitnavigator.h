#pragma once
// The stepping half of a match list (search hits, filter results): the count and ↑/↓, and the current row; every
// step asks for a jump to the node. A new result starts at its first row (execution order): only a step moves on.
// MatchList shows the rows themselves.
#include "models/snapshot.h"

#include <QWidget>

class QLabel;
class QToolButton;

namespace psui {

class HitListModel;

class HitNavigator : public QWidget {
    Q_OBJECT
public:
    explicit HitNavigator(HitListModel* model, QWidget* parent = nullptr);

    HitListModel* model() const { return m_model; }
    void first(); // jumps to the first row: what a new result does
    void next();
    void previous();
    void jumpTo(int row);
    int currentRow() const { return m_current; }
    void setMessage(const QString& message); // replaces the count, e.g. a regex error
    void retranslate();

Q_SIGNALS:
    void jumpRequested(psui::Side side, psui::NodeId node);
    void currentRowChanged(int row);

private:
    void step(int delta);
    void updateCount();

    HitListModel* m_model;
    QLabel* m_count;
    QToolButton* m_previous;
    QToolButton* m_next;
    QString m_message;
    int m_current = -1;
};

} // namespace psui
