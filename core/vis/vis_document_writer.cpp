#include "vis/vis_document_writer.h"

#include "io/file_io.h"
#include "io/json_writer.h"
#include "util/error.h"
#include "util/ordered_pipeline.h"
#include "vis/json_emit.h"
#include "vis/vis_export_common.h"
#include "vis/vis_node_writer.h"

#include <algorithm>
#include <functional>

namespace ps {

namespace {

// Where finished text goes: appended to the writer's string (visJson), or, when set, handed to a file in pieces
// so that a GB-sized .vis is never held in memory whole (writeVisFile).
using Sink = std::function<void(std::string_view)>;

class DocWriter {
public:
    DocWriter(const Comparison& c, const VisMeta& meta, const std::vector<NodeNote>& notes, std::string& out, Sink sink,
        ProgressPart progress = {})
        : m_c(c)
        , m_meta(meta)
        , m_notes(notes)
        , m_w(out)
        , m_sink(std::move(sink))
        , m_progress(progress)
    {
    }

    void write()
    {
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
    void writeTopKey(const std::string& key)
    {
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
            writeVisColors(m_w, m_c);
        }
    }

    std::vector<std::string> graphKeys(size_t side) const
    {
        if (m_meta.fromFile && !m_meta.graphKeyOrder[side].empty())
            return m_meta.graphKeyOrder[side];
        return { "root", "dump_data_dir", "node" };
    }

    void writeGraphKey(size_t side, const std::string& key)
    {
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
            writeNodes(side);
            m_w.endObject();
        }
    }

    // Formatting is nearly all of the writer's time and each node's text depends only on the comparison, so runs
    // of nodes are formatted on all cores into reused buffers while this thread writes the finished ones in order
    // (OrderedPipeline: formatting never waits for the file, and only a few buffers exist at once).
    void writeNodes(size_t side)
    {
        constexpr NodeId kRun = 256;
        const NodeId count = NodeId(m_c.graphs[side]->size());
        std::string& out = m_w.output();
        if (m_sink) {
            m_sink(out);
            out.clear();
        }
        const size_t runs = (size_t(count) + kRun - 1) / kRun;
        const double sides = m_c.isCompare ? 2 : 1;
        OrderedPipeline pipeline;
        pipeline.format = [&](size_t run, std::string& text) {
            const NodeId begin = NodeId(run) * kRun;
            PyJsonWriter part(text, m_w, begin > 0);
            for (NodeId n = begin; n < std::min(count, begin + kRun); ++n)
                writeVisNode(part, m_c, m_meta, side, n);
        };
        pipeline.drain = [&](size_t run, std::string& text) {
            if (m_sink)
                m_sink(text);
            else
                out += text;
            m_progress.advance(Stage::Write, (double(side) + double(run + 1) / double(runs)) / sides);
        };
        pipeline.run(runs);
        if (count > 0)
            m_w.membersAppended();
    }

    const Comparison& m_c;
    const VisMeta& m_meta;
    const std::vector<NodeNote>& m_notes;
    PyJsonWriter m_w;
    Sink m_sink;
    ProgressPart m_progress;
};

// A comparison opened without its node data would be written without its items: refused, never half-written.
void checkHasNodeData(const Comparison& c, const std::string& path)
{
    if (c.nodeDataOmitted)
        throw Error(
            ErrorCode::BadArgument, path, "the comparison was opened without its node data; read it whole first");
}

std::string documentJson(const Comparison& c, const VisMeta& meta, const std::vector<NodeNote>& notes)
{
    checkHasNodeData(c, "");
    std::string out;
    DocWriter(c, meta, notes, out, nullptr).write();
    return out;
}

void writeDocument(const Comparison& c, const VisMeta& meta, const std::vector<NodeNote>& notes,
    const std::string& path, const ProgressPart& progress)
{
    checkHasNodeData(c, path);
    AtomicFile file(path);
    std::string out;
    DocWriter(
        c, meta, notes, out, [&](std::string_view text) { file.write(text); }, progress)
        .write();
    file.write(out);
    file.commit();
}

} // namespace

std::string visJson(const Comparison& c, const VisMeta& meta)
{
    return documentJson(c, meta, {});
}

void writeVisFile(const Comparison& c, const VisMeta& meta, const std::string& path, const ProgressPart& progress)
{
    writeDocument(c, meta, {}, path, progress);
}

std::string visDocumentJson(const VisDocument& doc)
{
    return documentJson(*doc.comparison, doc.meta, doc.notes);
}

void writeVisDocument(const VisDocument& doc, const std::string& path, const ProgressPart& progress)
{
    writeDocument(*doc.comparison, doc.meta, doc.notes, path, progress);
}

} // namespace ps
