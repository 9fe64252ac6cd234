#pragma once
// A list of nodes (search hits, filter results) with a count, a picker and ↑/↓ stepping; every step asks for a
// jump to the node.
#include "models/snapshot.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QToolButton;

namespace psui {

class HitListModel;

class HitNavigator : public QWidget {
    Q_OBJECT
public:
    explicit HitNavigator(HitListModel* model, QWidget* parent = nullptr);

    void next();
    void previous();
    int currentRow() const;
    void setMessage(const QString& message); // replaces the count, e.g. a regex error
    void retranslate();

Q_SIGNALS:
    void jumpRequested(psui::Side side, psui::NodeId node);

private:
    void step(int delta);
    void jumpTo(int row);
    void updateCount();

    HitListModel* m_model;
    QComboBox* m_combo;
    QLabel* m_count;
    QToolButton* m_previous;
    QToolButton* m_next;
    QString m_message;
};

} // namespace psui
