#include "vis/vis_document_writer.h"

#include "io/file_io.h"
#include "vis/json_emit.h"
#include "vis/json_writer.h"
#include "vis/vis_export_common.h"

#include <algorithm>

namespace ps {

namespace {

// Node keys the writer places itself (in msprobe 1.2.1's order); extras with other names follow them.
constexpr std::string_view kPlacedKeys[] = { "id", "node_type", "output_data", "input_data", "upnode", "subnodes",
    "matched_node_link", "suggestions", "stack_info", "micro_step_id", "data", "matched_distributed", "modified" };

class DocWriter {
public:
    DocWriter(const VisDocument& doc, std::string& out)
        : m_c(*doc.comparison)
        , m_meta(doc.meta)
        , m_notes(doc.notes)
        , m_w(out)
    {
    }

    void write() {
        std::vector<std::string> keys;
        if (m_meta.fromFile)
            for (const auto& kv : m_meta.topLevel)
                keys.push_back(kv.first);
        else if (m_c.isCompare)
            keys = { "NPU", "Bench", "ToolTip", "Colors", "MicroSteps", "task", "OverflowCheck" };
        else
            keys = { "root", "dump_data_dir", "node", "MicroSteps", "OverflowCheck" };
        m_w.beginObject();
        for (const std::string& key : keys)
            writeTopKey(key);
        if (!m_notes.empty()) {
            m_w.key(kVisNotesKey);
            writeNotesArray(m_w, m_notes);
        }
        m_w.endObject();
    }

private:
    void writeTopKey(const std::string& key) {
        const JValue* raw = m_meta.fromFile ? m_meta.topValue(key) : nullptr;
        if (key == "NPU" || key == "Bench") {
            if (!m_c.isCompare)
                return;
            size_t side = key == "NPU" ? 0 : 1;
            m_w.key(key);
            m_w.beginObject();
            for (const std::string& k : graphKeys(side))
                writeGraphKey(side, k);
            m_w.endObject();
        } else if (key == "root" || key == "dump_data_dir" || key == "node") {
            if (!m_c.isCompare)
                writeGraphKey(0, key);
        } else if (key == "MicroSteps") {
            m_w.key(key);
            m_w.integer(m_c.graphs[0]->microSteps);
        } else if (key == "OverflowCheck") {
            m_w.key(key);
            m_w.boolean(m_c.overflowCheck);
        } else if (key == "task") {
            m_w.key(key);
            bool sameMode = m_meta.fromFile && !m_meta.taskText.empty()
                && (m_meta.taskText == taskName(m_c.mode)
                    || (m_c.mode == CompareMode::Summary && m_meta.taskText != "md5" && m_meta.taskText != "all"));
            m_w.string(sameMode ? m_meta.taskText : std::string(taskName(m_c.mode)));
        } else if (raw && !(key == "Colors" && !m_c.colors.empty())) { // colours chosen in the viewer win
            m_w.key(key);
            writeJsonValue(m_w, m_meta.arena(), *raw);
        } else if (key == "ToolTip") {
            m_w.key(key);
            m_w.string(defaultToolTipJson(m_c.mode));
        } else if (key == "Colors") {
            m_w.key(key);
            writeColors(m_w, m_c);
        }
    }

    std::vector<std::string> graphKeys(size_t side) const {
        if (m_meta.fromFile && !m_meta.graphKeyOrder[side].empty())
            return m_meta.graphKeyOrder[side];
        return { "root", "dump_data_dir", "node" };
    }

    void writeGraphKey(size_t side, const std::string& key) {
        const Graph& g = *m_c.graphs[side];
        m_w.key(key);
        if (key == "root") {
            m_w.string(g.nameOf(g.root));
        } else if (key == "dump_data_dir") {
            if (!g.dump || g.dump->dumpDataDirIsNull)
                m_w.null();
            else
                m_w.string(g.dump->dumpDataDir);
        } else {
            m_w.beginObject();
            for (NodeId n = 0; n < g.size(); ++n)
                writeNode(side, n);
            m_w.endObject();
        }
    }

    void writeNames(const std::vector<std::string_view>& names) {
        m_w.beginArray();
        for (std::string_view name : names)
            m_w.string(name);
        m_w.endArray();
    }

