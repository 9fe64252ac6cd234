#pragma once
// Shared by the libFuzzer targets: readers must either succeed or throw ps::Error. Anything else (another
// exception type, a crash, a sanitizer report, a hang) is a finding.
#include "util/error.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <unistd.h>

namespace fuzz {

inline std::string_view asText(const uint8_t* data, size_t size)
{
    return { reinterpret_cast<const char*>(data), size };
}

// Readers that only take a path get the input through one scratch file per process (in RAM when possible).
inline std::string scratchFile(const uint8_t* data, size_t size, const char* suffix)
{
    static const std::string dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    std::string path = dir + "/probescope_fuzz_" + std::to_string(::getpid()) + suffix;
    if (FILE* f = std::fopen(path.c_str(), "wb")) {
        if (size)
            std::fwrite(data, 1, size, f);
        std::fclose(f);
    }
    return path;
}

template <typename Fn> void expectOnlyPsErrors(Fn&& fn)
{
    try {
        fn();
    } catch (const ps::Error&) {
        // A clear error is the expected outcome for bad input.
    }
}

} // namespace fuzz
