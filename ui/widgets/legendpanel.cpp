#include "widgets/legendpanel.h"

#include "models/graphtreemodel.h"
#include "models/hitlistmodel.h"
#include "models/verdicts.h"
#include "session/analysiscontroller.h"
#include "session/sessioncontroller.h"
#include "theme/nodeglyph.h"
#include "theme/palette.h"
#include "widgets/changelegend.h"
#include "widgets/hitnavigator.h"
#include "widgets/matchlist.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace psui {

namespace {

QIcon swatch(const QColor& color)
{
    QPixmap pm(14, 14);
    pm.fill(color);
    QPainter p(&pm);
    p.setPen(color.darker(140));
    p.drawRect(0, 0, 13, 13);
    return QIcon(pm);
}

} // namespace

LegendPanel::LegendPanel(SessionController* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_changes(new ChangeLegend(session, this))
    , m_binsLayout(new QVBoxLayout)
    , m_binsBox(new QGroupBox(this))
    , m_metric(new QComboBox(this))
    , m_overflowBox(new QGroupBox(this))
    , m_typesBox(new QGroupBox(this))
    , m_typesNote(new QLabel(this))
    , m_onlyHits(new QCheckBox(this))
    , m_overflowColours(new QCheckBox(this))
    , m_editColors(new QPushButton(this))
    , m_hits(new HitListModel(this))
    , m_navigator(new HitNavigator(m_hits, this))
    , m_matches(new MatchList(m_navigator, this))
{
    m_matches->setObjectName(QStringLiteral("filterMatches"));
    m_matches->setMinimumHeight(80);
    m_binsBox->setLayout(m_binsLayout);
    m_metric->setObjectName(QStringLiteral("colorMetric"));
    m_binsLayout->addWidget(m_metric); // the bin rows follow it
    connect(m_metric, &QComboBox::activated, this,
        [this](int index) { Q_EMIT colorMetricRequested(ps::ColorMetric(m_metric->itemData(index).toInt())); });
    auto* overflowLayout = new QVBoxLayout(m_overflowBox);
    for (int level = 1; level <= 3; ++level) {
        auto* check = new QCheckBox(m_overflowBox);
        check->setObjectName(QStringLiteral("overflowLevel%1").arg(level));
        check->setIcon(swatch(Palette::overflowColor(level)));
        overflowLayout->addWidget(check);
        m_overflowChecks.push_back(check);
        connect(check, &QCheckBox::toggled, this, &LegendPanel::applyFilter);
    }
    m_overflowColours->setObjectName(QStringLiteral("overflowColours"));
    m_onlyHits->setObjectName(QStringLiteral("filterOnlyHits"));
    overflowLayout->addWidget(m_overflowColours);
    connect(m_overflowColours, &QCheckBox::toggled, this, &LegendPanel::overflowColoursChanged);
    auto* typesLayout = new QGridLayout(m_typesBox);
    typesLayout->setColumnStretch(1, 1);
    m_typesNote->setWordWrap(true);
    m_typesBox->setObjectName(QStringLiteral("nodeTypes"));
    m_binsBox->setObjectName(QStringLiteral("legendBins"));

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_changes);
    layout->addWidget(m_binsBox);
    layout->addWidget(m_overflowBox);
    // The editor's button shares the check box's row, so the panel keeps its height.
    auto* hitsRow = new QHBoxLayout;
    hitsRow->addWidget(m_onlyHits, 1);
    hitsRow->addWidget(m_editColors);
    layout->addLayout(hitsRow);
    m_editColors->setObjectName(QStringLiteral("editColors"));
    connect(m_editColors, &QPushButton::clicked, this, &LegendPanel::editColorsRequested);
    layout->addWidget(m_navigator);
    layout->addWidget(m_matches, 3);
    layout->addWidget(m_typesBox);
    layout->addStretch(1);
    // The list takes room only while a filter lists something.
    m_matches->hide();
    connect(m_hits, &QAbstractItemModel::modelReset, m_matches,
        [this]() { m_matches->setVisible(m_hits->rowCount() > 0); });

    connect(m_onlyHits, &QCheckBox::toggled, this, &LegendPanel::showOnlyHitsChanged);
    connect(m_session, &SessionController::filterFinished, this, &LegendPanel::onFinished);
    connect(m_session, &SessionController::microStepChanged, this, &LegendPanel::applyFilter);
    connect(m_session, &SessionController::microStepChanged, this, [this]() {
        for (size_t i = 0; i < m_binChecks.size(); ++i)
            m_binChecks[i]->setText(binText(int(i))); // the counts of the micro step shown
    });
    connect(m_navigator, &HitNavigator::jumpRequested, this, &LegendPanel::jumpRequested);
    connect(m_session->analysis(), &AnalysisController::changesChanged, this, [this]() {
        const auto snap = m_session->snapshot();
        m_binsBox->setVisible(snap && !snap->bins.empty() && !m_session->analysis()->changes());
    });
    retranslate();
    resetSession();
}

