#include "vis/sqlite_file.h"

#include "io/file_io.h"
#include "util/error.h"

#include <cmath>
#include <cstring>
#include <sqlite3.h>

namespace ps::sqlfile {

namespace {

constexpr uint8_t kIndexInterior = 2, kTableInterior = 5, kIndexLeaf = 10, kTableLeaf = 13;
constexpr uint64_t kUsable = kPageSize; // no reserved bytes per page
// Payload spill thresholds of the file format (section 1.6): the most a cell keeps on its page (X), and the least
// it keeps once it spills (M).
constexpr uint64_t kTableMaxLocal = kUsable - 35;
constexpr uint64_t kIndexMaxLocal = (kUsable - 12) * 64 / 255 - 23;
constexpr uint64_t kMinLocal = (kUsable - 12) * 32 / 255 - 23;
// SQLite never uses the page holding the byte at 1 GiB (its file-locking range).
constexpr uint32_t kLockBytePage = uint32_t(0x40000000ull / kPageSize + 1);

void put16(char* p, uint32_t v)
{
    p[0] = char(v >> 8);
    p[1] = char(v);
}

void put32(char* p, uint32_t v)
{
    p[0] = char(v >> 24);
    p[1] = char(v >> 16);
    p[2] = char(v >> 8);
    p[3] = char(v);
}

void appendBigEndian(std::string& out, uint64_t v, int bytes)
{
    for (int i = bytes - 1; i >= 0; --i)
        out += char(v >> (8 * i));
}

void appendPageNumber(std::string& out, uint32_t page)
{
    appendBigEndian(out, page, 4);
}

// How many payload bytes stay on the page; the rest goes to overflow pages.
uint64_t localSize(uint64_t payload, uint64_t maxLocal)
{
    if (payload <= maxLocal)
        return payload;
    uint64_t k = kMinLocal + (payload - kMinLocal) % (kUsable - 4);
    return k <= maxLocal ? k : kMinLocal;
}

// Writes payload[local..] into a chain of overflow pages and returns the first page's number (0 if none).
uint32_t writeOverflow(PageFile& file, std::string_view rest, std::vector<char>& page)
{
    if (rest.empty())
        return 0;
    const size_t perPage = kUsable - 4;
    const size_t count = (rest.size() + perPage - 1) / perPage;
    std::vector<uint32_t> pages(count);
    for (uint32_t& p : pages)
        p = file.allocate();
    page.assign(kPageSize, 0);
    for (size_t i = 0; i < count; ++i) {
        put32(page.data(), i + 1 < count ? pages[i + 1] : 0);
        std::string_view part = rest.substr(i * perPage, perPage);
        std::memcpy(page.data() + 4, part.data(), part.size());
        std::memset(page.data() + 4 + part.size(), 0, perPage - part.size());
        file.write(pages[i], page.data());
    }
    return pages[0];
}

// varint(P), the local part and the overflow pointer: what a cell holds of a payload.
void appendPayload(
    std::string& cell, std::string_view payload, uint64_t maxLocal, PageFile& file, std::vector<char>& page)
{
    const uint64_t local = localSize(payload.size(), maxLocal);
    cell.append(payload.data(), local);
    if (local < payload.size())
        appendPageNumber(cell, writeOverflow(file, payload.substr(local), page));
}

} // namespace

size_t varintSize(uint64_t v)
{
    if (v >> 56)
        return 9;
    size_t n = 1;
    while (v >>= 7)
        ++n;
    return n;
}

void appendVarint(std::string& out, uint64_t v)
{
    char buf[10];
    if (v >> 56) {
        buf[8] = char(v);
        v >>= 8;
        for (int i = 7; i >= 0; --i, v >>= 7)
            buf[i] = char((v & 0x7f) | 0x80);
        out.append(buf, 9);
        return;
    }
    int n = 0;
    char rev[10];
    do {
        rev[n++] = char((v & 0x7f) | 0x80);
        v >>= 7;
    } while (v);
    rev[0] = char(rev[0] & 0x7f);
    for (int i = 0; i < n; ++i)
        buf[i] = rev[n - 1 - i];
    out.append(buf, size_t(n));
}

void Record::integer(int64_t v)
{
    // The smallest serial type that holds v (types 8 and 9 are the constants 0 and 1 of schema format 4).
    if (v == 0 || v == 1) {
        m_header.push_back(char(8 + v));
        return;
    }
    const uint64_t u = uint64_t(v);
    auto fits = [&](int bits) { return v >= -(int64_t(1) << (bits - 1)) && v < (int64_t(1) << (bits - 1)); };
    int type = fits(8) ? 1 : fits(16) ? 2 : fits(24) ? 3 : fits(32) ? 4 : fits(48) ? 5 : 6;
    static const int bytes[] = { 0, 1, 2, 3, 4, 6, 8 };
    m_header.push_back(char(type));
    appendBigEndian(m_body, u, bytes[type]);
}

void Record::real(double v)
{
    if (std::isnan(v)) {
        null();
        return;
    }
    uint64_t bits;
    std::memcpy(&bits, &v, 8);
    m_header.push_back(7);
    appendBigEndian(m_body, bits, 8);
}

void Record::numeric(double v)
{
    // sqlite3VdbeIntegerAffinity: exact integers strictly inside the int64 range become integers.
    if (v > -9223372036854775808.0 && v < 9223372036854775808.0) {
        const int64_t i = int64_t(v);
        if (double(i) == v && i != INT64_MIN && i != INT64_MAX) {
            integer(i);
            return;
        }
    }
    real(v);
}

void Record::text(std::string_view s)
{
    appendVarint(m_header, 13 + 2 * uint64_t(s.size()));
    m_body += s;
}

void Record::appendTo(std::string& out) const
{
    // The header size counts its own varint.
    const uint64_t types = m_header.size();
    uint64_t headerSize = types + 1;
    while (varintSize(headerSize) + types != headerSize)
        headerSize = varintSize(headerSize) + types;
    appendVarint(out, headerSize);
    out += m_header;
    out += m_body;
}

namespace {

uint64_t readVarint(std::string_view s, size_t& pos)
{
    uint64_t v = 0;
    for (int i = 0; i < 9 && pos < s.size(); ++i) {
        const uint8_t b = uint8_t(s[pos++]);
        if (i == 8)
            return (v << 8) | b;
        v = (v << 7) | (b & 0x7f);
        if (!(b & 0x80))
            break;
    }
    return v;
}

struct RecordCursor {
    std::string_view record;
    size_t header; // position in the header
    size_t headerEnd;
    size_t body; // position of the next value

