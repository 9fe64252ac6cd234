#pragma once
// Reading whole input files with clear errors, and writing outputs safely (temporary file, then rename).
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace ps {

// No reader-specific size cap: only limits().maxFileBytes (util/limits.h) applies.
constexpr uint64_t kNoSizeCap = std::numeric_limits<uint64_t>::max();

// Throws ps::Error (FileNotFound / FileUnreadable / FileTooLarge) naming the path. The file may hold at most
// min(maxBytes, limits().maxFileBytes) bytes.
std::string readWholeFile(const std::string& path, uint64_t maxBytes = kNoSizeCap);

// Checks, without opening it, that `path` is a regular file within the size caps; returns its size. Throws like
// readWholeFile.
uint64_t checkInputFile(const std::string& path, uint64_t maxBytes = kNoSizeCap);

// A read-only memory map of a whole input file: no copy, and the pages go back to the page cache when done.
class MappedFile {
public:
    explicit MappedFile(const std::string& path, uint64_t maxBytes = kNoSizeCap); // throws like readWholeFile
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    std::string_view text() const { return { static_cast<const char*>(m_data), m_size }; }
    bool isBlank() const; // empty or whitespace only
    // The caller is done with text()[0, offset): those pages leave this process's memory (they stay in the page
    // cache and come back from the file if read again), so a reader streaming a large file holds little of it.
    void release(size_t offset);

private:
    void* m_data = nullptr;
    size_t m_size = 0;
    size_t m_released = 0;
};

bool isDirectory(const std::string& path);
bool isRegularFile(const std::string& path);
std::string joinPath(std::string_view dir, std::string_view name);
std::string parentDir(const std::string& path);
std::string absolutePath(const std::string& path);

// Every output goes through an AtomicFile: a temporary file created exclusively (O_EXCL, so never through a
// symlink) in the target's folder with mode 0640, renamed onto `path` only by commit(). rename() replaces a symlink
// at `path` itself, never its target. Without commit() (an error, an exception) the temporary file is removed.
class AtomicFile {
public:
    explicit AtomicFile(std::string path); // throws ps::Error(OutputError) naming path
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;
    const std::string& tempPath() const { return m_temp; } // for writers that open the file themselves (SQLite)
    void write(std::string_view data);
    void writeAt(uint64_t offset, std::string_view data); // pwrite: thread-safe for distinct ranges
    void commit(); // fsync, close, rename onto path, fsync the folder; throws ps::Error(OutputError)

private:
    [[noreturn]] void fail(const std::string& what, int err);
    std::string m_path;
    std::string m_temp;
    int m_fd = -1;
    bool m_committed = false;
};

// Writes `data` to `path` through an AtomicFile. Throws ps::Error(OutputError) and leaves nothing behind.
void writeFileAtomically(const std::string& path, std::string_view data);

// Creates the folder (and parents) with mode 0750 if missing; throws when it cannot.
void ensureDirectory(const std::string& path);

} // namespace ps
