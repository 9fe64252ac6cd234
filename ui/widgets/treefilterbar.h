#pragma once
// A bar above the trees while they show only some nodes: it says which filter restricts them (the search's
// "Only matches" or the legend's "Show only these nodes") and has the button that shows every node again, so a
// filter never works unseen, e.g. with the legend dock closed or after another comparison opened.
#include "session/viewstate.h"

#include <QFrame>

class QLabel;
class QPushButton;

namespace psui {

class TreeFilterBar : public QFrame {
    Q_OBJECT
public:
    explicit TreeFilterBar(QWidget* parent = nullptr);

    void showRestriction(ViewState::Restriction restriction); // None hides the bar
    ViewState::Restriction restriction() const { return m_restriction; }
    void retranslate();

Q_SIGNALS:
    void showAllRequested(psui::ViewState::Restriction restriction);

private:
    QLabel* m_text;
    QPushButton* m_showAll;
    ViewState::Restriction m_restriction = ViewState::Restriction::None;
};

} // namespace psui
