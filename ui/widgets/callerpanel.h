#pragma once
// "Which line of my model caused most red nodes?": suspicious NPU nodes grouped by the user-code line that
// called them (the innermost non-framework stack frame), most nodes first.
#include "models/snapshot.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace psui {

class CallerPanel : public QWidget {
    Q_OBJECT
public:
    explicit CallerPanel(QWidget* parent = nullptr);

    void setSnapshot(std::shared_ptr<const Snapshot> snapshot);
    QTreeWidget* tree() const { return m_tree; }
    void retranslate();

Q_SIGNALS:
    void jumpRequested(psui::Side side, psui::NodeId node);

private:
    void refresh();

    std::shared_ptr<const Snapshot> m_snapshot;
    QComboBox* m_threshold;
    QLabel* m_summary;
    QTreeWidget* m_tree; // groups and at most kShownPerGroup nodes each: small by construction
};

} // namespace psui
