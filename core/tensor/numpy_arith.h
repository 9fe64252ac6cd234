#pragma once
// The few pieces of numpy arithmetic semantics the real-data metrics depend on: dtype promotion and element-wise
// operations rounded to a float16/float32/float64 result. Internal to core/tensor.
#include "half.h"
#include "tensor.h"

#include <cmath>
#include <cstddef>
#include <cstdint>

namespace ps::detail {

enum class Precision : uint8_t { F16, F32, F64 };

// What msprobe's numpy sees: torch.load output with bfloat16 widened to float32.
inline DType numpyDType(DType t)
{
    return t == DType::BFloat16 ? DType::Float32 : t;
}

inline Precision precisionOf(DType floating)
{
    switch (floating) {
    case DType::Float16:
        return Precision::F16;
    case DType::Float32:
    case DType::BFloat16:
        return Precision::F32;
    default:
        return Precision::F64;
    }
}

// numpy.promote_types over the dtypes a tensor file can hold (bfloat16 already widened).
DType promoteTypes(DType a, DType b);

// One element-wise numpy ufunc step: exact operands, result rounded to the array precision (float16 loops
// compute in float and round, like numpy's npy_half loops).
inline double subtractIn(Precision p, double a, double b)
{
    switch (p) {
    case Precision::F16:
        return half::roundToHalf(float(a) - float(b));
    case Precision::F32:
        return double(float(a) - float(b));
    case Precision::F64:
        break;
    }
    return a - b;
}

inline double divideIn(Precision p, double a, double b)
{
    switch (p) {
    case Precision::F16:
        return half::roundToHalf(float(a) / float(b));
    case Precision::F32:
        return double(float(a) / float(b));
    case Precision::F64:
        break;
    }
    return a / b;
}

// array + python_float: the constant is first cast to the array dtype.
inline double addConstantIn(Precision p, double a, double constant)
{
    switch (p) {
    case Precision::F16:
        return half::roundToHalf(float(a) + half::halfBitsToFloat(half::doubleToHalfBits(constant)));
    case Precision::F32:
        return double(float(a) + float(constant));
    case Precision::F64:
        break;
    }
    return a + constant;
}

// A Python float constant as the array dtype sees it in a comparison.
inline double constantIn(Precision p, double constant)
{
    switch (p) {
    case Precision::F16:
        return half::halfBitsToFloat(half::doubleToHalfBits(constant));
    case Precision::F32:
        return double(float(constant));
    case Precision::F64:
        break;
    }
    return constant;
}

// Element values widened to double (exact except int64 beyond 2^53, rounded like numpy's astype(float)).
void decodeToDouble(const Tensor& t, int64_t begin, size_t count, double* out);

// Raw integer value of an integer or bool element (for numpy's integer arithmetic on 0-d arrays).
int64_t integerAt(const Tensor& t, int64_t index);

// numpy integer subtraction and abs wrap around at the dtype's width.
int64_t wrapToInteger(DType t, uint64_t value);

} // namespace ps::detail
