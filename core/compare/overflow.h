#pragma once
// msprobe's overflow / anomaly check of one dump record (spec §8): critical, high, medium or none.
#include "io/dump_data.h"
#include "io/json_value.h"

#include <string_view>

namespace ps {

OverflowLevel overflowLevelOfRecord(std::string_view name, const JValue& record, const JArena& arena);

} // namespace ps
