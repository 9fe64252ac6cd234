#pragma once
// Reading whole input files with clear errors, and writing outputs safely (temporary file, then rename).
#include <cstdint>
#include <string>
#include <string_view>

namespace ps {

constexpr uint64_t kMaxJsonBytes = 64ull << 30; // far above any real dump; guards against device files

// Throws ps::Error (FileNotFound / FileUnreadable / FileTooLarge) naming the path.
std::string readWholeFile(const std::string& path, uint64_t maxBytes = kMaxJsonBytes);

// A read-only memory map of a whole input file: no copy, and the pages go back to the page cache when done.
class MappedFile {
public:
    explicit MappedFile(const std::string& path, uint64_t maxBytes = kMaxJsonBytes); // throws like readWholeFile
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    std::string_view text() const { return { static_cast<const char*>(m_data), m_size }; }
    bool isBlank() const; // empty or whitespace only

private:
    void* m_data = nullptr;
    size_t m_size = 0;
};

bool isDirectory(const std::string& path);
bool isRegularFile(const std::string& path);
std::string joinPath(std::string_view dir, std::string_view name);
std::string parentDir(const std::string& path);
std::string absolutePath(const std::string& path);

// Writes `data` to `path` through a temporary file in the same folder, fsync, chmod 0640, rename.
// Never follows a symlink at `path` (it is replaced). Throws ps::Error(OutputError) and leaves nothing behind.
void writeFileAtomically(const std::string& path, std::string_view data);

// Creates the folder (and parents) with mode 0750 if missing; throws when it cannot.
void ensureDirectory(const std::string& path);

} // namespace ps
