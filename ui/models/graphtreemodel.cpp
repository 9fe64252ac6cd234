#include "models/graphtreemodel.h"

#include "models/labels.h"
#include "models/nonfinite.h"
#include "models/roles.h"
#include "models/verdicts.h"

#include <algorithm>
#include <cmath>

namespace psui {

GraphTreeModel::GraphTreeModel(Side side, QObject* parent)
    : QAbstractItemModel(parent)
    , m_side(side)
{
}

GraphTreeModel::~GraphTreeModel() = default;

void GraphTreeModel::setSnapshot(std::shared_ptr<const Snapshot> snapshot)
{
    beginResetModel();
    m_snapshot = std::move(snapshot);
    m_notes.reset(); // NodeIds of the old graphs
    endResetModel();
}

void GraphTreeModel::updateSnapshot(std::shared_ptr<const Snapshot> snapshot)
{
    m_snapshot = std::move(snapshot);
    if (rowCount() > 0) // a range over the top row repaints every visible row
        Q_EMIT dataChanged(index(0, 0), index(0, columnCount() - 1));
}

void GraphTreeModel::growSnapshot(std::shared_ptr<const Snapshot> snapshot)
{
    const Snapshot* old = m_snapshot.get();
    const bool sameRoot = old && old->hasSide(m_side) && snapshot && snapshot->hasSide(m_side)
        && old->graph(m_side).root == snapshot->graph(m_side).root;
    if (!sameRoot) {
        setSnapshot(std::move(snapshot));
        return;
    }
    // Nodes that had no children loaded and have some now; each gets its rows announced on its own, and until its
    // turn rowCount() shows it childless, as the view last saw it.
    const ps::Graph& before = old->graph(m_side);
    const ps::Graph& after = snapshot->graph(m_side);
    std::vector<NodeId> grown;
    for (NodeId n = 0; n < before.size(); ++n)
        if (before.children(n).empty() && !after.children(n).empty())
            grown.push_back(n);
    std::shared_ptr<const Snapshot> next = std::move(snapshot);
    if (grown.empty()) {
        m_snapshot = std::move(next);
        return;
    }
    m_grownPending = grown;
    m_snapshot = next;
    for (NodeId n : grown) {
        beginInsertRows(indexOfNode(n), 0, int(after.children(n).size()) - 1);
        m_grownPending.erase(std::find(m_grownPending.begin(), m_grownPending.end(), n));
        endInsertRows();
    }
    // The nodes whose children may still load keep their expand arrows: repaint the rows shown.
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(0, columnCount() - 1));
}

void GraphTreeModel::setChanges(std::shared_ptr<const ChangeMap> changes)
{
    if (!changes && !m_changes)
        return;
    m_changes = std::move(changes);
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(0, columnCount() - 1), { ChangeRole, ChangeInsideRole });
}

void GraphTreeModel::setNotes(std::shared_ptr<const GraphNotes> notes)
{
    std::vector<NodeId> changed;
    const auto collect = [&](const GraphNotes* from, const GraphNotes* other) {
        if (!from)
            return;
        for (const auto& [node, note] : from->sides[size_t(m_side)]) {
            const ps::NodeNote* same = other ? other->noteOf(m_side, node) : nullptr;
            if (!same || !(*same == note))
                changed.push_back(node);
        }
    };
    collect(m_notes.get(), notes.get());
    collect(notes.get(), m_notes.get());
    m_notes = std::move(notes);
    for (NodeId node : changed) {
        const QModelIndex first = indexOfNode(node, NameColumn);
        if (first.isValid())
            Q_EMIT dataChanged(first, first.siblingAtColumn(ColumnCount - 1));
    }
}

const ps::Graph* GraphTreeModel::graph() const
{
    if (!m_snapshot || !m_snapshot->hasSide(m_side) || m_snapshot->graph(m_side).size() == 0)
        return nullptr;
    return &m_snapshot->graph(m_side);
}

NodeId GraphTreeModel::nodeOf(const QModelIndex& index)
{
    return index.isValid() ? NodeId(index.internalId()) : ps::kNoNode;
}

QModelIndex GraphTreeModel::indexOfNode(NodeId node, int column) const
{
    const ps::Graph* g = graph();
    if (!g || node >= g->size())
        return {};
    if (node != g->root && g->parent[node] == ps::kNoNode)
        return {}; // orphans are not shown
    return createIndex(node == g->root ? 0 : int(g->rowOf(node)), column, quintptr(node));
}

