#include "match/layer_mapping.h"

#include "graph/naming.h"
#include "io/file_io.h"
#include "match/layer_mapping_rules.h"
#include "match/layer_scope.h"
#include "util/error.h"

#include <cstdio>
#include <exception>
#include <functional>
#include <new>
#include <unistd.h>
#include <zlib.h>

namespace ps {

namespace {

// The model hierarchy of one side as a trie over scope segments. A node's type name is
// its class once an item ends there; items keep dump order per state, so repeated calls are told apart by position.
class LayerTrie {
public:
    explicit LayerTrie(const std::vector<LayerScopeItem>& items)
        : m_items(items)
    {
        m_nodes.push_back({ "TopLayer", {}, {} });
        for (uint32_t i = 0; i < items.size(); ++i) {
            auto parts = splitDots(items[i].fullScope);
            uint32_t node = 0;
            for (size_t k = 1; k < parts.size(); ++k) {
                auto it = m_nodes[node].children.find(std::string(parts[k]));
                if (it == m_nodes[node].children.end()) {
                    uint32_t created = uint32_t(m_nodes.size());
                    m_nodes[node].children.emplace(std::string(parts[k]), created);
                    m_nodes.push_back({ std::string(parts[k]), {}, {} });
                    node = created;
                } else {
                    node = it->second;
                }
            }
            auto& sameState = m_nodes[node].itemsByState[items[i].state];
            m_position.push_back(uint32_t(sameState.size()));
            sameState.push_back(i);
            m_nodes[node].typeName = items[i].typeName;
        }
    }

