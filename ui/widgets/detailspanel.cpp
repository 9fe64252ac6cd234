#include "widgets/detailspanel.h"

#include "models/nodedetailsmodel.h"
#include "models/nodenotes.h"
#include "models/roles.h"
#include "models/verdicts.h"
#include "theme/palette.h"
#include "widgets/collapsiblebox.h"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>

namespace psui {

namespace {

// Bench rows grey as in tb_graph_ascend; suspicious metric cells in the legend colour of their value.
class DetailsDelegate : public QStyledItemDelegate {
public:
    DetailsDelegate(const std::shared_ptr<const Snapshot>* snapshot, QObject* parent)
        : QStyledItemDelegate(parent)
        , m_snapshot(snapshot)
    {
    }
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        QColor fill = index.data(SideRole).toInt() == int(Side::Bench) ? Palette::benchRow() : QColor(Qt::white);
        const int bin = index.data(BinRole).toInt();
        if (bin >= 0 && *m_snapshot)
            fill = Palette::binColor(**m_snapshot, bin);
        painter->fillRect(option.rect, fill);
        QStyleOptionViewItem opt(option);
        opt.palette.setColor(QPalette::Text, Qt::black);
        if (bin >= 0)
            opt.font.setBold(true);
        QStyledItemDelegate::paint(painter, opt, index);
    }

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (index.data(NearZeroRole).toBool()) {
            // msprobe's number and colour stay; the mark says the bench value under it is almost zero.
            option->text += QStringLiteral(" ≈0");
            option->font.setItalic(true);
        }
    }

private:
    const std::shared_ptr<const Snapshot>* m_snapshot;
};

} // namespace

DetailsPanel::DetailsPanel(QWidget* parent)
    : QWidget(parent)
    , m_header(new QLabel(this))
    , m_change(new QLabel(this))
    , m_verdict(new QLabel(this))
    , m_colourNote(new QLabel(this))
    , m_verdictBox(new CollapsibleBox(m_verdict, this))
    , m_merge(new QPlainTextEdit(this))
    , m_mergeBox(new CollapsibleBox(m_merge, this))
    , m_copy(new QPushButton(this))
    , m_editNote(new QPushButton(this))
    , m_tensorError(new QPushButton(this))
    , m_note(new QLabel(this))
    , m_table(new QTableView(this))
    , m_model(new NodeDetailsModel(this))
{
    m_header->setObjectName(QStringLiteral("detailsHeader"));
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_header->setWordWrap(true);
    m_change->setObjectName(QStringLiteral("beforeAfter"));
    m_change->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_change->setMargin(4);
    m_change->setAutoFillBackground(true);
    m_change->hide();
    m_verdict->setObjectName(QStringLiteral("verdictReasons"));
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::PlainText);
    m_verdict->setMargin(4);
    m_verdict->setAutoFillBackground(true);
    m_verdictBox->setObjectName(QStringLiteral("verdictBox"));
    m_verdictBox->hide();
    m_editNote->setObjectName(QStringLiteral("editNoteButton"));
    m_editNote->setEnabled(false);
    m_note->setObjectName(QStringLiteral("nodeNote"));
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_note->setMargin(4);
    m_note->setAutoFillBackground(true);
    m_note->hide();
    m_colourNote->setObjectName(QStringLiteral("colourNote"));
    m_colourNote->setWordWrap(true);
    m_colourNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_colourNote->hide();
    // How a merged node's values were computed: a few lines, scrolled when longer, so the table keeps its room.
    m_merge->setObjectName(QStringLiteral("mergeInfo"));
    m_merge->setReadOnly(true);
    m_merge->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_mergeBox->setObjectName(QStringLiteral("mergeBox"));
    m_mergeBox->hide();
    m_table->setObjectName(QStringLiteral("detailsTable"));
    m_table->setModel(m_model);
    m_table->setItemDelegate(new DetailsDelegate(&m_snapshot, m_table));
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_table->setWordWrap(false);
    // Six rows and the header stay whatever the boxes above show: they shrink to scrolled lines first.
    m_table->setMinimumHeight(m_table->horizontalHeader()->sizeHint().height()
        + 6 * m_table->verticalHeader()->defaultSectionSize() + 2 * m_table->frameWidth()
        + m_table->horizontalScrollBar()->sizeHint().height());

    auto* top = new QHBoxLayout;
    top->addWidget(m_header, 1);
    top->addWidget(m_tensorError);
    top->addWidget(m_editNote);
    top->addWidget(m_copy);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_change);
    layout->addWidget(m_note);
    layout->addWidget(m_verdictBox);
    layout->addWidget(m_colourNote);
    layout->addWidget(m_mergeBox);
    layout->addWidget(m_table, 1);
    connect(m_copy, &QPushButton::clicked, this, &DetailsPanel::copyToClipboard);
    connect(m_editNote, &QPushButton::clicked, this, &DetailsPanel::editNoteRequested);
    m_tensorError->setObjectName(QStringLiteral("tensorErrorButton"));
    m_tensorError->hide();
    connect(m_tensorError, &QPushButton::clicked, this, [this]() {
        const TensorErrorRequest request = tensorErrorRequest();
        if (!request.npuPath.isEmpty())
            Q_EMIT tensorErrorRequested(request);
    });
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_table, &QWidget::customContextMenuRequested, this, &DetailsPanel::showTableMenu);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this, &DetailsPanel::updateTensorError);
    retranslate();
}

