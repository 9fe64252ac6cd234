#pragma once
// Bounded random access to one tensor file. Internal to core/tensor.
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>

namespace ps::detail {

// msprobe refuses .pt/.npy files of 10 GiB or more.
inline constexpr uint64_t kTensorFileSizeLimit = uint64_t(10) << 30;

class FileSource {
public:
    // Opens a regular file smaller than kTensorFileSizeLimit; on failure returns false with a sentence in error.
    bool open(const std::string& path, std::string& error);
    const std::string& path() const { return m_path; }
    uint64_t size() const { return m_size; }
    // Reads exactly count bytes at offset; false when the range leaves the file or the read fails.
    bool readAt(uint64_t offset, void* out, size_t count);

private:
    std::ifstream m_stream;
    std::string m_path;
    uint64_t m_size = 0;
};

} // namespace ps::detail