namespace {

// How many nodes of a side fall into `bin`, counting only the nodes of `microStep` (-1: every node), as the
// trees, the search and the filters do.
uint32_t binCount(const SideRollup& r, int bin, int microStep)
{
    if (microStep < 0)
        return size_t(bin) < r.binTotals.size() ? r.binTotals[size_t(bin)] : 0;
    uint32_t count = 0;
    for (size_t n = 0; n < r.bin.size(); ++n)
        count += r.bin[n] == bin && n < r.microStep.size() && r.microStep[n] == microStep;
    return count;
}

} // namespace

// What "Colour by" calls a metric: msprobe's own colours by what they are under the comparison's rules.
QString LegendPanel::metricLabel(ps::ColorMetric metric, ps::RulesProfile profile)
{
    switch (metric) {
    case ps::ColorMetric::Precision:
        return profile == ps::RulesProfile::Msprobe26 ? tr("msprobe's verdict") : tr("msprobe's precision index");
    case ps::ColorMetric::ValueVerdict:
        return tr("Verdict on values alone");
    case ps::ColorMetric::Truth:
        return tr("Against the truth run");
    case ps::ColorMetric::MaxRelativeErr:
    case ps::ColorMetric::MeanRelativeErr:
    case ps::ColorMetric::NormRelativeErr:
    case ps::ColorMetric::Cosine:
        break;
    }
    return QString::fromLatin1(ps::colorMetricName(metric));
}

void LegendPanel::fillMetrics()
{
    const QSignalBlocker block(m_metric);
    m_metric->clear();
    const auto snap = m_session->snapshot();
    const std::vector<ps::ColorMetric> metrics = m_session->colorMetrics();
    for (ps::ColorMetric m : metrics)
        m_metric->addItem(tr("Colour by: %1").arg(metricLabel(m, snap->comparison->profile)), int(m));
    m_metric->setCurrentIndex(std::max(0, m_metric->findData(int(m_session->colorMetric()))));
    m_metric->setToolTip(tr("What the colours, the filters and F3 follow. msprobe's own colours are what its "
                            "TensorBoard plugin shows and what exports keep; a metric colours a node by the worst "
                            "value among its outputs."));
    m_metric->setVisible(metrics.size() > 1);
}

QString LegendPanel::binText(int bin) const
{
    const auto snap = m_session->snapshot();
    const LegendBin& b = snap->bins[size_t(bin)];
    const int step = m_session->microStep();
    const uint32_t count = binCount(snap->rollup(Side::Npu), bin, step);
    if (b.unmatched) {
        const uint32_t bench = snap->hasSide(Side::Bench) ? binCount(snap->rollup(Side::Bench), bin, step) : 0;
        return tr("No matching node (NPU %1, bench %2)").arg(count).arg(bench);
    }
    if (ps::isBandMetric(snap->metric))
        return QStringLiteral("%1   (%2)").arg(metricBandText(snap->metric, b.lo, b.hi)).arg(count);
    if (snap->metric == ps::ColorMetric::Truth)
        return QStringLiteral("%1   (%2)").arg(truthBinText(b.lo)).arg(count);
    if (const auto verdict = binVerdict(*snap, bin))
        return QStringLiteral("%1   (%2)").arg(verdictLabel(*verdict)).arg(count);
    if (b.isDefault && snap->comparison->mode == ps::CompareMode::Md5)
        return (b.lo == 1 ? tr("md5 equal (%1)") : tr("md5 differs (%1)")).arg(count);
    return QStringLiteral("[%1, %2]   (%3)").arg(b.lo).arg(b.hi).arg(count);
}

