#pragma once
// The .vis.db reader behind vis_db_reader.h and vis_db_browser.h (internal to core/vis): a validated read-only
// connection, rows read into a graph's sides, and their assembly into a VisDocument.
#include "compare/verdict_rows.h"
#include "io/file_io.h"
#include "io/json_reader.h"
#include "vis/vis_db_notes.h"
#include "vis/vis_db_reader.h"
#include "vis/vis_db_schema.h"
#include "vis/vis_db_sqlite.h"
#include "vis/vis_reader_common.h"

#include <algorithm>
#include <charconv>
#include <climits>
#include <cstdint>
#include <fstream>
#include <numeric>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace ps::detail {

struct DbConfig {
    bool compare = false;
    bool rules26 = false; // tb_nodes has msprobe 26.0.0's is_distributed column
    bool hasPart = false; // the part table of a part database
    std::string task;
    bool hasToolTip = false;
    std::string toolTip;
    int64_t microSteps = 1;
    bool overflowCheck = false;
    std::string colors;
};

// A merged graph's parallel_merge_info (a list of lines) also goes where the viewer shows it.
inline void keepMergeInfo(Graph& g, NodeId n, const JArena& arena, const JValue& info)
{
    if (!info.isArray())
        return;
    std::vector<std::string> lines;
    for (const JValue& line : arena.elements(info))
        if (line.isString())
            lines.emplace_back(arena.text(line));
    if (!lines.empty())
        g.mergeInfo[n] = std::move(lines);
}

// One tb_nodes row as the reader's queries select it (kRowColumns, the data columns, kRowSource): views valid
// while the row they were taken from lives.
struct RowView {
    std::string_view name, type, up, subNodes, overflow, link, stackId, mergeInfo, distributed, input, output, source,
        dumpDir;
    bool upNull = true, precisionNull = true, precisionInteger = false, stackNull = true, dumpDirNull = true;
    int64_t precisionInt = 0, microStep = 0, modified = 0;
    double precisionReal = 0;

    static RowView of(const SqliteStmt& q)
    {
        RowView r;
        r.name = q.text(0);
        r.type = q.text(1);
        r.up = q.text(2);
        r.upNull = q.isNull(2);
        r.subNodes = q.text(3);
        r.precisionNull = q.isNull(4);
        if (!r.precisionNull) {
            r.precisionInteger = q.isInteger(4);
            r.precisionInt = r.precisionInteger ? q.integer(4) : 0;
            r.precisionReal = r.precisionInteger ? 0 : q.real(4);
        }
        r.overflow = q.text(5);
        r.microStep = q.integer(6);
        r.link = q.text(7);
        r.stackId = q.text(8);
        r.stackNull = q.isNull(8);
        r.mergeInfo = q.text(9);
        r.distributed = q.text(10);
        r.modified = q.integer(11);
        r.input = q.text(12);
        r.output = q.text(13);
        r.source = q.text(14);
        r.dumpDir = q.text(15);
        r.dumpDirNull = q.isNull(15);
        return r;
    }
};

// A row kept after its statement moved on (the browser's loaded rows): RowView's texts owned.
class StoredRow {
public:
    explicit StoredRow(const RowView& r)
        : m_view(r)
    {
        std::string_view* texts[] = { &m_view.name, &m_view.type, &m_view.up, &m_view.subNodes, &m_view.overflow,
            &m_view.link, &m_view.stackId, &m_view.mergeInfo, &m_view.distributed, &m_view.input, &m_view.output,
            &m_view.source, &m_view.dumpDir };
        for (size_t i = 0; i < std::size(texts); ++i)
            m_texts[i] = std::string(*texts[i]);
        for (size_t i = 0; i < std::size(texts); ++i)
            *texts[i] = m_texts[i];
    }
    StoredRow(const StoredRow&) = delete;
    StoredRow& operator=(const StoredRow&) = delete;
    const RowView& view() const { return m_view; }

private:
    RowView m_view;
    std::string m_texts[13];
};

class DbReader {
public:
    explicit DbReader(const std::string& path)
        : m_path(path)
        , m_db(openReadOnly(path))
    {
        validate();
        readConfig();
    }

    const DbConfig& config() const { return m_config; }
    const std::string& path() const { return m_path; }
    std::vector<NodeNote> notes() { return readNotesTable(*m_db, m_path); }