QModelIndex GraphTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    const ps::Graph* g = graph();
    if (!g || row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid())
        return row == 0 ? createIndex(0, column, quintptr(g->root)) : QModelIndex();
    auto children = g->children(nodeOf(parent));
    if (size_t(row) >= children.size())
        return {};
    return createIndex(row, column, quintptr(children[size_t(row)]));
}

QModelIndex GraphTreeModel::parent(const QModelIndex& child) const
{
    const ps::Graph* g = graph();
    if (!g || !child.isValid())
        return {};
    NodeId node = nodeOf(child);
    if (node == g->root)
        return {};
    return indexOfNode(g->parent[node]);
}

int GraphTreeModel::rowCount(const QModelIndex& parent) const
{
    const ps::Graph* g = graph();
    if (!g)
        return 0;
    if (!parent.isValid())
        return 1;
    if (parent.column() != 0)
        return 0;
    const NodeId node = nodeOf(parent);
    if (!m_grownPending.empty()
        && std::find(m_grownPending.begin(), m_grownPending.end(), node) != m_grownPending.end())
        return 0;
    return int(g->children(node).size());
}

int GraphTreeModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

bool GraphTreeModel::hasChildren(const QModelIndex& parent) const
{
    return rowCount(parent) > 0 || canFetchMore(parent);
}

bool GraphTreeModel::canFetchMore(const QModelIndex& parent) const
{
    return parent.isValid() && parent.column() == 0 && m_snapshot
        && m_snapshot->hasUnloadedChildren(m_side, nodeOf(parent));
}

void GraphTreeModel::fetchMore(const QModelIndex& parent)
{
    if (canFetchMore(parent) && m_loadChildren)
        m_loadChildren(m_side, nodeOf(parent)); // comes back as growSnapshot
}

QString GraphTreeModel::typeName(ps::NodeType type)
{
    switch (type) {
    case ps::NodeType::Module:
        return tr("Module");
    case ps::NodeType::Api:
        return tr("API");
    case ps::NodeType::ApiCollection:
        return tr("API list");
    }
    return {};
}

QString GraphTreeModel::nonFiniteMark(uint8_t bits)
{
    if (bits & kHasNan)
        return QStringLiteral("NaN");
    return bits & kHasInf ? QStringLiteral("inf") : QString();
}

QString GraphTreeModel::overflowName(ps::OverflowLevel level)
{
    switch (level) {
    case ps::OverflowLevel::None:
        return {};
    case ps::OverflowLevel::Medium:
        return tr("medium");
    case ps::OverflowLevel::High:
        return tr("high");
    case ps::OverflowLevel::Critical:
        return tr("critical");
    }
    return {};
}

bool GraphTreeModel::md5Bins() const
{
    // msprobe 1.2.1's md5 mode: precision 1 = every md5 equal, 0 = one differs; no number to show.
    return m_snapshot->comparison && m_snapshot->comparison->mode == ps::CompareMode::Md5 && !hasVerdicts(*m_snapshot);
}

QString GraphTreeModel::md5Text(bool equal)
{
    return equal ? tr("md5 equal") : tr("md5 differs");
}

QString GraphTreeModel::precisionText(double p) const
{
    if (const auto verdict = nodeVerdict(*m_snapshot, p))
        return verdictLabel(*verdict);
    if (md5Bins() && !std::isnan(p))
        return md5Text(p >= 1);
    return std::isnan(p) ? QString() : QString::number(p, 'f', 4);
}

QString GraphTreeModel::worstText(NodeId node) const
{
    int worst = m_snapshot->rollup(m_side).worst[node];
    if (worst < 0)
        return {};
    if (const auto verdict = binVerdict(*m_snapshot, worst))
        return verdictLabel(*verdict);
    const LegendBin& b = m_snapshot->bins[size_t(worst)];
    if (md5Bins() && !b.unmatched)
        return md5Text(b.lo >= 1);
    if (ps::isBandMetric(m_snapshot->metric) && !b.unmatched)
        return metricBandText(m_snapshot->metric, b.lo, b.hi);
    if (m_snapshot->metric == ps::ColorMetric::Truth && !b.unmatched)
        return truthBinText(b.lo);
    return QStringLiteral("[%1, %2]").arg(b.lo).arg(b.hi);
}

