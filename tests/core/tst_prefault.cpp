// Prefaulting the growing end of a reserved array: the pages just ahead of what is used become resident in one
// call, the rest of the reservation stays untouched address space, and what the array holds is never changed.
#include "util/prefault.h"

#include <QtTest>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

namespace {

// An anonymous reservation of `pages` pages, unmapped on destruction.
struct Reservation {
    explicit Reservation(size_t pages)
        : bytes(pages * pageSize())
        , data(static_cast<char*>(::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)))
    {
    }
    ~Reservation() { ::munmap(data, bytes); }
    Reservation(const Reservation&) = delete;
    Reservation& operator=(const Reservation&) = delete;
    static size_t pageSize() { return size_t(::sysconf(_SC_PAGESIZE)); }
    // How many of the pages are resident.
    size_t residentPages() const
    {
        std::vector<unsigned char> state(bytes / pageSize());
        if (::mincore(data, bytes, state.data()) != 0)
            return size_t(-1);
        size_t n = 0;
        for (unsigned char s : state)
            n += s & 1;
        return n;
    }
    size_t bytes;
    char* data;
};

} // namespace

class TestPrefault : public QObject {
    Q_OBJECT
private slots:
    void populatesTheRunAheadAndKeepsTheContent()
    {
        const size_t page = Reservation::pageSize();
        Reservation r(4096); // 16 MiB with 4 KiB pages
        QVERIFY(r.data != MAP_FAILED);
        QCOMPARE(r.residentPages(), size_t(0));
        std::memset(r.data, 0x5a, 3 * page); // what the array already holds
        ps::PrefaultAhead ahead;
        ahead.advance(r.data, 3 * page, r.bytes);
        const size_t afterFirst = r.residentPages();
        // The used pages and a run of 2 MiB after them: many more than the three written, far fewer than all.
        QVERIFY2(afterFirst >= (size_t(2) << 20) / page, qPrintable(QString::number(afterFirst)));
        QVERIFY(afterFirst < 4096 / 2);
        for (size_t i = 0; i < 3 * page; ++i)
            QCOMPARE(r.data[i], char(0x5a));
        QCOMPARE(r.data[3 * page], char(0)); // populated pages read as zeros, as a fault would give

        // Within the populated run nothing more is asked for; close to its end the next run is.
        ahead.advance(r.data, 4 * page, r.bytes);
        QCOMPARE(r.residentPages(), afterFirst);
        ahead.advance(r.data, afterFirst * page, r.bytes);
        QVERIFY(r.residentPages() > afterFirst);

        // Never past the reservation's capacity.
        ps::PrefaultAhead tail;
        Reservation small(8);
        tail.advance(small.data, page, 4 * page);
        QCOMPARE(small.residentPages(), size_t(4));
    }

    void aMovedArrayIsPopulatedFromItsStart()
    {
        const size_t page = Reservation::pageSize();
        Reservation first(64), second(64);
        ps::PrefaultAhead ahead;
        ahead.advance(first.data, page, first.bytes);
        QCOMPARE(first.residentPages(), size_t(64));
        ahead.advance(second.data, page, second.bytes); // the vector reallocated
        QCOMPARE(second.residentPages(), size_t(64));
    }

    void wholeRange()
    {
        const size_t page = Reservation::pageSize();
        Reservation r(16);
        std::memset(r.data + 5 * page, 7, page);
        QVERIFY(ps::prefaultForWriting(r.data, r.bytes));
        QCOMPARE(r.residentPages(), size_t(16));
        QCOMPARE(r.data[5 * page + 17], char(7));
        QVERIFY(ps::prefaultForWriting(r.data, 0)); // nothing to do
    }
};

QTEST_GUILESS_MAIN(TestPrefault)
#include "tst_prefault.moc"
