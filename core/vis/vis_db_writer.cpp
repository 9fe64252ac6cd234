#include "vis/vis_db_writer.h"

#include "io/file_io.h"
#include "util/pyformat.h"
#include "vis/json_emit.h"
#include "vis/vis_db_schema.h"
#include "vis/vis_db_sqlite.h"
#include "vis/vis_export_common.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace ps {

namespace {

const char* kInsertNode = "INSERT INTO tb_nodes (id, graph_id, node_order, node_name, node_type, up_node, sub_nodes, "
                          "precision_index, overflow_level, micro_step_id, matched_node_link, stack_id, "
                          "parallel_merge_info, matched_distributed, modified, input_data, output_data, data_source, "
                          "dump_data_dir, step, rank) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)";
const char* kInsertNode26 = "INSERT INTO tb_nodes (id, graph_id, node_order, node_name, node_type, up_node, sub_nodes, "
                            "precision_index, overflow_level, micro_step_id, matched_node_link, stack_id, "
                            "parallel_merge_info, matched_distributed, modified, input_data, output_data, "
                            "data_source, dump_data_dir, step, rank, is_distributed) "
                            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)";
const char* kInsertStack = "INSERT INTO tb_stack (id, stack_info) VALUES (?, ?)";
const char* kInsertConfig = "INSERT OR IGNORE INTO tb_config (id, graph_type, task, tool_tip, micro_steps, "
                            "overflow_check, node_colors, rank_list, step_list) VALUES ('1',?,?,?,?,?,?,?,?)";

// The micro step each node inherits from its first-level ancestor (msprobe 8.x propagates micro_step_id to every
// descendant); `order` is a post-order, so walking it backwards meets every parent before its children.
void inheritMicroSteps(const Graph& g, const std::vector<NodeId>& order, std::vector<int32_t>& microStep)
{
    microStep.assign(g.size(), 0);
    for (size_t k = order.size(); k-- > 0;) {
        NodeId n = order[k];
        NodeId p = g.parent[n];
        int32_t inherited = p != kNoNode && p < g.size() ? microStep[p] : 0;
        microStep[n] = g.microStep[n] >= 0 ? g.microStep[n] : inherited;
    }
}

std::string nameListJson(const std::vector<std::string_view>& names)
{
    std::string s = "[";
    for (size_t i = 0; i < names.size(); ++i) {
        if (i)
            s += ", ";
        py::appendJsonString(s, names[i]);
    }
    return s + "]";
}

std::string distributedJson(const Comparison& c, const VisMeta* meta, size_t side, NodeId n)
{
    if (meta)
        if (const JValue* raw = meta->nodeExtra(side, n, "matched_distributed")) {
            std::string s;
            appendCompactJson(s, meta->arena(), *raw);
            return s;
        }
    auto it = c.distributed[side].find(n);
    if (it == c.distributed[side].end())
        return "{}";
    std::string s = "{\"communications_type\": ";
    py::appendJsonString(s, it->second.type);
    s += ", \"nodes_info\": {";
    bool first = true;
    for (const DistributedPeer& p : it->second.peers) {
        if (!first)
            s += ", ";
        first = false;
        py::appendJsonString(s, std::to_string(p.rank));
        s += ": [";
        py::appendJsonString(s, p.index);
        s += ", ";
        py::appendJsonString(s, p.node);
        s += "]";
    }
    return s + "}}";
}

std::string extraJson(const VisMeta* meta, size_t side, NodeId n, std::string_view key, const char* fallback)
{
    const JValue* raw = meta ? meta->nodeExtra(side, n, key) : nullptr;
    if (!raw)
        return fallback;
    std::string s;
    appendCompactJson(s, meta->arena(), *raw);
    return s;
}

// msprobe writes json.dumps(parallel_merge_info), or '' when the list is empty.
std::string mergeInfoJson(const Graph& g, const VisMeta* meta, size_t side, NodeId n)
{
    auto it = g.mergeInfo.find(n);
    if (it == g.mergeInfo.end())
        return extraJson(meta, side, n, "parallel_merge_info", "");
    return nameListJson(std::vector<std::string_view>(it->second.begin(), it->second.end()));
}

