#pragma once
// The rows of a .vis.db as msprobe writes them: one tb_nodes row per node the
// root reaches, in post-order (node_order), and the tb_stack rows a graph side's nodes refer to. Each value is
// formatted into a SQLite record here; the file writer (vis_db_writer) places the records and builds the indexes.
#include "vis/sqlite_file.h"
#include "vis/vis_document.h"

#include <functional>
#include <string>
#include <vector>

namespace ps {

// One graph side of one step and rank: the rows it contributes.
class DbSide {
public:
    DbSide(const VisDbGraph& entry, size_t side, bool v26);

    const VisDbGraph& entry() const { return *m_entry; }
    const Comparison& comparison() const { return *m_entry->comparison; }
    const Graph& graph() const { return *comparison().graphs[m_side]; }
    size_t side() const { return m_side; }
    const std::string& source() const { return m_source; } // data_source: "NPU" or "Bench"
    const std::string& graphId() const { return m_graphId; } // "{source}_{step}_{rank}"
    size_t rows() const { return m_order.size(); }
    NodeId node(size_t row) const { return m_order[row]; } // row = node_order
    const std::vector<NodeId>& order() const { return m_order; }
    const VisMeta* meta() const { return m_entry->meta.get(); }

    // Key columns, also read by the index builder.
    std::string_view name(size_t row) const { return graph().nameOf(m_order[row]); }
    std::string_view upNode(size_t row) const; // "" for the root (the viewer finds it by up_node = '')
    void appendId(std::string& out, size_t row) const; // "{graph_id}_{node_name}"
    void appendLink(std::string& out, size_t row) const; // matched_node_link as JSON text
    int64_t microStep(size_t row) const { return m_microStep[m_order[row]]; }
    int64_t modified(size_t row) const;
    int64_t isDistributed(size_t row) const { return name(row).starts_with("Distributed") ? 1 : 0; }
    // The counterpart whose path is the link (kNoNode when unmatched); false when the link is raw text from a file.
    bool linkIsPath(size_t row, NodeId& counterpart) const;

    // The whole tb_nodes record of `row`; `scratch` is reused between calls.
    void appendNodeRecord(std::string& out, size_t row, sqlfile::Record& record, std::string& scratch) const;

    // tb_stack rows in the order they are first referred to: (id, stack_info JSON).
    const std::vector<std::pair<std::string, std::string>>& stackRows() const { return m_stackRows; }

private:
    const VisDbGraph* m_entry;
    size_t m_side;
    bool m_v26;
    std::string m_source;
    std::string m_graphId;
    std::vector<NodeId> m_order;
    std::vector<int32_t> m_microStep; // by NodeId: the node's own or its first-level ancestor's
    std::vector<uint32_t> m_stackRow; // by Graph::stacks index: index into m_stackRows
    std::vector<std::pair<std::string, std::string>> m_stackRows;
};

// Every side's tb_nodes records in rowid order (rowids from 1, sides one after the other), formatted on all cores
// and handed to `add` on the calling thread; `done` receives the fraction of rows handed over so far.
void streamNodeRecords(const std::vector<DbSide>& sides,
    const std::function<void(int64_t rowid, std::string_view record)>& add, const std::function<void(double)>& done);

// The tb_stack records of every side, in rowid order, and their keys (the id column).
void appendStackRecords(
    const std::vector<DbSide>& sides, std::vector<std::string>& records, std::vector<std::string>& keys);

// tb_config's one row (graph_type, task, tool_tip, micro_steps, overflow_check, node_colors, rank_list, step_list).
void appendConfigRecord(std::string& out, const std::vector<VisDbGraph>& graphs);

} // namespace ps
