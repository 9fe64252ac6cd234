#pragma once
// The First divergence dock's list across ranks: where the errors of the shown step's ranks entered
// (analysis/cross_rank.h), ranked, each origin with the rank it is on, the ranks it reaches and, as its children,
// the path the error took to each of them. Activating a row opens that rank at that node.
#include <QTreeWidget>

namespace psui {

struct OriginsOutcome;

class OriginsList : public QTreeWidget {
    Q_OBJECT
public:
    explicit OriginsList(QWidget* parent = nullptr);

    // Fills the list; the outcome's error, if any, is the caller's to show.
    void setOutcome(const OriginsOutcome& outcome);
    void retranslate();

Q_SIGNALS:
    // `generation`: the session's source generation the job index refers to.
    void jobNodeRequested(int job, const QString& node, quint64 generation);

private:
    quint64 m_generation = 0;
};

} // namespace psui
