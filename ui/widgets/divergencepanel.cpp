#include "widgets/divergencepanel.h"

#include "analysis/divergence_report.h"
#include "session/errortext.h"
#include "session/sessioncontroller.h"

#include <QEvent>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace psui {

namespace {
enum Column { Rank, Node, Added, OutError, InError, Tolerance, WorstOutput, EnteredThrough, ColumnCount };
constexpr int kNodeRole = Qt::UserRole + 1;

QStringList splitList(const QString& text)
{
    QStringList out;
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!part.trimmed().isEmpty())
            out << part.trimmed();
    return out;
}
} // namespace

DivergencePanel::DivergencePanel(SessionController* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_ignore(new QLineEdit(this))
    , m_tolerances(new QLineEdit(this))
    , m_find(new QPushButton(this))
    , m_ignoreLabel(new QLabel(this))
    , m_toleranceLabel(new QLabel(this))
    , m_message(new QLabel(this))
    , m_list(new QTreeWidget(this))
{
    setObjectName(QStringLiteral("divergencePanel"));
    auto* options = new QGridLayout;
    options->addWidget(m_ignoreLabel, 0, 0);
    options->addWidget(m_ignore, 0, 1);
    options->addWidget(m_toleranceLabel, 1, 0);
    options->addWidget(m_tolerances, 1, 1);
    options->addWidget(m_find, 0, 2, 2, 1);
    m_message->setWordWrap(true);
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setColumnCount(ColumnCount);
    m_list->setTextElideMode(Qt::ElideMiddle);
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents); // a short list: names shown whole
    m_list->header()->setStretchLastSection(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(options);
    layout->addWidget(m_message);
    layout->addWidget(m_list, 1);

    connect(m_find, &QPushButton::clicked, this, &DivergencePanel::refresh);
    connect(m_ignore, &QLineEdit::returnPressed, this, &DivergencePanel::refresh);
    connect(m_tolerances, &QLineEdit::returnPressed, this, &DivergencePanel::refresh);
    connect(m_session, &SessionController::diagnoseFinished, this, &DivergencePanel::onFinished);
    connect(m_session, &SessionController::sessionChanged, this, &DivergencePanel::refreshIfDataShown);
    connect(m_session, &SessionController::snapshotUpdated, this, &DivergencePanel::refreshIfDataShown);
    connect(m_list, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) { onActivated(item); });
    retranslate();
}

void DivergencePanel::refreshIfDataShown()
{
    const auto snap = m_session->snapshot();
    if (snap && snap->comparing) {
        m_list->clear();
        m_listSnapshot.reset();
        m_message->setText(tr("Comparing…"));
        return; // the compared result comes as snapshotUpdated
    }
    if (snap && snap->hasSide(Side::Bench) && !snap->hasNodeData()) {
        m_list->clear();
        m_listSnapshot.reset();
        m_message->setText(tr("This file was opened without reading every node's data. Find reads it, then "
                              "searches."));
        return;
    }
    refresh();
}

void DivergencePanel::refresh()
{
    const auto snap = m_session->snapshot();
    if (!snap || !snap->hasSide(Side::Bench)) {
        m_list->clear();
        m_listSnapshot.reset();
        m_message->setText(snap ? tr("The finder needs a comparison (NPU and bench).") : QString());
        return;
    }
    ps::DiagnoseOptions options;
    for (const QString& pattern : splitList(m_ignore->text()))
        options.ignore.push_back(pattern.toStdString());
    try {
        for (const QString& spec : splitList(m_tolerances->text()))
            ps::addToleranceSpec(options, spec.toStdString());
    } catch (const std::exception& e) {
        m_message->setText(ErrorText::of(e));
        return;
    }
    m_message->setText(tr("Searching…"));
    m_session->diagnose(options);
}

void DivergencePanel::onFinished(const DiagnoseOutcome& outcome)
{
    m_list->clear();
    m_listSnapshot = outcome.snapshot;
    if (!outcome.error.isEmpty()) {
        m_message->setText(outcome.error);
        return;
    }
    const auto& found = outcome.divergences;
    m_message->setText(found.empty()
            ? tr("No node introduces an error above the tolerance.")
            : tr("%n node(s) introduce an error: their outputs exceed the tolerance while the inputs they inherit "
                 "do not. Double-click to show one.",
                nullptr, int(found.size())));
    const ps::Graph& g = outcome.snapshot->graph(Side::Npu);
    QList<QTreeWidgetItem*> items;
    for (size_t i = 0; i < found.size(); ++i) {
        const ps::Divergence& d = found[i];
        auto* item = new QTreeWidgetItem;
        item->setText(Rank, QString::number(i + 1));
        item->setText(Node, QString::fromUtf8(g.nameOf(d.npu)));
        item->setData(Node, kNodeRole, uint(d.npu));
        item->setText(Added, QString::fromStdString(ps::formatError(d.added)));
        item->setText(OutError, QString::fromStdString(ps::formatError(d.outError)));
        item->setText(InError, QString::fromStdString(ps::formatError(d.inError)));
        item->setText(Tolerance,
            QString::fromStdString(ps::formatError(d.tolerance)) % QStringLiteral(" (")
                % QString::fromStdString(d.dtype).section(QLatin1Char('.'), -1) % QLatin1Char(')'));
        item->setText(WorstOutput, QString::fromStdString(d.worstOutput));
        item->setText(EnteredThrough, QString::fromStdString(d.sourceInput));
        item->setToolTip(Node, item->text(Node));
        for (int c : { Added, OutError, InError })
            item->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
        items << item;
    }
    m_list->addTopLevelItems(items);
}

void DivergencePanel::onActivated(QTreeWidgetItem* item)
{
    const auto current = m_session->snapshot();
    // The rows name nodes of the graphs they were computed on; a new session has other graphs.
    if (!item || !current || !m_listSnapshot || current->comparison->graphs[0] != m_listSnapshot->comparison->graphs[0])
        return;
    Q_EMIT jumpRequested(Side::Npu, NodeId(item->data(Node, kNodeRole).toUInt()));
}

void DivergencePanel::retranslate()
{
    m_ignoreLabel->setText(tr("Ignore:"));
    m_ignore->setPlaceholderText(tr("name patterns, comma separated (e.g. *dropout*, Functional.embedding*)"));
    m_toleranceLabel->setText(tr("Tolerances:"));
    m_tolerances->setPlaceholderText(
        tr("dtype=value, comma separated (defaults: float16=0.01, bfloat16=0.04, float32=0.001)"));
    m_find->setText(tr("Find"));
    m_list->setHeaderLabels({ tr("#"), tr("Node"), tr("Added"), tr("Output error"), tr("Input error"), tr("Tolerance"),
        tr("Worst output"), tr("Entered through") });
    m_list->headerItem()->setToolTip(Added, tr("Output error minus the error of the inputs it inherited"));
    m_list->headerItem()->setToolTip(EnteredThrough,
        tr("A diverging input no earlier node produced (a parameter or data tensor): the error entered here"));
}

void DivergencePanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace psui
