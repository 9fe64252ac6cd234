#pragma once
// Relative errors over near-zero bench values. In statistics mode msprobe divides each NPU
// statistic's difference by the bench statistic: a bench Mean of 1e-10 on a tensor whose values reach 1 turns
// rounding noise into MeanRelativeErr of hundreds of percent. The viewer keeps msprobe's numbers and colours but
// marks such cells.
//
// The rule: a relative error is "below the noise floor" when its bench statistic b satisfies
//     |b| < max(kNoiseFloorRelative * M, kNoiseFloorAbsolute),
// where M = max(|bench Max|, |bench Min|), the tensor's largest magnitude.
#include <QString>

namespace psui {

constexpr double kNoiseFloorRelative = 1e-6;
constexpr double kNoiseFloorAbsolute = 1e-12;

bool belowNoiseFloor(double benchValue, double benchMaxMagnitude);

// The bench statistic a relative-error column divides by ("MeanRelativeErr" -> "Mean"); "" for other columns.
QString benchStatisticOf(const QString& relativeErrorKey);

} // namespace psui
