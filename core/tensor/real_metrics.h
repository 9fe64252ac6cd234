#pragma once
// msprobe 1.2.1 real-data ("all") mode metrics for one row.
#include "tensor.h"
#include "util/pyvalue.h"

#include <array>
#include <optional>
#include <string>

namespace ps {

struct RealMetrics {
    // Cosine, MaxAbsErr, MaxRelativeErr, One Thousandth Err Ratio, Five Thousandths Err Ratio.
    // Each is a float (already fmt12-rounded), int 0 (empty tensor), or a string: "unsupported", "Nan", "N/A",
    // "shape unmatched".
    std::array<PyScalar, 5> values;
    PyScalar eucDist; // msprobe 26.0.0's EucDist (||n-b||_2), unrounded float or string; not in 1.2.1 output
    std::string errMessage; // msprobe's Err_message text for this row ("" when none)
};

// Both tensors present: compute every metric with msprobe's error rules (empty, 0-d, shape, inf/nan masks,
// dtype mismatch, ...). Pure and re-entrant: rows may be compared on any number of threads at once.
// eucDist is "unsupported" for 0-d tensors and repeats the five columns' value on the error rows.
// Scalar: one element at a time throughout, the reference the faster kernel is tested against.
enum class MetricKernel { Fastest, Scalar };
RealMetrics compareTensors(const Tensor& npu, const Tensor& bench, MetricKernel kernel = MetricKernel::Fastest);

// The rows where no tensors can be compared (a bench file missing, shapes that differ, an argument that is no tensor).
RealMetrics unsupportedMetrics(const std::string& errMessage);

} // namespace ps
