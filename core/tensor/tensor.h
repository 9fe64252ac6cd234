#pragma once
// A dense tensor loaded from a dump's tensor file (.pt written by torch.save, or .npy).
// Data is always contiguous, row-major, little-endian, in the file's dtype (bfloat16 stays bfloat16 here;
// the metrics decide how to widen it).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ps {

enum class DType : uint8_t { Float64, Float32, Float16, BFloat16, Int64, Int32, Int16, Int8, UInt8, Bool };

const char* dtypeName(DType t); // "float32", "bfloat16", ...
size_t dtypeSize(DType t);
bool isFloating(DType t);

struct Tensor {
    DType dtype = DType::Float32;
    std::vector<int64_t> shape; // empty = 0-d tensor
    std::vector<std::byte> data; // numel() * dtypeSize(dtype) bytes
    int64_t numel() const;
    bool isZeroDim() const { return shape.empty(); }
    // Element `index` in row-major order widened to double (float16/bfloat16 exactly, int64 rounded to nearest).
    double valueAt(int64_t index) const;
};

// Outcome of reading a tensor file: either a tensor or a sentence saying what is wrong with which file.
struct TensorReadResult {
    bool ok = false;
    Tensor tensor;
    std::string error;
    uint64_t memoryBytes = 0; // what reading the data allocates at most (set by a HeaderOnly read too)
};

// HeaderOnly reads no data: the result has the dtype, the shape and memoryBytes, so that a caller can reserve the
// memory (util/memory_budget.h) before the Full read allocates it.
enum class TensorRead { Full, HeaderOnly };

// torch.save zip archive (pickle subset, no code execution)
TensorReadResult readPtFile(const std::string& path, TensorRead mode = TensorRead::Full);
// numpy .npy, format versions 1-3, no pickle
TensorReadResult readNpyFile(const std::string& path, TensorRead mode = TensorRead::Full);
TensorReadResult readTensorFile(const std::string& path, TensorRead mode = TensorRead::Full); // by extension

} // namespace ps
