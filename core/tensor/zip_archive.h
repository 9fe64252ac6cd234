#pragma once
// A minimal reader for the zip container torch.save writes (stored entries, optionally deflate, zip64 records).
// Every size and offset read from the file is checked against the file before anything is allocated.
// Internal to core/tensor.
#include "file_source.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ps::detail {

struct ZipEntry {
    std::string name;
    uint16_t flags = 0;
    uint16_t method = 0; // 0 stored, 8 deflate
    uint32_t crc32 = 0;
    uint64_t compressedSize = 0;
    uint64_t uncompressedSize = 0;
    uint64_t localHeaderOffset = 0;
};

class ZipArchive {
public:
    // Reads the central directory of file (which must outlive the archive). Errors read "<path>: <problem>".
    bool open(FileSource& file, std::string& error);
    const std::vector<ZipEntry>& entries() const { return m_entries; }
    const ZipEntry* find(std::string_view name) const;
    // Extracts one entry, refusing entries that declare more than maxBytes; verifies the CRC.
    bool read(const ZipEntry& entry, uint64_t maxBytes, std::vector<std::byte>& out, std::string& error);
    // Where the entry's (stored or compressed) bytes begin in the file, checked to end before the directory.
    bool dataOffset(const ZipEntry& entry, uint64_t& offset, std::string& error);
    bool checkCrc(const ZipEntry& entry, std::span<const std::byte> bytes, std::string& error) const;
    // "<path>: <problem>"
    std::string fail(const std::string& problem) const { return m_file->path() + ": " + problem; }

private:
    bool locateCentralDirectory(uint64_t& offset, uint64_t& size, uint64_t& count, std::string& error);
    bool parseCentralDirectory(const std::vector<unsigned char>& directory, uint64_t count, std::string& error);
    bool inflateEntry(const ZipEntry& entry, uint64_t dataOffset, std::vector<std::byte>& out, std::string& error);

    FileSource* m_file = nullptr;
    std::vector<ZipEntry> m_entries;
    uint64_t m_directoryOffset = 0; // entry data must end before the central directory
};

} // namespace ps::detail
