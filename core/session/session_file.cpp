#include "session/session_file.h"

#include "io/file_io.h"
#include "io/json_reader.h"
#include "io/json_writer.h"
#include "util/error.h"

#include <algorithm>
#include <climits>
#include <set>

namespace ps {

namespace {

constexpr std::string_view kSchemaName = "probescope-session";
constexpr uint64_t kMaxSessionBytes = 256ull << 20; // notes of a million nodes fit many times over

const char* sideName(Side s)
{
    return s == Side::Npu ? "NPU" : "Bench";
}

// The strict reader: every member is known, every value has its type, nothing is repeated.
class SessionParser {
public:
    explicit SessionParser(JsonReader& reader)
        : m_r(reader)
    {
    }

    Session parse()
    {
        Session s;
        bool sawSchema = false, sawVersion = false;
        m_r.beginObject();
        std::set<std::string, std::less<>> seen;
        std::string_view key;
        while (m_r.nextMember(key)) {
            const std::string k(key);
            if (!seen.insert(k).second)
                m_r.fail("the key \"" + k + "\" appears twice");
            if (k == "schema") {
                if (str("schema") != kSchemaName)
                    m_r.fail("\"schema\" must be \"" + std::string(kSchemaName) + "\": this is no ProbeScope session");
                sawSchema = true;
            } else if (k == "version") {
                const int v = integer("version");
                if (v > Session::kSchemaVersion)
                    m_r.fail("session schema version " + std::to_string(v) + " is newer than this ProbeScope reads ("
                        + std::to_string(Session::kSchemaVersion) + ")");
                if (v < 1)
                    m_r.fail("\"version\" must be 1 or more");
                sawVersion = true;
            } else if (k == "comparison") {
                s.comparison = str("comparison");
            } else if (k == "step") {
                s.step = integer("step");
            } else if (k == "rank") {
                s.rank = integer("rank");
            } else if (k == "selection") {
                if (m_r.peek() == 'n')
                    nullValue("selection");
                else
                    s.selection = nodeRef(nullptr, nullptr);
            } else if (k == "filters") {
                s.filters = filters();
            } else if (k == "expanded") {
                m_r.beginArray();
                while (m_r.nextElement())
                    s.expanded.push_back(nodeRef(nullptr, nullptr));
                std::sort(s.expanded.begin(), s.expanded.end());
                s.expanded.erase(std::unique(s.expanded.begin(), s.expanded.end()), s.expanded.end());
            } else if (k == "notes") {
                s.notes = notes();
            } else {
                m_r.fail("unknown key \"" + k + "\"");
            }
        }
        m_r.expectEnd();
        if (!sawSchema || !sawVersion)
            m_r.fail(std::string("the key \"") + (sawSchema ? "version" : "schema") + "\" is missing");
        return s;
    }

