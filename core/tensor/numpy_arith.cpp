#include "numpy_arith.h"

#include <cstring>

namespace ps::detail {

namespace {

bool isSignedInteger(DType t)
{
    return t == DType::Int8 || t == DType::Int16 || t == DType::Int32 || t == DType::Int64;
}

template <typename T> void widen(const Tensor& t, int64_t begin, size_t count, double* out)
{
    const std::byte* source = t.data.data() + size_t(begin) * sizeof(T);
    for (size_t i = 0; i < count; ++i) {
        T value;
        std::memcpy(&value, source + i * sizeof(T), sizeof(T));
        out[i] = double(value);
    }
}

template <typename T> int64_t rawInteger(const Tensor& t, int64_t index)
{
    T value;
    std::memcpy(&value, t.data.data() + size_t(index) * sizeof(T), sizeof(T));
    return int64_t(value);
}

} // namespace

DType promoteTypes(DType a, DType b)
{
    a = numpyDType(a);
    b = numpyDType(b);
    if (a == b || b == DType::Bool)
        return a;
    if (a == DType::Bool)
        return b;
    if (isFloating(a) && isFloating(b))
        return dtypeSize(a) >= dtypeSize(b) ? a : b;
    if (isFloating(a) || isFloating(b)) {
        const DType floating = isFloating(a) ? a : b;
        const DType integer = isFloating(a) ? b : a;
        const size_t intSize = dtypeSize(integer);
        // the smallest float holding every value of the integer type, at least the float given
        if (floating == DType::Float16 && intSize == 1)
            return DType::Float16;
        if (floating != DType::Float64 && intSize <= 2)
            return DType::Float32;
        return DType::Float64;
    }
    if (isSignedInteger(a) && isSignedInteger(b))
        return dtypeSize(a) >= dtypeSize(b) ? a : b;
    // uint8 with a signed type needs a signed type wider than 8 bits
    const DType signedType = isSignedInteger(a) ? a : b;
    return signedType == DType::Int8 ? DType::Int16 : signedType;
}

void decodeToDouble(const Tensor& t, int64_t begin, size_t count, double* out)
{
    switch (t.dtype) {
    case DType::Float64:
        return widen<double>(t, begin, count, out);
    case DType::Float32:
        return widen<float>(t, begin, count, out);
    case DType::Int64:
        return widen<int64_t>(t, begin, count, out);
    case DType::Int32:
        return widen<int32_t>(t, begin, count, out);
    case DType::Int16:
        return widen<int16_t>(t, begin, count, out);
    case DType::Int8:
        return widen<int8_t>(t, begin, count, out);
    case DType::UInt8:
        return widen<uint8_t>(t, begin, count, out);
    case DType::Bool:
        for (size_t i = 0; i < count; ++i)
            out[i] = t.data[size_t(begin) + i] != std::byte { 0 } ? 1.0 : 0.0;
        return;
    case DType::Float16:
    case DType::BFloat16: {
        const std::byte* source = t.data.data() + size_t(begin) * 2;
        const auto bitsAt = [source](size_t i) {
            uint16_t bits;
            std::memcpy(&bits, source + i * 2, 2);
            return bits;
        };
        if (t.dtype == DType::Float16) {
            for (size_t i = 0; i < count; ++i)
                out[i] = half::halfBitsToFloat(bitsAt(i));
        } else {
            for (size_t i = 0; i < count; ++i)
                out[i] = half::bfloat16BitsToFloat(bitsAt(i));
        }
        return;
    }
    }
}

int64_t integerAt(const Tensor& t, int64_t index)
{
    switch (t.dtype) {
    case DType::Int64:
        return rawInteger<int64_t>(t, index);
    case DType::Int32:
        return rawInteger<int32_t>(t, index);
    case DType::Int16:
        return rawInteger<int16_t>(t, index);
    case DType::Int8:
        return rawInteger<int8_t>(t, index);
    case DType::UInt8:
        return rawInteger<uint8_t>(t, index);
    case DType::Bool:
        return t.data[size_t(index)] != std::byte { 0 } ? 1 : 0;
    default:
        return 0;
    }
}

int64_t wrapToInteger(DType t, uint64_t value)
{
    switch (t) {
    case DType::Int32:
        return int32_t(uint32_t(value));
    case DType::Int16:
        return int16_t(uint16_t(value));
    case DType::Int8:
        return int8_t(uint8_t(value));
    case DType::UInt8:
        return uint8_t(value);
    case DType::Bool:
        return value != 0;
    default:
        return int64_t(value);
    }
}

} // namespace ps::detail
