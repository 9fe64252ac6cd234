#include "widgets/matchlist.h"

#include "models/hitlistmodel.h"
#include "models/roles.h"
#include "theme/palette.h"
#include "widgets/hitnavigator.h"

#include <QEvent>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QPainter>
#include <QPixmap>
#include <QStyledItemDelegate>

namespace psui {

namespace {

// The name column carries the swatch of the node's legend colour (a bench row: its NPU partner's).
class SwatchDelegate : public QStyledItemDelegate {
public:
    SwatchDelegate(const HitListModel* model, QObject* parent)
        : QStyledItemDelegate(parent)
        , m_model(model)
    {
    }

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        const Snapshot* snap = m_model->snapshot();
        if (index.column() != HitListModel::NameColumn || !snap || snap->bins.empty())
            return;
        const QColor colour = Palette::nodeFill(*snap, Side::Npu, index.data(BinRole).toInt());
        QPixmap pm(12, 12);
        pm.fill(colour);
        QPainter p(&pm);
        p.setPen(colour.darker(140));
        p.drawRect(0, 0, 11, 11);
        option->icon = QIcon(pm);
        option->decorationSize = QSize(12, 12);
        option->features |= QStyleOptionViewItem::HasDecoration;
    }

private:
    const HitListModel* m_model;
};

} // namespace

MatchList::MatchList(HitNavigator* navigator, QWidget* parent)
    : QTreeView(parent)
    , m_navigator(navigator)
{
    setObjectName(QStringLiteral("matchList"));
    setModel(navigator->model());
    setItemDelegate(new SwatchDelegate(navigator->model(), this));
    setRootIsDecorated(false);
    setUniformRowHeights(true); // hit lists can be long
    setAllColumnsShowFocus(true);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setTextElideMode(Qt::ElideRight); // names of one module differ early (layers.0 / layers.1): keep the start
    header()->setStretchLastSection(false);
    header()->setSectionResizeMode(HitListModel::NameColumn, QHeaderView::Stretch);
    header()->setSectionResizeMode(HitListModel::SideColumn, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(HitListModel::ValueColumn, QHeaderView::ResizeToContents);
    connect(navigator, &HitNavigator::currentRowChanged, this, &MatchList::followRow);
    // A click or the arrow keys in the list jump there; the navigator's own steps only move the list.
    connect(selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        if (current.isValid() && current.row() != m_navigator->currentRow())
            m_navigator->jumpTo(current.row());
    });
    connect(this, &QAbstractItemView::activated, this, [this](const QModelIndex& index) {
        m_navigator->jumpTo(index.row()); // Enter on a row, or a double click
    });
}

void MatchList::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        qobject_cast<HitListModel*>(model())->retranslate();
    QTreeView::changeEvent(event);
}

void MatchList::followRow(int row)
{
    if (row < 0) {
        clearSelection();
        return;
    }
    const QModelIndex index = model()->index(row, 0);
    setCurrentIndex(index); // selects the row (single selection)
    scrollTo(index);
}

MatchesDock::MatchesDock(HitNavigator* navigator, QWidget* parent)
    : QDockWidget(parent)
{
    setObjectName(QStringLiteral("matchesDock"));
    setWidget(new MatchList(navigator, this));
    setWindowTitle(tr("Matches"));
    connect(navigator->model(), &QAbstractItemModel::modelReset, this, [this, navigator]() {
        // Shown with the matches of a search, closed when it has none (a cleared or new search, a new session).
        setVisible(navigator->model()->rowCount() > 0);
    });
}

void MatchesDock::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        setWindowTitle(tr("Matches"));
    QDockWidget::changeEvent(event);
}

} // namespace psui
