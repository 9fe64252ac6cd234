#include "zip_archive.h"

#include "crc32.h"
#include "util/limits.h"

#include <algorithm>
#include <span>
#include <zlib.h>

namespace ps::detail {

namespace {

constexpr uint32_t kLocalHeaderSignature = 0x04034b50;
constexpr uint32_t kCentralHeaderSignature = 0x02014b50;
constexpr uint32_t kEndSignature = 0x06054b50;
constexpr uint32_t kZip64EndSignature = 0x06064b50;
constexpr uint32_t kZip64LocatorSignature = 0x07064b50;
constexpr size_t kEndRecordSize = 22;
constexpr size_t kZip64LocatorSize = 20;
constexpr size_t kZip64EndRecordSize = 56;
constexpr size_t kCentralHeaderSize = 46;
constexpr size_t kLocalHeaderSize = 30;
constexpr uint64_t kMaxEntries = 1 << 16; // a torch.save archive of one tensor has 3-5
constexpr uint64_t kMaxDeflateRatio = 1032; // deflate cannot expand by more; a larger claim is a zip bomb
constexpr size_t kChunk = size_t(1) << 20;
constexpr uint64_t kSmallEntry = uint64_t(1) << 20; // entries up to this size may inflate beyond max_inflate_ratio

uint16_t le16(const unsigned char* p)
{
    return uint16_t(p[0] | (p[1] << 8));
}

uint32_t le32(const unsigned char* p)
{
    return uint32_t(p[0]) | (uint32_t(p[1]) << 8) | (uint32_t(p[2]) << 16) | (uint32_t(p[3]) << 24);
}

uint64_t le64(const unsigned char* p)
{
    return uint64_t(le32(p)) | (uint64_t(le32(p + 4)) << 32);
}

} // namespace

bool ZipArchive::open(FileSource& file, std::string& error)
{
    m_file = &file;
    m_entries.clear();
    uint64_t offset = 0;
    uint64_t size = 0;
    uint64_t count = 0;
    if (!locateCentralDirectory(offset, size, count, error))
        return false;
    std::vector<unsigned char> directory(size);
    if (!m_file->readAt(offset, directory.data(), directory.size())) {
        error = fail("truncated zip archive (central directory cannot be read)");
        return false;
    }
    m_directoryOffset = offset;
    return parseCentralDirectory(directory, count, error);
}

bool ZipArchive::locateCentralDirectory(uint64_t& offset, uint64_t& size, uint64_t& count, std::string& error)
{
    const uint64_t fileSize = m_file->size();
    unsigned char head[2] = { 0, 0 };
    const bool readable = m_file->readAt(0, head, 2);
    std::string notZip = "not a zip archive (no end-of-central-directory record)";
    if (readable && head[0] == 0x80)
        notZip = "legacy (non-zip) torch.save format is not supported";
    else if (readable && head[0] == 'P' && head[1] == 'K')
        notZip = "truncated zip archive (no end-of-central-directory record)";
    if (fileSize < kEndRecordSize) {
        error = fail(notZip);
        return false;
    }
    // step 1: the end record sits in the last 22 + 65535 (comment) bytes; take the last one that fits.
    const uint64_t tailSize = std::min<uint64_t>(fileSize, kEndRecordSize + 0xffff);
    std::vector<unsigned char> tail(tailSize);
    if (!m_file->readAt(fileSize - tailSize, tail.data(), tail.size())) {
        error = fail("cannot read the end of the file");
        return false;
    }
    int64_t found = -1;
    for (int64_t i = int64_t(tailSize - kEndRecordSize); i >= 0; --i) {
        const unsigned char* p = tail.data() + i;
        if (le32(p) == kEndSignature && uint64_t(i) + kEndRecordSize + le16(p + 20) <= tailSize) {
            found = i;
            break;
        }
    }
    if (found < 0) {
        error = fail(notZip);
        return false;
    }
    const unsigned char* end = tail.data() + found;
    uint64_t recordStart = fileSize - tailSize + uint64_t(found);
    if (le16(end + 4) != 0 || le16(end + 6) != 0) {
        error = fail("multi-disk zip archives are not supported");
        return false;
    }
    count = le16(end + 10);
    size = le32(end + 12);
    offset = le32(end + 16);
    // step 2: zip64 values replace the saturated 16/32-bit fields.
    if (count == 0xffff || size == 0xffffffffu || offset == 0xffffffffu) {
        unsigned char locator[kZip64LocatorSize];
        unsigned char record[kZip64EndRecordSize];
        if (recordStart < kZip64LocatorSize || !m_file->readAt(recordStart - kZip64LocatorSize, locator, sizeof locator)
            || le32(locator) != kZip64LocatorSignature) {
            error = fail("corrupt zip archive (zip64 locator missing)");
            return false;
        }
        const uint64_t recordOffset = le64(locator + 8);
        if (recordOffset > recordStart - kZip64LocatorSize || !m_file->readAt(recordOffset, record, sizeof record)
            || le32(record) != kZip64EndSignature) {
            error = fail("corrupt zip archive (zip64 end record missing)");
            return false;
        }
        count = le64(record + 32);
        size = le64(record + 40);
        offset = le64(record + 48);
        recordStart = recordOffset;
    }
    // step 3: the directory must lie before the end records and be able to hold the entries it claims.
    if (offset > recordStart || size > recordStart - offset) {
        error = fail("corrupt zip archive (central directory lies outside the file)");
        return false;
    }
    if (count > kMaxEntries || count * kCentralHeaderSize > size) {
        error = fail("corrupt zip archive (implausible entry count " + std::to_string(count) + ")");
        return false;
    }
    return true;
}

bool ZipArchive::parseCentralDirectory(const std::vector<unsigned char>& directory, uint64_t count, std::string& error)
{
    size_t pos = 0;
    for (uint64_t i = 0; i < count; ++i) {
        if (directory.size() - pos < kCentralHeaderSize || le32(directory.data() + pos) != kCentralHeaderSignature) {
            error = fail("corrupt zip archive (bad central directory entry)");
            return false;
        }
        const unsigned char* h = directory.data() + pos;
        ZipEntry entry;
        entry.flags = le16(h + 8);
        entry.method = le16(h + 10);
        entry.crc32 = le32(h + 16);
        entry.compressedSize = le32(h + 20);
        entry.uncompressedSize = le32(h + 24);
        const size_t nameLength = le16(h + 28);
        const size_t extraLength = le16(h + 30);
        const size_t commentLength = le16(h + 32);
        entry.localHeaderOffset = le32(h + 42);
        if (directory.size() - pos - kCentralHeaderSize < nameLength + extraLength + commentLength) {
            error = fail("corrupt zip archive (central directory entry overruns the directory)");
            return false;
        }
        entry.name.assign(reinterpret_cast<const char*>(h + kCentralHeaderSize), nameLength);
        // zip64 extra field: the saturated sizes/offset follow in this fixed order.
        const unsigned char* extra = h + kCentralHeaderSize + nameLength;
        for (size_t e = 0; e + 4 <= extraLength;) {
            const uint16_t id = le16(extra + e);
            const size_t length = le16(extra + e + 2);
            if (e + 4 + length > extraLength)
                break;
            if (id == 0x0001) {
                size_t field = e + 4;
                for (uint64_t* value : { &entry.uncompressedSize, &entry.compressedSize, &entry.localHeaderOffset }) {
                    if (*value != 0xffffffffu)
                        continue;
                    if (field + 8 > e + 4 + length) {
                        error = fail("corrupt zip archive (short zip64 extra field)");
                        return false;
                    }
                    *value = le64(extra + field);
                    field += 8;
                }
            }
            e += 4 + length;
        }
        if (entry.flags & 0x1) {
            error = fail("encrypted zip entry '" + entry.name + "' is not supported");
            return false;
        }
        if (entry.method != 0 && entry.method != 8) {
            error = fail(
                "zip entry '" + entry.name + "' uses unsupported compression method " + std::to_string(entry.method));
            return false;
        }
        const bool sizesImpossible = entry.method == 0
            ? entry.compressedSize != entry.uncompressedSize
            : entry.uncompressedSize / kMaxDeflateRatio > entry.compressedSize;
        if (sizesImpossible) {
            error = fail("zip entry '" + entry.name + "' declares an impossible size (zip bomb or corrupt archive)");
            return false;
        }
        // torch.save stores its records uncompressed; a deflated record may inflate, but only so far.
        const uint64_t ratio = limits().maxInflateRatio;
        if (entry.method == 8 && entry.uncompressedSize > kSmallEntry
            && entry.uncompressedSize / ratio > entry.compressedSize) {
            error = fail(overLimit("zip entry '" + entry.name + "' inflates " + std::to_string(entry.compressedSize)
                    + " bytes to " + std::to_string(entry.uncompressedSize),
                "max_inflate_ratio", ratio));
            return false;
        }
        if (entry.localHeaderOffset > m_directoryOffset
            || entry.compressedSize > m_directoryOffset - entry.localHeaderOffset) {
            error = fail("zip entry '" + entry.name + "' lies beyond the file (truncated or corrupt archive)");
            return false;
        }
        m_entries.push_back(std::move(entry));
        pos += kCentralHeaderSize + nameLength + extraLength + commentLength;
    }
    return true;
}

const ZipEntry* ZipArchive::find(std::string_view name) const
{
    for (const ZipEntry& entry : m_entries) {
        if (entry.name == name)
            return &entry;
    }
    return nullptr;
}

bool ZipArchive::dataOffset(const ZipEntry& entry, uint64_t& offset, std::string& error)
{
    unsigned char local[kLocalHeaderSize];
    if (!m_file->readAt(entry.localHeaderOffset, local, sizeof local) || le32(local) != kLocalHeaderSignature) {
        error = fail("corrupt zip archive (local header of '" + entry.name + "' missing)");
        return false;
    }
    offset = entry.localHeaderOffset + kLocalHeaderSize + le16(local + 26) + le16(local + 28);
    if (offset > m_directoryOffset || entry.compressedSize > m_directoryOffset - offset) {
        error = fail("zip entry '" + entry.name + "' lies beyond the file (truncated or corrupt archive)");
        return false;
    }
    return true;
}

bool ZipArchive::checkCrc(const ZipEntry& entry, std::span<const std::byte> bytes, std::string& error) const
{
    if (crc32Of(bytes) == entry.crc32)
        return true;
    error = fail("CRC mismatch in zip entry '" + entry.name + "' (corrupt archive)");
    return false;
}

bool ZipArchive::read(const ZipEntry& entry, uint64_t maxBytes, std::vector<std::byte>& out, std::string& error)
{
    out.clear();
    if (entry.uncompressedSize > maxBytes) {
        error = fail("zip entry '" + entry.name + "' declares " + std::to_string(entry.uncompressedSize)
            + " bytes, more than the limit of " + std::to_string(maxBytes));
        return false;
    }
    uint64_t offset = 0;
    if (!dataOffset(entry, offset, error))
        return false;
    if (entry.method == 0) {
        out.resize(size_t(entry.uncompressedSize));
        if (!m_file->readAt(offset, out.data(), out.size())) {
            error = fail("cannot read zip entry '" + entry.name + "'");
            return false;
        }
    } else if (!inflateEntry(entry, offset, out, error)) {
        return false;
    }
    return checkCrc(entry, out, error);
}

bool ZipArchive::inflateEntry(
    const ZipEntry& entry, uint64_t dataOffset, std::vector<std::byte>& out, std::string& error)
{
    z_stream stream {};
    if (inflateInit2(&stream, -MAX_WBITS) != Z_OK) {
        error = fail("cannot start inflating '" + entry.name + "'");
        return false;
    }
    // Grow the output as data really arrives, never to more than the declared size.
    out.reserve(size_t(std::min<uint64_t>(entry.uncompressedSize, 64 * kChunk)));
    std::vector<unsigned char> input(kChunk);
    std::vector<unsigned char> output(kChunk);
    uint64_t consumed = 0;
    int status = Z_OK;
    while (status != Z_STREAM_END) {
        if (stream.avail_in == 0) {
            const size_t n = size_t(std::min<uint64_t>(kChunk, entry.compressedSize - consumed));
            if (n == 0 || !m_file->readAt(dataOffset + consumed, input.data(), n))
                break;
            consumed += n;
            stream.next_in = input.data();
            stream.avail_in = uInt(n);
        }
        stream.next_out = output.data();
        stream.avail_out = uInt(output.size());
        status = inflate(&stream, Z_NO_FLUSH);
        if (status != Z_OK && status != Z_STREAM_END)
            break;
        const size_t produced = output.size() - stream.avail_out;
        if (out.size() + produced > entry.uncompressedSize) {
            status = Z_DATA_ERROR;
            break;
        }
        const auto* bytes = reinterpret_cast<const std::byte*>(output.data());
        out.insert(out.end(), bytes, bytes + produced);
    }
    inflateEnd(&stream);
    if (status != Z_STREAM_END || out.size() != entry.uncompressedSize) {
        error = fail("corrupt deflate data in zip entry '" + entry.name + "'");
        return false;
    }
    return true;
}

} // namespace ps::detail
