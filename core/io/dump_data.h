#pragma once
// One side's dump.json, reduced to what the graph needs: the records in file order, each flattened into its
// data items, with the leaf entries' fields kept verbatim in a compact arena. The raw record tree
// is never kept: the reader flattens each record as it streams past.
#include "io/json_value.h"
#include "io/leaf_store.h"
#include "util/id_index.h"
#include "util/prefault.h"
#include "util/run_context.h"
#include "util/string_pool.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace ps {

// ParametersGrad: the items of a `{module}.parameters_grad` record (its whole body, msprobe's state
// "parameters_grad"); msprobe 1.2.1 shows no node for them, 26.0.0 does.
enum class ItemSource : uint8_t { InputArgs, InputKwargs, Input, Output, Parameters, ParametersGrad };

enum class OverflowLevel : uint8_t { None, Medium, High, Critical };
const char* overflowLevelName(OverflowLevel level); // "medium", "high", "critical" ("" for None)

// An item's name (full_op_name: the data_name stem, or the path name) nearly always continues its record's name
// ("<record>.input.0"), so it is kept as that record name plus the rest: the rests are a few shared strings, where
// whole names would be millions of distinct ones to hash and store.
struct DumpItem {
    StrId keyPrefix = kNoStr; // the record name the name starts with, or kNoStr when keySuffix is the whole name
    StrId keySuffix = kNoStr; // the rest of the name (from the '.' after the record name), or the whole name
    uint64_t keyId() const { return (uint64_t(keyPrefix) << 32) | keySuffix; } // equal names, equal ids (one record)
    LeafRef leaf; // the leaf entry object (in DumpData::leaves); none for a placeholder item
    ItemSource source = ItemSource::InputArgs;
};

struct DumpRecord {
    StrId name = kNoStr;
    uint32_t firstItem = 0;
    uint32_t itemCount = 0;
    OverflowLevel overflow = OverflowLevel::None; // computed while reading
    bool hasMd5Field = false; // the record has an md5 field (md5 mode)
};

class DumpData {
public:
    DumpData();
    DumpData(const DumpData&) = delete;
    DumpData& operator=(const DumpData&) = delete;

    std::string path; // dump.json path
    std::string task; // "" when absent
    std::string level;
    std::string framework;
    bool dumpDataDirIsNull = false; // `dump_data_dir: null` (written as null)
    // Items read back from a .vis/.vis.db: each leaf object already holds the final formatted fields (metrics
    // included), so collectItemFields and formatItem pass them through unchanged.
    bool verbatim = false;
    std::string dumpDataDir; // "" when absent

    StringPool pool;
    JArena arena; // nested values of the leaf entries (shapes, values of non-tensor arguments)
    LeafStore leaves; // the leaf entries of all items
    LeafFields leafOf(const DumpItem& item) const { return leaves.fields(item.leaf); }
    // Appends an item named `key` (split off the name of `record`, a string of this pool or kNoStr, when it starts
    // with it) whose leaf is `entry`, a value of `from` (an arena on this dump's pool); returns its index. The
    // record's id is passed, not its name: a record has several items, and its long name would be hashed again
    // for each.
    uint32_t addItem(std::string_view key, StrId record, const JArena& from, const JValue& entry, ItemSource source);
    // The item's whole name; `buffer` holds it when it has to be put together.
    std::string_view itemKey(const DumpItem& item, std::string& buffer) const;
    std::string itemKey(const DumpItem& item) const;
    // Ids of the leaf keys hot paths look up (kNoStr when the dump never used the key).
    struct KeyIds {
        StrId type = kNoStr, dtype = kNoStr, shape = kNoStr, md5 = kNoStr, value = kNoStr;
        StrId stats[4] = { kNoStr, kNoStr, kNoStr, kNoStr }; // Max, Min, Mean, Norm
    } keys;
    void resolveKeys();
    std::vector<DumpRecord> records; // file order
    std::vector<DumpItem> items;
    PrefaultAhead itemsPrefault; // addItem's: the items array is reserved from the file size and fills in order

    const DumpRecord* record(std::string_view name) const;
    // The same, trying record `hint` first: construct.json lists nodes mostly in dump.json's order, so a reader
    // walking it passes the record after the one found last and rarely pays for a hash lookup (a cache miss
    // into a table of a million names).
    const DumpRecord* record(std::string_view name, size_t hint) const
    {
        if (hint < records.size() && pool.view(records[hint].name) == name)
            return &records[hint];
        return record(name);
    }
    std::span<const DumpItem> itemsOf(const DumpRecord& r) const { return { items.data() + r.firstItem, r.itemCount }; }
    bool anyMd5Field() const;
    size_t memoryBytes() const;

    // Internal: name -> record index.
    IdIndex byName; // record name id -> record index
};

struct DumpReadOptions {
    int maxArgumentDepth = 10; // msprobe's recursion limit for argument nesting
    ProgressPart progress; // Stage::ReadDump by bytes read; cancellation checked as often
    // Called as often with the offset before which the text is no longer needed (readDumpJson releases those pages
    // of the mapped file).
    std::function<void(size_t)> consumed;
};

// Reads and flattens dump.json. Throws ps::Error naming the file and the problem.
std::shared_ptr<DumpData> readDumpJson(const std::string& path, const DumpReadOptions& options = {});
std::shared_ptr<DumpData> parseDumpJson(
    std::string_view text, const std::string& path, const DumpReadOptions& options = {});

} // namespace ps
