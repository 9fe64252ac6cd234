#pragma once
// `probescope-cli tensor NPU BENCH`: two tensor files (.pt or .npy) read and compared element by element
// (tensor/tensor_error.h), as text or JSON. The viewer's Tensor error window reads its pair through the same call.
#include "tensor/tensor_error.h"

#include <optional>
#include <string>

namespace ps {

struct TensorFilesRequest {
    std::string npuPath;
    std::string benchPath;
    std::optional<double> rtol; // unset: defaultTolerance of the two dtypes
    std::optional<double> atol;
    TensorErrorOptions options; // its tolerance is replaced by rtol / atol or the default
};

struct TensorFilesError {
    std::string npuPath;
    std::string benchPath;
    TensorError error;
};

// Reads both files (memory reserved from their headers first) and compares them. Throws Error naming the file that
// cannot be read, both files when their shapes differ, Error(Cancelled) when cancelled.
TensorFilesError compareTensorFiles(const TensorFilesRequest& request);

std::string tensorErrorText(const TensorFilesError& result);
// JSON for scripts: the same numbers, both histograms with their bucket labels, and the heat map's cells as
// row arrays (max_abs, max_rel, non_finite). Non-finite numbers are written as null.
std::string tensorErrorJson(const TensorFilesError& result);

} // namespace ps