    std::optional<VisDbPart> readPart()
    {
        if (!m_config.hasPart)
            return std::nullopt;
        return readVisDbPart(*m_db, m_path);
    }

    std::vector<std::pair<int, int>> graphs()
    {
        std::vector<std::pair<int, int>> out;
        SqliteStmt q(*m_db, "SELECT DISTINCT step, rank FROM tb_nodes ORDER BY step, rank");
        while (q.step())
            out.emplace_back(int(q.integer(0)), int(q.integer(1)));
        return out;
    }

    VisDocument read(int step, int rank, VisDbData data, std::shared_ptr<Comparison>* open = nullptr)
    {
        // Without node data the two largest columns are not even read: SQLite skips their bytes in each row.
        SqliteStmt q(*m_db,
            (std::string(kRowColumns) + (data == VisDbData::All ? "n.input_data, n.output_data" : "NULL, NULL")
                + kRowSource + " WHERE n.step = ? AND n.rank = ? ORDER BY n.node_order")
                .c_str());
        q.bind(1, int64_t(step)).bind(2, int64_t(rank));
        GraphRows rows(m_path, data);
        while (q.step())
            addRow(rows, q);
        if (rows.side[0].empty())
            fail("no NPU nodes for step " + std::to_string(step) + ", rank " + std::to_string(rank));
        if (m_config.compare && rows.side[1].empty())
            fail("a compare database without Bench nodes for step " + std::to_string(step) + ", rank "
                + std::to_string(rank));
        return assemble(rows, step, rank, open);
    }

    // The NPU node `npu` and the bench node `bench` of one graph with their data, each its side's root.
    VisDocument readPair(int step, int rank, const std::string& npu, const std::string& bench)
    {
        GraphRows rows(m_path, VisDbData::All);
        rows.microSteps = 1; // two nodes: no micro step paging
        const size_t sideCount = m_config.compare ? 2 : 1;
        for (size_t side = 0; side < sideCount; ++side) {
            const std::string& name = side == 0 ? npu : bench;
            SqliteStmt q(*m_db,
                (std::string(kRowColumns) + "n.input_data, n.output_data" + kRowSource
                    + " WHERE n.step = ? AND n.rank = ? AND n.data_source = ? AND n.node_name = ? LIMIT 1")
                    .c_str());
            q.bind(1, int64_t(step)).bind(2, int64_t(rank)).bind(3, std::string(side == 0 ? "NPU" : "Bench"));
            q.bind(4, name);
            if (!name.empty() && q.step())
                addRow(rows, q);
            if (rows.side[side].empty()) {
                // No such node: an empty root stands in (kPairPlaceholder), and the other node reads as unmatched.
                DbRow placeholder;
                placeholder.name = rows.pool(side).intern(kPairPlaceholder[side]);
                rows.side[side].push_back(std::move(placeholder));
            }
            DbRow& row = rows.side[side].back();
            row.isRoot = true;
            row.up = kNoStr;
            row.childEnd = row.childBegin;
        }
        if (sideCount == 2)
            for (size_t side = 0; side < 2; ++side)
                if (rows.pool(1 - side).view(rows.side[1 - side].back().name) == kPairPlaceholder[1 - side])
                    rows.side[side].back().linkEnd = rows.side[side].back().linkBegin;
        return assemble(rows, step, rank, nullptr);
    }

    // The rows of step `step`, rank `rank` and `source` ("NPU" or "Bench") whose `column` equals `value`, in
    // node_order, structure only: what the browser asks for (index1 and index2 serve these queries).
    template <typename Take>
    void selectRows(int step, int rank, const char* source, const char* column, std::string_view value, Take take)
    {
        SqliteStmt q(*m_db,
            (std::string(kRowColumns) + "NULL, NULL" + kRowSource
                + " WHERE n.step = ? AND n.rank = ? AND n.data_source = ? AND n." + column
                + " = ? ORDER BY n.node_order")
                .c_str());
        q.bind(1, int64_t(step)).bind(2, int64_t(rank)).bind(3, std::string_view(source)).bind(4, value);
        while (q.step())
            take(RowView::of(q));
    }