QString LegendPanel::metricBinDescription(int bin) const
{
    const auto snap = m_session->snapshot();
    if (snap->bins[size_t(bin)].unmatched)
        return {};
    if (snap->metric == ps::ColorMetric::Truth)
        return tr("Each node's output against a third run of the same step in higher precision, on both sides. NPU "
                  "worse: its error exceeds 2.5 times the bench's and 4 times its dtype's rounding (bf16 3.9e-3, "
                  "fp16 4.9e-4, fp32 1e-6). Both off: both beyond their rounding. Follows: worse only because its "
                  "inputs, or a node inside, already were. The details panel shows the three values.");
    if (snap->metric == ps::ColorMetric::ValueVerdict)
        return tr("msprobe 26.0 rules without those on dtype, shape and requires_grad: a node whose values agree with "
                  "the bench passes even where the NPU ran in another dtype. The details panel says which rule each "
                  "input and output broke.");
    if (snap->metric == ps::ColorMetric::Cosine)
        return tr("The smallest cosine similarity to the bench among the node's outputs (real data). Bands of 1 - "
                  "cosine: 0.01%, 0.1%, 1%, 10%.");
    if (ps::isBandMetric(snap->metric))
        return tr("The largest %1 among the node's outputs against the bench, in bands of 0.01%, 0.1%, 1% and 10%; "
                  "above 100% counts as 100%.")
            .arg(QLatin1String(ps::colorMetricName(snap->metric)));
    return {};
}

QString LegendPanel::binDescription(int bin) const
{
    const auto snap = m_session->snapshot();
    const LegendBin& b = snap->bins[size_t(bin)];
    if (QString metric = metricBinDescription(bin); !metric.isEmpty())
        return metric;
    if (!b.isDefault)
        return QString::fromStdString(b.fileDescription); // the file's own legend: shown as written
    if (b.unmatched)
        return tr("The node was not matched with a bench node during the comparison.");
    if (const auto verdict = binVerdict(*snap, bin)) {
        switch (*verdict) {
        case ps::Verdict::Pass:
            return tr("msprobe 26.0 rules: every input and output of this node passed.");
        case ps::Verdict::Warning:
            return tr("msprobe 26.0 rules: an input or output of this node broke a warning rule (the output's norm "
                      "relative error 10 times the inputs', the cosine falling, a parameter without partner). The "
                      "details panel says which.");
        case ps::Verdict::Error:
            return tr("msprobe 26.0 rules: an input or output of this node broke an error rule (nan or inf in the NPU "
                      "maximum or minimum, dtype, shape, requires_grad or scalar arguments differing from the bench, "
                      "an output's NormRelativeErr above 0.5, md5 differing). The details panel says which.");
        }
    }
    switch (snap->comparison->mode) {
    case ps::CompareMode::Md5:
        return b.lo == 1 ? tr("Every input and output of this node has the same md5 as the bench.")
                         : tr("Some input or output of this node has an md5 different from the bench.");
    case ps::CompareMode::Real:
        return tr("The absolute difference between the smallest One Thousandth Err Ratio of the node's inputs and "
                  "that of its outputs: how much precision the node lost. The larger, the further the NPU values "
                  "are from the bench. One Thousandth Err Ratio: the share of elements whose relative error "
                  "against the bench is below 0.1%; the closer to 1 the better.");
    case ps::CompareMode::Summary:
        break;
    }
    return tr("The relative error of the statistics of every input and output of this node; the larger, the "
              "further the NPU values are from the bench. Relative error: |(NPU - bench) / bench|.");
}

