#pragma once
// Layer x sub-module kind heatmap (attention, MLP, norm, communication, other): each cell is the core's WorstCell
// (layerTable().byKind), filled with the legend colour of its worst precision. Custom-painted because QtCharts has
// no heatmap series. Hover names the worst node; a click asks to select it.
#include "analysis/precision_series.h"
#include "models/snapshot.h"

#include <QWidget>

#include <memory>

namespace psui {

class LayerHeatmap : public QWidget {
    Q_OBJECT
public:
    explicit LayerHeatmap(QWidget* parent = nullptr);
    void setData(std::shared_ptr<const Snapshot> snapshot, const ps::LayerTable& table);
    const ps::LayerTable& table() const { return m_table; }
    // Cell geometry: column = layer index in table().layers, row = ps::ModuleKind.
    QRect cellRect(size_t layerIndex, size_t kind) const;
    QSize sizeHint() const override;

Q_SIGNALS:
    void nodeActivated(NodeId npuNode);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    const ps::WorstCell* cellAt(QPoint pos) const;
    QString kindLabel(size_t kind) const;
    int labelWidth() const;

    std::shared_ptr<const Snapshot> m_snapshot;
    ps::LayerTable m_table;
};

} // namespace psui
