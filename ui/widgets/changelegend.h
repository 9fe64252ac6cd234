#pragma once
// The legend of a diff with another comparison, shown at the top of the legend dock while one is active: what is
// compared with what, the NPU nodes per change (worse, better, appeared, same) with their colours, the nodes that
// vanished, and a button that stops comparing (the precision colours come back).
#include <QGroupBox>

#include <array>

class QLabel;
class QPushButton;

namespace psui {

class SessionController;

class ChangeLegend : public QGroupBox {
    Q_OBJECT
public:
    explicit ChangeLegend(SessionController* session, QWidget* parent = nullptr);

    // The row of a ChangeMark, e.g. "Worse   (12)"; "" while no diff is shown.
    QString rowText(int mark) const;
    void retranslate();

private:
    void refresh();

    SessionController* m_session;
    QLabel* m_compared; // "Before: path  →  after: the comparison shown"
    std::array<QLabel*, 4> m_swatches {};
    std::array<QLabel*, 4> m_rows {}; // per ChangeMark
    QLabel* m_vanished;
    QLabel* m_note; // the graph note, or how collapsed modules are painted
    QPushButton* m_stop;
};

} // namespace psui
