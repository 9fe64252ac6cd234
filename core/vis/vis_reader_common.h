#pragma once
// What the .vis and .vis.db readers share: the per-side state gathered while reading nodes, and the step that
// turns the sides into a Comparison (counterparts from matched_node_link, distributed links, node extras).
#include "vis/vis_document.h"
#include "vis/vis_graph_assembler.h"

#include <string>
#include <vector>

namespace ps {

struct VisSide {
    explicit VisSide(const std::string& file)
        : assembler(file)
    {
    }
    VisGraphAssembler assembler;
    std::string rootName;
    bool hasRoot = false;
    std::vector<JValue> extras; // per node: object of unplaced keys (meta arena) or Null
    std::vector<Precision> precision;
    std::vector<OverflowLevel> overflow;
    std::vector<JValue> distributed; // per node: raw matched_distributed (meta arena) or Null

    NodeId addNode(std::string_view name, int nodeType); // also grows the per-node vectors
    NodeId addNode(StrId name, int nodeType); // a name interned in assembler.graph().strings
};

class JsonReader;

// Reads an input_data/output_data object {"<item key>": leaf, ...} into the side's dump, appending the item
// indices to `out`: the one item loop of the .vis and .vis.db readers.
void readItemObject(JsonReader& reader, VisSide& side, ItemSource source, std::vector<uint32_t>& out);

CompareMode modeFromTask(std::string_view task); // summary, md5, all; anything else counts as summary
OverflowLevel overflowFromText(std::string_view text);

struct VisAssembly {
    bool compare = false;
    CompareMode mode = CompareMode::Summary;
    bool overflowCheck = false;
    uint32_t microSteps = 1;
    // Keep what writing the document back needs (links as written when they differ from the derived ones); off
    // for a view's structure, which is never written.
    bool forWriting = true;
};

// Finishes the sides (1 for build, 2 for compare) into doc.comparison and doc.meta.nodeExtras; returns the
// comparison, still open to the reader's last changes.
std::shared_ptr<Comparison> assembleDocument(
    std::vector<VisSide*> sides, const VisAssembly& how, VisDocument& doc, const std::string& file);

// Replaces `object` (Null or an object in `arena`) by a copy with one more member.
void addMember(JArena& arena, JValue& object, std::string_view key, const JValue& value);

} // namespace ps
