#pragma once
// Paints a tree row's background from its numeric roles: the legend colour of the precision bin (NPU side),
// white/grey on the bench side, the worst colour inside for collapsed modules, overflow colours in the
// overflow column and an overflow dot by the name (a ring on collapsed modules hiding overflow); search hits in
// bold with a marker; a small badge on nodes a parallel merge changed ("TP") or took from another rank ("r1"), one on
// nodes whose statistics hold NaN or inf ("NaN", "inf"); a flag in the tag's colour on nodes with a note (the tooltip
// holds its text); these marks sit right of the name, which is elided before them; selection as an outline so the
// colour stays visible. In overflow mode (tb_graph_ascend's ⇄ "precision overflow" panel) the rows are filled by
// overflow level instead, grey without one. While a diff with another comparison is shown (ChangeRole), the rows are
// filled by change instead (worse / better / appeared / same).
#include <QStyledItemDelegate>

class QTreeView;

namespace psui {

class GraphTreeModel;

class PrecisionDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    PrecisionDelegate(QTreeView* view, const GraphTreeModel* model, QObject* parent = nullptr);

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    void setOverflowColours(bool on) { m_overflowColours = on; }

    // Where a name cell's marks go, right of the (elided) name: empty rects for the marks the node has not.
    struct NameMarks {
        QRectF dot; // overflow
        QRectF badge; // parallel merge
        QRectF nonFinite; // "NaN" / "inf" in the node's statistics
        QRectF flag; // note
        int textRight = 0; // the name's text ends here
    };
    NameMarks nameMarks(const QStyleOptionViewItem& option, const QModelIndex& index) const;

private:
    QColor rowFill(const QModelIndex& index) const;
    int effectiveBin(const QModelIndex& index) const;
    int overflowMarkerLevel(const QModelIndex& index, bool* inside) const; // 0: no marker
    void paintOverflowMarker(QPainter* painter, const QRectF& dot, const QModelIndex& index) const;
    void paintBadge(QPainter* painter, const QRectF& tag, const QString& text, const QColor& colour) const;
    void paintNoteFlag(QPainter* painter, const QRectF& box, const QModelIndex& index) const;

    QTreeView* m_view;
    const GraphTreeModel* m_model;
    bool m_overflowColours = false;
};

} // namespace psui
