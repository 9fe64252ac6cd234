#pragma once
// Strict UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing above U+10FFFF. Shared by the readers that
// must refuse text they could not write back unchanged (layer-mapping YAML, .vis.config).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace ps::utf8 {

// Decodes the sequence at text[i] into cp; returns its length in bytes, or 0 when it is not valid UTF-8.
size_t decode(std::string_view text, size_t i, uint32_t& cp);

// Appends cp encoded as UTF-8 (surrogate code points too, as JSON's lone \uD800 escapes need).
void append(std::string& out, uint32_t cp);

// The byte offset of the first invalid sequence, or npos when the whole text is valid.
size_t firstInvalid(std::string_view text);

} // namespace ps::utf8
