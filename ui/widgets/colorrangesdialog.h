#pragma once
// The colour-ranges editor: up to five value ranges, each with a colour from
// tb_graph_ascend's palette (a colour used by one range is not offered to the others) and two bounds, checked as
// they are typed; the grey "not matched" entry stays fixed. Preset brings back msprobe's ranges for the mode.
#include "compare/color_bins.h"
#include "compare/comparison.h"

#include <QDialog>

#include <vector>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QPushButton;
class QToolButton;

namespace psui {

class ColorRangesDialog : public QDialog {
    Q_OBJECT
public:
    ColorRangesDialog(ps::CompareMode mode, const std::vector<ps::ColorBin>& ranges, QWidget* parent = nullptr);

    std::vector<ps::ColorBin> ranges() const; // as edited, in row order
    void setRanges(const std::vector<ps::ColorBin>& ranges);
    void setRange(int row, const QString& hex, double lo, double hi); // as a user would edit one row
    void addRange();
    void removeRange(int row);
    void applyPreset();
    QString problem() const; // why OK is disabled, "" when the ranges can be used
    QPushButton* okButton() const;

private:
    struct Row {
        QComboBox* colour;
        QDoubleSpinBox* lo;
        QDoubleSpinBox* hi;
        QToolButton* remove;
    };
    void rebuildRows(const std::vector<ps::ColorBin>& ranges);
    void refreshColourChoices(); // each combo offers the palette minus the other rows' colours
    void validate();

    ps::CompareMode m_mode;
    QGridLayout* m_grid = nullptr;
    std::vector<Row> m_rows;
    QLabel* m_message = nullptr;
    QPushButton* m_add = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    bool m_updating = false;
};

} // namespace psui
