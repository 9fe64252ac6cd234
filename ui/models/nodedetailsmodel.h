#pragma once
// The comparison table of one selected node pair: NPU and bench inputs, outputs and parameters paired by
// position, one row per item, one column per field (the union of the items' keys, formatted as in .vis).
// Metric cells whose value falls in a suspicious legend bin carry that bin in BinRole.
#include "models/snapshot.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <memory>
#include <vector>

namespace psui {

class NodeDetailsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit NodeDetailsModel(QObject* parent = nullptr);
    ~NodeDetailsModel() override;

    void setNodes(std::shared_ptr<const Snapshot> snapshot, NodeId npu, NodeId bench);
    void clear();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    QString toText() const; // tab-separated, with a header line
    int suspiciousCellCount() const;
    int nearZeroCellCount() const; // relative errors over a bench value below the noise floor
    // Statistics mode: the cell that gave the NPU node its colour (msprobe: the largest relative error of the
    // outputs), e.g. "MeanRelativeErr of output.0 (308.2%)"; "" in other modes or without one. `nearZero`: that
    // cell is below the noise floor.
    QString colourDriver(bool* nearZero = nullptr) const;
    static QString metricExplanation(const QString& key); // translated; empty for a column with none

    // Real-data mode: the tensor files of a row and of the row paired with it (either may be the NPU's), and the
    // slot they fill ("output.0"); empty paths when either side has no file.
    struct TensorFiles {
        QString npuPath;
        QString benchPath;
        QString slot;
        bool isComplete() const { return !npuPath.isEmpty() && !benchPath.isEmpty(); }
    };
    TensorFiles tensorFilesOf(int row) const;

private:
    struct Row {
        Side side;
        QString pair; // input.0, output.1, parameter.weight ...
        bool paired;
        std::vector<QString> values; // per key column
        std::vector<int8_t> bins; // per key column: a legend bin when the cell is suspicious, else -1
        std::vector<bool> nearZero; // per key column: a relative error below the noise floor
        QString tensorPath = {}; // real-data mode: the item's tensor file ("" when none)
        int partner = -1; // the row of the other side's item in the same slot
    };
    void addItems(Side side, NodeId node, bool outputs, std::vector<std::vector<Row>>& pairs);
    int columnOf(const QString& key);
    void markSuspicious(Row& row) const;
    void markNearZero(Row& npu, const Row& bench) const;
    void dropPlaceholderMd5();

    std::shared_ptr<const Snapshot> m_snapshot;
    QStringList m_keys;
    QStringList m_toolTips;
    std::vector<Row> m_rows;
};

// The slot of a node's data item: its key without the node's name and dot ("input.0", "output.1",
// "parameters.weight"); the whole key when it does not start with them; "" when the key is the node's name.
QString itemSlot(const ps::Graph& g, NodeId node, uint32_t item);

// How suspicious one metric value is, as a legend bin of the mode (-1: not suspicious / not a metric).
int metricCellBin(const Snapshot& snapshot, const QString& key, const QString& value);

} // namespace psui
