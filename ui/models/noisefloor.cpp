#include "models/noisefloor.h"

#include <algorithm>
#include <cmath>

namespace psui {

bool belowNoiseFloor(double benchValue, double benchMaxMagnitude)
{
    if (!std::isfinite(benchValue) || !std::isfinite(benchMaxMagnitude))
        return false;
    return std::fabs(benchValue) < std::max(kNoiseFloorRelative * std::fabs(benchMaxMagnitude), kNoiseFloorAbsolute);
}

QString benchStatisticOf(const QString& key)
{
    static const char* const kPairs[][2] = {
        { "MaxRelativeErr", "Max" },
        { "MinRelativeErr", "Min" },
        { "MeanRelativeErr", "Mean" },
        { "NormRelativeErr", "Norm" },
    };
    for (const auto& [metric, statistic] : kPairs)
        if (key == QLatin1String(metric))
            return QString::fromLatin1(statistic);
    return {};
}

} // namespace psui
