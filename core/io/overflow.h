#pragma once
// msprobe's overflow / anomaly check of one dump record: critical, high, medium or none.
#include "io/dump_data.h"
#include "io/json_value.h"

#include <string_view>

namespace ps {

// The keys the check looks up, resolved once per dump (lookups by id keep the check off the read profile).
struct OverflowKeys {
    StrId max, min, mean, norm, type, inputArgs, input, inputKwargs, output;
    static OverflowKeys intern(StringPool& pool);
};

OverflowLevel overflowLevelOfRecord(
    std::string_view name, const JValue& record, const JArena& arena, const OverflowKeys& keys);
OverflowLevel overflowLevelOfRecord(std::string_view name, const JValue& record, const JArena& arena);

} // namespace ps