    // [{"step", "rank", "side", "node", "tag", "text"}, ...], sorted, one per node.
    std::vector<NodeNote> notes()
    {
        if (m_r.peek() != '[')
            m_r.fail("the notes must be an array");
        std::vector<NodeNote> out;
        m_r.beginArray();
        while (m_r.nextElement()) {
            NodeNote n;
            n.ref = nodeRef(&n.tag, &n.text);
            out.push_back(std::move(n));
        }
        std::sort(out.begin(), out.end(), [](const NodeNote& a, const NodeNote& b) { return a.ref < b.ref; });
        for (size_t i = 1; i < out.size(); ++i)
            if (out[i].ref == out[i - 1].ref)
                m_r.fail("two notes on the node \"" + out[i].ref.node + "\"");
        return out;
    }

private:
    std::string str(const char* what)
    {
        if (m_r.peek() != '"')
            m_r.fail(std::string("\"") + what + "\" must be a string");
        return std::string(m_r.readString());
    }
    int integer(const char* what)
    {
        StringPool pool;
        JValue v = m_r.readScalar(pool);
        if (v.type != JType::Int || v.i < INT_MIN || v.i > INT_MAX)
            m_r.fail(std::string("\"") + what + "\" must be an integer");
        return int(v.i);
    }
    bool boolean(const char* what)
    {
        StringPool pool;
        JValue v = m_r.readScalar(pool);
        if (v.type != JType::Bool)
            m_r.fail(std::string("\"") + what + "\" must be true or false");
        return v.b;
    }
    void nullValue(const char* what)
    {
        StringPool pool;
        if (m_r.readScalar(pool).type != JType::Null)
            m_r.fail(std::string("\"") + what + "\" must be an object or null");
    }
    // {"step", "rank", "side", "node"} and, for notes, "tag" and "text".
    NodeRef nodeRef(NoteTag* tag, std::string* text)
    {
        if (m_r.peek() != '{')
            m_r.fail("a node must be an object {\"step\", \"rank\", \"side\", \"node\"}");
        NodeRef ref;
        bool sawSide = false, sawNode = false;
        std::set<std::string, std::less<>> seen;
        m_r.beginObject();
        std::string_view key;
        while (m_r.nextMember(key)) {
            const std::string k(key);
            if (!seen.insert(k).second)
                m_r.fail("the key \"" + k + "\" appears twice");
            if (k == "step") {
                ref.step = integer("step");
            } else if (k == "rank") {
                ref.rank = integer("rank");
            } else if (k == "side") {
                const std::string side = str("side");
                if (side != "NPU" && side != "Bench")
                    m_r.fail("\"side\" must be \"NPU\" or \"Bench\", not \"" + side + "\"");
                ref.side = side == "NPU" ? Side::Npu : Side::Bench;
                sawSide = true;
            } else if (k == "node") {
                ref.node = str("node");
                sawNode = true;
            } else if (tag && k == "tag") {
                const std::string name = str("tag");
                auto t = noteTagOfName(name);
                if (!t)
                    m_r.fail("\"tag\" must be \"\", \"checked\", \"suspicious\" or \"cause\", not \"" + name + "\"");
                *tag = *t;
            } else if (text && k == "text") {
                *text = str("text");
            } else {
                m_r.fail("unknown key \"" + k + "\" in a node");
            }
        }
        if (!sawSide || !sawNode)
            m_r.fail(std::string("a node needs \"") + (sawSide ? "node" : "side") + "\"");
        return ref;
    }
    SessionFilters filters()
    {
        if (m_r.peek() != '{')
            m_r.fail("\"filters\" must be an object");
        SessionFilters f;
        m_r.beginObject();
        std::string_view key;
        while (m_r.nextMember(key)) {
            const std::string k(key);
            if (k == "bins") {
                m_r.beginArray();
                while (m_r.nextElement())
                    f.bins.push_back(integer("bins"));
            } else if (k == "unmatched_only") {
                f.unmatchedOnly = boolean("unmatched_only");
            } else if (k == "overflow_only") {
                f.overflowOnly = boolean("overflow_only");
            } else if (k == "search") {
                f.search = str("search");
            } else if (k == "search_is_regex") {
                f.searchIsRegex = boolean("search_is_regex");
            } else {
                m_r.fail("unknown key \"" + k + "\" in \"filters\"");
            }
        }
        return f;
    }