class DbGraphWriter {
public:
    DbGraphWriter(SqliteDb& db, bool v26)
        : m_node(db, v26 ? kInsertNode26 : kInsertNode)
        , m_stack(db, kInsertStack)
        , m_v26(v26)
    {
    }

    void write(const VisDbGraph& entry, size_t side)
    {
        const Comparison& c = *entry.comparison;
        const Graph& g = *c.graphs[side];
        const VisMeta* meta = entry.meta.get();
        std::string source = side == 0 ? "NPU" : "Bench";
        std::string graphId = source + "_" + std::to_string(entry.step) + "_" + std::to_string(entry.rank);
        // Only the nodes the root reaches, as msprobe writes them (a truncated construct.json leaves others).
        m_order = postOrderFromRoot(g);
        inheritMicroSteps(g, m_order, m_microStep);
        std::map<uint32_t, std::string> stackIds; // graph stack index -> tb_stack id (dedup per graph)
        std::map<std::string, std::string> stackByText;
        std::string items;
        for (size_t order = 0; order < m_order.size(); ++order) {
            NodeId n = m_order[order];
            std::string stackId = stackIdFor(g, n, graphId, stackIds, stackByText);
            int col = 1;
            m_node.bind(col++, graphId + "_" + std::string(g.nameOf(n)));
            m_node.bind(col++, graphId);
            m_node.bind(col++, int64_t(order));
            m_node.bind(col++, g.nameOf(n));
            m_node.bind(col++, std::to_string(int(g.type[n])));
            if (g.parent[n] != kNoNode && n != g.root)
                m_node.bind(col++, g.nameOf(g.parent[n]));
            else
                m_node.bind(col++, std::string_view("")); // the viewer finds the root by up_node = ''
            std::vector<std::string_view> kids;
            for (NodeId k : g.children(n))
                kids.push_back(g.nameOf(k));
            m_node.bind(col++, kids.empty() ? std::string() : nameListJson(kids));
            if (const Precision* p = precisionOf(c, side, n))
                p->isInt ? m_node.bind(col++, int64_t(p->value)) : m_node.bindDouble(col++, p->value);
            else
                m_node.bindNull(col++);
            OverflowLevel level = overflowOf(c, side, n);
            level == OverflowLevel::None ? m_node.bindNull(col++) : m_node.bind(col++, overflowLevelName(level));
            m_node.bind(col++, int64_t(m_microStep[n]));
            std::string link = extraJson(meta, side, n, "matched_node_link", "");
            m_node.bind(col++, link.empty() ? nameListJson(matchedLink(c, side, n)) : link);
            m_node.bind(col++, stackId);
            m_node.bind(col++, mergeInfoJson(g, meta, side, n));
            m_node.bind(col++, distributedJson(c, meta, side, n));
            const JValue* modified = meta ? meta->nodeExtra(side, n, "modified") : nullptr;
            int64_t modifiedFlag = modified && modified->type == JType::Int ? modified->i : 0;
            if (c.isModified(Side(side), n))
                modifiedFlag = 1; // the plugin's mark for a manual (un)match
            m_node.bind(col++, modifiedFlag);
            items.clear();
            appendItemsJson(items, c, side, g.inputItems(n));
            m_node.bind(col++, items);
            items.clear();
            appendItemsJson(items, c, side, g.outputItems(n));
            m_node.bind(col++, items);
            m_node.bind(col++, source);
            // dump.json's dump_data_dir: null stays NULL, a missing key is '' (msprobe's dict.get default).
            if (g.dump && g.dump->dumpDataDirIsNull)
                m_node.bindNull(col++);
            else
                m_node.bind(col++, g.dump ? std::string_view(g.dump->dumpDataDir) : std::string_view());
            m_node.bind(col++, int64_t(entry.step));
            m_node.bind(col++, int64_t(entry.rank));
            if (m_v26)
                m_node.bind(col++, int64_t(g.nameOf(n).starts_with("Distributed") ? 1 : 0));
            m_node.run();
        }
    }

private:
    std::string stackIdFor(const Graph& g, NodeId n, const std::string& graphId, std::map<uint32_t, std::string>& ids,
        std::map<std::string, std::string>& byText)
    {
        uint32_t index = g.exportStackIndex(n);
        auto known = ids.find(index);
        if (known != ids.end())
            return known->second;
        std::vector<std::string_view> lines;
        for (StrId line : g.exportStackOf(n))
            lines.push_back(g.strings.view(line));
        std::string text = nameListJson(lines);
        auto [it, inserted] = byText.emplace(text, graphId + "_" + std::to_string(byText.size()));
        if (inserted)
            m_stack.bind(1, it->second).bind(2, text).run();
        ids.emplace(index, it->second);
        return it->second;
    }

