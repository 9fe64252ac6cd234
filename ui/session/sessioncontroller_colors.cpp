// The session controller's colours: the value ranges of msprobe's colours, and the metric the nodes are coloured by.
#include "session/sessioncontroller.h"

#include <algorithm>

namespace psui {

std::vector<ps::ColorBin> SessionController::colorRanges() const
{
    if (!m_snapshot)
        return {};
    if (m_snapshot->metric != ps::ColorMetric::Precision) // the bins shown are the metric's
        return ps::rangesOf(m_colors);
    return valueRanges(m_snapshot->bins);
}

std::vector<LegendBin> SessionController::precisionLegend() const
{
    if (m_colors.empty() || !m_snapshot || !m_snapshot->comparison)
        return {};
    return legendFromBins(m_colors, m_snapshot->comparison->mode);
}

std::shared_ptr<const Snapshot> SessionController::withColorRanges(std::shared_ptr<const Snapshot> snapshot) const
{
    if (m_colors.empty() || !snapshot || !snapshot->comparison || snapshot->metric != ps::ColorMetric::Precision)
        return snapshot;
    return recolourSnapshot(*snapshot, snapshot->comparison, legendFromBins(m_colors, snapshot->comparison->mode));
}

// A new legend over the same comparison.
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
    // The results stay as they are (shared); exports and manual matches take the legend from m_colors. Coloured
    // by another metric, the ranges wait until msprobe's colours are shown again.
    m_colors = ranges.empty() ? ps::defaultColors(current.mode) : ps::legendFromRanges(current.mode, ranges);
    if (m_snapshot->metric == ps::ColorMetric::Precision)
        replaceSnapshot(withColorRanges(m_snapshot), Change::SameGraphs);
    return {};
}

std::vector<ps::ColorMetric> SessionController::colorMetrics() const
{
    if (!m_snapshot || !m_snapshot->comparison || !m_snapshot->comparison->isCompare)
        return {};
    std::vector<ps::ColorMetric> metrics
        = ps::colorMetricsFor(m_snapshot->comparison->mode, m_snapshot->comparison->profile);
    if (m_snapshot->truth)
        metrics.push_back(ps::ColorMetric::Truth);
    return metrics;
}

QString SessionController::setColorMetric(ps::ColorMetric metric)
{
    const std::vector<ps::ColorMetric> offered = colorMetrics();
    if (std::find(offered.begin(), offered.end(), metric) == offered.end())
        return tr("This comparison has no %1 to colour by.").arg(QLatin1String(ps::colorMetricName(metric)));
    m_colorMetric = metric;
    applyColorMetric();
    return {};
}

void SessionController::applyColorMetric()
{
    if (!m_snapshot || !m_snapshot->comparison || m_snapshot->comparing || m_snapshot->metric == m_colorMetric) {
        m_runner->cancel(Channel::Colors); // a metric chosen and chosen back before its values came
        return;
    }
    if (m_colorMetric == ps::ColorMetric::Truth ? !m_snapshot->truth
                                                : !ps::colorMetricApplies(*m_snapshot->comparison, m_colorMetric))
        return; // a .vis.db read in part: once it is whole (a truth judgement: with the comparing)
    if (m_colorMetric == ps::ColorMetric::Precision) {
        replaceSnapshot(colorByMetric(*m_snapshot, m_colorMetric, precisionLegend()), Change::SameGraphs);
        return;
    }
    // Every row of every node is formatted and read: a worker's job on a big graph.
    m_runner->run(
        Channel::Colors, tr("Colouring by %1…").arg(QLatin1String(ps::colorMetricName(m_colorMetric))),
        [base = m_snapshot, metric = m_colorMetric](const JobContext&) { return colorByMetric(*base, metric); },
        [this](std::shared_ptr<const Snapshot> coloured) { replaceSnapshot(std::move(coloured), Change::SameGraphs); });
}

} // namespace psui