void LegendPanel::fillTypes()
{
    auto* grid = static_cast<QGridLayout*>(m_typesBox->layout());
    while (QLayoutItem* item = grid->takeAt(0)) {
        if (item->widget() != m_typesNote)
            delete item->widget();
        delete item;
    }
    const std::pair<NodeGlyph, QString> rows[] = {
        { NodeGlyph::Module, tr("Module: a framework module; expandable") },
        { NodeGlyph::Leaf, tr("API: an operator call, or a module without children") },
        { NodeGlyph::ApiList, tr("API list (Apis_Between_Modules): the APIs called between two modules, grouped") },
    };
    int row = 0;
    for (const auto& [glyph, text] : rows) {
        auto* icon = new QLabel(m_typesBox);
        icon->setPixmap(nodeGlyphIcon(glyph).pixmap(QSize(16, 12)));
        auto* label = new QLabel(text, m_typesBox);
        label->setWordWrap(true);
        grid->addWidget(icon, row, 0, Qt::AlignTop);
        grid->addWidget(label, row++, 1);
    }
    const std::pair<QColor, QString> fills[] = {
        { Palette::unmatched(), tr("Grey: no matching node on the other side") },
        { Palette::noValue(), tr("White: no precision value (bench nodes, API lists)") },
        { Palette::overflowColor(3), tr("Blue (overflow column): overflow level") },
    };
    for (const auto& [colour, text] : fills) {
        auto* icon = new QLabel(m_typesBox);
        icon->setPixmap(swatch(colour).pixmap(QSize(14, 14)));
        auto* label = new QLabel(text, m_typesBox);
        label->setWordWrap(true);
        grid->addWidget(icon, row, 0, Qt::AlignTop);
        grid->addWidget(label, row++, 1);
    }
    m_typesNote->setText(tr("A collapsed module is painted in the worst colour it contains."));
    grid->addWidget(m_typesNote, row, 0, 1, 2);
}

void LegendPanel::resetSession()
{
    for (QCheckBox* c : m_binChecks)
        delete c;
    m_binChecks.clear();
    m_hits->clear();
    const auto snap = m_session->snapshot();
    const bool compare = snap && !snap->bins.empty();
    m_binsBox->setVisible(
        compare && !m_session->analysis()->changes()); // while a diff is shown, its legend takes the place
    // md5 colours are fixed; a metric's bands are its own.
    m_editColors->setVisible(
        compare && snap->comparison->mode != ps::CompareMode::Md5 && snap->metric == ps::ColorMetric::Precision);
    const bool overflow = snap && snap->comparison && snap->comparison->overflowCheck;
    m_overflowBox->setVisible(overflow);
    if (!overflow)
        uncheckOverflowLevels(); // a hidden tick would filter unseen
    if (compare) {
        for (size_t i = 0; i < snap->bins.size(); ++i) {
            auto* check = new QCheckBox(binText(int(i)), m_binsBox);
            check->setIcon(swatch(Palette::binColor(*snap, int(i))));
            check->setToolTip(binDescription(int(i)));
            m_binsLayout->addWidget(check);
            m_binChecks.push_back(check);
            connect(check, &QCheckBox::toggled, this, &LegendPanel::applyFilter);
        }
        m_binsBox->setTitle(snap->metric == ps::ColorMetric::Precision
                ? tr("Precision (%1)").arg(QString::fromLatin1(ps::taskName(snap->comparison->mode)))
                : metricLabel(snap->metric, snap->comparison->profile));
        fillMetrics();
    }
    // Overflow mode: on demand for comparisons, always for a build with overflow levels (its precision is grey).
    m_overflowColours->setEnabled(compare);
    const bool wasOn = m_overflowColours->isChecked();
    m_overflowColours->setChecked(overflow && (!compare || wasOn));
    if (m_overflowColours->isChecked() == wasOn)
        Q_EMIT overflowColoursChanged(wasOn); // a new session: the trees hear the mode once more
    if (overflow) {
        const auto& totals = snap->rollup(Side::Npu).overflowTotals;
        for (int level = 1; level <= 3; ++level)
            m_overflowChecks[size_t(level - 1)]->setText(
                QStringLiteral("%1   (%2)")
                    .arg(GraphTreeModel::overflowName(ps::OverflowLevel(level)))
                    .arg(totals[size_t(level)]));
    }
}

