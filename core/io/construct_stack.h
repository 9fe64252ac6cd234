#pragma once
// Readers for construct.json ({node: parent}) and stack.json (1.2.1 {node: [lines]} or the newer grouped
// {"0": [[nodes...], [lines] | "text"]}). Names are interned into the caller's pool.
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
    std::vector<ConstructEntry> entries; // file order; a repeated key keeps its first position, last value
    std::unordered_map<StrId, StrId> parentOf;
    int megatronMicroSteps = -1; // newer dumps: megatron_micro_step_number (-1: absent)
};

struct StackData {
    // node -> lines; a node absent from the map has no stack. `listed` is false for a non-list value.
    std::unordered_map<StrId, std::vector<StrId>> lines;
};

ConstructData readConstructJson(const std::string& path, StringPool& pool);
ConstructData parseConstructJson(std::string_view text, const std::string& path, StringPool& pool);
StackData readStackJson(const std::string& path, StringPool& pool);
StackData parseStackJson(std::string_view text, const std::string& path, StringPool& pool);

} // namespace ps