void DetailsPanel::retranslate()
{
    m_copy->setText(tr("Copy as text"));
    m_copy->setToolTip(tr("Copy the table, tab separated, to the clipboard"));
    m_tensorError->setText(tr("Tensor error…"));
    m_tensorError->setToolTip(tr("Histograms and a heat map of the element-wise error between the NPU and bench "
                                 "tensors of the selected input or output"));
    m_editNote->setText(tr("Note…"));
    m_editNote->setToolTip(tr("Write a note on the selected node or tag it (checked, suspicious, cause)"));
    updateNotes();
    if (m_snapshot) {
        m_model->setNodes(m_snapshot, m_npu, m_bench); // the side names are translated
        fitColumns(); // "NPU"/"标杆" differ in width: the Side cells would be clipped
    }
    m_header->setText(headerText());
    updateChange();
    updateVerdict();
    updateColourNote();
    updateMergeInfo();
}

QString DetailsPanel::verdictText() const
{
    return m_snapshot ? verdictReasons(*m_snapshot, m_npu).join(QLatin1Char('\n')) : QString();
}

void DetailsPanel::updateVerdict()
{
    const QStringList reasons = m_snapshot ? verdictReasons(*m_snapshot, m_npu) : QStringList();
    m_verdictBox->setVisible(!reasons.isEmpty());
    if (reasons.isEmpty())
        return;
    const double precision = m_snapshot->precision(Side::Npu, m_npu);
    const auto verdict = nodeVerdict(*m_snapshot, precision);
    m_verdictBox->setTitle(tr("Why %1 (msprobe 26.0 rules)").arg(verdict ? verdictLabel(*verdict) : QString()));
    m_verdict->setText(reasons.join(QLatin1Char('\n')));
    QPalette palette = m_verdict->palette();
    palette.setColor(QPalette::Window, Palette::binColor(*m_snapshot, binOfPrecision(m_snapshot->bins, precision)));
    palette.setColor(QPalette::WindowText, Qt::black);
    m_verdict->setPalette(palette);
    m_verdictBox->fitBody();
}

QString DetailsPanel::colourNoteText() const
{
    bool nearZero = false;
    const QString driver = m_model->colourDriver(&nearZero);
    if (driver.isEmpty())
        return {};
    QString text = tr("Colour from %1.").arg(driver);
    if (nearZero)
        text += QLatin1Char(' ')
            + tr("Its bench value is below the noise floor (≈0): msprobe's colour, but likely rounding noise.");
    if (m_model->nearZeroCellCount() > 0)
        text += QLatin1Char(' ')
            + tr("Cells marked ≈0 divide by a bench value below 1e-6 × the tensor's largest |Max|, |Min| (or 1e-12).");
    return text;
}

void DetailsPanel::updateColourNote()
{
    const QString text = colourNoteText();
    m_colourNote->setText(text);
    m_colourNote->setVisible(!text.isEmpty());
}

void DetailsPanel::updateMergeInfo()
{
    const QString merge = mergeText();
    m_mergeBox->setTitle(tr("Parallel merge (how this node's values were merged across ranks)"));
    m_mergeBox->setVisible(!merge.isEmpty());
    if (m_merge->toPlainText() != merge)
        m_merge->setPlainText(merge);
    m_mergeBox->fitBody();
}

QString DetailsPanel::mergeText() const
{
    if (!m_snapshot || !m_snapshot->comparison || m_npu == ps::kNoNode || !m_snapshot->hasSide(Side::Npu))
        return {};
    const ps::Graph& g = m_snapshot->graph(Side::Npu);
    QStringList lines = mergeInfoOf(g, m_npu);
    if (lines.isEmpty() && !mergeMarkOf(g, m_npu).isEmpty())
        lines << tr("Taken from rank %1 and renamed by the pipeline-parallel merge.").arg(g.sourceRank[m_npu]);
    return lines.join(QLatin1Char('\n'));
}

QString DetailsPanel::headerText() const
{
    if (!m_snapshot || !m_snapshot->comparison)
        return tr("Select a node to see its inputs, outputs and metrics.");
    auto name = [this](Side s, NodeId n) {
        return n == ps::kNoNode || !m_snapshot->hasSide(s) ? tr("(none)")
                                                           : QString::fromUtf8(m_snapshot->graph(s).nameOf(n));
    };
    QString text = tr("NPU node: <b>%1</b>").arg(name(Side::Npu, m_npu).toHtmlEscaped());
    if (m_snapshot->hasSide(Side::Bench))
        text += QStringLiteral("&nbsp;&nbsp;&nbsp;")
            % tr("Bench node: <b>%1</b>").arg(name(Side::Bench, m_bench).toHtmlEscaped());
    const int suspicious = m_model->suspiciousCellCount();
    if (suspicious > 0)
        text += QStringLiteral("&nbsp;&nbsp;&nbsp;") % tr("%n suspicious value(s)", nullptr, suspicious);
    if (const QString truth = truthSummary(*m_snapshot, m_npu); !truth.isEmpty())
        text += QStringLiteral("<br>") % tr("Against the truth run: %1").arg(truth.toHtmlEscaped());
    return text;
}

