#include "widgets/divergencepanel.h"

#include "analysis/divergence_report.h"
#include "session/analysiscontroller.h"
#include "session/errortext.h"
#include "session/sessioncontroller.h"
#include "widgets/originslist.h"

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
    , m_acrossRanks(new QPushButton(this))
    , m_ignoreLabel(new QLabel(this))
    , m_toleranceLabel(new QLabel(this))
    , m_message(new QLabel(this))
    , m_list(new QTreeWidget(this))
    , m_origins(new OriginsList(this))
{
    setObjectName(QStringLiteral("divergencePanel"));
    auto* options = new QGridLayout;
    options->addWidget(m_ignoreLabel, 0, 0);
    options->addWidget(m_ignore, 0, 1);
    options->addWidget(m_toleranceLabel, 1, 0);
    options->addWidget(m_tolerances, 1, 1);
    options->addWidget(m_find, 0, 2);
    options->addWidget(m_acrossRanks, 1, 2);
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
    layout->addWidget(m_origins, 1);
    m_origins->hide(); // until a trace across ranks has run
    m_acrossRanks->setEnabled(false);

    connect(m_find, &QPushButton::clicked, this, &DivergencePanel::refresh);
    connect(m_ignore, &QLineEdit::returnPressed, this, &DivergencePanel::refresh);
    connect(m_tolerances, &QLineEdit::returnPressed, this, &DivergencePanel::refresh);
    connect(m_session->analysis(), &AnalysisController::diagnoseFinished, this, &DivergencePanel::onFinished);
    connect(m_acrossRanks, &QPushButton::clicked, this, &DivergencePanel::traceAcrossRanks);
    connect(m_session->analysis(), &AnalysisController::originsFinished, this, &DivergencePanel::onOriginsFinished);
    connect(m_session, &SessionController::sessionChanged, this, [this] {
        m_acrossRanks->setEnabled(m_session->analysis()->canTraceAcrossRanks());
        // A list of another step (or source) stays until it is traced again, unless nothing can be traced.
        if (!m_session->analysis()->canTraceAcrossRanks()) {
            m_origins->clear();
            m_origins->hide();
        }
    });
    connect(m_origins, &OriginsList::jobNodeRequested, this, [this](int job, const QString& node, quint64 generation) {
        if (generation == m_session->sourceGeneration())
            Q_EMIT jobNodeRequested(job, node);
    });
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
    if (!readOptions(options))
        return;
    m_message->setText(tr("Searching…"));
    m_session->analysis()->diagnose(options);
}

bool DivergencePanel::readOptions(ps::DiagnoseOptions& options)
{
    for (const QString& pattern : splitList(m_ignore->text()))
        options.ignore.push_back(pattern.toStdString());
    try {
        for (const QString& spec : splitList(m_tolerances->text()))
            ps::addToleranceSpec(options, spec.toStdString());
    } catch (const std::exception& e) {
        m_message->setText(ErrorText::of(e));
        return false;
    }
    return true;
}

void DivergencePanel::traceAcrossRanks()
{
    ps::DiagnoseOptions options;
    if (!readOptions(options))
        return;
    if (m_session->analysis()->traceAcrossRanks(options))
        m_message->setText(tr("Comparing every rank of this step and following their communication links…"));
}

void DivergencePanel::onOriginsFinished(const OriginsOutcome& outcome)
{
    if (!outcome.error.isEmpty()) {
        m_message->setText(outcome.error);
        return;
    }
    m_origins->setOutcome(outcome);
    m_origins->show();
    const size_t count = outcome.traced.origins.size();
    m_message->setText(count == 0
            ? tr("No rank of step %1 introduces an error above the tolerance.").arg(outcome.traced.step)
            : tr("%n place(s) where an error entered step %1, across its ranks; an error that arrived from another "
                 "rank through a communication node is traced back to it. Double-click to open that rank there.",
                nullptr, int(count))
                  .arg(outcome.traced.step));
}

QString DivergencePanel::missingNodeText()
{
    return tr("This rank has no node %1.");
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
    m_acrossRanks->setText(tr("Across ranks"));
    m_acrossRanks->setToolTip(tr("Where the errors of this step entered, over all its ranks: an error that arrived "
                                 "through a communication node is traced to the rank that sent it"));
    m_origins->retranslate();
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
