#pragma once
// The Trends view's table: one row per NPU module, one column per graph of the session (its steps and ranks in
// source order), each cell the module's legend bin and worst metric (ps::TrendCell) in that graph. Numbers travel
// in roles (BinRole, BadnessRole, BinColorRole), DisplayRole carries the text; the rankings the lines chart and the
// heatmap need (worst modules, the first graph with an error) are answered here, not in the widgets.
#include "analysis/step_trends.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace psui {

class TrendsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        BadnessRole = Qt::UserRole + 64, // double: the module's worst metric as a badness, NaN when none
        BinColorRole, // QString "#RRGGBB": the legend colour of the cell's bin, "" when absent
        SeverityRole, // int(ps::Severity) of the cell's bin
    };

    explicit TrendsModel(QObject* parent = nullptr);

    void setTrends(std::shared_ptr<const ps::StepTrends> trends); // null: empty
    const ps::StepTrends* trends() const { return m_trends.get(); }
    const ps::TrendCell& cell(int row, int column) const;
    QString moduleName(int row) const;
    int rowOfModule(const QString& name) const; // -1 if none
    QString graphLabel(int column) const; // "step 3, rank 0"
    // For axes and column headers: the step ("3") when every graph has the same rank, the rank ("r1") when every
    // graph has the same step, else both ("3/r1").
    QString shortLabel(int column) const;
    // The column of the first graph with an error, -1 when none.
    int firstErrorColumn() const;
    // The module's worst badness over every graph, -1 when it has no value anywhere.
    double worstBadness(int row) const;
    // Rows by worstBadness, worst first (ties: first seen first), modules without a value left out; at most n.
    std::vector<int> worstModules(size_t n) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString toolTip(int row, int column) const;

    std::shared_ptr<const ps::StepTrends> m_trends;
    std::vector<double> m_worst; // per row
};

} // namespace psui
