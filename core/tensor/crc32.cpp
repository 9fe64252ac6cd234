#include "crc32.h"

#include <algorithm>
#include <zlib.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define PROBESCOPE_CRC_FOLDING 1
#endif

namespace ps::detail {

namespace {

uint32_t zlibCrc(uint32_t crc, const std::byte* data, size_t size)
{
    uLong value = crc;
    for (size_t done = 0; done < size;) {
        const size_t n = std::min(size - done, size_t(1) << 30);
        value = crc32(value, reinterpret_cast<const Bytef*>(data + done), uInt(n));
        done += n;
    }
    return uint32_t(value);
}

#ifdef PROBESCOPE_CRC_FOLDING
// Folding (Intel, "Fast CRC Computation for Generic Polynomials Using PCLMULQDQ", 2009), bit-reflected: a 128-bit
// lane x becomes x.lo * K_lo ^ x.hi * K_hi, which has the same remainder 512 (or 128) bits further on. The
// constants are x^(512+64), x^512, x^(128+64) and x^128 mod the polynomial, reflected.
__attribute__((target("pclmul,sse2"))) __m128i fold(__m128i x, __m128i constants, __m128i next)
{
    const __m128i low = _mm_clmulepi64_si128(x, constants, 0x00);
    const __m128i high = _mm_clmulepi64_si128(x, constants, 0x11);
    return _mm_xor_si128(_mm_xor_si128(low, high), next);
}

__attribute__((target("pclmul,sse2"))) uint32_t foldedCrc(const std::byte* data, size_t size)
{
    const auto load = [](const std::byte* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); };
    const __m128i by4 = _mm_set_epi64x(0x1c6e41596, 0x154442bd4);
    const __m128i by1 = _mm_set_epi64x(0x0ccaa009e, 0x1751997d0);
    // zlib's pre-inversion: the register starts as all ones, i.e. the first 32 bits are inverted.
    __m128i x0 = _mm_xor_si128(load(data), _mm_cvtsi32_si128(-1));
    __m128i x1 = load(data + 16);
    __m128i x2 = load(data + 32);
    __m128i x3 = load(data + 48);
    size_t at = 64;
    for (; at + 64 <= size; at += 64) {
        x0 = fold(x0, by4, load(data + at));
        x1 = fold(x1, by4, load(data + at + 16));
        x2 = fold(x2, by4, load(data + at + 32));
        x3 = fold(x3, by4, load(data + at + 48));
    }
    __m128i x = fold(x0, by1, x1);
    x = fold(x, by1, x2);
    x = fold(x, by1, x3);
    for (; at + 16 <= size; at += 16)
        x = fold(x, by1, load(data + at));
    // x and the tail are a message with the same CRC and a register already inverted: zlib finishes it from
    // an initial value whose inversion is zero.
    alignas(16) std::byte lane[16];
    _mm_store_si128(reinterpret_cast<__m128i*>(lane), x);
    const uint32_t crc = zlibCrc(0xffffffffu, lane, sizeof lane);
    return zlibCrc(crc, data + at, size - at);
}

bool hasCarrylessMultiply()
{
    static const bool has = __builtin_cpu_supports("pclmul") != 0;
    return has;
}
#endif

} // namespace

uint32_t crc32Of(std::span<const std::byte> data)
{
#ifdef PROBESCOPE_CRC_FOLDING
    if (data.size() >= 64 && hasCarrylessMultiply())
        return foldedCrc(data.data(), data.size());
#endif
    return zlibCrc(0, data.data(), data.size());
}

} // namespace ps::detail
