#pragma once
// The indexes of tb_nodes (msprobe's index1..index6, 26.0.0's index7 and the automatic index of the PRIMARY KEY):
// each entry's record and the order of the rows in each index. The order comes from ranks computed once per graph
// (names sorted once, matched_node_link texts ordered by a walk over both sides' trees), so sorting the rows of an
// index compares integers only; inputs where that shortcut does not hold (a database read back from a file, two
// graphs of one step and rank, a link the walk does not reach) are ordered by comparing the records themselves.
#include "vis/vis_db_rows.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ps {

// The byte order of json.dumps(x) against json.dumps(y), quotes included: where two name lists' texts first differ
// is inside their first differing names, the closing quote acting as one more character.
int compareJsonQuoted(std::string_view x, std::string_view y);

enum class DbIndex { PrimaryKey, UpNode, Name, SourceOrder, Order, MicroStep, Link, Distributed };

struct DbIndexInfo {
    DbIndex index;
    const char* name; // as in sqlite_schema
    const char* sql; // CREATE INDEX statement; nullptr for the automatic index
};
// The indexes of tb_nodes in the order msprobe creates them (index7 only with msprobe 26.0.0's rules).
std::vector<DbIndexInfo> tbNodesIndexes(bool v26);

// The rows of every side: the global row number of side s's row r is base(s) + r (rowid = that + 1).
class DbRowSet {
public:
    explicit DbRowSet(const std::vector<DbSide>& sides);
    const std::vector<DbSide>& sides() const { return m_sides; }
    uint64_t base(size_t side) const { return m_base[side]; }
    uint64_t count() const { return m_base.back(); }

    // The index entry of a row: its key columns, then its rowid.
    void appendIndexRecord(
        std::string& out, DbIndex index, size_t side, size_t row, sqlfile::Record& record, std::string& scratch) const;
    // Global row numbers in index order.
    std::vector<uint32_t> order(DbIndex index) const;
    bool usesRanks() const { return m_ranked; } // false: orders come from comparing records
    // The order found by sorting the index records themselves (what order() falls back to; tests compare them).
    std::vector<uint32_t> comparedOrder(DbIndex index) const;

private:
    bool computeRanks();
    bool computeNameRanks(size_t side);
    bool computeLinkRanks(const std::vector<size_t>& group);
    std::vector<uint32_t> rankedOrder(DbIndex index) const;

    const std::vector<DbSide>& m_sides;
    std::vector<uint64_t> m_base; // sides + 1 entries
    bool m_ranked = false;
    std::vector<std::vector<size_t>> m_groups; // sides per (step, rank), ascending; within a group by data_source
    std::vector<std::vector<uint32_t>> m_nameRank; // per side and row
    std::vector<std::vector<uint32_t>> m_nameRankByNode; // per side and NodeId (parents of rows)
    std::vector<std::vector<uint32_t>> m_linkRank; // per side and row; kNoRank when unmatched ("[]" sorts last)
};

} // namespace ps
