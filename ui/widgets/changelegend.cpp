#include "widgets/changelegend.h"

#include "models/changemap.h"
#include "session/analysiscontroller.h"
#include "session/sessioncontroller.h"
#include "theme/palette.h"

#include <QGridLayout>
#include <QLabel>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QVBoxLayout>

namespace psui {

namespace {

QPixmap swatch(const QColor& color)
{
    QPixmap pm(14, 14);
    pm.fill(color);
    QPainter p(&pm);
    p.setPen(color.darker(140));
    p.drawRect(0, 0, 13, 13);
    return pm;
}

// The legend's order: what needs a look first.
constexpr std::array<ChangeMark, 4> kOrder { ChangeMark::Worse, ChangeMark::Better, ChangeMark::Appeared,
    ChangeMark::Same };

} // namespace

ChangeLegend::ChangeLegend(SessionController* session, QWidget* parent)
    : QGroupBox(parent)
    , m_session(session)
    , m_compared(new QLabel(this))
    , m_vanished(new QLabel(this))
    , m_note(new QLabel(this))
    , m_stop(new QPushButton(this))
{
    setObjectName(QStringLiteral("changeLegend"));
    m_compared->setWordWrap(true);
    m_compared->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_note->setWordWrap(true);
    m_vanished->setWordWrap(true);
    m_stop->setObjectName(QStringLiteral("stopComparing"));
    auto* grid = new QGridLayout;
    grid->setColumnStretch(1, 1);
    for (size_t i = 0; i < kOrder.size(); ++i) {
        const size_t mark = size_t(kOrder[i]);
        m_swatches[mark] = new QLabel(this);
        m_swatches[mark]->setPixmap(swatch(Palette::changeFill(int(mark))));
        m_rows[mark] = new QLabel(this);
        m_rows[mark]->setObjectName(QStringLiteral("changeRow%1").arg(mark));
        grid->addWidget(m_swatches[mark], int(i), 0);
        grid->addWidget(m_rows[mark], int(i), 1);
    }
    auto* vanished = new QLabel(this);
    vanished->setPixmap(swatch(Palette::vanished()));
    grid->addWidget(vanished, int(kOrder.size()), 0, Qt::AlignTop);
    grid->addWidget(m_vanished, int(kOrder.size()), 1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_compared);
    layout->addLayout(grid);
    layout->addWidget(m_note);
    layout->addWidget(m_stop, 0, Qt::AlignLeft);
    connect(m_stop, &QPushButton::clicked, m_session->analysis(), &AnalysisController::stopComparing);
    connect(m_session->analysis(), &AnalysisController::changesChanged, this, &ChangeLegend::refresh);
    retranslate();
}

QString ChangeLegend::rowText(int mark) const
{
    const auto changes = m_session->analysis()->changes();
    if (!changes || mark < 0 || mark >= kChangeMarks)
        return {};
    const uint32_t npu = changes->total(Side::Npu, ChangeMark(mark));
    switch (ChangeMark(mark)) {
    case ChangeMark::Worse:
        return tr("Worse: verdict or worst metric   (%1)").arg(npu);
    case ChangeMark::Better:
        return tr("Better: verdict or worst metric   (%1)").arg(npu);
    case ChangeMark::Appeared:
        return tr("Appeared: no node of that name before   (NPU %1, bench %2)")
            .arg(npu)
            .arg(changes->total(Side::Bench, ChangeMark::Appeared));
    case ChangeMark::Same:
        break;
    }
    return tr("Same as before   (%1)").arg(npu);
}

void ChangeLegend::refresh()
{
    const auto changes = m_session->analysis()->changes();
    setVisible(changes != nullptr);
    if (!changes)
        return;
    m_compared->setText(tr("Before: <b>%1</b> (step %2, rank %3)<br>After: the comparison shown")
                            .arg(changes->beforeLabel.toHtmlEscaped())
                            .arg(changes->step)
                            .arg(changes->rank));
    for (int mark = 0; mark < kChangeMarks; ++mark)
        m_rows[size_t(mark)]->setText(rowText(mark));
    m_vanished->setText(tr("Vanished: only before, in no tree (NPU %1, bench %2)")
                            .arg(changes->vanishedNpu)
                            .arg(changes->vanishedBench));
    QString note = tr("Bench nodes carry the mark of their NPU node. A collapsed module shows the most notable "
                      "change inside it.");
    if (!changes->graphNote.isEmpty())
        note = changes->graphNote + QLatin1Char(' ') + note;
    m_note->setText(note);
}

void ChangeLegend::retranslate()
{
    setTitle(tr("Change against another comparison"));
    m_stop->setText(tr("Stop comparing"));
    m_stop->setToolTip(tr("Back to the precision colours"));
    refresh();
}

} // namespace psui