    static constexpr const char* kPairPlaceholder[2] = { "(no NPU node)", "(no bench node)" };
    static constexpr const char* kRowColumns
        = "SELECT n.node_name, n.node_type, n.up_node, n.sub_nodes, n.precision_index, n.overflow_level, "
          "n.micro_step_id, n.matched_node_link, n.stack_id, n.parallel_merge_info, n.matched_distributed, "
          "n.modified, ";
    static constexpr const char* kRowSource = ", n.data_source, n.dump_data_dir FROM tb_nodes n";

    // One tb_nodes row. Names are interned into the graph of the row's side as they are read, and the children and
    // link names of all rows of a side share one list.
    struct DbRow {
        StrId name = kNoStr;
        int type = 0;
        bool isRoot = false; // up_node = ''
        StrId up = kNoStr; // kNoStr: no parent ('', NULL or "None")
        uint32_t childBegin = 0, childEnd = 0; // in GraphRows::names
        uint32_t linkBegin = 0, linkEnd = 0;
        Precision precision;
        OverflowLevel overflow = OverflowLevel::None;
        int64_t microStep = 0;
        std::string stackId; // tb_stack.id; many rows share one stack, read once per graph side
        bool hasStack = false;
        std::string parallelMergeInfo;
        std::string distributed;
        int64_t modified = 0;
        std::string input, output;
    };

    // The rows of one graph being read, by side, and the sides they are assembled into.
    struct GraphRows {
        GraphRows(const std::string& path, VisDbData data)
            : data(data)
            , npu(path)
            , bench(path)
        {
        }
        VisDbData data;
        bool wholeLinks = false; // keep every name of a link also in a structure read (the browser follows them)
        bool loadOrder = false; // node ids in the order rows were added (the browser's), not pre-order
        int64_t microSteps = -1; // -1: tb_config's
        VisSide npu, bench;
        std::vector<DbRow> side[2];
        std::vector<StrId> names[2];
        std::string dumpDir[2];
        bool dumpDirNull[2] = { true, true };

        VisSide& visSide(size_t s) { return s == 0 ? npu : bench; }
        StringPool& pool(size_t s) { return visSide(s).assembler.graph().strings; }
    };

    void addRow(GraphRows& rows, const SqliteStmt& q) { addRow(rows, RowView::of(q)); }
    void addRow(GraphRows& rows, const RowView& q)
    {
        std::string_view source = q.source;
        if (source != "NPU" && source != "Bench")
            fail("tb_nodes.data_source must be NPU or Bench, not \"" + std::string(source) + "\"");
        const size_t s = source == "NPU" ? 0 : 1;
        rows.side[s].push_back(readRow(q, rows, s));
        if (!q.dumpDirNull) {
            rows.dumpDir[s] = std::string(q.dumpDir);
            rows.dumpDirNull[s] = false;
        }
    }

    VisDocument assemble(GraphRows& rows, int step, int rank, std::shared_ptr<Comparison>* open)
    {
        std::string where = " (step " + std::to_string(step) + ", rank " + std::to_string(rank) + ")";
        VisDocument doc;
        doc.step = step;
        doc.rank = rank;
        fillMeta(doc.meta);
        VisSide* sides[2] = { &rows.npu, &rows.bench };
        size_t sideCount = m_config.compare ? 2 : 1;
        for (size_t s = 0; s < sideCount; ++s) {
            sides[s]->assembler.dump().dumpDataDir = rows.dumpDir[s];
            sides[s]->assembler.dump().dumpDataDirIsNull = rows.dumpDirNull[s];
            addSide(rows, s, doc.meta, where);
        }
        VisAssembly how;
        how.compare = m_config.compare;
        how.mode = modeFromTask(m_config.task);
        how.overflowCheck = m_config.overflowCheck;
        how.forWriting = rows.data == VisDbData::All;
        const int64_t microSteps = rows.microSteps >= 0 ? rows.microSteps : m_config.microSteps;
        if (microSteps > INT32_MAX)
            fail("tb_config.micro_steps is " + std::to_string(microSteps) + ", more than any graph holds");
        how.microSteps = uint32_t(std::max<int64_t>(microSteps, 0));
        const std::shared_ptr<Comparison> c = m_config.compare
            ? assembleDocument({ &rows.npu, &rows.bench }, how, doc, m_path)
            : assembleDocument({ &rows.npu }, how, doc, m_path);
        for (size_t s = 0; s < sideCount; ++s)
            keepOnlyOwnMicroSteps(*c->graphs[s]);
        c->nodeDataOmitted = rows.data == VisDbData::Structure;
        if (m_config.rules26) {
            c->profile = RulesProfile::Msprobe26;
            if (m_config.compare && rows.data == VisDbData::All)
                verdictsFromItems(*c);
        }
        if (open)
            *open = c;
        return doc;
    }

private:
    // msprobe 8.x stores the inherited micro_step_id on every node; the model (like msprobe 1.2.1's .vis) sets it
    // on the root's children and on nodes that differ from their parent. Writing a .vis.db propagates it again.
    static void keepOnlyOwnMicroSteps(Graph& g)
    {
        std::vector<int32_t> effective(g.size(), 0);
        for (NodeId n = 0; n < g.size(); ++n) {
            effective[n] = g.microStep[n];
            NodeId p = g.parent[n];
            if (n == g.root) {
                if (g.microStep[n] == 0)
                    g.microStep[n] = -1;
            } else if (p != kNoNode && p != g.root && p < n && effective[p] == g.microStep[n]) {
                g.microStep[n] = -1; // nodes are in pre-order, so the parent was seen first
            }
        }
    }

