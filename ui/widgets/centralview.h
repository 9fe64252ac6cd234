#pragma once
// The main window's central area: the side-by-side trees, the nested-box graph (tb_graph_ascend's view, where
// its users live), or both, one above the other. The three modes are actions (toolbar, View menu, Ctrl+1/2/3);
// the mode and the split are saved with the window's layout.
#include <QByteArray>
#include <QSplitter>

#include <array>

class QAction;
class QActionGroup;

namespace psui {

class CentralView : public QSplitter {
    Q_OBJECT
public:
    enum class Mode { Trees = 0, Graph = 1, Both = 2 };

    explicit CentralView(QWidget* trees, QWidget* parent = nullptr);

    void setGraph(QWidget* graph); // the graph view (once, when the feature docks are made)
    Mode mode() const { return m_mode; }
    void setMode(Mode mode);
    QList<QAction*> modeActions() const; // Trees, Graph, Both: checkable, one checked

    QByteArray saveLayout() const; // the mode and the split
    void restoreLayout(const QByteArray& layout); // ignores what it cannot read

Q_SIGNALS:
    void modeChanged(psui::CentralView::Mode mode);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    QWidget* m_trees;
    QWidget* m_graph = nullptr;
    Mode m_mode = Mode::Trees;
    QActionGroup* m_group;
    std::array<QAction*, 3> m_actions {};
};

} // namespace psui
