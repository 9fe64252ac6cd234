#include "widgets/legendpanel.h"

#include "models/graphtreemodel.h"
#include "models/hitlistmodel.h"
#include "session/sessioncontroller.h"
#include "theme/palette.h"
#include "widgets/hitnavigator.h"

#include <QCheckBox>
#include <QGroupBox>
#include <QLabel>
#include <QPainter>
#include <QPixmap>
#include <QVBoxLayout>

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
    , m_binsLayout(new QVBoxLayout)
    , m_binsBox(new QGroupBox(this))
    , m_overflowBox(new QGroupBox(this))
    , m_typesBox(new QGroupBox(this))
    , m_types(new QLabel(this))
    , m_onlyHits(new QCheckBox(this))
    , m_hits(new HitListModel(this))
    , m_navigator(new HitNavigator(m_hits, this))
{
    m_binsBox->setLayout(m_binsLayout);
    auto* overflowLayout = new QVBoxLayout(m_overflowBox);
    for (int level = 1; level <= 3; ++level) {
        auto* check = new QCheckBox(m_overflowBox);
        check->setIcon(swatch(Palette::overflowColor(level)));
        overflowLayout->addWidget(check);
        m_overflowChecks.push_back(check);
        connect(check, &QCheckBox::toggled, this, &LegendPanel::applyFilter);
    }
    auto* typesLayout = new QVBoxLayout(m_typesBox);
    m_types->setWordWrap(true);
    typesLayout->addWidget(m_types);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_binsBox);
    layout->addWidget(m_overflowBox);
    layout->addWidget(m_onlyHits);
    layout->addWidget(m_navigator);
    layout->addWidget(m_typesBox);
    layout->addStretch(1);

    connect(m_onlyHits, &QCheckBox::toggled, this, &LegendPanel::showOnlyHitsChanged);
    connect(m_session, &SessionController::filterFinished, this, &LegendPanel::onFinished);
    connect(m_navigator, &HitNavigator::jumpRequested, this, &LegendPanel::jumpRequested);
    retranslate();
    resetSession();
}

QString LegendPanel::binText(int bin) const
{
    const auto snap = m_session->snapshot();
    const ps::ColorBin& b = snap->bins[size_t(bin)];
    const auto& r = snap->rollup(Side::Npu);
    const uint32_t count = size_t(bin) < r.binTotals.size() ? r.binTotals[size_t(bin)] : 0;
    if (b.unmatched) {
        const uint32_t bench = snap->hasSide(Side::Bench) ? snap->rollup(Side::Bench).unmatched : 0;
        return tr("No matching node (NPU %1, bench %2)").arg(count).arg(bench);
    }
    return QStringLiteral("[%1, %2]   (%3)").arg(b.lo).arg(b.hi).arg(count);
}

void LegendPanel::resetSession()
{
    for (QCheckBox* c : m_binChecks)
        delete c;
    m_binChecks.clear();
    m_hits->clear();
    const auto snap = m_session->snapshot();
    const bool compare = snap && !snap->bins.empty();
    m_binsBox->setVisible(compare);
    m_overflowBox->setVisible(snap && snap->comparison && snap->comparison->overflowCheck);
    if (compare) {
        for (size_t i = 0; i < snap->bins.size(); ++i) {
            auto* check = new QCheckBox(binText(int(i)), m_binsBox);
            check->setIcon(swatch(Palette::binColor(*snap, int(i))));
            check->setToolTip(QString::fromUtf8(snap->bins[i].description));
            m_binsLayout->addWidget(check);
            m_binChecks.push_back(check);
            connect(check, &QCheckBox::toggled, this, &LegendPanel::applyFilter);
        }
        m_binsBox->setTitle(tr("Precision (%1)").arg(QString::fromLatin1(ps::taskName(snap->comparison->mode))));
    }
    if (snap && snap->comparison && snap->comparison->overflowCheck) {
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
    m_typesBox->setTitle(tr("Node types"));
    m_types->setText(tr("<b>Module</b>: a framework module, expandable<br><b>API</b>: an operator call (a leaf)<br>"
                        "<b>API list</b>: the APIs called between two modules, grouped<br>"
                        "A collapsed module is painted in the worst colour it contains."));
    m_onlyHits->setText(tr("Show only these nodes in the trees"));
    m_navigator->retranslate();
    if (m_session->snapshot())
        resetSession();
}

bool LegendPanel::showOnlyHits() const
{
    return m_onlyHits->isChecked();
}

void LegendPanel::setBinChecked(int bin, bool checked)
{
    if (bin >= 0 && size_t(bin) < m_binChecks.size())
        m_binChecks[size_t(bin)]->setChecked(checked);
}

void LegendPanel::applyFilter()
{
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
    if (m_hits->rowCount() > 0)
        m_navigator->next();
}

} // namespace psui