    [[noreturn]] void fail(const std::string& what) const { throw Error(ErrorCode::BadContent, m_path, what); }

    static std::unique_ptr<SqliteDb> openReadOnly(const std::string& path)
    {
        if (!isRegularFile(path))
            throw Error(ErrorCode::FileNotFound, path, "the .vis.db file does not exist or is not a regular file");
        checkInputFile(path); // limits().maxFileBytes
        if (!looksLikeSqlite(path))
            throw Error(ErrorCode::BadContent, path, "not a SQLite database (a .vis.db file is expected)");
        // A WAL database with no pending -wal content is opened immutable, so that SQLite creates no -shm or
        // -wal files next to an input; otherwise a plain read-only connection also reads the -wal.
        std::ifstream in(path, std::ios::binary);
        char header[20] = {};
        in.read(header, sizeof header);
        bool wal = header[18] == 2 || header[19] == 2;
        std::ifstream walFile(path + "-wal", std::ios::binary | std::ios::ate);
        bool pendingWal = walFile && walFile.tellg() > 0;
        bool immutable = !wal || !pendingWal;
        return std::make_unique<SqliteDb>(path, immutable ? SqliteDb::Mode::Immutable : SqliteDb::Mode::ReadOnly);
    }

    // The schema is checked before any row is read: only plain tables (no view, trigger or virtual table, no
    // generated or hidden column) with the columns a .vis.db has. A hostile database could otherwise make a
    // SELECT compute without end or build huge values.
    void validate()
    {
        struct SchemaObject {
            std::string type, name, sql;
        };
        std::vector<SchemaObject> objects;
        try {
            SqliteStmt q(*m_db, "SELECT type, name, sql FROM sqlite_master");
            while (q.step())
                objects.push_back({ std::string(q.text(0)), std::string(q.text(1)), std::string(q.text(2)) });
        } catch (const Error& e) {
            fail("a corrupt SQLite database or not one at all: " + e.detail());
        }
        std::set<std::string> tables;
        for (const SchemaObject& o : objects) {
            if (o.type == "view" || o.type == "trigger")
                fail("the database holds the " + o.type + " \"" + o.name + "\", which a .vis.db never has");
            if (o.type == "table" && o.sql.starts_with("CREATE VIRTUAL TABLE"))
                fail("the table \"" + o.name + "\" is a virtual table, which a .vis.db never has");
            if (o.type == "table")
                tables.insert(o.name);
        }
        for (const char* t : { "tb_nodes", "tb_config", "tb_stack" })
            if (!tables.count(t))
                fail(std::string("a SQLite database but not a .vis.db: the table ") + t + " is missing");
        for (const char* t : { "tb_nodes", "tb_config", "tb_stack", kTbPartName }) {
            if (!tables.count(t))
                continue; // the part table is optional
            SqliteStmt q(*m_db, (std::string("PRAGMA table_xinfo(") + t + ")").c_str());
            while (q.step())
                if (q.integer(6) != 0)
                    fail(std::string("the column ") + t + "." + std::string(q.text(1))
                        + " is generated or hidden, which a .vis.db never has");
        }
        std::set<std::string> columns;
        SqliteStmt q(*m_db, "PRAGMA table_info(tb_nodes)");
        while (q.step())
            columns.emplace(q.text(1));
        for (const char* c : kVisDbNodeColumns)
            if (!columns.count(c))
                fail(std::string("a SQLite database but not a .vis.db: tb_nodes has no column ") + c);
        for (const char* c : { "parallel_merge_info", "matched_distributed", "modified", "dump_data_dir" })
            if (!columns.count(c))
                fail(std::string("a SQLite database but not a .vis.db: tb_nodes has no column ") + c);
        m_config.rules26 = columns.count("is_distributed") > 0;
        m_config.hasPart = tables.count(kTbPartName) > 0;
    }

