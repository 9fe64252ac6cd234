#pragma once
// Export formatting of data items (spec §10.2): every value becomes a string the way msprobe's _format_data
// writes it (6 decimals, "%.6e", quotes removed, None -> null), ProcessGroup items trimmed, all-null tensors
// collapsed to {"value": "null"}. A string that is exactly " " (a metric of an NPU item without bench partner)
// stays " ", as msprobe writes it.
#include "compare/item_fields.h"
#include "util/pyvalue.h"

#include <span>
#include <string>
#include <utility>
#include <vector>

namespace ps {

using FormattedItem = std::vector<std::pair<std::string, std::string>>;

// msprobe 26.0.0 (`profile` Msprobe26) formats differently: numbers unrounded (Python str()), decimal trimming only
// of strings that are one whole number, requires_grad kept, md5 dropped outside md5 mode (`md5Mode`).
FormattedItem formatItem(const DumpData& dump, const DumpItem& item, std::span<const char* const> metricNames,
    std::span<const PyScalar> metrics, RulesProfile profile = RulesProfile::Msprobe121, bool md5Mode = false);

// The string transformations, exposed for tests.
std::string formatStringValue(std::string_view s); // quotes removed, None -> null, decimal trimming
std::string formatDecimalString(std::string_view s); // only the decimal trimming
std::string formatFloatValue(double x); // "%.6e" when repr has an exponent, else repr(round(x, 6))
std::string formatScalar(const PyScalar& v);
std::string formatStringValue26(std::string_view s); // quotes removed, None -> null, whole-string trimming
std::string formatScalar26(const PyScalar& v);

} // namespace ps
