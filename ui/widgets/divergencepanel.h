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

namespace ps {
struct DiagnoseOptions;
}

namespace psui {

class OriginsList;
class SessionController;
struct DiagnoseOutcome;
struct OriginsOutcome;

class DivergencePanel : public QWidget {
    Q_OBJECT
public:
    explicit DivergencePanel(SessionController* session, QWidget* parent = nullptr);

    QTreeWidget* list() const { return m_list; }
    OriginsList* originsList() const { return m_origins; }
    QPushButton* acrossRanksButton() const { return m_acrossRanks; }
    QLineEdit* ignoreEdit() const { return m_ignore; }
    QLineEdit* toleranceEdit() const { return m_tolerances; }
    QLabel* messageLabel() const { return m_message; }
    void refresh(); // runs the finder on the session's current snapshot
    void traceAcrossRanks(); // where the errors of the shown step's ranks entered
    // What a new or updated session runs: the finder, unless it would first have to read a .vis.db's node data
    // (Find does that).
    void refreshIfDataShown();
    void retranslate();

    // The status text when an origin's rank has no node of that name.
    static QString missingNodeText();

Q_SIGNALS:
    void jumpRequested(psui::Side side, psui::NodeId node);
    void jobNodeRequested(int job, const QString& node); // open that rank of the step at that NPU node

protected:
    void changeEvent(QEvent* event) override;

private:
    void onFinished(const DiagnoseOutcome& outcome);
    void onActivated(QTreeWidgetItem* item);
    void onOriginsFinished(const OriginsOutcome& outcome);
    bool readOptions(ps::DiagnoseOptions& options); // false (and the message says why) on a bad tolerance

    SessionController* m_session;
    QLineEdit* m_ignore;
    QLineEdit* m_tolerances;
    QPushButton* m_find;
    QPushButton* m_acrossRanks;
    QLabel* m_ignoreLabel;
    QLabel* m_toleranceLabel;
    QLabel* m_message;
    QTreeWidget* m_list;
    OriginsList* m_origins;
    std::shared_ptr<const Snapshot> m_listSnapshot; // what the rows refer to
};

} // namespace psui