    void readConfig()
    {
        SqliteStmt q(*m_db,
            "SELECT graph_type, task, tool_tip, micro_steps, overflow_check, node_colors FROM tb_config "
            "ORDER BY id LIMIT 1");
        if (!q.step())
            fail("tb_config has no row");
        m_config.compare = q.text(0) == "compare";
        m_config.task = std::string(q.text(1));
        m_config.hasToolTip = !q.isNull(2);
        m_config.toolTip = std::string(q.text(2));
        m_config.microSteps = q.isNull(3) ? 1 : q.integer(3);
        m_config.overflowCheck = !q.isNull(4) && q.integer(4) != 0;
        m_config.colors = std::string(q.text(5));
    }

    // tb_config as a .vis top level in msprobe 1.2.1's key order.
    void fillMeta(VisMeta& meta)
    {
        meta.fromFile = true;
        meta.taskText = m_config.task;
        JArena& arena = meta.store->arena;
        if (!m_config.compare) {
            meta.topLevel = { { "root", {} }, { "dump_data_dir", {} }, { "node", {} }, { "MicroSteps", {} },
                { "OverflowCheck", {} } };
            meta.graphKeyOrder[0] = { "root", "dump_data_dir", "node" };
            return;
        }
        meta.graphKeyOrder[0] = meta.graphKeyOrder[1] = { "root", "dump_data_dir", "node" };
        meta.topLevel = { { "NPU", {} }, { "Bench", {} } };
        if (m_config.hasToolTip) {
            JValue tip;
            tip.type = JType::String;
            tip.n = arena.pool().intern(m_config.toolTip);
            meta.topLevel.emplace_back("ToolTip", tip);
        }
        if (!m_config.colors.empty() && m_config.colors != "null")
            meta.topLevel.emplace_back("Colors", parseJson(m_config.colors, arena, "tb_config.node_colors"));
        for (const char* key : { "MicroSteps", "task", "OverflowCheck" })
            meta.topLevel.emplace_back(key, JValue());
    }

    // Runs a JSON parse of a column; errors keep the database as the file and say which column of which node.
    // `what` is only called on an error: describing each of a million rows up front costs more than reading it.
    template <typename What, typename Parse> auto inColumn(What what, Parse parse)
    {
        try {
            return parse();
        } catch (const Error& e) {
            throw Error(e.code(), m_path, std::string(what()) + ": " + e.detail());
        }
    }

    JValue parseJson(std::string_view text, JArena& arena, const std::string& what)
    {
        return inColumn([&] { return what; },
            [&] {
                JsonReader reader(text, std::string());
                JValue v = reader.readValue(arena);
                reader.expectEnd();
                return v;
            });
    }

    // A JSON list of names, interned into `pool` and appended to `out`; with `lastOnly`, only its last name.
    void parseNames(std::string_view text, StringPool& pool, std::vector<StrId>& out, bool lastOnly, const char* what,
        StringPool& namePool, StrId node)
    {
        if (text.empty())
            return;
        inColumn([&] { return std::string(what) + " of " + std::string(namePool.view(node)); },
            [&] {
                JsonReader reader(text, std::string());
                if (reader.peek() != '[')
                    reader.fail("a JSON list of strings is expected");
                reader.beginArray();
                std::string_view last;
                bool any = false;
                while (reader.nextElement()) {
                    if (reader.peek() != '"')
                        reader.fail("a JSON list of strings is expected");
                    last = reader.readString();
                    any = true;
                    if (!lastOnly)
                        out.push_back(pool.intern(last));
                }
                if (lastOnly && any)
                    out.push_back(pool.intern(last)); // the last string read is still valid: nothing read since
                reader.expectEnd();
            });
    }

