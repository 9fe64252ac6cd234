#include "widgets/sidebysidetreeview.h"

#include "models/graphtreemodel.h"
#include "models/nodefilterproxy.h"
#include "models/roles.h"
#include "session/sessioncontroller.h"
#include "theme/palette.h"
#include "widgets/namecolumnfill.h"
#include "widgets/precisiondelegate.h"

#include <QHeaderView>
#include <QScrollBar>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace psui {

namespace {

// Restores a flag on scope exit: the re-entrancy guard of every sync handler.
struct SyncGuard {
    explicit SyncGuard(bool& flag)
        : m_flag(flag)
    {
        m_flag = true;
    }
    ~SyncGuard() { m_flag = false; }
    bool& m_flag;
};

} // namespace

SideBySideTreeView::SideBySideTreeView(SessionController* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_splitter(new QSplitter(Qt::Horizontal, this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);
    setupSide(Side::Npu);
    setupSide(Side::Bench);
    m_splitter->setChildrenCollapsible(false);
}

SideBySideTreeView::~SideBySideTreeView() = default;

void SideBySideTreeView::setupSide(Side side)
{
    auto* model = m_session->model(side);
    auto* proxy = new NodeFilterProxy(this);
    proxy->setSourceModel(model);
    auto* view = new QTreeView(m_splitter);
    view->setObjectName(side == Side::Npu ? QStringLiteral("npuTree") : QStringLiteral("benchTree"));
    view->setModel(proxy);
    view->setUniformRowHeights(true);
    // The tree shows a name under its parent, so its start is what tells siblings apart: cut the end.
    view->setTextElideMode(Qt::ElideRight);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setItemDelegate(new PrecisionDelegate(view, model, view));
    // The delegate outlines the selected row; the indentation left of it gets only a tint of that outline, not a
    // solid block of the style's selection colour.
    QPalette palette = view->palette();
    QColor tint = Palette::hitMarker();
    tint.setAlpha(40);
    palette.setColor(QPalette::Highlight, tint);
    view->setPalette(palette);
    view->setAllColumnsShowFocus(true);
    view->setMinimumWidth(NameColumnFill::kReadableNameWidth);
    view->header()->setStretchLastSection(false);
    view->header()->setSectionResizeMode(NameColumn, QHeaderView::Interactive);
    view->header()->resizeSection(NameColumn, 300);
    for (int c = TypeColumn; c < ColumnCount; ++c)
        view->header()->resizeSection(c, 80);
    new NameColumnFill(view, NameColumn);
    m_splitter->addWidget(view);
    m_views[size_t(side)] = view;
    m_proxies[size_t(side)] = proxy;

    connect(view->selectionModel(), &QItemSelectionModel::currentChanged, this,
        [this, side](const QModelIndex& current) { onCurrentChanged(side, current); });
    connect(view, &QTreeView::expanded, this, [this, side](const QModelIndex& i) { onExpansion(side, i, true); });
    connect(view, &QTreeView::collapsed, this, [this, side](const QModelIndex& i) { onExpansion(side, i, false); });
    connect(view->verticalScrollBar(), &QScrollBar::valueChanged, this, [this, side]() { onScrolled(side); });
    view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(view, &QWidget::customContextMenuRequested, this, [this, side, view](const QPoint& pos) {
        const QModelIndex index = view->indexAt(pos);
        if (!index.isValid())
            return;
        view->setCurrentIndex(index);
        Q_EMIT nodeContextMenuRequested(side, currentNode(side), view->viewport()->mapToGlobal(pos));
    });
}

int SideBySideTreeView::readableWidth() const
{
    // The splitter shares its width evenly: each tree gets the widest one's need.
    int widest = 0;
    int shown = 0;
    for (const QTreeView* view : m_views)
        if (!view->isHidden()) {
            widest = std::max(widest, NameColumnFill::readableWidth(view, PrecisionColumn) + m_splitter->handleWidth());
            ++shown;
        }
    return widest * shown;
}

const Snapshot* SideBySideTreeView::snapshot() const
{
    return m_session->model(Side::Npu)->snapshot();
}

void SideBySideTreeView::resetSession()
{
    const Snapshot* snap = snapshot();
    const bool compare = snap && snap->hasSide(Side::Bench);
    m_views[size_t(Side::Bench)]->setVisible(compare);
    // The Overflow column is empty without the overflow check: its width goes to the names.
    const bool overflow = snap && snap->comparison && snap->comparison->overflowCheck;
    for (Side s : { Side::Npu, Side::Bench }) {
        QTreeView* v = m_views[size_t(s)];
        v->header()->setSectionHidden(OverflowColumn, !overflow);
        v->horizontalScrollBar()->setValue(0); // a long name of the last comparison left it scrolled sideways
    }
    for (Side s : { Side::Npu, Side::Bench }) {
        m_proxies[size_t(s)]->setVisibleNodes(nullptr);
        m_proxies[size_t(s)]->setHitNodes(nullptr);
        m_proxies[size_t(s)]->setMicroStep(m_session->microStep());
        QTreeView* v = m_views[size_t(s)];
        // Show the first level: the root expanded, nothing deeper.
        if (v->model()->rowCount() > 0)
            v->expand(v->model()->index(0, 0));
    }
}

QModelIndex SideBySideTreeView::proxyIndex(Side side, NodeId node) const
{
    return m_proxies[size_t(side)]->indexOfNode(node);
}

NodeId SideBySideTreeView::currentNode(Side side) const
{
    const QModelIndex i = m_views[size_t(side)]->currentIndex();
    return i.isValid() ? NodeId(i.siblingAtColumn(0).data(NodeIdRole).toUInt()) : ps::kNoNode;
}

NodeId SideBySideTreeView::counterpartOrAncestor(Side side, NodeId node) const
{
    const Snapshot* snap = snapshot();
    if (!snap || !snap->hasSide(opposite(side)))
        return ps::kNoNode;
    const ps::Graph& g = snap->graph(side);
    for (NodeId n = node; n != ps::kNoNode && n < g.size(); n = g.parent[n])
        if (snap->counterpart(side, n) != ps::kNoNode)
            return snap->counterpart(side, n);
    return ps::kNoNode;
}

void SideBySideTreeView::revealNode(Side side, NodeId node)
{
    const Snapshot* snap = snapshot();
    if (!snap || !snap->hasSide(side) || node >= snap->graph(side).size())
        return;
    QTreeView* v = m_views[size_t(side)];
    for (NodeId a : snap->graph(side).ancestors(node)) {
        const QModelIndex i = proxyIndex(side, a);
        if (i.isValid() && !v->isExpanded(i))
            v->expand(i);
    }
}

namespace {

// Scrolls a row into view vertically and the tree back to its left edge: a long name would otherwise scroll the
// Verdict / Precision columns (and the name's start) out of view.
void scrollToRow(QTreeView* view, const QModelIndex& index, QAbstractItemView::ScrollHint hint)
{
    view->scrollTo(index, hint);
    view->horizontalScrollBar()->setValue(0);
}

} // namespace

void SideBySideTreeView::selectNode(Side side, NodeId node)
{
    {
        // Mirroring each expanded ancestor would reveal the other side once per level; the counterpart is
        // revealed once when the selection changes.
        SyncGuard guard(m_syncing);
        revealNode(side, node);
    }
    const QModelIndex i = proxyIndex(side, node);
    if (!i.isValid())
        return;
    QTreeView* v = m_views[size_t(side)];
    v->setCurrentIndex(i);
    scrollToRow(v, i, QAbstractItemView::PositionAtCenter);
}

void SideBySideTreeView::onCurrentChanged(Side side, const QModelIndex& current)
{
    if (m_syncing)
        return;
    SyncGuard guard(m_syncing);
    m_activeSide = side;
    const Snapshot* snap = snapshot();
    const NodeId node = current.isValid() ? NodeId(current.siblingAtColumn(0).data(NodeIdRole).toUInt()) : ps::kNoNode;
    NodeId counterpart = ps::kNoNode;
    if (snap && node != ps::kNoNode && snap->hasSide(opposite(side))) {
        counterpart = snap->counterpart(side, node);
        QTreeView* ov = m_views[size_t(opposite(side))];
        const NodeId target = counterpart != ps::kNoNode ? counterpart : counterpartOrAncestor(side, node);
        revealNode(opposite(side), target);
        const QModelIndex oi = proxyIndex(opposite(side), target);
        if (counterpart != ps::kNoNode && oi.isValid()) {
            ov->setCurrentIndex(oi);
        } else {
            ov->selectionModel()->clearSelection();
            ov->selectionModel()->setCurrentIndex({}, QItemSelectionModel::NoUpdate);
        }
        if (oi.isValid())
            scrollToRow(ov, oi, QAbstractItemView::PositionAtCenter);
    }
    // A click in the Verdict column scrolled to it: back to the left edge, where the names start.
    m_views[size_t(side)]->horizontalScrollBar()->setValue(0);
    if (side == Side::Npu)
        Q_EMIT currentNodesChanged(node, counterpart);
    else
        Q_EMIT currentNodesChanged(counterpart, node);
}

void SideBySideTreeView::onExpansion(Side side, const QModelIndex& index, bool expanded)
{
    if (m_syncing || !m_mirrorExpansion)
        return;
    SyncGuard guard(m_syncing);
    const NodeId node = NodeId(index.data(NodeIdRole).toUInt());
    const NodeId target = counterpartOrAncestor(side, node);
    if (target == ps::kNoNode)
        return;
    QTreeView* ov = m_views[size_t(opposite(side))];
    if (expanded)
        revealNode(opposite(side), target);
    const QModelIndex oi = proxyIndex(opposite(side), target);
    if (oi.isValid() && ov->isExpanded(oi) != expanded)
        ov->setExpanded(oi, expanded);
}

void SideBySideTreeView::onScrolled(Side side)
{
    if (m_syncing || !m_linkScrolling)
        return;
    SyncGuard guard(m_syncing);
    QTreeView* v = m_views[size_t(side)];
    QTreeView* ov = m_views[size_t(opposite(side))];
    // Align the counterpart of the top row when it is on screen in the other tree; else scroll proportionally.
    const QModelIndex top = v->indexAt(QPoint(1, 1));
    const Snapshot* snap = snapshot();
    if (top.isValid() && snap && snap->hasSide(opposite(side))) {
        const NodeId c = snap->counterpart(side, NodeId(top.siblingAtColumn(0).data(NodeIdRole).toUInt()));
        const QModelIndex oi = proxyIndex(opposite(side), c);
        if (oi.isValid() && ov->visualRect(oi).isValid()) {
            ov->scrollTo(oi, QAbstractItemView::PositionAtTop);
            return;
        }
    }
    const QScrollBar* s = v->verticalScrollBar();
    QScrollBar* os = ov->verticalScrollBar();
    if (s->maximum() > 0)
        os->setValue(int(double(s->value()) / s->maximum() * os->maximum()));
}

void SideBySideTreeView::setVisibleNodes(Side side, std::shared_ptr<const std::vector<bool>> visible)
{
    m_proxies[size_t(side)]->setVisibleNodes(std::move(visible));
    QTreeView* v = m_views[size_t(side)];
    if (v->model()->rowCount() > 0)
        v->expand(v->model()->index(0, 0));
}

void SideBySideTreeView::setMicroStep(int step)
{
    for (Side s : { Side::Npu, Side::Bench }) {
        m_proxies[size_t(s)]->setMicroStep(step);
        QTreeView* v = m_views[size_t(s)];
        if (v->model()->rowCount() > 0)
            v->expand(v->model()->index(0, 0));
    }
}

void SideBySideTreeView::setHitNodes(Side side, std::shared_ptr<const std::vector<bool>> hits)
{
    m_proxies[size_t(side)]->setHitNodes(std::move(hits));
    m_views[size_t(side)]->viewport()->update();
}

void SideBySideTreeView::setOverflowColours(bool on)
{
    for (QTreeView* v : m_views) {
        if (auto* delegate = qobject_cast<PrecisionDelegate*>(v->itemDelegate()))
            delegate->setOverflowColours(on);
        v->viewport()->update();
    }
}

std::vector<NodeId> SideBySideTreeView::expandedNodes(Side side) const
{
    std::vector<NodeId> out;
    const QTreeView* v = m_views[size_t(side)];
    const QAbstractItemModel* model = v->model();
    std::vector<QModelIndex> stack; // iteratively: trees are deep
    for (int r = model->rowCount() - 1; r >= 0; --r)
        stack.push_back(model->index(r, 0));
    while (!stack.empty()) {
        const QModelIndex i = stack.back();
        stack.pop_back();
        if (!v->isExpanded(i))
            continue;
        out.push_back(NodeId(i.data(NodeIdRole).toUInt()));
        for (int r = model->rowCount(i) - 1; r >= 0; --r)
            stack.push_back(model->index(r, 0, i));
    }
    return out;
}

void SideBySideTreeView::expandNodes(Side side, const std::vector<NodeId>& nodes)
{
    SyncGuard guard(m_syncing);
    QTreeView* v = m_views[size_t(side)];
    for (NodeId node : nodes) {
        revealNode(side, node);
        const QModelIndex i = proxyIndex(side, node);
        if (i.isValid())
            v->expand(i);
    }
}

void SideBySideTreeView::expandCurrent()
{
    QTreeView* v = m_views[size_t(m_activeSide)];
    if (v->currentIndex().isValid())
        v->expand(v->currentIndex().siblingAtColumn(0));
}

void SideBySideTreeView::collapseCurrent()
{
    QTreeView* v = m_views[size_t(m_activeSide)];
    if (v->currentIndex().isValid())
        v->collapse(v->currentIndex().siblingAtColumn(0));
}

void SideBySideTreeView::collapseAll()
{
    for (QTreeView* v : m_views) {
        v->collapseAll();
        if (v->model()->rowCount() > 0)
            v->expand(v->model()->index(0, 0));
    }
}

} // namespace psui

namespace psui {

void SideBySideTreeView::retranslate()
{
    for (Side s : { Side::Npu, Side::Bench }) {
        Q_EMIT m_session->model(s)->headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
        m_views[size_t(s)]->viewport()->update();
    }
}

} // namespace psui
