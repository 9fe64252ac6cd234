#pragma once
// Help ▸ About: what ProbeScope is and the versions it runs with (its own, Qt's, the engine's libraries and the
// compiler), copyable for bug reports.
#include <QDialog>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace psui {

class AboutDialog : public QDialog {
    Q_OBJECT
public:
    explicit AboutDialog(QWidget* parent = nullptr);

    QTreeWidget* versions() const { return m_versions; }
    QString versionsText() const; // "name version" lines, as Copy puts them on the clipboard

private:
    QLabel* m_text;
    QTreeWidget* m_versions;
    QPushButton* m_copy;
};

} // namespace psui
