#include "widgets/layermappingmodel.h"

#include <QApplication>
#include <QStyle>
#include <QUndoCommand>
#include <QUndoStack>

namespace psui {

namespace {

std::string& field(ps::LayerMappingRow& row, int column)
{
    return column == 0 ? row.className : column == 1 ? row.source : row.target;
}

class EditCellCommand : public QUndoCommand {
public:
    EditCellCommand(LayerMappingModel* model, int row, int column, QString before, QString after)
        : QUndoCommand(LayerMappingModel::tr("Edit rule"))
        , m_model(model)
        , m_row(row)
        , m_column(column)
        , m_before(std::move(before))
        , m_after(std::move(after))
    {
    }
    void redo() override { m_model->applyCell(m_row, m_column, m_after); }
    void undo() override { m_model->applyCell(m_row, m_column, m_before); }

private:
    LayerMappingModel* m_model;
    int m_row, m_column;
    QString m_before, m_after;
};

// Insert and remove are one command run forwards or backwards.
class RowCommand : public QUndoCommand {
public:
    RowCommand(LayerMappingModel* model, int row, ps::LayerMappingRow rule, bool insert)
        : QUndoCommand(insert ? LayerMappingModel::tr("Add rule") : LayerMappingModel::tr("Remove rule"))
        , m_model(model)
        , m_row(row)
        , m_rule(std::move(rule))
        , m_insert(insert)
    {
    }
    void redo() override { m_insert ? m_model->applyInsert(m_row, m_rule) : m_model->applyRemove(m_row); }
    void undo() override { m_insert ? m_model->applyRemove(m_row) : m_model->applyInsert(m_row, m_rule); }

private:
    LayerMappingModel* m_model;
    int m_row;
    ps::LayerMappingRow m_rule;
    bool m_insert;
};

} // namespace

LayerMappingModel::LayerMappingModel(QObject* parent)
    : QAbstractTableModel(parent)
    , m_undo(new QUndoStack(this))
{
}

void LayerMappingModel::resetRows(std::vector<ps::LayerMappingRow> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
    m_undo->clear();
    recheck();
}

void LayerMappingModel::setKnownClasses(std::set<std::string> classes)
{
    m_knownClasses = std::move(classes);
    recheck();
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, 2));
}

void LayerMappingModel::insertRule(int row, const ps::LayerMappingRow& rule)
{
    m_undo->push(new RowCommand(this, std::clamp(row, 0, rowCount()), rule, true));
}

void LayerMappingModel::removeRule(int row)
{
    if (row >= 0 && row < rowCount())
        m_undo->push(new RowCommand(this, row, m_rows[size_t(row)], false));
}

int LayerMappingModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int LayerMappingModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : 3;
}

QVariant LayerMappingModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    ps::LayerMappingRow row = m_rows[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        return QString::fromStdString(field(row, index.column()));
    case Qt::DecorationRole:
        if (!issueText(index.row(), index.column()).isEmpty())
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        return {};
    case Qt::ToolTipRole: {
        const QString text = issueText(index.row(), index.column());
        return text.isEmpty() ? QVariant() : QVariant(text);
    }
    default:
        return {};
    }
}

QVariant LayerMappingModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    switch (section) {
    case 0:
        return tr("Layer class (NPU)");
    case 1:
        return tr("NPU path");
    default:
        return tr("Bench path");
    }
}

Qt::ItemFlags LayerMappingModel::flags(const QModelIndex& index) const
{
    return QAbstractTableModel::flags(index) | (index.isValid() ? Qt::ItemIsEditable : Qt::NoItemFlags);
}

bool LayerMappingModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !index.isValid() || index.row() >= rowCount())
        return false;
    const QString before = data(index, Qt::EditRole).toString();
    const QString after = value.toString();
    if (before == after)
        return true;
    m_undo->push(new EditCellCommand(this, index.row(), index.column(), before, after));
    return true;
}

void LayerMappingModel::applyCell(int row, int column, const QString& text)
{
    field(m_rows[size_t(row)], column) = text.toStdString();
    recheck();
    // Duplicates and class checks span rows: refresh all icons.
    Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, 2));
}

void LayerMappingModel::applyInsert(int row, const ps::LayerMappingRow& rule)
{
    beginInsertRows({}, row, row);
    m_rows.insert(m_rows.begin() + row, rule);
    endInsertRows();
    recheck();
}

void LayerMappingModel::applyRemove(int row)
{
    beginRemoveRows({}, row, row);
    m_rows.erase(m_rows.begin() + row);
    endRemoveRows();
    recheck();
}

void LayerMappingModel::recheck()
{
    m_issues = ps::checkLayerMappingRows(m_rows, m_knownClasses);
    Q_EMIT issuesChanged();
}

QString LayerMappingModel::issueText(int row, int column) const
{
    QStringList texts;
    for (const ps::LayerMappingRowIssue& issue : m_issues)
        if (issue.row == row && (column < 0 || int(issue.column) == column))
            texts << QString::fromStdString(issue.text);
    return texts.join(QLatin1Char('\n'));
}

} // namespace psui
