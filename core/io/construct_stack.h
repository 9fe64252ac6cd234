#pragma once
// Readers for construct.json ({node: parent}) and stack.json (1.2.1 {node: [lines]} or the newer grouped
// {"0": [[nodes...], [lines] | "text"]}). Names are interned into the caller's pool.
#include "util/id_index.h"
#include "util/string_pool.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace ps {

struct ConstructEntry {
    StrId node;
    StrId parent; // kNoStr for null or ""
    int32_t microStep = -1; // newer Megatron dumps: the micro step of a [parent, micro_step_id] value
};

struct ConstructData {
    std::string path; // the file, named in errors about the hierarchy it describes
    std::vector<ConstructEntry> entries; // file order; a repeated key keeps its first position, last value
    IdIndex entryOf; // node -> index into entries: an array over the pool's ids, no hash table per node
    const ConstructEntry* entry(StrId node) const // nullptr when node is no key
    {
        const uint32_t index = entryOf.find(node);
        return index == IdIndex::kNone ? nullptr : &entries[index];
    }
    int megatronMicroSteps = -1; // newer dumps: megatron_micro_step_number (-1: absent)
};

struct StackData {
    // Distinct line lists, each stored once: the grouped format lists one stack for many nodes, and copying it per
    // node would let a small file fill the memory.
    std::vector<std::vector<StrId>> groups;
    std::unordered_map<StrId, uint32_t> groupOf; // node -> index into groups; a node absent here has no stack
    const std::vector<StrId>* linesOf(StrId node) const
    {
        auto it = groupOf.find(node);
        return it == groupOf.end() ? nullptr : &groups[it->second];
    }
    bool empty() const { return groupOf.empty(); }
};

ConstructData readConstructJson(const std::string& path, StringPool& pool);
ConstructData parseConstructJson(std::string_view text, const std::string& path, StringPool& pool);
StackData readStackJson(const std::string& path, StringPool& pool);
StackData parseStackJson(std::string_view text, const std::string& path, StringPool& pool);

} // namespace ps