    static constexpr uint32_t kNone = 0xffffffffu;
    uint32_t root() const { return 0; }
    const std::string& typeName(uint32_t node) const { return m_nodes[node].typeName; }
    uint32_t child(uint32_t node, std::string_view name) const
    {
        auto it = m_nodes[node].children.find(std::string(name));
        return it == m_nodes[node].children.end() ? kNone : it->second;
    }
    const std::vector<uint32_t>& itemsOf(uint32_t node, const std::string& state) const
    {
        static const std::vector<uint32_t> kEmpty;
        auto it = m_nodes[node].itemsByState.find(state);
        return it == m_nodes[node].itemsByState.end() ? kEmpty : it->second;
    }
    const LayerScopeItem& item(uint32_t index) const { return m_items[index]; }
    size_t positionOf(uint32_t index) const { return m_position[index]; } // among its node's items of its state

private:
    struct Node {
        std::string typeName;
        std::unordered_map<std::string, uint32_t> children;
        std::unordered_map<std::string, std::vector<uint32_t>> itemsByState;
    };
    const std::vector<LayerScopeItem>& m_items;
    std::vector<Node> m_nodes;
    std::vector<uint32_t> m_position; // per item
};

// Step 8: the Bench item an NPU item maps to, or nullptr.
const LayerScopeItem* convertItem(const LayerTrie& npu, const LayerTrie& bench, uint32_t npuIndex,
    const LayerMappingTable& table, const std::string& file)
{
    const LayerScopeItem& item = npu.item(npuIndex);
    auto segs = splitDots(item.fullScope);
    std::string benchScope = "TopLayer";
    uint32_t cur = npu.root();
    for (size_t i = 0; i + 1 < segs.size();) {
        std::string_view target = segs[i + 1];
        size_t step = 1;
        if (auto cls = table.find(npu.typeName(cur)); cls != table.end()) {
            if (const LayerRuleTrie::Rule* rule = cls->second.longest(std::span(segs).subspan(i + 1))) {
                target = rule->target;
                step = rule->segments;
            }
        }
        benchScope += '.';
        benchScope += target;
        for (size_t k = 0; k < step; ++k, ++i) {
            cur = npu.child(cur, segs[i + 1]);
            if (cur == LayerTrie::kNone)
                throw Error(ErrorCode::BadName, file, "the scope of \"" + item.name + "\" is not in the layer tree");
        }
    }
    // Its position among the items of its layer and state (msprobe's enumerate, known since insertion).
    const size_t index = npu.positionOf(npuIndex);

    auto benchSegs = splitDots(benchScope);
    uint32_t node = bench.root();
    for (size_t k = 1; k < benchSegs.size() && node != LayerTrie::kNone; ++k)
        node = bench.child(node, benchSegs[k]);
    if (node == LayerTrie::kNone)
        return nullptr;
    const auto& candidates = bench.itemsOf(node, item.state);
    if (index >= candidates.size())
        return nullptr;
    return &bench.item(candidates[index]);
}

// The name map from both dumps and the rules `loadRules` gives (read after the dumps, as msprobe does);
// `source` names the rules in warnings.
std::unordered_map<std::string, std::string> buildMap(const std::string& npuDir, const std::string& benchDir,
    const std::function<LayerMappingRules()>& loadRules, const std::string& source, std::vector<std::string>& warnings)
{
    std::unordered_map<std::string, std::string> map;
    try {
        std::vector<LayerScopeItem> npuItems = readLayerScopeItems(npuDir);
        std::vector<LayerScopeItem> benchItems = readLayerScopeItems(benchDir);
        LayerMappingRules rules = loadRules();
        for (const LayerMappingMessage& m : rules.validate())
            warnings.push_back(
                source + (m.line > 0 ? ": line " + std::to_string(m.line) : std::string()) + ": " + m.text);
        LayerMappingTable table = rules.candidateTable();
        LayerTrie npu(npuItems), bench(benchItems);
        for (uint32_t i = 0; i < npuItems.size(); ++i) {
            const LayerScopeItem* target = convertItem(npu, bench, i, table, npuDir);
            map[npuItems[i].name] = target ? target->name : "N/A";
        }
    } catch (const Error& e) {
        if (e.code() == ErrorCode::Cancelled || e.code() == ErrorCode::MemoryLimit)
            throw; // the run stops: no fallback hides the memory budget or a cancel
        warnings.push_back(std::string(kLayerMappingFailed) + " " + e.what());
        return {};
    } catch (const std::bad_alloc&) {
        throw;
    } catch (const std::exception& e) {
        warnings.push_back(std::string(kLayerMappingFailed) + " " + source + ": " + e.what());
        return {};
    }
    return map;
}

} // namespace

std::shared_ptr<const LayerMapping> readLayerMapping(const std::string& path, bool stopOnUnreadable)
{
    auto mapping = std::make_shared<LayerMapping>();
    mapping->name = path;
    // The file's content, not its path, identifies the rules: the array tasks of a cluster job may see the file
    // under other names.
    std::string content;
    try {
        content = readWholeFile(path, 64ull << 20);
    } catch (const Error&) {
        content = "(unreadable)";
    }
    char crc[16];
    std::snprintf(crc, sizeof crc, "%08lx",
        crc32(crc32(0, nullptr, 0), reinterpret_cast<const Bytef*>(content.data()), uInt(content.size())));
    mapping->contentCrc = crc;
    try {
        // msprobe checks the file before reading it: a missing, unreadable or oversized file is no parse failure.
        checkInputFile(path);
        if (::access(path.c_str(), R_OK) != 0)
            throw Error(ErrorCode::FileUnreadable, path, "the layer mapping file cannot be read");
    } catch (const Error&) {
        if (stopOnUnreadable)
            throw;
        mapping->failure = std::current_exception();
        return mapping;
    }
    try {
        mapping->rules = std::make_shared<const LayerMappingRules>(LayerMappingRules::load(path));
    } catch (const std::bad_alloc&) {
        throw;
    } catch (...) {
        mapping->failure = std::current_exception();
    }
    return mapping;
}

std::shared_ptr<const LayerMapping> layerMappingOf(LayerMappingRules rules, std::string name)
{
    auto mapping = std::make_shared<LayerMapping>();
    mapping->name = std::move(name);
    mapping->rules = std::make_shared<const LayerMappingRules>(std::move(rules));
    return mapping;
}

std::unordered_map<std::string, std::string> buildLayerNameMap(const std::string& npuDir, const std::string& benchDir,
    const LayerMapping& mapping, std::vector<std::string>& warnings)
{
    return buildMap(
        npuDir, benchDir,
        [&] {
            if (mapping.failure)
                std::rethrow_exception(mapping.failure);
            return mapping.rules ? *mapping.rules : LayerMappingRules();
        },
        mapping.name, warnings);
}

} // namespace ps
