#include "models/verdicts.h"

#include "models/nodedetailsmodel.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>
#include <cmath>

namespace psui {

namespace {

constexpr const char* kContext = "psui::Verdicts";

} // namespace

bool hasVerdicts(const Snapshot& s)
{
    return s.comparison && s.comparison->isCompare && s.comparison->profile == ps::RulesProfile::Msprobe26;
}

std::optional<ps::Verdict> nodeVerdict(const Snapshot& snapshot, double precision)
{
    if (!hasVerdicts(snapshot) || std::isnan(precision))
        return std::nullopt;
    // msprobe 26.0.0 writes 0 for pass, 0.5 for warning and 1 for error.
    return precision >= 0.75 ? ps::Verdict::Error : precision >= 0.25 ? ps::Verdict::Warning : ps::Verdict::Pass;
}

std::optional<ps::Verdict> binVerdict(const Snapshot& snapshot, int bin)
{
    if (!hasVerdicts(snapshot) || !snapshot.isValueBin(bin) || size_t(bin) >= snapshot.bins.size())
        return std::nullopt;
    // The bin stands for a verdict when exactly one of the three precision values falls into it (msprobe's own
    // legend, the file's node_colors, or ranges the user drew around them).
    std::optional<ps::Verdict> found;
    for (ps::Verdict v : { ps::Verdict::Pass, ps::Verdict::Warning, ps::Verdict::Error }) {
        if (binOfPrecision(snapshot.bins, 0.5 * double(v)) != bin)
            continue;
        if (found)
            return std::nullopt;
        found = v;
    }
    return found;
}

QString verdictLabel(ps::Verdict verdict)
{
    switch (verdict) {
    case ps::Verdict::Pass:
        return QCoreApplication::translate(kContext, "pass");
    case ps::Verdict::Warning:
        return QCoreApplication::translate(kContext, "warning");
    case ps::Verdict::Error:
        return QCoreApplication::translate(kContext, "error");
    }
    return {};
}

QString reasonText(ps::Reason reason)
{
    // msprobe's English messages (core/compare/verdict_rules.cpp) without their level, as translation sources.
    static const char* const kTexts[] = {
        QT_TRANSLATE_NOOP("psui::Verdicts", "There is nan/inf/-inf in the maximum or minimum value of NPU."),
        QT_TRANSLATE_NOOP("psui::Verdicts", "The NormRelativeErr of output is greater than 0.5."),
        QT_TRANSLATE_NOOP(
            "psui::Verdicts", "The input/parameters of One Thousandth Err Ratio > 0.9 while the output < 0.6."),
        QT_TRANSLATE_NOOP("psui::Verdicts", "The Required_Grad of NPU and Bench are inconsistent"),
        QT_TRANSLATE_NOOP("psui::Verdicts", "The scalar parameters of NPU and Bench are inconsistent."),
        QT_TRANSLATE_NOOP("psui::Verdicts", "The dtype of NPU and Bench are inconsistent."),
        QT_TRANSLATE_NOOP("psui::Verdicts", "The shape of NPU and Bench are inconsistent."),
        QT_TRANSLATE_NOOP("psui::Verdicts", "The norm relative error of output is 10 times that of input."),
        QT_TRANSLATE_NOOP(
            "psui::Verdicts", "The input/parameters of Cosine > 0.9, and input/parameters - output > 0.1"),
        QT_TRANSLATE_NOOP("psui::Verdicts", "The CRC-32 value of NPU differs from that of the bench."),
        QT_TRANSLATE_NOOP("psui::Verdicts", "The parameter of NPU does not match the bench."),
    };
    static_assert(std::size(kTexts) == size_t(ps::Reason::Count));
    return QCoreApplication::translate(kContext, kTexts[size_t(reason)]);
}

QStringList verdictReasons(const Snapshot& snapshot, NodeId npu)
{
    QStringList lines;
    if (!hasVerdicts(snapshot) || npu == ps::kNoNode || !snapshot.hasSide(Side::Npu))
        return lines;
    const ps::Comparison& c = *snapshot.comparison;
    const ps::Graph& g = c.graph(Side::Npu);
    if (!g.dump || npu >= g.size())
        return lines;
    for (auto items : { g.inputItems(npu), g.outputItems(npu) }) {
        for (uint32_t item : items) {
            if (item >= c.verdicts.size() || c.verdicts[item].level == ps::Verdict::Pass)
                continue;
            const ps::RowVerdict& v = c.verdicts[item];
            QStringList why;
            for (ps::Reason r : v.reasonList())
                why << QStringLiteral("%1: %2").arg(verdictLabel(ps::reasonLevel(r)), reasonText(r));
            if (why.isEmpty())
                why << verdictLabel(v.level);
            lines << QStringLiteral("%1: %2").arg(itemSlot(g, npu, item), why.join(QLatin1Char(' ')));
        }
    }
    return lines;
}

QString truthVerdictLabel(ps::TruthVerdict verdict)
{
    switch (verdict) {
    case ps::TruthVerdict::None:
        return {};
    case ps::TruthVerdict::Fine:
        return QCoreApplication::translate(kContext, "fine");
    case ps::TruthVerdict::Follows:
        return QCoreApplication::translate(kContext, "follows");
    case ps::TruthVerdict::BothOff:
        return QCoreApplication::translate(kContext, "both off");
    case ps::TruthVerdict::NpuWorse:
        return QCoreApplication::translate(kContext, "NPU worse");
    }
    return {};
}

QString truthBinText(double lo)
{
    static constexpr std::array kOrder { ps::TruthVerdict::Fine, ps::TruthVerdict::Follows, ps::TruthVerdict::BothOff,
        ps::TruthVerdict::NpuWorse }; // the bins of ps::truthColorBins, one unit wide each
    const auto i = size_t(std::clamp(lo, 0.0, 3.0));
    return truthVerdictLabel(kOrder[i]);
}

QString truthSummary(const Snapshot& snapshot, NodeId npu)
{
    if (!snapshot.truth || npu >= snapshot.truth->nodes.size() || !snapshot.hasSide(Side::Npu))
        return {};
    const ps::TruthNode& t = snapshot.truth->nodes[npu];
    if (t.verdict == ps::TruthVerdict::None)
        return {};
    const auto number = [](double v) { return v < 0 ? QStringLiteral("–") : QString::number(v, 'e', 1); };
    QString text = QCoreApplication::translate(kContext, "%1: NPU error %2, bench error %3, NPU floor %4")
                       .arg(truthVerdictLabel(t.verdict), number(t.npuError), number(t.benchError), number(t.npuFloor));
    const ps::DumpData* dump = snapshot.graph(Side::Npu).dump.get();
    if (dump && t.npuItem < dump->items.size())
        text += QStringLiteral(" (%1)").arg(QString::fromStdString(dump->itemKey(dump->items[t.npuItem])));
    return text;
}

} // namespace psui
