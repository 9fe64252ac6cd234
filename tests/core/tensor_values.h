#pragma once
// In-memory tensors for the tensor tests: values given as doubles, stored in the dtype's own encoding.
#include "tensor/half.h"
#include "tensor/tensor.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

namespace testtensors {

inline ps::Tensor makeTensor(ps::DType dtype, std::vector<int64_t> shape, const std::vector<double>& values)
{
    ps::Tensor t;
    t.dtype = dtype;
    t.shape = std::move(shape);
    std::byte* bytes = t.data.resize(values.size() * ps::dtypeSize(dtype));
    for (size_t i = 0; i < values.size(); ++i) {
        std::byte* out = bytes + i * ps::dtypeSize(dtype);
        const double v = values[i];
        const auto store = [out](auto typed) { std::memcpy(out, &typed, sizeof typed); };
        switch (dtype) {
        case ps::DType::Float64:
            store(v);
            break;
        case ps::DType::Float32:
            store(float(v));
            break;
        case ps::DType::Float16:
            store(ps::half::doubleToHalfBits(v));
            break;
        case ps::DType::BFloat16:
            store(uint16_t(std::bit_cast<uint32_t>(float(v)) >> 16));
            break;
        case ps::DType::Int64:
            store(int64_t(v));
            break;
        case ps::DType::Int32:
            store(int32_t(v));
            break;
        case ps::DType::Int16:
            store(int16_t(v));
            break;
        case ps::DType::Int8:
            store(int8_t(v));
            break;
        case ps::DType::UInt8:
            store(uint8_t(v));
            break;
        case ps::DType::Bool:
            store(uint8_t(v != 0));
            break;
        }
    }
    return t;
}

} // namespace testtensors
