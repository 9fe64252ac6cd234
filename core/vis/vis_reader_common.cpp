#include "vis/vis_reader_common.h"

#include "io/json_reader.h"
#include "util/error.h"

#include "vis/vis_export_common.h"
#include <algorithm>

namespace ps {

NodeId VisSide::addNode(std::string_view name, int nodeType)
{
    return addNode(assembler.graph().strings.intern(name), nodeType);
}

NodeId VisSide::addNode(StrId name, int nodeType)
{
    NodeId n = assembler.addNode(name, nodeType);
    extras.emplace_back();
    precision.emplace_back();
    overflow.push_back(OverflowLevel::None);
    distributed.emplace_back();
    return n;
}

void readItemObject(JsonReader& reader, VisSide& side, ItemSource source, std::vector<uint32_t>& out)
{
    if (reader.peek() != '{')
        reader.fail("input_data/output_data must be JSON objects");
    DumpData& dump = side.assembler.dump();
    std::string_view key;
    JArena scratch(dump.pool); // the item keeps its own compact copy of the leaf
    reader.beginObject();
    while (reader.nextMember(key)) {
        StrId keyId = dump.pool.intern(key);
        scratch.clear();
        JValue leaf = reader.readValue(scratch);
        out.push_back(side.assembler.addItem(dump.pool.view(keyId), scratch, leaf, source));
    }
}

CompareMode modeFromTask(std::string_view task)
{
    if (task == "md5")
        return CompareMode::Md5;
    if (task == "all")
        return CompareMode::Real;
    return CompareMode::Summary;
}

OverflowLevel overflowFromText(std::string_view text)
{
    if (text == "medium")
        return OverflowLevel::Medium;
    if (text == "high")
        return OverflowLevel::High;
    if (text == "critical")
        return OverflowLevel::Critical;
    return OverflowLevel::None;
}

void addMember(JArena& arena, JValue& object, std::string_view key, const JValue& value)
{
    std::vector<JMember> members;
    if (object.isObject())
        members.assign(arena.members(object).begin(), arena.members(object).end());
    members.push_back({ arena.pool().intern(key), value });
    object = arena.makeObject(members);
}

namespace {

// msprobe's shape {"communications_type": str, "nodes_info": {"<rank>": [str, str], ...}}, else false.
bool parseDistributed(const JArena& arena, const JValue& v, DistributedLink& out)
{
    if (!v.isObject() || v.n != 2)
        return false;
    auto members = arena.members(v);
    if (arena.pool().view(members[0].key) != "communications_type" || !members[0].value.isString()
        || arena.pool().view(members[1].key) != "nodes_info" || !members[1].value.isObject())
        return false;
    out.type = std::string(arena.text(members[0].value));
    for (const JMember& m : arena.members(members[1].value)) {
        std::string_view key = arena.pool().view(m.key);
        if (key.empty() || key.size() > 9 || key.find_first_not_of("0123456789") != std::string_view::npos
            || std::to_string(std::stoi(std::string(key))) != key)
            return false;
        if (!m.value.isArray() || m.value.n != 2)
            return false;
        auto pair = arena.elements(m.value);
        if (!pair[0].isString() || !pair[1].isString())
            return false;
        out.peers.push_back(
            { std::stoi(std::string(key)), std::string(arena.text(pair[0])), std::string(arena.text(pair[1])) });
    }
    return true;
}

void resolveLinks(Comparison& c, std::vector<VisSide*>& sides, VisMeta& meta, bool forWriting)
{
    JArena& arena = meta.store->arena;
    for (size_t s = 0; s < sides.size(); ++s) {
        const Graph& g = *c.graphs[s];
        c.counterpart[s].assign(g.size(), kNoNode);
        for (NodeId n = 0; n < g.size(); ++n) {
            std::span<const StrId> link = sides[s]->assembler.linkOf(n);
            if (link.empty())
                continue;
            if (c.isCompare)
                c.counterpart[s][n] = c.graphs[1 - s]->find(g.strings.view(link.back()));
            if (!forWriting)
                continue;
            std::vector<std::string_view> derived = matchedLink(c, s, n);
            bool same = derived.size() == link.size();
            for (size_t i = 0; same && i < link.size(); ++i)
                same = derived[i] == g.strings.view(link[i]);
            if (same)
                continue;
            // A link the counterpart's ancestors do not reproduce (edited, dangling): keep it as written.
            std::vector<JValue> names;
            for (StrId id : link) {
                JValue v;
                v.type = JType::String;
                v.n = arena.pool().intern(g.strings.view(id));
                names.push_back(v);
            }
            addMember(arena, sides[s]->extras[n], "matched_node_link", arena.makeArray(names));
        }
    }
}

} // namespace

std::shared_ptr<Comparison> assembleDocument(
    std::vector<VisSide*> sides, const VisAssembly& how, VisDocument& doc, const std::string& file)
{
    auto c = std::make_shared<Comparison>();
    c->isCompare = how.compare;
    c->mode = how.mode;
    c->overflowCheck = how.overflowCheck;
    // Each micro step holds at least one node: a larger count (the viewer lists every step) is not a graph's.
    const size_t nodes = sides[0]->assembler.size();
    if (how.microSteps > std::max<size_t>(nodes, 1))
        throw Error(ErrorCode::BadContent, file,
            "MicroSteps is " + std::to_string(how.microSteps) + ", more than the " + std::to_string(nodes)
                + " nodes of the graph");
    for (size_t s = 0; s < sides.size(); ++s) {
        const char* label = !how.compare ? "graph" : s == 0 ? "NPU graph" : "Bench graph";
        if (!sides[s]->hasRoot)
            throw Error(ErrorCode::BadContent, file, std::string("the ") + label + " has no \"root\"");
        std::shared_ptr<Graph> g = sides[s]->assembler.finish(sides[s]->rootName, label);
        g->microSteps = how.microSteps;
        c->graphs[s] = g;
        c->overflow[s] = sides[s]->overflow;
    }
    c->precision = sides[0]->precision;
    resolveLinks(*c, sides, doc.meta, how.forWriting);
    JArena& arena = doc.meta.store->arena;
    for (size_t s = 0; s < sides.size(); ++s) {
        for (NodeId n = 0; n < sides[s]->distributed.size(); ++n) {
            const JValue& raw = sides[s]->distributed[n];
            if (raw.isNull())
                continue;
            DistributedLink link;
            if (parseDistributed(arena, raw, link))
                c->distributed[s].emplace(n, std::move(link));
            else
                addMember(arena, sides[s]->extras[n], "matched_distributed", raw);
        }
        doc.meta.nodeExtras[s] = std::move(sides[s]->extras);
    }
    doc.comparison = c;
    return c;
}

} // namespace ps
