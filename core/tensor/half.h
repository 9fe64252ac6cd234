#pragma once
// IEEE half (float16) and bfloat16 conversions, bit-exact with numpy's npy_half routines (round to nearest even).
// Internal to core/tensor.
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace ps::half {

inline float halfBitsToFloat(uint16_t h)
{
    const uint32_t sign = uint32_t(h & 0x8000u) << 16;
    const uint32_t exponent = (h >> 10) & 0x1fu;
    const uint32_t mantissa = h & 0x3ffu;
    if (exponent == 0x1f) // inf or nan: keep the payload like numpy does
        return std::bit_cast<float>(sign | 0x7f800000u | (mantissa << 13));
    if (exponent == 0) { // zero or subnormal: exact in float
        const float magnitude = float(mantissa) * 0x1p-24f; // exact: the mantissa has 10 bits
        return sign ? -magnitude : magnitude;
    }
    return std::bit_cast<float>(sign | ((exponent + 112) << 23) | (mantissa << 13));
}

// Correctly rounded float -> half. Every float16 ufunc loop of numpy computes in float and rounds with this.
inline uint16_t floatToHalfBits(float value)
{
    uint32_t bits = std::bit_cast<uint32_t>(value);
    const uint32_t sign = bits & 0x80000000u;
    bits ^= sign;
    uint32_t out;
    if (bits >= (127u + 16u) << 23) { // >= 65536, inf or nan
        out = bits > 0x7f800000u ? 0x7e00u : 0x7c00u;
    } else if (bits < 113u << 23) { // below 2^-14: the result is subnormal or zero
        // Adding a magic power of two lets the FPU do the round-to-nearest-even of the low mantissa bits.
        const uint32_t magicBits = ((127u - 15u) + (23u - 10u) + 1u) << 23;
        const float sum = std::bit_cast<float>(bits) + std::bit_cast<float>(magicBits);
        out = std::bit_cast<uint32_t>(sum) - magicBits;
    } else {
        const uint32_t mantissaOdd = (bits >> 13) & 1u;
        bits += (uint32_t(15 - 127) << 23) + 0xfffu + mantissaOdd; // rebias; the carry rounds half to even
        out = bits >> 13;
    }
    return uint16_t(out | (sign >> 16));
}

// Correctly rounded double -> half (numpy casts Python float constants to float16 this way).
inline uint16_t doubleToHalfBits(double value)
{
    const uint16_t sign = std::signbit(value) ? 0x8000u : 0u;
    if (std::isnan(value))
        return sign | 0x7e00u;
    const double magnitude = std::fabs(value);
    if (magnitude >= 65520.0) // halfway between 65504 and 2^16 rounds (to even) to infinity
        return sign | 0x7c00u;
    if (magnitude < 0x1p-14) // subnormal range: units of 2^-24
        return sign | uint16_t(std::nearbyint(std::ldexp(magnitude, 24)));
    int exponent = 0;
    std::frexp(magnitude, &exponent); // magnitude = m * 2^exponent, m in [0.5, 1)
    double mantissa = std::nearbyint(std::ldexp(magnitude, 11 - exponent)); // in [1024, 2048]
    int biased = exponent - 1 + 15;
    if (mantissa >= 2048.0) {
        mantissa = 1024.0;
        ++biased;
    }
    if (biased >= 31)
        return sign | 0x7c00u;
    return sign | uint16_t((biased << 10) | (uint32_t(mantissa) - 1024u));
}

// The float value a float16 operation would produce from an exact float result: halfBitsToFloat(floatToHalfBits(v))
// without branches, for the element loops (checked against that composition over every float by the tests).
inline float roundToHalf(float value)
{
    const uint32_t bits = std::bit_cast<uint32_t>(value);
    const uint32_t sign = bits & 0x80000000u;
    const uint32_t magnitudeBits = bits ^ sign;
    // normal half range: round the float mantissa to 10 bits, half to even; a carry moves into the exponent
    const uint32_t rounded = (magnitudeBits + 0xfffu + ((magnitudeBits >> 13) & 1u)) & ~0x1fffu;
    float result = std::bit_cast<float>(rounded);
    // below 2^-14 the half quantum is 2^-24, the float ulp of 0.5: adding 0.5 rounds to it, half to even
    const float magnitude = std::bit_cast<float>(magnitudeBits);
    const float subnormal = (magnitude + 0.5f) - 0.5f;
    result = magnitudeBits < (113u << 23) ? subnormal : result;
    result = result > 65504.0f ? std::numeric_limits<float>::infinity() : result;
    result = magnitudeBits > 0x7f800000u ? std::numeric_limits<float>::quiet_NaN() : result;
    return std::bit_cast<float>(std::bit_cast<uint32_t>(result) | sign);
}

inline float bfloat16BitsToFloat(uint16_t b)
{
    return std::bit_cast<float>(uint32_t(b) << 16);
}

} // namespace ps::half
