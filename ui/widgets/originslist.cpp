#include "widgets/originslist.h"

#include "analysis/divergence_report.h"
#include "session/analysisjobs.h"

#include <QHeaderView>

namespace psui {

namespace {
enum Column { Position, Rank, Node, Reaches, Added, ColumnCount };
constexpr int kJobRole = Qt::UserRole + 1;
constexpr int kNodeRole = Qt::UserRole + 2;

QString hopText(const ps::RankNode& hop)
{
    return OriginsList::tr("rank %1 %2").arg(hop.rank).arg(QString::fromStdString(hop.node));
}
} // namespace

OriginsList::OriginsList(QWidget* parent)
    : QTreeWidget(parent)
{
    setObjectName(QStringLiteral("originsList"));
    setColumnCount(ColumnCount);
    setUniformRowHeights(true);
    setTextElideMode(Qt::ElideRight);
    header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    header()->setStretchLastSection(true);
    connect(this, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        if (item && item->data(Node, kJobRole).isValid())
            Q_EMIT jobNodeRequested(
                item->data(Node, kJobRole).toInt(), item->data(Node, kNodeRole).toString(), m_generation);
    });
    retranslate();
}

void OriginsList::setOutcome(const OriginsOutcome& outcome)
{
    clear();
    m_generation = outcome.sourceGeneration;
    auto jobOf = [&](int rank) {
        auto it = outcome.jobOfRank.find(rank);
        return it == outcome.jobOfRank.end() ? QVariant() : QVariant(it->second);
    };
    QList<QTreeWidgetItem*> items;
    const std::vector<ps::CrossRankOrigin>& origins = outcome.traced.origins;
    for (size_t i = 0; i < origins.size(); ++i) {
        const ps::CrossRankOrigin& o = origins[i];
        auto* item = new QTreeWidgetItem;
        item->setText(Position, QString::number(i + 1));
        item->setText(Rank, QString::number(o.where.rank));
        item->setText(Node, QString::fromStdString(o.where.node));
        item->setData(Node, kJobRole, jobOf(o.where.rank));
        item->setData(Node, kNodeRole, QString::fromStdString(o.where.node));
        QStringList reaches;
        for (int r : o.ranks)
            reaches << QString::number(r);
        item->setText(Reaches, reaches.join(QLatin1Char(',')));
        item->setText(Added, QString::fromStdString(ps::formatError(o.divergence.added)));
        item->setTextAlignment(Added, Qt::AlignRight | Qt::AlignVCenter);
        item->setToolTip(Node, item->text(Node));
        // One child per rank reached: where that rank saw the error, and the hops it took.
        for (const std::vector<ps::RankNode>& path : o.paths) {
            if (path.empty())
                continue;
            auto* child = new QTreeWidgetItem(item);
            QStringList hops;
            for (const ps::RankNode& hop : path)
                hops << hopText(hop);
            child->setText(Rank, QString::number(path.back().rank));
            child->setText(Node, hops.join(QStringLiteral(" → ")));
            child->setToolTip(Node, hops.join(QLatin1Char('\n')));
            child->setData(Node, kJobRole, jobOf(path.back().rank));
            child->setData(Node, kNodeRole, QString::fromStdString(path.back().node));
        }
        items << item;
    }
    addTopLevelItems(items);
}

void OriginsList::retranslate()
{
    setHeaderLabels({ tr("#"), tr("Rank"), tr("Node / path"), tr("Reaches ranks"), tr("Added") });
    headerItem()->setToolTip(Reaches, tr("The ranks whose errors this origin explains, its own included"));
}

} // namespace psui
