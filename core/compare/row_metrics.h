#pragma once
// Per-row metrics of statistics (summary) and md5 modes, and the str2float rule of the
// precision index.
#include "io/item_fields.h"
#include "util/pyvalue.h"

#include <array>
#include <string_view>

namespace ps {

using SummaryMetrics = std::array<PyScalar, 8>;

SummaryMetrics summaryMetrics(const ItemStats& n, const ItemStats& b);
// Column 4 + k of summaryMetrics alone (k: 0 Max, 1 Min, 2 Mean, 3 Norm): the relative error of one statistic.
PyScalar summaryRelativeErr(const ItemStats& n, const ItemStats& b, int k);
// An NPU item without a bench partner: msprobe's 5 blank placeholders then NPU Max/Min/Mean (a 1.2.1 defect kept).
SummaryMetrics summaryNpuOnly(const DumpData& nd, const ItemStats& n);
PyScalar md5Result(const DumpData& nd, const ItemStats& n, const DumpData& bd, const ItemStats& b);

// The value of a JSON stat as a PyScalar (bool as its str, lists as their str).
PyScalar scalarOf(const DumpData& d, const FieldValue* f);

// msprobe's str2float: strip '%', parse, divide by 100; non-strings and unparseable text give 0.
double str2float(const PyScalar& v);

} // namespace ps
