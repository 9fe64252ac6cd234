#pragma once
// CRC-32 (the zip/zlib polynomial) of a byte range. Internal to core/tensor.
#include <cstddef>
#include <cstdint>
#include <span>

namespace ps::detail {

// The zip entry checksum of `data`, as zlib's crc32(0, data, size) computes it. On x86-64 processors with
// carry-less multiplication (PCLMULQDQ) the bulk is folded 64 bytes at a time, several times faster than zlib's
// table-driven loop; elsewhere, and for the last few bytes, zlib computes it.
uint32_t crc32Of(std::span<const std::byte> data);

} // namespace ps::detail
