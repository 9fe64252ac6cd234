#pragma once
// Reading whole input files with clear errors, and writing outputs safely (temporary file, then rename).
#include "io/write_behind.h"

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
//
// A file that shrinks while mapped (a training job still writing dump.json, a file rewritten on NFS) would kill
// the process with SIGBUS at the first read past its new end. So every map is registered with a SIGBUS handler
// (io/mapped_file.cpp): a fault inside a registered map replaces the rest of the map by zero pages and marks it,
// the read goes on (a parser meets NUL bytes and fails, or finishes), and the reader then reports "the file
// changed while being read" (Error FileChanged) instead of what the parser saw. The file's size and modification
// time are compared after the read as well, which catches files rewritten in place without shrinking.
// Faults outside registered maps keep the default action. parseMapped() below is the way readers use it.
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
    // Throws Error(FileChanged) naming the file when a read met a shrunk file or the file's size or modification
    // time differ from when it was mapped.
    void checkUnchanged() const;

private:
    std::string m_path;
    void* m_data = nullptr;
    size_t m_size = 0;
    size_t m_released = 0;
    int m_fd = -1;
    int m_slot = -1; // in the SIGBUS handler's table of maps
    int64_t m_mtimeNs = 0;
};

// Maps `path` and returns parse(file). When the file changed while it was read, the error says so, also when the
// parser failed on the damaged text first.
template <typename Parse> auto parseMapped(const std::string& path, Parse&& parse)
{
    MappedFile file(path);
    try {
        auto result = parse(file);
        file.checkUnchanged();
        return result;
    } catch (...) {
        file.checkUnchanged();
        throw;
    }
}

bool isDirectory(const std::string& path);
// True when `path` exists and, all links resolved, lies inside `folder` (also resolved). For files a folder
// names: links must not lead out of it.
bool isInsideFolder(const std::string& path, const std::string& folder);
bool isRegularFile(const std::string& path);
std::string joinPath(std::string_view dir, std::string_view name);
std::string parentDir(const std::string& path);
std::string absolutePath(const std::string& path);

// Every output goes through an AtomicFile: a temporary file created exclusively (O_EXCL, so never through a
// symlink) in the target's folder with mode 0640, renamed onto `path` only by commit(). rename() replaces a symlink
// at `path` itself, never its target. Without commit() (an error, an exception) the temporary file is removed.
// A large file streams to the disk while it is written (io/write_behind.h).
class AtomicFile {
public:
    // throws ps::Error(OutputError) naming path
    explicit AtomicFile(std::string path, WriteBehind::Sizes writeBehind = WriteBehind::kDefault);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;
    const std::string& tempPath() const { return m_temp; } // for writers that open the file themselves (SQLite)
    void write(std::string_view data);
    void writeAt(uint64_t offset, std::string_view data); // pwrite: thread-safe for distinct ranges
    void commit(); // fsync, close, rename onto path, fsync the folder; throws ps::Error(OutputError)
    uint64_t streamedBytes() const { return m_behind.droppedBytes(); } // already on the disk before commit()

private:
    [[noreturn]] void fail(const std::string& what, int err);
    std::string m_path;
    std::string m_temp;
    int m_fd = -1;
    bool m_committed = false;
    uint64_t m_appended = 0; // where write() goes on
    WriteBehind m_behind;
};

// Writes `data` to `path` through an AtomicFile. Throws ps::Error(OutputError) and leaves nothing behind.
void writeFileAtomically(const std::string& path, std::string_view data);

// Creates the folder (and parents) with mode 0750 if missing; throws when it cannot.
void ensureDirectory(const std::string& path);

} // namespace ps
