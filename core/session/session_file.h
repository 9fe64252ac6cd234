#pragma once
// Notes and sessions that travel: what a user did with a comparison - notes and tags on nodes, the
// expanded nodes, the filters, the selection - in a small, schema-versioned JSON file (name.probescope.json)
// beside the comparison or wherever the user puts it. The reader is strict: an unknown key, a wrong type or a
// newer schema is a ps::Error naming the file, line and column; the writer replaces the file atomically, so a
// failed save leaves the previous session intact.
#include "compare/comparison.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ps {

// A node of a comparison, as a person refers to it: the graph (step, rank), the side and the node name.
struct NodeRef {
    int step = 0;
    int rank = 0;
    Side side = Side::Npu;
    std::string node;
    auto operator<=>(const NodeRef&) const = default;
};

enum class NoteTag : uint8_t { None, Checked, Suspicious, Cause };
const char* noteTagName(NoteTag tag); // "", "checked", "suspicious", "cause"
std::optional<NoteTag> noteTagOfName(std::string_view name);

struct NodeNote {
    NodeRef ref;
    NoteTag tag = NoteTag::None;
    std::string text;
    bool operator==(const NodeNote&) const = default;
};

struct SessionFilters {
    std::vector<int> bins; // legend bins shown by the bin filter (empty: all)
    bool unmatchedOnly = false;
    bool overflowOnly = false;
    std::string search;
    bool searchIsRegex = false;
    bool operator==(const SessionFilters&) const = default;
};

struct Session {
    static constexpr int kSchemaVersion = 1;
    std::string comparison; // the comparison it belongs to, as it was opened (informational)
    int step = 0, rank = 0; // the graph shown
    std::vector<NodeNote> notes; // one per node, sorted by ref
    std::vector<NodeRef> expanded; // sorted, unique
    std::optional<NodeRef> selection;
    SessionFilters filters;
    bool operator==(const Session&) const = default;

    // Sets, replaces or (empty text and no tag) removes the note of a node; keeps `notes` sorted.
    void setNote(const NodeRef& ref, NoteTag tag, std::string text);
    const NodeNote* noteOf(const NodeRef& ref) const;
};

// "dir/compare.vis.db" -> "dir/compare.probescope.json"; a folder pair or compare.json -> beside its first path.
std::string sessionPathFor(const std::string& comparisonPath);

Session parseSession(std::string_view text, const std::string& fileName);
Session readSessionFile(const std::string& path);
std::string sessionJson(const Session& session);
void writeSessionFile(const Session& session, const std::string& path); // atomic (temp file + rename)

// The notes array alone ([{"step", "rank", "side", "node", "tag", "text"}, ...]), as a .vis carries it in its
// "probescope_notes" key: read strictly (sorted, one note per node), written in that order.
class JsonReader;
class PyJsonWriter;
std::vector<NodeNote> readNotesArray(JsonReader& reader);
void writeNotesArray(PyJsonWriter& w, const std::vector<NodeNote>& notes);

} // namespace ps