void DetailsPanel::setNodes(std::shared_ptr<const Snapshot> snapshot, NodeId npu, NodeId bench)
{
    m_snapshot = snapshot;
    m_npu = npu;
    m_bench = bench;
    m_model->setNodes(std::move(snapshot), npu, bench);
    m_header->setText(headerText());
    updateChange();
    m_editNote->setEnabled(m_snapshot && (npu != ps::kNoNode || bench != ps::kNoNode));
    updateVerdict();
    updateColourNote();
    updateMergeInfo();
    fitColumns();
    updateTensorError();
}

TensorErrorRequest DetailsPanel::tensorErrorRequest() const
{
    const QModelIndex current = m_table->currentIndex();
    const NodeDetailsModel::TensorFiles files = m_model->tensorFilesOf(current.isValid() ? current.row() : -1);
    if (!files.isComplete())
        return {};
    const QString node = m_snapshot && m_npu != ps::kNoNode && m_snapshot->hasSide(Side::Npu)
        ? QString::fromUtf8(m_snapshot->graph(Side::Npu).nameOf(m_npu))
        : QString();
    TensorErrorRequest request;
    request.npuPath = files.npuPath;
    request.benchPath = files.benchPath;
    request.label = node + QStringLiteral("  ") + files.slot;
    return request;
}

void DetailsPanel::updateTensorError()
{
    const bool realData = m_snapshot && m_snapshot->comparison && m_snapshot->comparison->mode == ps::CompareMode::Real;
    m_tensorError->setVisible(realData);
    m_tensorError->setEnabled(realData && !tensorErrorRequest().npuPath.isEmpty());
}

void DetailsPanel::showTableMenu(const QPoint& position)
{
    const QModelIndex index = m_table->indexAt(position);
    if (index.isValid())
        m_table->setCurrentIndex(index);
    QMenu menu(this);
    const TensorErrorRequest request = tensorErrorRequest();
    QAction* tensor = menu.addAction(tr("Tensor error…"));
    tensor->setObjectName(QStringLiteral("tensorErrorAction"));
    tensor->setEnabled(!request.npuPath.isEmpty());
    connect(tensor, &QAction::triggered, this, [this, request]() { Q_EMIT tensorErrorRequested(request); });
    menu.addAction(tr("Copy as text"), this, &DetailsPanel::copyToClipboard);
    menu.exec(m_table->viewport()->mapToGlobal(position));
}

void DetailsPanel::setNotes(const ps::NodeNote* npu, const ps::NodeNote* bench)
{
    m_npuNote = npu ? std::optional(*npu) : std::nullopt;
    m_benchNote = bench ? std::optional(*bench) : std::nullopt;
    updateNotes();
}

QString DetailsPanel::noteText() const
{
    QStringList lines;
    const bool both = m_npuNote && m_benchNote;
    if (m_npuNote)
        lines << (both ? tr("NPU: %1").arg(NoteLabels::summary(*m_npuNote)) : NoteLabels::summary(*m_npuNote));
    if (m_benchNote)
        lines << (both ? tr("Bench: %1").arg(NoteLabels::summary(*m_benchNote)) : NoteLabels::summary(*m_benchNote));
    return lines.join(QLatin1Char('\n'));
}

void DetailsPanel::updateNotes()
{
    const QString text = noteText();
    m_note->setVisible(!text.isEmpty());
    if (text.isEmpty())
        return;
    m_note->setText(text);
    // A light tint of the tag's colour (an eighth of it on white), the tag's colour as the border: readable, and
    // not mistaken for a legend colour.
    const ps::NoteTag tag = m_npuNote ? m_npuNote->tag : m_benchNote->tag;
    const QColor colour = Palette::noteColor(int(tag));
    const auto tint = [&](int c) { return 255 - (255 - c) / 8; };
    const QColor light(tint(colour.red()), tint(colour.green()), tint(colour.blue()));
    m_note->setStyleSheet(QStringLiteral("QLabel#nodeNote { background: %1; color: black; border-left: 4px solid %2; }")
                              .arg(light.name(), colour.name()));
}

void DetailsPanel::fitColumns()
{
    m_table->resizeColumnsToContents();
    for (int c = 0; c < m_model->columnCount(); ++c)
        m_table->setColumnWidth(c, std::min(m_table->columnWidth(c), 260));
}

void DetailsPanel::copyToClipboard()
{
    QApplication::clipboard()->setText(m_model->toText());
}

} // namespace psui
