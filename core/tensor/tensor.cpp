#include "tensor.h"

#include "io/file_io.h"
#include "numpy_arith.h"
#include "util/error.h"

#include <algorithm>
#include <cstring>

namespace ps {

const char* dtypeName(DType t)
{
    switch (t) {
    case DType::Float64:
        return "float64";
    case DType::Float32:
        return "float32";
    case DType::Float16:
        return "float16";
    case DType::BFloat16:
        return "bfloat16";
    case DType::Int64:
        return "int64";
    case DType::Int32:
        return "int32";
    case DType::Int16:
        return "int16";
    case DType::Int8:
        return "int8";
    case DType::UInt8:
        return "uint8";
    case DType::Bool:
        return "bool";
    }
    return "unknown";
}

size_t dtypeSize(DType t)
{
    switch (t) {
    case DType::Float64:
    case DType::Int64:
        return 8;
    case DType::Float32:
    case DType::Int32:
        return 4;
    case DType::Float16:
    case DType::BFloat16:
    case DType::Int16:
        return 2;
    case DType::Int8:
    case DType::UInt8:
    case DType::Bool:
        return 1;
    }
    return 1;
}

bool isFloating(DType t)
{
    return t == DType::Float64 || t == DType::Float32 || t == DType::Float16 || t == DType::BFloat16;
}

std::byte* TensorBytes::allocate(size_t size)
{
    m_owned = std::make_shared_for_overwrite<std::byte[]>(std::max<size_t>(size, 1));
    m_file.reset();
    m_data = m_owned.get();
    m_size = size;
    return m_data;
}

std::byte* TensorBytes::resize(size_t size)
{
    // the old bytes stay valid until copied
    const std::shared_ptr<std::byte[]> keptOwned = m_owned;
    const std::shared_ptr<const MappedFile> keptFile = m_file;
    const std::byte* oldData = m_data;
    const size_t kept = std::min(size, m_size);
    std::byte* out = allocate(size);
    if (kept > 0)
        std::memcpy(out, oldData, kept);
    std::memset(out + kept, 0, size - kept);
    return out;
}

std::byte* TensorBytes::writable()
{
    if (m_owned && m_owned.use_count() == 1)
        return m_data;
    return resize(m_size);
}

void TensorBytes::view(std::shared_ptr<const MappedFile> file, const std::byte* data, size_t size)
{
    m_owned.reset();
    m_file = std::move(file);
    m_data = const_cast<std::byte*>(data); // NOLINT(cppcoreguidelines-pro-type-const-cast): writable() copies first
    m_size = size;
}

bool TensorBytes::unchanged() const
{
    if (!m_file)
        return true;
    try {
        m_file->checkUnchanged();
        return true;
    } catch (const Error&) {
        return false;
    }
}

int64_t Tensor::numel() const
{
    int64_t n = 1;
    for (int64_t size : shape)
        n *= size;
    return n;
}

double Tensor::valueAt(int64_t index) const
{
    double value = 0;
    detail::decodeToDouble(*this, index, 1, &value);
    return value;
}

TensorReadResult readTensorFile(const std::string& path, TensorRead mode)
{
    const auto endsWith = [&path](const char* suffix) {
        const std::string s(suffix);
        return path.size() >= s.size() && path.compare(path.size() - s.size(), s.size(), s) == 0;
    };
    if (endsWith(".pt"))
        return readPtFile(path, mode);
    if (endsWith(".npy"))
        return readNpyFile(path, mode);
    TensorReadResult result;
    result.error = path + ": unknown tensor file type (expected .pt or .npy)";
    return result;
}

} // namespace ps
