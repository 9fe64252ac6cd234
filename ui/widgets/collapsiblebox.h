#pragma once
// A titled box of the details panel whose body folds away under its title (a click on the title), and which
// shrinks to a few scrolled lines before the table below it loses its rows: on a laptop screen a node with both
// "Why error" and "Parallel merge" still shows the table.
#include <QWidget>

class QAbstractScrollArea;
class QToolButton;

namespace psui {

class CollapsibleBox : public QWidget {
    Q_OBJECT
public:
    // `body` is placed in a scroll area of its own unless it is one (a text edit).
    CollapsibleBox(QWidget* body, QWidget* parent = nullptr);

    void setTitle(const QString& title);
    QToolButton* titleButton() const { return m_title; }
    bool isExpanded() const;
    void setExpanded(bool expanded);
    void fitBody(); // after the body's text changed: as tall as its text, down to two lines when space is short

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    QToolButton* m_title;
    QWidget* m_body;
    QAbstractScrollArea* m_scroll;
};

} // namespace psui
