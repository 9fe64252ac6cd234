#pragma once
// The rows of the layer-mapping editor (class, NPU path, Bench path) as an editable table. Every change goes
// through the undo stack, and the rows are re-checked after each one (core/match/layer_mapping_rows.h): a row
// with a problem shows a warning icon and the reason as its tooltip.
#include "compare/layer_mapping_rows.h"

#include <QAbstractTableModel>

class QUndoStack;

namespace psui {

class LayerMappingModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit LayerMappingModel(QObject* parent = nullptr);

    QUndoStack* undoStack() const { return m_undo; }
    const std::vector<ps::LayerMappingRow>& rows() const { return m_rows; }
    const std::vector<ps::LayerMappingRowIssue>& issues() const { return m_issues; }
    // Replaces all rows (a file loaded or a new mapping): not undoable, clears the undo history.
    void resetRows(std::vector<ps::LayerMappingRow> rows);
    // The classes a row may name; empty: no graph to check against.
    void setKnownClasses(std::set<std::string> classes);

    // Undoable edits.
    void insertRule(int row, const ps::LayerMappingRow& rule);
    void removeRule(int row);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override; // undoable

    // Applied by the undo commands only.
    void applyCell(int row, int column, const QString& text);
    void applyInsert(int row, const ps::LayerMappingRow& rule);
    void applyRemove(int row);

Q_SIGNALS:
    void issuesChanged();

private:
    void recheck();
    QString issueText(int row, int column) const; // "" when the cell is fine; column -1: the whole row

    QUndoStack* m_undo;
    std::vector<ps::LayerMappingRow> m_rows;
    std::vector<ps::LayerMappingRowIssue> m_issues;
    std::set<std::string> m_knownClasses;
};

} // namespace psui