    explicit RecordCursor(std::string_view r)
        : record(r)
        , header(0)
    {
        headerEnd = size_t(readVarint(r, header));
        body = headerEnd;
    }
    bool next(uint64_t& type, std::string_view& value)
    {
        if (header >= headerEnd)
            return false;
        type = readVarint(record, header);
        static const size_t sizes[] = { 0, 1, 2, 3, 4, 6, 8, 8, 0, 0 };
        const size_t size = type < 10 ? sizes[type] : type >= 12 ? size_t((type - 12) / 2) : 0;
        value = record.substr(std::min(body, record.size()), size);
        body += size;
        return true;
    }
};

int typeClass(uint64_t type) // NULL, number, text, blob
{
    return type == 0 ? 0 : type < 12 ? 1 : type % 2 ? 2 : 3;
}

double numberOf(uint64_t type, std::string_view v, int64_t& asInt, bool& isInt)
{
    isInt = type != 7;
    if (type == 8 || type == 9) {
        asInt = int64_t(type - 8);
        return double(asInt);
    }
    uint64_t u = 0;
    for (char c : v)
        u = (u << 8) | uint8_t(c);
    if (type == 7) {
        double d;
        std::memcpy(&d, &u, 8);
        return d;
    }
    const int bits = int(v.size()) * 8;
    if (bits < 64 && (u >> (bits - 1)) & 1)
        u |= ~uint64_t(0) << bits; // sign extension
    asInt = int64_t(u);
    return double(asInt);
}

} // namespace

void decodeRecord(std::string_view record, std::vector<RecordValue>& values)
{
    values.clear();
    RecordCursor cursor(record);
    uint64_t type;
    std::string_view bytes;
    while (cursor.next(type, bytes)) {
        RecordValue& v = values.emplace_back();
        switch (typeClass(type)) {
        case 0:
            break;
        case 1: {
            bool isInt;
            v.real = numberOf(type, bytes, v.integer, isInt);
            v.kind = isInt ? RecordValue::Kind::Integer : RecordValue::Kind::Real;
            break;
        }
        default:
            v.kind = typeClass(type) == 2 ? RecordValue::Kind::Text : RecordValue::Kind::Blob;
            v.bytes = bytes;
        }
    }
}

int compareRecords(std::string_view a, std::string_view b)
{
    RecordCursor x(a), y(b);
    uint64_t tx, ty;
    std::string_view vx, vy;
    while (true) {
        const bool hx = x.next(tx, vx), hy = y.next(ty, vy);
        if (!hx || !hy)
            return hx == hy ? 0 : hx ? 1 : -1;
        const int cx = typeClass(tx), cy = typeClass(ty);
        if (cx != cy)
            return cx < cy ? -1 : 1;
        if (cx == 1) {
            int64_t ix = 0, iy = 0;
            bool intX, intY;
            const double dx = numberOf(tx, vx, ix, intX), dy = numberOf(ty, vy, iy, intY);
            if (intX && intY) {
                if (ix != iy)
                    return ix < iy ? -1 : 1;
            } else if (dx != dy) {
                return dx < dy ? -1 : 1;
            }
        } else if (cx >= 2) {
            const int c = std::memcmp(vx.data(), vy.data(), std::min(vx.size(), vy.size()));
            if (c != 0)
                return c < 0 ? -1 : 1;
            if (vx.size() != vy.size())
                return vx.size() < vy.size() ? -1 : 1;
        }
    }
}

PageFile::PageFile(AtomicFile& file)
    : m_file(file)
{
}

uint32_t PageFile::allocate()
{
    uint32_t page = m_next.fetch_add(1);
    if (page == kLockBytePage)
        page = m_next.fetch_add(1);
    if (page >= 0x7ffffffeu)
        throw Error(ErrorCode::OutputError, "", "the database would exceed SQLite's page limit");
    return page;
}

void PageFile::write(uint32_t page, const char* data)
{
    m_file.writeAt(uint64_t(page - 1) * kPageSize, { data, kPageSize });
}

void CellList::render(char* page, uint8_t type, size_t offset, uint32_t rightChild) const
{
    const bool interior = type == kIndexInterior || type == kTableInterior;
    const size_t header = interior ? 12 : 8;
    const size_t content = kPageSize - bytes();
    char* h = page + offset;
    h[0] = char(type);
    put16(h + 1, 0); // no freeblocks
    put16(h + 3, uint32_t(count()));
    put16(h + 5, content == kPageSize ? 0 : uint32_t(content)); // 0 stands for 65536
    h[7] = 0; // no fragmented bytes
    if (interior)
        put32(h + 8, rightChild);
    char* pointers = h + header;
    for (size_t i = 0; i < count(); ++i)
        put16(pointers + 2 * i, uint32_t(content + (i ? m_ends[i - 1] : 0)));
    char* gap = pointers + 2 * count();
    std::memset(gap, 0, size_t(page + content - gap));
    std::memcpy(page + content, m_bytes.data(), bytes());
}

void TableTree::add(int64_t rowid, std::string_view record)
{
    if (m_page.empty())
        m_page.resize(kPageSize);
    m_cell.clear();
    appendVarint(m_cell, record.size());
    appendVarint(m_cell, uint64_t(rowid));
    appendPayload(m_cell, record, kTableMaxLocal, m_file, m_page);
    if (!m_leaf.fits(m_cell.size(), 0, 8))
        flushLeaf();
    m_leaf.add(m_cell);
    m_lastRowid = rowid;
}

void TableTree::flushLeaf()
{
    const uint32_t page = m_file.allocate();
    m_page.resize(kPageSize);
    m_leaf.render(m_page.data(), kTableLeaf, 0, 0);
    m_file.write(page, m_page.data());
    m_children.push_back({ page, m_lastRowid });
    m_leaf.clear();
}

uint32_t TableTree::finish()
{
    if (!m_leaf.empty() || m_children.empty())
        flushLeaf(); // an empty table is one empty leaf
    // Interior levels: each page takes an even share of the children (at least two), each cell a child and the
    // largest rowid under it, the last child as the right-most pointer.
    constexpr size_t kMaxChildren = (kPageSize - 12) / (2 + 4 + 9);
    CellList cells;
    std::string cell;
    while (m_children.size() > 1) {
        const size_t n = m_children.size();
        const size_t pages = (n + kMaxChildren - 1) / kMaxChildren;
        std::vector<Child> parents;
        size_t first = 0;
        for (size_t p = 0; p < pages; ++p) {
            const size_t count = n / pages + (p < n % pages ? 1 : 0);
            cells.clear();
            for (size_t k = first; k + 1 < first + count; ++k) {
                cell.clear();
                appendPageNumber(cell, m_children[k].page);
                appendVarint(cell, uint64_t(m_children[k].maxRowid));
                cells.add(cell);
            }
            const Child& last = m_children[first + count - 1];
            const uint32_t page = m_file.allocate();
            cells.render(m_page.data(), kTableInterior, 0, last.page);
            m_file.write(page, m_page.data());
            parents.push_back({ page, last.maxRowid });
            first += count;
        }
        m_children = std::move(parents);
    }
    return m_children.front().page;
}

IndexTree::IndexTree(PageFile& file)
    : m_file(file)
    , m_page(kPageSize)
{
}

void IndexTree::add(std::string_view record)
{
    m_scratch.clear();
    appendVarint(m_scratch, record.size());
    appendPayload(m_scratch, record, kIndexMaxLocal, m_file, m_page);
    addCell(0, m_scratch, 0);
}

void IndexTree::writePage(const CellList& cells, uint32_t page, bool leaf, uint32_t rightChild)
{
    cells.render(m_page.data(), leaf ? kIndexLeaf : kIndexInterior, 0, rightChild);
    m_file.write(page, m_page.data());
}

void IndexTree::writeHeld(size_t level)
{
    Level& l = m_levels[level];
    writePage(l.held, l.heldPage, level == 0, l.heldRight);
    l.held.clear();
    l.hasHeld = false;
}

void IndexTree::addCell(size_t level, std::string_view payloadCell, uint32_t leftChild)
{
    if (level == m_levels.size())
        m_levels.emplace_back();
    if (m_levels[level].hasPending) {
        // An entry follows the separator: the held page is final and the separator moves up.
        writeHeld(level);
        std::string separator = std::move(m_levels[level].pending);
        m_levels[level].hasPending = false;
        addCell(level + 1, separator, m_levels[level].heldPage); // recursion as deep as the tree (a few levels)
    }
    Level& l = m_levels[level];
    const bool leaf = level == 0;
    m_cell.clear();
    if (!leaf)
        appendPageNumber(m_cell, leftChild);
    m_cell += payloadCell;
    if (l.current.fits(m_cell.size(), 0, leaf ? 8 : 12)) {
        l.current.add(m_cell);
        return;
    }
    // The page is full: it is finished (held back), and this entry separates it from the next page.
    std::swap(l.held, l.current);
    l.current.clear();
    l.heldRight = leftChild;
    l.heldPage = m_file.allocate();
    l.hasHeld = true;
    l.pending.assign(payloadCell);
    l.hasPending = true;
}

uint32_t IndexTree::finish()
{
    if (m_levels.empty()) {
        CellList none;
        const uint32_t page = m_file.allocate();
        writePage(none, page, true, 0);
        return page;
    }
    uint32_t right = 0;
    for (size_t level = 0; level < m_levels.size(); ++level) {
        const bool leaf = level == 0;
        if (m_levels[level].hasPending) {
            // Nothing followed the last separator: the held page gives up its last entry as the separator, and
            // the pending entry starts the last page.
            Level& l = m_levels[level];
            if (l.held.count() < 2)
                throw Error(ErrorCode::OutputError, "", "internal error: an index page holds a single entry");
            std::string last(l.held.cell(l.held.count() - 1));
            l.held.removeLast();
            const uint32_t oldRight = l.heldRight;
            std::string lastPayload = leaf ? last : last.substr(4);
            if (!leaf)
                l.heldRight = (uint32_t(uint8_t(last[0])) << 24) | (uint32_t(uint8_t(last[1])) << 16)
                    | (uint32_t(uint8_t(last[2])) << 8) | uint32_t(uint8_t(last[3]));
            writeHeld(level);
            m_cell.clear();
            if (!leaf)
                appendPageNumber(m_cell, oldRight);
            m_cell += l.pending;
            l.current.clear();
            l.current.add(m_cell);
            l.hasPending = false;
            const uint32_t heldPage = l.heldPage;
            addCell(level + 1, lastPayload, heldPage);
        }
        const uint32_t page = m_file.allocate();
        writePage(m_levels[level].current, page, leaf, right);
        if (level + 1 == m_levels.size())
            return page;
        right = page;
    }
    return right;
}

void writeHeaderAndSchema(PageFile& file, const std::vector<SchemaEntry>& schema)
{
    CellList cells;
    std::string cell, record;
    Record r;
    for (size_t i = 0; i < schema.size(); ++i) {
        const SchemaEntry& e = schema[i];
        r.clear();
        r.text(e.type);
        r.text(e.name);
        r.text(e.table);
        r.integer(e.rootPage);
        e.sql.empty() ? r.null() : r.text(e.sql);
        record.clear();
        r.appendTo(record);
        if (record.size() > kTableMaxLocal)
            throw Error(ErrorCode::OutputError, "", "internal error: a schema statement is too long");
        cell.clear();
        appendVarint(cell, record.size());
        appendVarint(cell, i + 1);
        cell += record;
        if (!cells.fits(cell.size(), 100, 8))
            throw Error(ErrorCode::OutputError, "", "internal error: the schema does not fit on page 1");
        cells.add(cell);
    }
    std::vector<char> page(kPageSize, 0);
    cells.render(page.data(), kTableLeaf, 100, 0);
    char* h = page.data();
    std::memcpy(h, "SQLite format 3", 16); // with its terminating NUL
    put16(h + 16, kPageSize == 65536 ? 1 : kPageSize);
    // WAL write and read versions, as msprobe's databases have them: its TensorBoard plugin switches every file it
    // opens to WAL, which rewrites a rollback-journal file and fails where the file is read-only. With no -wal file
    // beside it, the content is all in this file.
    h[18] = 2;
    h[19] = 2;
    h[20] = 0; // no reserved bytes
    h[21] = 64; // payload fractions, fixed by the format
    h[22] = 32;
    h[23] = 32;
    put32(h + 24, 1); // file change counter
    put32(h + 28, file.pageCount()); // valid: equal to the version-valid-for number below
    put32(h + 40, uint32_t(schema.size())); // schema cookie
    put32(h + 44, 4); // schema format 4
    put32(h + 56, 1); // UTF-8
    put32(h + 92, 1); // version-valid-for
    put32(h + 96, SQLITE_VERSION_NUMBER);
    file.write(1, page.data());
}

} // namespace ps::sqlfile