    SqliteStmt m_node;
    SqliteStmt m_stack;
    bool m_v26;
    std::vector<NodeId> m_order;
    std::vector<int32_t> m_microStep;
};

std::string intListJson(const std::set<int>& values)
{
    std::string s = "[";
    for (int v : values)
        s += (s.size() > 1 ? ", " : "") + std::to_string(v);
    return s + "]";
}

void writeConfig(SqliteDb& db, const std::vector<VisDbGraph>& graphs)
{
    const Comparison& first = *graphs.front().comparison;
    const VisMeta* meta = graphs.front().meta.get();
    std::set<int> ranks, steps;
    for (const VisDbGraph& g : graphs) {
        ranks.insert(g.rank);
        steps.insert(g.step);
    }
    SqliteStmt config(db, kInsertConfig);
    config.bind(1, std::string_view(first.isCompare ? "compare" : "build"));
    std::string task = meta && meta->fromFile ? meta->taskText : (first.isCompare ? taskName(first.mode) : "");
    config.bind(2, task);
    const JValue* tip = meta && meta->fromFile ? meta->topValue("ToolTip") : nullptr;
    if (tip && tip->isString())
        config.bind(3, meta->arena().text(*tip));
    else if (tip) {
        std::string s;
        appendCompactJson(s, meta->arena(), *tip);
        config.bind(3, s);
    } else if (first.isCompare && !(meta && meta->fromFile))
        config.bind(3, defaultToolTipJson(first.mode));
    else
        config.bindNull(3);
    config.bind(4, int64_t(first.graphs[0]->microSteps));
    config.bind(5, int64_t(first.overflowCheck ? 1 : 0));
    const JValue* colors = meta && meta->fromFile && first.colors.empty() ? meta->topValue("Colors") : nullptr;
    if (colors) {
        std::string s;
        appendCompactJson(s, meta->arena(), *colors);
        config.bind(6, s);
    } else
        config.bind(
            6, first.isCompare && (!(meta && meta->fromFile) || !first.colors.empty()) ? colorsJson(first) : "null");
    config.bind(7, intListJson(ranks));
    config.bind(8, intListJson(steps));
    config.run();
}

} // namespace

void writeVisDb(const std::vector<VisDbGraph>& graphs, const std::string& path)
{
    if (graphs.empty())
        throw Error(ErrorCode::BadArgument, path, "no graph to write into the .vis.db");
    bool compare = graphs.front().comparison && graphs.front().comparison->isCompare;
    for (const VisDbGraph& g : graphs)
        if (!g.comparison || g.comparison->isCompare != compare || !g.comparison->graphs[0]
            || (compare && !g.comparison->graphs[1]))
            throw Error(ErrorCode::BadArgument, path, "a .vis.db holds either compare results or build results only");
    AtomicFile out(path);
    {
        SqliteDb db(out.tempPath(), SqliteDb::Mode::Create, path);
        // The file is renamed into place when complete, so no rollback journal is needed while writing.
        db.exec("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;");
        const bool v26 = graphs.front().comparison->profile == RulesProfile::Msprobe26;
        db.exec(kVisDbTables);
        if (v26)
            db.exec(kVisDbAdditions26);
        db.exec("BEGIN");
        writeConfig(db, graphs);
        {
            DbGraphWriter writer(db, v26);
            for (const VisDbGraph& g : graphs)
                for (size_t side = 0; side < (compare ? 2u : 1u); ++side)
                    writer.write(g, side);
        }
        db.exec(kVisDbIndexes);
        if (v26)
            db.exec(kVisDbIndexes26);
        db.exec("COMMIT");
        db.close();
    }
    out.commit();
}

} // namespace ps