    JsonReader& m_r;
};

void writeRef(PyJsonWriter& w, const NodeRef& ref)
{
    w.key("step");
    w.integer(ref.step);
    w.key("rank");
    w.integer(ref.rank);
    w.key("side");
    w.string(sideName(ref.side));
    w.key("node");
    w.string(ref.node);
}

} // namespace

const char* noteTagName(NoteTag tag)
{
    switch (tag) {
    case NoteTag::None:
        return "";
    case NoteTag::Checked:
        return "checked";
    case NoteTag::Suspicious:
        return "suspicious";
    case NoteTag::Cause:
        return "cause";
    }
    return "";
}

std::optional<NoteTag> noteTagOfName(std::string_view name)
{
    for (NoteTag t : { NoteTag::None, NoteTag::Checked, NoteTag::Suspicious, NoteTag::Cause })
        if (name == noteTagName(t))
            return t;
    return std::nullopt;
}

void Session::setNote(const NodeRef& ref, NoteTag tag, std::string text)
{
    auto it = std::lower_bound(
        notes.begin(), notes.end(), ref, [](const NodeNote& n, const NodeRef& r) { return n.ref < r; });
    const bool exists = it != notes.end() && it->ref == ref;
    if (tag == NoteTag::None && text.empty()) {
        if (exists)
            notes.erase(it);
        return;
    }
    if (!exists)
        it = notes.insert(it, NodeNote { ref, tag, {} });
    it->tag = tag;
    it->text = std::move(text);
}

const NodeNote* Session::noteOf(const NodeRef& ref) const
{
    auto it = std::lower_bound(
        notes.begin(), notes.end(), ref, [](const NodeNote& n, const NodeRef& r) { return n.ref < r; });
    return it != notes.end() && it->ref == ref ? &*it : nullptr;
}

std::string sessionPathFor(const std::string& comparisonPath)
{
    std::string base = comparisonPath;
    while (base.size() > 1 && base.back() == '/')
        base.pop_back();
    for (const char* ext : { ".vis.db", ".vis.gz", ".vis", ".json", ".db" })
        if (base.ends_with(ext) && base.size() > std::string_view(ext).size()) {
            base.resize(base.size() - std::string_view(ext).size());
            break;
        }
    return base + ".probescope.json";
}

Session parseSession(std::string_view text, const std::string& fileName)
{
    JsonReader reader(text, fileName);
    return SessionParser(reader).parse();
}

std::vector<NodeNote> readNotesArray(JsonReader& reader)
{
    return SessionParser(reader).notes();
}

void writeNotesArray(PyJsonWriter& w, const std::vector<NodeNote>& notes)
{
    w.beginArray();
    for (const NodeNote& n : notes) {
        w.beginObject();
        writeRef(w, n.ref);
        w.key("tag");
        w.string(noteTagName(n.tag));
        w.key("text");
        w.string(n.text);
        w.endObject();
    }
    w.endArray();
}

Session readSessionFile(const std::string& path)
{
    return parseSession(readWholeFile(path, kMaxSessionBytes), path);
}

std::string sessionJson(const Session& s)
{
    std::string out;
    PyJsonWriter w(out, 2);
    w.beginObject();
    w.key("schema");
    w.string(kSchemaName);
    w.key("version");
    w.integer(Session::kSchemaVersion);
    w.key("comparison");
    w.string(s.comparison);
    w.key("step");
    w.integer(s.step);
    w.key("rank");
    w.integer(s.rank);
    w.key("selection");
    if (s.selection) {
        w.beginObject();
        writeRef(w, *s.selection);
        w.endObject();
    } else {
        w.null();
    }
    w.key("filters");
    w.beginObject();
    w.key("bins");
    w.beginArray();
    for (int b : s.filters.bins)
        w.integer(b);
    w.endArray();
    w.key("unmatched_only");
    w.boolean(s.filters.unmatchedOnly);
    w.key("overflow_only");
    w.boolean(s.filters.overflowOnly);
    w.key("search");
    w.string(s.filters.search);
    w.key("search_is_regex");
    w.boolean(s.filters.searchIsRegex);
    w.endObject();
    w.key("expanded");
    w.beginArray();
    for (const NodeRef& ref : s.expanded) {
        w.beginObject();
        writeRef(w, ref);
        w.endObject();
    }
    w.endArray();
    w.key("notes");
    writeNotesArray(w, s.notes);
    w.endObject();
    return out + "\n";
}

void writeSessionFile(const Session& session, const std::string& path)
{
    AtomicFile out(path);
    out.write(sessionJson(session));
    out.commit();
}

} // namespace ps
