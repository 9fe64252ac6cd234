#include "vis/vis_db_rows.h"

#include "util/ordered_pipeline.h"
#include "vis/json_emit.h"
#include "vis/vis_export_common.h"
#include "vis/vis_node_writer.h"

#include <cstring>
#include <set>
#include <unordered_map>

namespace ps {

namespace {

// The micro step each node inherits from its first-level ancestor (msprobe 8.x propagates micro_step_id to every
// descendant); `order` is a post-order, so walking it backwards meets every parent before its children.
std::vector<int32_t> inheritMicroSteps(const Graph& g, const std::vector<NodeId>& order)
{
    std::vector<int32_t> microStep(g.size(), 0);
    for (size_t k = order.size(); k-- > 0;) {
        NodeId n = order[k];
        NodeId p = g.parent[n];
        int32_t inherited = p != kNoNode && p < g.size() ? microStep[p] : 0;
        microStep[n] = g.microStep[n] >= 0 ? g.microStep[n] : inherited;
    }
    return microStep;
}

// The .vis.db columns hold what msprobe's json.dumps(value) prints: the compact layout of the one node
// serializer (vis_node_writer), so both graph files spell a node's lists and links the same way.
void appendNameList(std::string& s, const std::vector<std::string_view>& names)
{
    PyJsonWriter w(s, PyJsonWriter::kCompact);
    writeNameList(w, names);
}

const VisMeta& metaOrEngine(const VisMeta* meta)
{
    return meta ? *meta : engineVisMeta();
}

void appendDistributed(std::string& s, const Comparison& c, const VisMeta& meta, size_t side, NodeId n)
{
    if (!hasMatchedDistributed(c, meta, side, n)) {
        s += "{}";
        return;
    }
    PyJsonWriter w(s, PyJsonWriter::kCompact);
    writeMatchedDistributed(w, c, meta, side, n);
}

// msprobe writes json.dumps(parallel_merge_info), or '' when the list is empty.
void appendMergeInfo(std::string& s, const Graph& g, const VisMeta& meta, size_t side, NodeId n)
{
    if (auto it = g.mergeInfo.find(n); it != g.mergeInfo.end())
        appendNameList(s, std::vector<std::string_view>(it->second.begin(), it->second.end()));
    else if (const JValue* raw = meta.nodeExtra(side, n, "parallel_merge_info"))
        appendCompactJson(s, meta.arena(), *raw);
}

} // namespace

DbSide::DbSide(const VisDbGraph& entry, size_t side, bool v26)
    : m_entry(&entry)
    , m_side(side)
    , m_v26(v26)
    , m_source(side == 0 ? "NPU" : "Bench")
    , m_graphId(m_source + "_" + std::to_string(entry.step) + "_" + std::to_string(entry.rank))
{
    const Graph& g = graph();
    // Only the nodes the root reaches, as msprobe writes them (a truncated construct.json leaves others).
    m_order = postOrderFromRoot(g);
    m_microStep = inheritMicroSteps(g, m_order);
    // Stack ids in the order the nodes first refer to them; equal stacks share one row.
    m_stackRow.assign(g.stacks.size(), uint32_t(-1));
    std::unordered_map<std::string, uint32_t> byText;
    for (NodeId n : m_order) {
        uint32_t& row = m_stackRow[g.exportStackIndex(n)];
        if (row != uint32_t(-1))
            continue;
        std::vector<std::string_view> lines;
        for (StrId line : g.exportStackOf(n))
            lines.push_back(g.strings.view(line));
        std::string text;
        appendNameList(text, lines);
        auto [it, inserted] = byText.emplace(text, uint32_t(m_stackRows.size()));
        if (inserted)
            m_stackRows.emplace_back(m_graphId + "_" + std::to_string(m_stackRows.size()), std::move(text));
        row = it->second;
    }
}

std::string_view DbSide::upNode(size_t row) const
{
    const Graph& g = graph();
    NodeId n = m_order[row];
    return g.parent[n] != kNoNode && n != g.root ? g.nameOf(g.parent[n]) : std::string_view();
}

void DbSide::appendId(std::string& out, size_t row) const
{
    out += m_graphId;
    out += '_';
    out += name(row);
}

bool DbSide::linkIsPath(size_t row, NodeId& counterpart) const
{
    counterpart = kNoNode;
    if (meta() && meta()->nodeExtra(m_side, m_order[row], "matched_node_link"))
        return false;
    const Comparison& c = comparison();
    if (c.isCompare && m_side < c.counterpart.size() && m_order[row] < c.counterpart[m_side].size()
        && c.graphs[1 - m_side])
        counterpart = c.counterpart[m_side][m_order[row]];
    return true;
}

void DbSide::appendLink(std::string& out, size_t row) const
{
    PyJsonWriter w(out, PyJsonWriter::kCompact);
    writeMatchedNodeLink(w, comparison(), metaOrEngine(meta()), m_side, m_order[row]);
}

int64_t DbSide::modified(size_t row) const
{
    const NodeId n = m_order[row];
    if (comparison().isModified(Side(m_side), n))
        return 1; // the plugin's mark for a manual (un)match
    const JValue* flag = meta() ? meta()->nodeExtra(m_side, n, "modified") : nullptr;
    return flag && flag->type == JType::Int ? flag->i : 0;
}

void DbSide::appendNodeRecord(std::string& out, size_t row, sqlfile::Record& r, std::string& scratch) const
{
    const Comparison& c = comparison();
    const Graph& g = graph();
    const NodeId n = m_order[row];
    r.clear();
    scratch.clear();
    appendId(scratch, row);
    r.text(scratch);
    r.text(m_graphId);
    r.integer(int64_t(row));
    r.text(name(row));
    r.text(std::to_string(int(g.type[n])));
    r.text(upNode(row));
    scratch.clear();
    if (const JValue* listed = meta() ? meta()->nodeExtra(m_side, n, "sub_nodes") : nullptr) {
        appendCompactJson(scratch, meta()->arena(), *listed); // a list read back that names a child twice
    } else if (!g.children(n).empty()) {
        std::vector<std::string_view> kids;
        for (NodeId k : g.children(n))
            kids.push_back(g.nameOf(k));
        appendNameList(scratch, kids);
    }
    r.text(scratch);
    if (const Precision* p = precisionOf(c, m_side, n))
        p->isInt ? r.integer(int64_t(p->value)) : r.numeric(p->value);
    else
        r.null();
    OverflowLevel level = overflowOf(c, m_side, n);
    level == OverflowLevel::None ? r.null() : r.text(overflowLevelName(level));
    r.integer(microStep(row));
    scratch.clear();
    appendLink(scratch, row);
    r.text(scratch);
    const auto& stack = m_stackRows[m_stackRow[g.exportStackIndex(n)]];
    r.text(stack.first);
    scratch.clear();
    appendMergeInfo(scratch, g, metaOrEngine(meta()), m_side, n);
    r.text(scratch);
    scratch.clear();
    appendDistributed(scratch, c, metaOrEngine(meta()), m_side, n);
    r.text(scratch);
    r.integer(modified(row));
    scratch.clear();
    appendItemsJson(scratch, c, m_side, g.inputItems(n));
    r.text(scratch);
    scratch.clear();
    appendItemsJson(scratch, c, m_side, g.outputItems(n));
    r.text(scratch);
    r.text(m_source);
    // dump.json's dump_data_dir: null stays NULL, a missing key is '' (msprobe's dict.get default).
    if (g.dump && g.dump->dumpDataDirIsNull)
        r.null();
    else
        r.text(g.dump ? std::string_view(g.dump->dumpDataDir) : std::string_view());
    r.integer(m_entry->step);
    r.integer(m_entry->rank);
    if (m_v26)
        r.integer(isDistributed(row));
    r.appendTo(out);
}

void appendConfigRecord(std::string& out, const std::vector<VisDbGraph>& graphs)
{
    const Comparison& first = *graphs.front().comparison;
    const VisMeta* meta = graphs.front().meta.get();
    std::set<int> ranks, steps;
    for (const VisDbGraph& g : graphs) {
        ranks.insert(g.rank);
        steps.insert(g.step);
    }
    auto intList = [](const std::set<int>& values) {
        std::string s = "[";
        for (int v : values)
            s += (s.size() > 1 ? ", " : "") + std::to_string(v);
        return s + "]";
    };
    sqlfile::Record r;
    r.text("1");
    r.text(first.isCompare ? "compare" : "build");
    r.text(meta && meta->fromFile ? meta->taskText : (first.isCompare ? taskName(first.mode) : ""));
    const JValue* tip = meta && meta->fromFile ? meta->topValue("ToolTip") : nullptr;
    std::string s;
    if (tip && tip->isString()) {
        r.text(meta->arena().text(*tip));
    } else if (tip) {
        appendCompactJson(s, meta->arena(), *tip);
        r.text(s);
    } else if (first.isCompare && !(meta && meta->fromFile)) {
        r.text(defaultToolTipJson(first.mode));
    } else {
        r.null();
    }
    r.integer(int64_t(first.graphs[0]->microSteps));
    r.integer(first.overflowCheck ? 1 : 0);
    const JValue* colors = meta && meta->fromFile && first.colors.empty() ? meta->topValue("Colors") : nullptr;
    if (colors) {
        s.clear();
        appendCompactJson(s, meta->arena(), *colors);
        r.text(s);
    } else {
        r.text(first.isCompare && (!(meta && meta->fromFile) || !first.colors.empty()) ? colorsJson(first) : "null");
    }
    r.text(intList(ranks));
    r.text(intList(steps));
    r.appendTo(out);
}

void appendStackRecords(
    const std::vector<DbSide>& sides, std::vector<std::string>& records, std::vector<std::string>& keys)
{
    sqlfile::Record r;
    for (const DbSide& side : sides)
        for (const auto& [id, text] : side.stackRows()) {
            r.clear();
            r.text(id);
            r.text(text);
            records.emplace_back();
            r.appendTo(records.back());
            keys.push_back(id);
        }
}

void streamNodeRecords(const std::vector<DbSide>& sides,
    const std::function<void(int64_t rowid, std::string_view record)>& add, const std::function<void(double)>& done)
{
    constexpr size_t kRowsPerChunk = 256;
    std::vector<std::pair<size_t, size_t>> chunks; // (side, first row)
    for (size_t s = 0; s < sides.size(); ++s)
        for (size_t row = 0; row < sides[s].rows(); row += kRowsPerChunk)
            chunks.emplace_back(s, row);
    std::vector<uint64_t> firstRowid(sides.size(), 1);
    for (size_t s = 1; s < sides.size(); ++s)
        firstRowid[s] = firstRowid[s - 1] + sides[s - 1].rows();
    OrderedPipeline pipeline;
    pipeline.format = [&](size_t k, std::string& out) {
        thread_local sqlfile::Record record;
        thread_local std::string scratch;
        const auto [s, first] = chunks[k];
        const size_t end = std::min(sides[s].rows(), first + kRowsPerChunk);
        for (size_t row = first; row < end; ++row) {
            const size_t at = out.size();
            out.append(4, '\0'); // the record's length, filled in below
            sides[s].appendNodeRecord(out, row, record, scratch);
            const uint32_t length = uint32_t(out.size() - at - 4);
            std::memcpy(out.data() + at, &length, 4);
        }
    };
    pipeline.drain = [&](size_t k, std::string& text) {
        const auto [s, first] = chunks[k];
        int64_t rowid = int64_t(firstRowid[s] + first);
        for (size_t at = 0; at < text.size(); ++rowid) {
            uint32_t length;
            std::memcpy(&length, text.data() + at, 4);
            add(rowid, std::string_view(text.data() + at + 4, length));
            at += 4 + length;
        }
        done(double(k + 1) / double(chunks.size()));
    };
    pipeline.run(chunks.size());
}

} // namespace ps
