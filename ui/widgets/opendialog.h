#pragma once
// File ▸ Open comparison…: the NPU dump folder, an optional bench folder and the engine options.
#include <QDialog>

class QCheckBox;
class QFormLayout;
class QLineEdit;

namespace psui {

struct OpenRequest;
class Settings;

class OpenDialog : public QDialog {
    Q_OBJECT
public:
    OpenDialog(Settings* settings, QWidget* parent = nullptr);

    OpenRequest request() const;
    void accept() override; // validates and remembers the options

private:
    QLineEdit* addPathRow(QFormLayout* form, const QString& label, bool folder);

    Settings* m_settings;
    QLineEdit* m_npu;
    QLineEdit* m_bench;
    QLineEdit* m_mapping;
    QCheckBox* m_fuzzy;
    QCheckBox* m_overflow;
    QCheckBox* m_completeStack;
};

} // namespace psui
