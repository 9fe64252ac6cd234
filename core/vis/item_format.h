#pragma once
// Export formatting of data items (spec §10.2): every value becomes a string the way msprobe's _format_data
// writes it (6 decimals, "%.6e", quotes removed, None -> null), ProcessGroup items trimmed, all-null tensors
// collapsed to {"value": "null"}.
#include "compare/item_fields.h"
#include "util/pyvalue.h"

#include <span>
#include <string>
#include <utility>
#include <vector>

namespace ps {

using FormattedItem = std::vector<std::pair<std::string, std::string>>;

FormattedItem formatItem(const DumpData& dump, const DumpItem& item, std::span<const char* const> metricNames,
    std::span<const PyScalar> metrics);

// The string transformations, exposed for tests.
std::string formatStringValue(std::string_view s); // quotes removed, None -> null, decimal trimming
std::string formatDecimalString(std::string_view s); // only the decimal trimming
std::string formatFloatValue(double x); // "%.6e" when repr has an exponent, else repr(round(x, 6))
std::string formatScalar(const PyScalar& v);

} // namespace ps
