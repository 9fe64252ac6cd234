#pragma once
// The Charts dock: the NPU precision index along execution order (forward or backward), the worst precision per
// numbered decoder layer, and the layer x kind heatmap, with overflow and NaN/inf markers. Every value comes
// from the snapshot's ChartData (core/analysis/precision_series, computed on the worker); this widget only
// plots it. Hover names the
// node, a click asks to select it in the trees, and the current chart exports as PNG or SVG.
#include "analysis/precision_series.h"
#include "models/snapshot.h"

#include <QHash>
#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QTabWidget;

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QXYSeries;
QT_END_NAMESPACE

namespace psui {

class LayerHeatmap;

class PrecisionCharts : public QWidget {
    Q_OBJECT
public:
    explicit PrecisionCharts(QWidget* parent = nullptr);

    // Plots lazily: only when the dock is shown.
    void setSnapshot(std::shared_ptr<const Snapshot> snapshot);
    QChart* orderChart() const;
    QChart* layerChart() const;
    LayerHeatmap* heatmap() const { return m_heatmap; }
    QComboBox* passSelector() const { return m_pass; }
    QTabWidget* tabs() const { return m_tabs; }
    ps::Pass pass() const;
    // The NPU node behind a point of one of the charts' series (nearest x), kNoNode if none.
    NodeId nodeAt(const QXYSeries* series, QPointF point) const;
    // Writes the chart of the current tab: SVG when the name ends in .svg, PNG otherwise. False on failure.
    bool exportCurrent(const QString& path);
    void retranslate();

Q_SIGNALS:
    void jumpRequested(Side side, NodeId node);

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void ensurePlotted();
    const ps::PrecisionSeries& series() const;
    const ps::LayerTable& layers() const;
    void rebuildOrderChart();
    void rebuildLayerChart();
    QXYSeries* addSeries(QChart* chart, QXYSeries* series, const QString& objectName, std::vector<NodeId> nodes);
    void chooseExport(bool svg);

    std::shared_ptr<const Snapshot> m_snapshot;
    bool m_dirty = false;
    QHash<const QXYSeries*, std::vector<NodeId>> m_nodesOf; // per plotted point
    QTabWidget* m_tabs;
    QChartView* m_orderView;
    QChartView* m_layerView;
    LayerHeatmap* m_heatmap;
    QComboBox* m_pass;
    QLabel* m_passLabel;
    QPushButton* m_exportPng;
    QPushButton* m_exportSvg;
};

} // namespace psui
