#pragma once
// The Trends view's heatmap: one row per module, one column per graph (step and rank), each cell filled with the
// legend colour of the module's bin in that graph (TrendsModel::BinColorRole). The first graph with an error is
// framed in red, the graph the session shows has a bold header. Custom-painted like LayerHeatmap: QtCharts has no
// heatmap series. Hover tells the cell, a click asks to open that graph at that module.
#include <QWidget>

namespace psui {

class TrendsModel;

class TrendsHeatmap : public QWidget {
    Q_OBJECT
public:
    explicit TrendsHeatmap(TrendsModel* model, QWidget* parent = nullptr);
    void setCurrentColumn(int column); // the graph the session shows (-1: none)
    QRect cellRect(int row, int column) const;
    QSize sizeHint() const override;

Q_SIGNALS:
    void cellActivated(int row, int column);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    int labelWidth() const;
    int columnWidth() const;
    int headerHeight() const;
    QPoint cellAt(QPoint pos) const; // (-1, -1) outside the cells
    void modelChanged();

    TrendsModel* m_model;
    int m_currentColumn = -1;
    int m_labelWidth = 0; // cached per model reset
    int m_columnWidth = 0;
};

} // namespace psui
