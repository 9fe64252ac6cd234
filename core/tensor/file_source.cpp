#include "file_source.h"

#include "util/limits.h"

#include <filesystem>
#include <system_error>

namespace ps::detail {

bool FileSource::open(const std::string& path, std::string& error)
{
    m_path = path;
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status)) {
        error = path + ": file does not exist";
        return false;
    }
    if (!std::filesystem::is_regular_file(status)) {
        error = path + ": not a regular file";
        return false;
    }
    const uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec) {
        error = path + ": cannot read the file size";
        return false;
    }
    if (size >= kTensorFileSizeLimit) {
        error = path + ": file of " + std::to_string(size) + " bytes exceeds the tensor file limit of "
            + std::to_string(kTensorFileSizeLimit) + " bytes";
        return false;
    }
    if (size > limits().maxFileBytes) {
        error = path + ": "
            + overLimit("the file is " + std::to_string(size) + " bytes", "max_file_size", limits().maxFileBytes);
        return false;
    }
    m_stream.open(path, std::ios::binary);
    if (!m_stream) {
        error = path + ": cannot open the file for reading";
        return false;
    }
    m_size = size;
    return true;
}

bool FileSource::readAt(uint64_t offset, void* out, size_t count)
{
    if (offset > m_size || count > m_size - offset)
        return false;
    if (count == 0)
        return true;
    m_stream.clear();
    m_stream.seekg(std::streamoff(offset));
    m_stream.read(static_cast<char*>(out), std::streamsize(count));
    return bool(m_stream) && size_t(m_stream.gcount()) == count;
}

} // namespace ps::detail