QVariant GraphTreeModel::data(const QModelIndex& index, int role) const
{
    const ps::Graph* g = graph();
    if (!g || !index.isValid())
        return {};
    const NodeId node = nodeOf(index);
    const SideRollup& r = m_snapshot->rollup(m_side);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return QString::fromUtf8(shortLabel(g->nameOf(node), g->type[node], r.depth[node]));
        case TypeColumn:
            return typeName(g->type[node]);
        case PrecisionColumn:
            return precisionText(m_snapshot->precision(m_side, node));
        case WorstColumn:
            return worstText(node);
        case OverflowColumn:
            return overflowName(m_snapshot->overflow(m_side, node));
        }
        return {};
    case Qt::ToolTipRole: {
        QString tip = QString::fromUtf8(g->nameOf(node));
        const QString mark = mergeMarkOf(*g, node);
        if (mark == QLatin1String("TP"))
            tip += QLatin1Char('\n') + tr("Data merged across tensor-parallel ranks (see the details)");
        else if (!mark.isEmpty())
            tip += QLatin1Char('\n') + tr("Taken from rank %1 by the parallel merge").arg(g->sourceRank[node]);
        if (const ps::NodeNote* note = m_notes ? m_notes->noteOf(m_side, node) : nullptr)
            tip += QLatin1Char('\n') + NoteLabels::summary(*note);
        if (m_snapshot->nonFinite(m_side, node))
            tip += QLatin1Char('\n') + tr("Its statistics hold NaN or inf (the precision is msprobe's own number)");
        return tip;
    }
    case FullNameRole:
        return QString::fromUtf8(g->nameOf(node));
    case NoteTagRole: {
        const ps::NodeNote* note = m_notes ? m_notes->noteOf(m_side, node) : nullptr;
        return note ? int(note->tag) : -1;
    }
    case NoteTextRole: {
        const ps::NodeNote* note = m_notes ? m_notes->noteOf(m_side, node) : nullptr;
        return note ? QString::fromStdString(note->text) : QString();
    }
    case MergeMarkRole:
        return mergeMarkOf(*g, node);
    case NonFiniteRole:
        return nonFiniteMark(m_snapshot->nonFinite(m_side, node));
    case NodeIdRole:
        return quint32(node);
    case SideRole:
        return int(m_side);
    case PrecisionRole:
        return m_snapshot->precision(m_side, node);
    case BinRole:
        return int(r.bin[node]);
    case WorstBinRole:
        return int(r.worst[node]);
    case MatchedRole:
        return m_snapshot->counterpart(m_side, node) != ps::kNoNode;
    case CounterpartRole:
        return quint32(m_snapshot->counterpart(m_side, node));
    case OverflowRole:
        return int(m_snapshot->overflow(m_side, node));
    case NodeTypeRole:
        return int(g->type[node]);
    case ChangeRole:
    case ChangeInsideRole: {
        if (!m_changes)
            return {};
        const auto& marks = (role == ChangeRole ? m_changes->mark : m_changes->inside)[size_t(m_side)];
        return node < marks.size() ? QVariant(int(marks[node])) : QVariant();
    }
    case WorstOverflowRole:
        return node < r.worstOverflow.size() ? int(r.worstOverflow[node]) : 0;
    case SortRole:
        switch (index.column()) {
        case PrecisionColumn:
            return m_snapshot->precision(m_side, node);
        case WorstColumn:
            return int(r.worst[node]);
        case OverflowColumn:
            return int(m_snapshot->overflow(m_side, node));
        default:
            return quint32(node); // execution order
        }
    }
    return {};
}

QVariant GraphTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn:
            return m_side == Side::Npu ? tr("NPU node") : tr("Bench node");
        case TypeColumn:
            return tr("Type");
        case PrecisionColumn:
            return m_snapshot && hasVerdicts(*m_snapshot) ? tr("Verdict") : tr("Precision");
        case WorstColumn:
            return tr("Worst inside");
        case OverflowColumn:
            return tr("Overflow");
        }
    } else if (role == Qt::ToolTipRole) {
        switch (section) {
        case PrecisionColumn:
            if (m_snapshot && hasVerdicts(*m_snapshot))
                return tr("msprobe 26.0's verdict of the NPU node: the worst of its inputs' and outputs' rows (the "
                          "details say why); on the bench side, the verdict of the matched NPU node");
            return tr("msprobe's precision index of the NPU node (higher is worse); on the bench side, the value of "
                      "the matched NPU node");
        case WorstColumn:
            return tr("The worst precision bin among this node and everything below it");
        case OverflowColumn:
            return tr("Overflow level (only with the overflow check)");
        }
    }
    return {};
}

} // namespace psui