    DbRow readRow(const RowView& q, GraphRows& rows, size_t side)
    {
        StringPool& pool = rows.pool(side);
        std::vector<StrId>& names = rows.names[side];
        DbRow row;
        row.name = pool.intern(q.name);
        std::string_view type = q.type;
        if (type.empty() || type.find_first_not_of("0123456789") != std::string_view::npos || type.size() > 3)
            fail("the node \"" + std::string(pool.view(row.name)) + "\" has no valid node_type");
        std::from_chars(type.data(), type.data() + type.size(), row.type);
        row.isRoot = !q.upNull && q.up.empty();
        row.up = q.up.empty() || q.up == "None" ? kNoStr : pool.intern(q.up);
        row.childBegin = uint32_t(names.size());
        parseNames(q.subNodes, pool, names, false, "sub_nodes", pool, row.name);
        row.childEnd = uint32_t(names.size());
        if (!q.precisionNull)
            row.precision
                = q.precisionInteger ? Precision::integer(int(q.precisionInt)) : Precision::real(q.precisionReal);
        row.overflow = overflowFromText(q.overflow);
        row.microStep = q.microStep;
        if (row.microStep < -1 || row.microStep > INT32_MAX)
            fail("the micro_step_id of \"" + std::string(pool.view(row.name)) + "\" is " + std::to_string(row.microStep)
                + ", not an integer from -1 to " + std::to_string(INT32_MAX));
        // A view's structure needs only the counterpart (the link's last name); writing the document back needs
        // the whole link, to keep one the counterpart's ancestors do not reproduce.
        row.linkBegin = uint32_t(names.size());
        parseNames(q.link, pool, names, rows.data == VisDbData::Structure && !rows.wholeLinks, "matched_node_link",
            pool, row.name);
        row.linkEnd = uint32_t(names.size());
        row.hasStack = !q.stackNull;
        row.stackId = std::string(q.stackId);
        row.parallelMergeInfo = std::string(q.mergeInfo);
        row.distributed = std::string(q.distributed);
        row.modified = q.modified;
        row.input = std::string(q.input);
        row.output = std::string(q.output);
        return row;
    }

    // Node order: pre-order from the root over sub_nodes (the order a .vis lists nodes), then unreached rows.
    std::vector<size_t> preOrder(GraphRows& rows, size_t side)
    {
        const std::vector<DbRow>& list = rows.side[side];
        const std::vector<StrId>& names = rows.names[side];
        constexpr size_t kNone = SIZE_MAX;
        std::vector<size_t> byName(rows.visSide(side).assembler.graph().strings.size(), kNone); // StrId -> row
        for (size_t i = 0; i < list.size(); ++i)
            if (byName[list[i].name] == kNone)
                byName[list[i].name] = i;
        std::vector<size_t> order;
        order.reserve(list.size());
        std::vector<bool> seen(list.size(), false);
        std::vector<size_t> stack;
        for (size_t i = 0; i < list.size(); ++i)
            if (list[i].isRoot && stack.empty())
                stack.push_back(i);
        while (!stack.empty()) {
            size_t i = stack.back();
            stack.pop_back();
            if (seen[i])
                continue;
            seen[i] = true;
            order.push_back(i);
            for (uint32_t k = list[i].childEnd; k-- > list[i].childBegin;) {
                const size_t child = byName[names[k]];
                if (child != kNone && !seen[child])
                    stack.push_back(child);
            }
        }
        for (size_t i = 0; i < list.size(); ++i)
            if (!seen[i])
                order.push_back(i);
        return order;
    }

    void readItems(VisSide& side, std::string_view text, ItemSource source, std::vector<uint32_t>& out,
        std::string_view node, const std::string& where)
    {
        out.clear();
        if (text.empty())
            return;
        inColumn([&] { return "the items of " + std::string(node) + where; },
            [&] {
                JsonReader reader(text, std::string());
                readItemObject(reader, side, source, out);
                reader.expectEnd();
            });
    }

