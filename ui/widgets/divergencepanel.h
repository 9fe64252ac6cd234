#pragma once
// The "First divergence" dock: the nodes where an error is introduced (core/analysis/divergence.h), ranked by
// the error each adds, with an ignore list and per-dtype tolerances. Double-click jumps to the node.
#include "models/snapshot.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace psui {

class SessionController;
struct DiagnoseOutcome;

class DivergencePanel : public QWidget {
    Q_OBJECT
public:
    explicit DivergencePanel(SessionController* session, QWidget* parent = nullptr);

    QTreeWidget* list() const { return m_list; }
    QLineEdit* ignoreEdit() const { return m_ignore; }
    QLineEdit* toleranceEdit() const { return m_tolerances; }
    QLabel* messageLabel() const { return m_message; }
    void refresh(); // runs the finder on the session's current snapshot
    // What a new or updated session runs: the finder, unless it would first have to read a .vis.db's node data
    // (Find does that).
    void refreshIfDataShown();
    void retranslate();

Q_SIGNALS:
    void jumpRequested(psui::Side side, psui::NodeId node);

protected:
    void changeEvent(QEvent* event) override;

private:
    void onFinished(const DiagnoseOutcome& outcome);
    void onActivated(QTreeWidgetItem* item);

    SessionController* m_session;
    QLineEdit* m_ignore;
    QLineEdit* m_tolerances;
    QPushButton* m_find;
    QLabel* m_ignoreLabel;
    QLabel* m_toleranceLabel;
    QLabel* m_message;
    QTreeWidget* m_list;
    std::shared_ptr<const Snapshot> m_listSnapshot; // what the rows refer to
};

} // namespace psui
