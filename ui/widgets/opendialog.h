#pragma once
// File ▸ Open comparison…: the NPU dump folder, an optional bench folder, the rules (msprobe 26.0 verdicts, also as
// its 26.0.0 release writes them, or msprobe 1.2 relative-error bins), the engine options and, for runs split
// across ranks, each side's parallel layout (rank count, tp, pp, vpp) to merge the ranks as msprobe 26.0.0 does.
#include <QDialog>

#include <array>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QGroupBox;
class QLineEdit;
class QSpinBox;

namespace psui {

struct OpenRequest;
class Settings;

class OpenDialog : public QDialog {
    Q_OBJECT
public:
    OpenDialog(Settings* settings, QWidget* parent = nullptr);

    OpenRequest request() const;
    QString problem() const; // why the request cannot be opened (missing folder, bad parallel layout), "" if fine
    void accept() override; // validates and remembers the options
    void setStartFolder(const QString& folder); // where Browse starts while a path is empty (the open case's)
    // Fills the fields with the comparison on screen (its folders, also those its compare.json named, its mapping
    // file and options): opening it again with one option changed is one click. A graph file sets the options only.
    void setRequest(const OpenRequest& shown);

private:
    QLineEdit* addPathRow(QFormLayout* form, const QString& label, bool folder);
    QGroupBox* makeLayoutBox();
    void prefillRanks(int side); // the rank count of the side's folder

    // One side's layout: rank count, tp, pp, vpp.
    struct LayoutRow {
        std::array<QSpinBox*, 4> spins {};
    };

    Settings* m_settings;
    QString m_startFolder;
    QLineEdit* m_npu;
    QLineEdit* m_bench;
    QLineEdit* m_mapping;
    QLineEdit* m_reference;
    QComboBox* m_rules; // msprobe 26.0 verdicts (as written since 26.1, or by the 26.0.0 release) or 1.2 bins
    QCheckBox* m_fuzzy;
    QCheckBox* m_overflow;
    QCheckBox* m_completeStack;
    QGroupBox* m_layout;
    std::array<LayoutRow, 2> m_sides; // NPU, bench
};

} // namespace psui