    // The stack behind a tb_stack id, added to the side once (id -> the assembler's stack index).
    uint32_t stackOf(VisSide& side, const std::string& id, std::unordered_map<std::string, uint32_t>& known)
    {
        auto it = known.find(id);
        if (it != known.end())
            return it->second;
        std::vector<std::string> lines;
        SqliteStmt q(*m_db, "SELECT stack_info FROM tb_stack WHERE id = ?");
        q.bind(1, id);
        if (q.step()) {
            StringPool scratch;
            std::vector<StrId> ids;
            parseNames(q.text(0), scratch, ids, false, "stack_info", scratch, scratch.intern("tb_stack row " + id));
            for (StrId line : ids)
                lines.emplace_back(scratch.view(line));
        }
        return known[id] = side.assembler.addStack(lines);
    }

    // msprobe 26.0.0 lists a name twice in sub_nodes when a construct node has the name of an API group (one node
    // of the name is written, the other's parent lists it too); the model has one child per name, so a list that
    // repeats a name is kept as written, for writing the database back.
    static void keepRepeatedChildNames(JArena& arena, JValue& extras, const StringPool& pool,
        const std::vector<StrId>& names, uint32_t begin, uint32_t end)
    {
        std::unordered_set<StrId> seen;
        bool repeated = false;
        for (uint32_t k = begin; k < end && !repeated; ++k)
            repeated = !seen.insert(names[k]).second;
        if (!repeated)
            return;
        std::vector<JValue> list;
        for (uint32_t k = begin; k < end; ++k) {
            JValue v;
            v.type = JType::String;
            v.n = arena.pool().intern(pool.view(names[k]));
            list.push_back(v);
        }
        addMember(arena, extras, "sub_nodes", arena.makeArray(list));
    }

    void addSide(GraphRows& rows, size_t sideIndex, VisMeta& meta, const std::string& where)
    {
        VisSide& side = rows.visSide(sideIndex);
        std::vector<DbRow>& list = rows.side[sideIndex];
        const std::vector<StrId>& names = rows.names[sideIndex];
        const StringPool& pool = rows.pool(sideIndex);
        JArena& arena = meta.store->arena;
        std::unordered_map<std::string, uint32_t> stacks;
        std::vector<uint32_t> inputs, outputs;
        std::vector<size_t> order;
        if (rows.loadOrder) {
            order.resize(list.size());
            std::iota(order.begin(), order.end(), size_t(0));
        } else {
            order = preOrder(rows, sideIndex);
        }
        for (size_t i : order) {
            DbRow& row = list[i];
            const std::string_view name = pool.view(row.name);
            if (row.isRoot && !side.hasRoot) {
                side.rootName = std::string(name);
                side.hasRoot = true;
            }
            NodeId n = side.addNode(row.name, row.type);
            side.assembler.setParent(n, row.up);
            for (uint32_t k = row.childBegin; k < row.childEnd; ++k)
                side.assembler.addChild(names[k]);
            keepRepeatedChildNames(arena, side.extras[n], pool, names, row.childBegin, row.childEnd);
            for (uint32_t k = row.linkBegin; k < row.linkEnd; ++k)
                side.assembler.addLinkName(names[k]);
            if (row.hasStack)
                side.assembler.setStackIndex(n, stackOf(side, row.stackId, stacks));
            readItems(side, row.input, ItemSource::Input, inputs, name, where);
            readItems(side, row.output, ItemSource::Output, outputs, name, where);
            side.assembler.setItems(n, inputs, outputs);
            side.assembler.graph().microStep[n] = int32_t(row.microStep);
            side.precision[n] = row.precision;
            side.overflow[n] = row.overflow;
            if (!row.distributed.empty() && row.distributed != "{}")
                side.distributed[n] = parseJson(row.distributed, arena, "matched_distributed of " + std::string(name));
            if (!row.parallelMergeInfo.empty()) {
                JValue info = parseJson(row.parallelMergeInfo, arena, "parallel_merge_info of " + std::string(name));
                addMember(arena, side.extras[n], "parallel_merge_info", info);
                keepMergeInfo(side.assembler.graph(), n, arena, info);
            }
            if (row.modified != 0) {
                JValue modified;
                modified.type = JType::Int;
                modified.i = row.modified;
                addMember(arena, side.extras[n], "modified", modified);
            }
            row = DbRow(); // release the row's text early
        }
        if (!side.hasRoot)
            fail("no root node (a row with up_node = '')" + where);
    }

    std::string m_path;
    std::unique_ptr<SqliteDb> m_db;
    DbConfig m_config;
};

} // namespace ps::detail