void LegendPanel::retranslate()
{
    m_overflowBox->setTitle(tr("Overflow"));
    m_typesBox->setTitle(tr("Node types and fills"));
    fillTypes();
    m_onlyHits->setText(tr("Show only these nodes in the trees"));
    m_overflowColours->setText(tr("Colour the nodes by overflow level"));
    m_overflowColours->setToolTip(tr("As tb_graph_ascend in overflow mode: each node takes the colour of its overflow "
                                     "level (medium, high, critical) instead of its precision colour."));
    m_editColors->setText(tr("Edit colours…"));
    m_changes->retranslate();
    m_navigator->retranslate();
    if (m_session->snapshot())
        resetSession();
}

bool LegendPanel::showOnlyHits() const
{
    return m_onlyHits->isChecked();
}

void LegendPanel::setShowOnlyHits(bool on)
{
    m_onlyHits->setChecked(on);
}

void LegendPanel::clearFilters()
{
    for (QCheckBox* c : m_binChecks) {
        const QSignalBlocker block(c);
        c->setChecked(false);
    }
    uncheckOverflowLevels();
    m_onlyHits->setChecked(false);
    m_hits->clear();
}

void LegendPanel::uncheckOverflowLevels()
{
    for (QCheckBox* c : m_overflowChecks) {
        const QSignalBlocker block(c);
        c->setChecked(false);
    }
}

void LegendPanel::setBinChecked(int bin, bool checked)
{
    if (bin >= 0 && size_t(bin) < m_binChecks.size())
        m_binChecks[size_t(bin)]->setChecked(checked);
}

std::vector<int> LegendPanel::checkedBins() const
{
    std::vector<int> bins;
    for (size_t i = 0; i < m_binChecks.size(); ++i)
        if (m_binChecks[i]->isChecked())
            bins.push_back(int(i));
    return bins;
}

std::vector<int> LegendPanel::checkedOverflowLevels() const
{
    std::vector<int> levels;
    for (size_t i = 0; i < m_overflowChecks.size(); ++i)
        if (m_overflowChecks[i]->isChecked())
            levels.push_back(int(i) + 1);
    return levels;
}

void LegendPanel::setChecked(const std::vector<int>& bins, const std::vector<int>& overflowLevels)
{
    const auto has
        = [](const std::vector<int>& list, int v) { return std::find(list.begin(), list.end(), v) != list.end(); };
    for (size_t i = 0; i < m_binChecks.size(); ++i) {
        const QSignalBlocker block(m_binChecks[i]);
        m_binChecks[i]->setChecked(has(bins, int(i)));
    }
    // Levels only where the comparison has them (a session file or another comparison may name some).
    const auto snap = m_session->snapshot();
    const bool overflow = snap && snap->comparison && snap->comparison->overflowCheck;
    for (size_t i = 0; i < m_overflowChecks.size(); ++i) {
        const QSignalBlocker block(m_overflowChecks[i]);
        m_overflowChecks[i]->setChecked(overflow && has(overflowLevels, int(i) + 1));
    }
    requestFilter(true);
}

void LegendPanel::applyFilter()
{
    requestFilter(false);
}

void LegendPanel::requestFilter(bool keepSelection)
{
    m_keepSelection = keepSelection;
    NodeFilter f;
    for (QCheckBox* c : m_binChecks)
        f.bins.push_back(c->isChecked());
    for (size_t level = 1; level <= 3; ++level)
        f.overflow[level] = m_overflowChecks[level - 1]->isChecked();
    m_session->filter(f);
}

void LegendPanel::onFinished(const QueryResult& result)
{
    m_hits->setHits(m_session->snapshot(), result.sides[0], result.sides[1]);
    Q_EMIT resultChanged(result);
    const bool keepSelection = std::exchange(m_keepSelection, false);
    if (m_hits->rowCount() > 0 && !keepSelection)
        m_navigator->first(); // the first match in execution order, e.g. the root cause of an overflow chain
}

} // namespace psui
