#pragma once
// Writing an SQLite database file directly, in the documented file format (sqlite.org/fileformat.html), for bulk
// loads: rows go into table b-tree leaves in rowid order and index b-trees are built bottom-up from entries that are
// already in index order, so nothing is searched, balanced, scanned again or sorted inside SQLite. The result is an
// ordinary database that SQLite (and the TensorBoard plugin) opens; tests check it with PRAGMA integrity_check and
// compare its content with what SQLite itself writes from the same rows.
#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ps {

class AtomicFile;

namespace sqlfile {

constexpr uint32_t kPageSize = 65536; // large pages: few overflow chains and b-tree levels for 2 KB rows

void appendVarint(std::string& out, uint64_t v); // SQLite's big-endian varint (1-9 bytes)
size_t varintSize(uint64_t v);

// One record in SQLite's record format: a header of serial types, then the values.
class Record {
public:
    void clear()
    {
        m_header.clear();
        m_body.clear();
    }
    void null() { m_header.push_back(0); }
    void integer(int64_t v);
    void real(double v); // NaN is stored as NULL, as sqlite3_bind_double stores it
    void text(std::string_view s);
    // A value bound to a column of INTEGER affinity, stored as SQLite stores it: a real without a fraction (within
    // the int64 range) becomes an integer.
    void numeric(double v);
    void appendTo(std::string& out) const; // header size, serial types, values

private:
    std::string m_header; // serial types as varints (the header size is prepended by appendTo)
    std::string m_body;
};

// One value of a record, as read back by decodeRecord (text and blobs point into the record).
struct RecordValue {
    enum class Kind : uint8_t { Null, Integer, Real, Text, Blob };
    Kind kind = Kind::Null;
    int64_t integer = 0;
    double real = 0;
    std::string_view bytes;
};
// The values of a record from Record::appendTo, in column order (`values` is cleared first).
void decodeRecord(std::string_view record, std::vector<RecordValue>& values);

// SQLite's order of two records (BINARY collation): column by column, NULL < numbers < text < blob, numbers by
// value, text and blobs by memcmp then length. Records come from Record::appendTo.
int compareRecords(std::string_view a, std::string_view b);

// The pages of the file being written: numbers handed out in order (the lock-byte page at 1 GiB is skipped, as
// SQLite never uses it) and written at their offsets; allocate and write may be called from several threads.
class PageFile {
public:
    explicit PageFile(AtomicFile& file);
    uint32_t allocate();
    void write(uint32_t page, const char* data); // kPageSize bytes
    uint32_t pageCount() const { return m_next.load() - 1; }

private:
    AtomicFile& m_file;
    std::atomic<uint32_t> m_next { 2 }; // page 1 (header and schema) is written last
};

// The cells of one b-tree page under construction, kept as a list so that a finished page can still give up its
// last cell (see IndexTree).
class CellList {
public:
    void clear()
    {
        m_bytes.clear();
        m_ends.clear();
    }
    bool empty() const { return m_ends.empty(); }
    size_t count() const { return m_ends.size(); }
    size_t bytes() const { return m_bytes.size(); }
    void add(std::string_view cell)
    {
        m_bytes += cell;
        m_ends.push_back(uint32_t(m_bytes.size()));
    }
    std::string_view cell(size_t i) const
    {
        size_t begin = i ? m_ends[i - 1] : 0;
        return { m_bytes.data() + begin, m_ends[i] - begin };
    }
    void removeLast()
    {
        m_ends.pop_back();
        m_bytes.resize(m_ends.empty() ? 0 : m_ends.back());
    }
    // Whether one more cell of `size` bytes fits a page whose header (at `offset`) has `headerSize` bytes.
    bool fits(size_t size, size_t offset, size_t headerSize) const
    {
        return offset + headerSize + 2 * (count() + 1) + bytes() + size <= kPageSize;
    }
    // Renders the page into `page` (kPageSize bytes): b-tree header at `offset`, pointer array, cells at the end.
    void render(char* page, uint8_t type, size_t offset, uint32_t rightChild) const;

private:
    std::string m_bytes;
    std::vector<uint32_t> m_ends;
};

// A table b-tree filled in rowid order (rowids ascending).
class TableTree {
public:
    explicit TableTree(PageFile& file)
        : m_file(file)
    {
    }
    void add(int64_t rowid, std::string_view record);
    uint32_t finish(); // writes the rest and returns the root page

private:
    void flushLeaf();
    PageFile& m_file;
    CellList m_leaf;
    int64_t m_lastRowid = 0;
    std::string m_cell;
    std::vector<char> m_page;
    struct Child {
        uint32_t page;
        int64_t maxRowid;
    };
    std::vector<Child> m_children; // finished leaves, then the pages of each upper level
};

// An index b-tree filled with records in index order (each record ends with the rowid, so keys are distinct).
// Built bottom-up in one pass: when an entry does not fit its page, that page is finished and the entry becomes
// the separator in the parent level. A finished page is written only once a later entry follows the separator, so
// that at the end the last separator can be swapped for the finished page's last entry instead of leaving an
// empty page behind.
class IndexTree {
public:
    explicit IndexTree(PageFile& file);
    void add(std::string_view record);
    uint32_t finish(); // writes the rest and returns the root page

private:
    struct Level {
        CellList current;
        CellList held; // a finished page not written yet
        uint32_t heldPage = 0;
        uint32_t heldRight = 0; // interior levels: the finished page's right-most child
        bool hasHeld = false;
        std::string pending; // the separator after the held page (a cell without child pointer)
        bool hasPending = false;
    };
    void addCell(size_t level, std::string_view payloadCell, uint32_t leftChild);
    void writeHeld(size_t level);
    void writePage(const CellList& cells, uint32_t page, bool leaf, uint32_t rightChild);

    PageFile& m_file;
    std::vector<Level> m_levels;
    std::string m_cell;
    std::string m_scratch;
    std::vector<char> m_page;
};

// One row of sqlite_schema. An empty `sql` is stored as NULL (the automatic index of a PRIMARY KEY).
struct SchemaEntry {
    std::string type;
    std::string name;
    std::string table;
    uint32_t rootPage = 0;
    std::string sql;
};

// Page 1: the database header (UTF-8, schema format 4, no freelist) and sqlite_schema. Call last.
void writeHeaderAndSchema(PageFile& file, const std::vector<SchemaEntry>& schema);

} // namespace sqlfile
} // namespace ps
