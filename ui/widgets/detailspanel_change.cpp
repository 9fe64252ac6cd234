// The details panel's before / after box while a diff with another comparison is shown.
#include "widgets/detailspanel.h"

#include "compare/verdict_rules.h"
#include "models/verdicts.h"
#include "theme/palette.h"

#include <QLabel>

namespace psui {

namespace {

QString markName(ChangeMark mark)
{
    switch (mark) {
    case ChangeMark::Worse:
        return DetailsPanel::tr("worse");
    case ChangeMark::Better:
        return DetailsPanel::tr("better");
    case ChangeMark::Appeared:
        return DetailsPanel::tr("appeared (no node of that name before)");
    case ChangeMark::Same:
        break;
    }
    return DetailsPanel::tr("same");
}

// The core's verdict label ("pass", "bin 3", "unmatched") in the UI's language.
QString verdictName(const std::string& verdict)
{
    if (verdict == "unmatched")
        return DetailsPanel::tr("not matched");
    if (const auto v = ps::verdictOfName(verdict))
        return verdictLabel(*v);
    if (verdict.starts_with("bin "))
        return DetailsPanel::tr("bin %1").arg(QString::fromStdString(verdict.substr(4)));
    return QString::fromStdString(verdict);
}

// "bin 1, MaxRelativeErr 12.1%"; "(absent)" for a node that was not there.
QString stateText(const ps::NodeState* state)
{
    if (!state)
        return DetailsPanel::tr("(absent)");
    QString text = verdictName(state->verdict);
    if (!state->worst.name.empty())
        text += QStringLiteral(", ") + QString::fromStdString(state->worst.name) + QLatin1Char(' ')
            + QString::fromStdString(state->worst.value);
    return text;
}

} // namespace

void DetailsPanel::setChanges(std::shared_ptr<const ChangeMap> changes)
{
    m_changes = std::move(changes);
    updateChange();
}

QString DetailsPanel::changeText() const
{
    if (!m_changes || m_npu == ps::kNoNode || m_npu >= m_changes->after.size())
        return {};
    const auto& before = m_changes->before[m_npu];
    return tr("Change: %1").arg(markName(m_changes->markOf(Side::Npu, m_npu))) + QLatin1Char('\n')
        + tr("Before: %1").arg(stateText(before ? &*before : nullptr)) + QLatin1Char('\n')
        + tr("After: %1").arg(stateText(&m_changes->after[m_npu]));
}

void DetailsPanel::updateChange()
{
    const bool shown = m_changes && m_npu != ps::kNoNode && m_npu < m_changes->after.size();
    m_change->setVisible(shown);
    if (!shown)
        return;
    const ChangeMark mark = m_changes->markOf(Side::Npu, m_npu);
    const auto& before = m_changes->before[m_npu];
    const ps::NodeState& after = m_changes->after[m_npu];
    auto cells = [](const ps::NodeState* s) {
        if (!s)
            return QStringLiteral("<td colspan=3>%1</td>").arg(tr("(absent)"));
        return QStringLiteral("<td><b>%1</b></td><td>%2</td><td>%3</td>")
            .arg(verdictName(s->verdict).toHtmlEscaped(), QString::fromStdString(s->worst.name).toHtmlEscaped(),
                QString::fromStdString(s->worst.value).toHtmlEscaped());
    };
    const QString row = QStringLiteral("<tr><td>%1&nbsp;&nbsp;</td>%2</tr>");
    m_change->setText(tr("<b>Change: %1</b> (against %2)").arg(markName(mark), m_changes->beforeLabel.toHtmlEscaped())
        + QStringLiteral("<table cellspacing=0 cellpadding=2><tr><th></th><th align=left>%1&nbsp;&nbsp;</th>"
                         "<th align=left>%2&nbsp;&nbsp;</th><th align=left>%3</th></tr>")
              .arg(tr("Verdict"), tr("Worst metric"), tr("Value"))
        + row.arg(tr("Before"), cells(before ? &*before : nullptr)) + row.arg(tr("After"), cells(&after))
        + QStringLiteral("</table>"));
    QPalette palette = m_change->palette();
    palette.setColor(QPalette::Window, Palette::changeFill(int(mark)).lighter(mark == ChangeMark::Same ? 100 : 125));
    palette.setColor(QPalette::WindowText, Qt::black);
    m_change->setPalette(palette);
}

} // namespace psui
