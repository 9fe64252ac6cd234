#include "widgets/callerpanel.h"

#include "models/stackframes.h"
#include "theme/palette.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace psui {

namespace {
constexpr size_t kShownPerGroup = 200;
constexpr int kNodeRole = Qt::UserRole + 1;
} // namespace

CallerPanel::CallerPanel(QWidget* parent)
    : QWidget(parent)
    , m_threshold(new QComboBox(this))
    , m_summary(new QLabel(this))
    , m_tree(new QTreeWidget(this))
{
    m_threshold->addItems({ QString(), QString() });
    m_tree->setColumnCount(2);
    m_tree->setUniformRowHeights(true);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Interactive);
    m_tree->header()->resizeSection(0, 420);
    auto* top = new QHBoxLayout;
    top->addWidget(m_threshold);
    top->addWidget(m_summary, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_tree, 1);
    connect(m_threshold, &QComboBox::currentIndexChanged, this, &CallerPanel::refresh);
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        const QVariant node = item->data(0, kNodeRole);
        if (node.isValid())
            Q_EMIT jumpRequested(Side::Npu, NodeId(node.toUInt()));
    });
    retranslate();
}

void CallerPanel::retranslate()
{
    m_threshold->setItemText(0, tr("Worst bin only"));
    m_threshold->setItemText(1, tr("Upper half of the legend"));
    m_tree->setHeaderLabels({ tr("Calling line of user code / node"), tr("Nodes / code") });
    refresh();
}

void CallerPanel::setSnapshot(std::shared_ptr<const Snapshot> snapshot)
{
    m_snapshot = std::move(snapshot);
    refresh();
}

void CallerPanel::refresh()
{
    m_tree->clear();
    if (!m_snapshot || m_snapshot->bins.empty()) {
        m_summary->setText(tr("Available for comparisons."));
        return;
    }
    const int worst = m_snapshot->worstValueBin();
    const int minBin = m_threshold->currentIndex() == 0 ? worst : std::max(0, worst / 2 + 1);
    const std::vector<CallerGroup> groups = groupByCaller(*m_snapshot, minBin);
    size_t total = 0;
    const ps::Graph& g = m_snapshot->graph(Side::Npu);
    for (const CallerGroup& group : groups) {
        total += group.nodes.size();
        auto* item = new QTreeWidgetItem(m_tree,
            { group.caller.location(),
                QString::number(group.nodes.size()) % QStringLiteral("   ") % group.caller.code });
        item->setToolTip(0, group.caller.function);
        for (size_t i = 0; i < group.nodes.size() && i < kShownPerGroup; ++i) {
            auto* child = new QTreeWidgetItem(item, { QString::fromUtf8(g.nameOf(group.nodes[i])) });
            child->setData(0, kNodeRole, quint32(group.nodes[i]));
            child->setBackground(0, Palette::binColor(*m_snapshot, m_snapshot->rollup(Side::Npu).bin[group.nodes[i]]));
            child->setForeground(0, QColor(Qt::black));
        }
        if (group.nodes.size() > kShownPerGroup)
            new QTreeWidgetItem(item, { tr("… %1 more").arg(group.nodes.size() - kShownPerGroup) });
    }
    m_summary->setText(tr("%1 suspicious nodes in %2 places of user code").arg(total).arg(groups.size()));
}

} // namespace psui
