#pragma once
// The scope of every dump record for layer mapping: where in the model hierarchy the
// record sits, as a dotted path built from its name, its construct.json parent and its stack.
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ps {

struct LayerScopeItem {
    std::string name; // dump.json key
    std::string typeName; // class (module) or API name
    std::string state; // forward, backward or parameters_grad
    std::string fullScope; // e.g. Module.module.language_model.embedding.embedding
};

enum class DumpFramework { PyTorch, MindSpore };

// The scope items of one "files" folder (dump.json, stack.json, construct.json), in dump order, after the
// backward and ParallelTransformer renumbering passes. Empty when stack.json or construct.json holds no entry.
// Throws ps::Error naming the file on anything msprobe rejects (missing files, short names, bad stacks).
std::vector<LayerScopeItem> readLayerScopeItems(const std::string& dumpDir);

// Step 1: the first line of dump.json naming a mindspore or torch "type" decides. Throws when none does.
DumpFramework detectDumpFramework(std::string_view dumpJsonText, const std::string& path);

// Step 3: the framework function an API was called from ("" when none), from its stack lines.
std::string frameStackScope(std::span<const std::string_view> lines, DumpFramework framework, const std::string& file);

// Steps 4-5, exposed for tests.
void applyBackwardScopes(std::vector<LayerScopeItem>& items);
void renumberLayerIndices(std::vector<LayerScopeItem>& items, std::string_view typeName, std::string_view suffix);

} // namespace ps
