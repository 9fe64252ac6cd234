// The session controller's colour ranges: a new legend over the same comparison (viewer spec §2.2 feature 12).
#include "session/sessioncontroller.h"

#include "compare/color_bins.h"
#include "models/graphtreemodel.h"

namespace psui {

QString SessionController::setColorRanges(const std::vector<ps::ColorBin>& ranges)
{
    if (!m_snapshot || !m_snapshot->comparison || !m_snapshot->comparison->isCompare)
        return tr("Only a comparison has colour ranges.");
    const ps::Comparison& current = *m_snapshot->comparison;
    if (current.mode == ps::CompareMode::Md5)
        return tr("In md5 mode the colours are fixed: equal or different.");
    if (!ranges.empty())
        if (const std::string problem = ps::colorRangesProblem(ranges); !problem.empty())
            return QString::fromStdString(problem);
    // The results stay as they are (shared); exports and manual matches take the legend from m_colors.
    m_colors = ranges.empty() ? ps::defaultColors(current.mode) : ps::legendFromRanges(current.mode, ranges);
    m_snapshot = recolourSnapshot(*m_snapshot, m_snapshot->comparison, legendFromBins(m_colors, current.mode));
    ++m_searchGeneration;
    ++m_filterGeneration;
    for (GraphTreeModel* model : m_models)
        model->updateSnapshot(m_snapshot);
    Q_EMIT snapshotUpdated();
    return {};
}

std::vector<ps::ColorBin> SessionController::colorRanges() const
{
    std::vector<ps::ColorBin> out;
    if (!m_snapshot)
        return out;
    for (const LegendBin& b : m_snapshot->bins)
        if (!b.unmatched)
            out.push_back({ b.hex, b.lo, b.hi, false, b.fileDescription });
    return out;
}

} // namespace psui
