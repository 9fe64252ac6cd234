#pragma once
// A dense tensor loaded from a dump's tensor file (.pt written by torch.save, or .npy).
// Data is always contiguous, row-major, little-endian, in the file's dtype (bfloat16 stays bfloat16 here;
// the metrics decide how to widen it).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ps {

class MappedFile;

enum class DType : uint8_t { Float64, Float32, Float16, BFloat16, Int64, Int32, Int16, Int8, UInt8, Bool };

const char* dtypeName(DType t); // "float32", "bfloat16", ...
size_t dtypeSize(DType t);
bool isFloating(DType t);

// A tensor's bytes: a window into its mapped file when the file stores them as they are (no copy, no page
// allocated), else a buffer of their own. Copies share the bytes; writable() copies shared or mapped bytes first.
class TensorBytes {
public:
    const std::byte* data() const { return m_data; }
    size_t size() const { return m_size; }
    std::byte operator[](size_t i) const { return m_data[i]; }
    // Own `size` bytes: the first min(size, size()) keep their value, the rest are zero. Returns them, writable.
    std::byte* resize(size_t size);
    // Own `size` bytes left uninitialised, for a reader that fills them all.
    std::byte* allocate(size_t size);
    std::byte* writable();
    void view(std::shared_ptr<const MappedFile> file, const std::byte* data, size_t size);
    // False when the mapped file changed since it was mapped: the bytes read may not be the file's.
    bool unchanged() const;

private:
    std::shared_ptr<std::byte[]> m_owned;
    std::shared_ptr<const MappedFile> m_file;
    std::byte* m_data = nullptr; // in m_owned, or (read-only) in m_file's map
    size_t m_size = 0;
};

struct Tensor {
    DType dtype = DType::Float32;
    std::vector<int64_t> shape; // empty = 0-d tensor
    TensorBytes data; // numel() * dtypeSize(dtype) bytes
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