    void writeNode(size_t side, NodeId n) {
        const Graph& g = *m_c.graphs[side];
        auto extra = [&](std::string_view key) { return m_meta.nodeExtra(side, n, key); };
        m_w.key(g.nameOf(n));
        m_w.beginObject();
        m_w.key("id");
        m_w.string(g.nameOf(n));
        m_w.key("node_type");
        m_w.integer(int(g.type[n]));
        m_w.key("output_data");
        writeItems(m_w, m_c, side, g.outputItems(n));
        m_w.key("input_data");
        writeItems(m_w, m_c, side, g.inputItems(n));
        m_w.key("upnode");
        m_w.string(g.parent[n] == kNoNode ? std::string_view("None") : g.nameOf(g.parent[n]));
        m_w.key("subnodes");
        std::vector<std::string_view> kids;
        for (NodeId k : g.children(n))
            kids.push_back(g.nameOf(k));
        writeNames(kids);
        m_w.key("matched_node_link");
        if (const JValue* link = extra("matched_node_link"))
            writeJsonValue(m_w, m_meta.arena(), *link);
        else
            writeNames(matchedLink(m_c, side, n));
        if (const JValue* suggestions = extra("suggestions")) {
            m_w.key("suggestions");
            writeJsonValue(m_w, m_meta.arena(), *suggestions);
        } else if (!m_meta.fromFile) {
            m_w.key("suggestions");
            m_w.beginObject();
            m_w.endObject();
        }
        m_w.key("stack_info");
        std::vector<std::string_view> lines;
        for (StrId line : g.stackOf(n))
            lines.push_back(g.strings.view(line));
        writeNames(lines);
        if (g.microStep[n] >= 0) {
            m_w.key("micro_step_id");
            m_w.integer(g.microStep[n]);
        }
        writeData(side, n);
        writeDistributed(side, n);
        writeOtherExtras(side, n);
        m_w.endObject();
    }

    void writeData(size_t side, NodeId n) {
        const Graph& g = *m_c.graphs[side];
        m_w.key("data");
        m_w.beginObject();
        if (const Precision* p = precisionOf(m_c, side, n)) {
            m_w.key("precision_index");
            if (p->isInt)
                m_w.integer((long long)p->value);
            else
                m_w.real(p->value);
            if (m_c.mode == CompareMode::Md5 && g.type[n] != NodeType::ApiCollection) {
                m_w.key("Result");
                m_w.string(p->value == 1 ? "pass" : "Different");
            }
        }
        if (OverflowLevel level = overflowOf(m_c, side, n); level != OverflowLevel::None) {
            m_w.key("overflow_level");
            m_w.string(overflowLevelName(level));
        }
        m_w.endObject();
    }

    void writeDistributed(size_t side, NodeId n) {
        if (const JValue* raw = m_meta.nodeExtra(side, n, "matched_distributed")) {
            m_w.key("matched_distributed");
            writeJsonValue(m_w, m_meta.arena(), *raw);
            return;
        }
        auto it = m_c.distributed[side].find(n);
        if (it == m_c.distributed[side].end())
            return;
        m_w.key("matched_distributed");
        m_w.beginObject();
        m_w.key("communications_type");
        m_w.string(it->second.type);
        m_w.key("nodes_info");
        m_w.beginObject();
        for (const DistributedPeer& p : it->second.peers) {
            m_w.key(std::to_string(p.rank));
            m_w.beginArray();
            m_w.string(p.index);
            m_w.string(p.node);
            m_w.endArray();
        }
        m_w.endObject();
        m_w.endObject();
    }

    void writeOtherExtras(size_t side, NodeId n) {
        if (side >= m_meta.nodeExtras.size() || n >= m_meta.nodeExtras[side].size())
            return;
        const JValue& extras = m_meta.nodeExtras[side][n];
        if (!extras.isObject())
            return;
        for (const JMember& m : m_meta.arena().members(extras)) {
            std::string_view key = m_meta.arena().pool().view(m.key);
            if (std::find(std::begin(kPlacedKeys), std::end(kPlacedKeys), key) != std::end(kPlacedKeys))
                continue;
            m_w.key(key);
            writeJsonValue(m_w, m_meta.arena(), m.value);
        }
    }

    const Comparison& m_c;
    const VisMeta& m_meta;
    const std::vector<NodeNote>& m_notes;
    PyJsonWriter m_w;
};

} // namespace

std::string visDocumentJson(const VisDocument& doc) {
    std::string out;
    DocWriter(doc, out).write();
    return out;
}

void writeVisDocument(const VisDocument& doc, const std::string& path) {
    writeFileAtomically(path, visDocumentJson(doc));
}

} // namespace ps
