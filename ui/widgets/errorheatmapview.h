#pragma once
// The heat map of a tensor's element-wise error (ps::ErrorHeatMap): all leading dimensions as rows, the last as
// columns, each cell the largest absolute or relative error of its block, on a logarithmic colour scale drawn
// beside it. Cells whose block holds NaN or inf have their own colour. Hover gives the block, its worst element's
// index and both values.
#include "tensor/tensor_error.h"

#include <QImage>
#include <QWidget>

#include <memory>

namespace ps {
struct TensorFilesError;
}

namespace psui {

class ErrorHeatMapView : public QWidget {
    Q_OBJECT
public:
    enum class Measure { Absolute, Relative };

    explicit ErrorHeatMapView(QWidget* parent = nullptr);
    void setResult(std::shared_ptr<const ps::TensorFilesError> result); // null: empty
    void setMeasure(Measure measure);
    Measure measure() const { return m_measure; }
    // The colour scale's ends, powers of ten around the shown cells' smallest and largest non-zero error.
    double scaleLow() const { return m_low; }
    double scaleHigh() const { return m_high; }
    QColor colorOf(const ps::ErrorCell& cell) const;
    QRect mapRect() const; // where the cells are drawn
    // The cell under a point of the widget as (row, column); (-1, -1) outside.
    QPoint cellAt(QPoint position) const;
    QString toolTipOf(int row, int column) const; // translated
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    double valueOf(const ps::ErrorCell& cell) const;
    void rebuild(); // the scale and the image of the cells

    std::shared_ptr<const ps::TensorFilesError> m_result;
    Measure m_measure = Measure::Absolute;
    double m_low = 1e-12;
    double m_high = 1.0;
    QImage m_image; // one pixel per cell
};

} // namespace psui
