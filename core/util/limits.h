#pragma once
// Caps on what one input may make ProbeScope read or hold, so that a broken or hostile file ends in a clear error
// naming the file and the limit instead of exhausting memory. The defaults handle 10 GB dumps. They are set once,
// before work starts: probescope-cli --resource_limit NAME=VALUE (probescope --resource-limit), or for both
// programs the environment variable PROBESCOPE_LIMITS="NAME=VALUE,NAME=VALUE" (sizes take K, M, G, T suffixes).
#include <cstdint>
#include <string>
#include <string_view>

namespace ps {

struct Limits {
    uint64_t maxFileBytes = 64ull << 30; // max_file_size: one input file (JSON, .vis, .vis.db, YAML, tensor)
    uint64_t maxJsonDepth = 512; // max_json_depth: nested JSON arrays and objects
    uint64_t maxNodes = 100'000'000; // max_nodes: records of one dump.json or construct.json, nodes of one graph
    uint64_t maxStringBytes = 1ull << 30; // max_string_length: one JSON string, in bytes
    uint64_t maxTensorElements = 4ull << 30; // max_tensor_elements: one .pt or .npy tensor
    uint64_t maxDepth = 500; // max_depth: levels below the root of a graph (msprobe 26 stops at 500)
    uint64_t maxInflateRatio = 100; // max_inflate_ratio: decompressed bytes per compressed byte (.vis.gz, .pt)
    uint64_t maxMemoryBytes = defaultMemoryBudget(); // max_memory: memory the process may hold (util/memory_budget.h)

    static uint64_t defaultMemoryBudget(); // 3/4 of the machine's physical memory, at least 1 GiB
};

namespace detail {
extern Limits g_limits;
}

inline const Limits& limits()
{
    return detail::g_limits;
}
void setLimits(const Limits& limits); // not thread-safe: call before any reading starts

// Applies "NAME=VALUE[,NAME=VALUE...]" to `into`. Throws std::invalid_argument naming the bad setting.
void applyLimitSettings(Limits& into, std::string_view settings);
// The limits from PROBESCOPE_LIMITS over the defaults; throws std::invalid_argument like applyLimitSettings.
Limits limitsFromEnvironment();

// The text of an error about a limit: "<what> (above the limit NAME=VALUE; change it with ...)".
std::string overLimit(const std::string& what, std::string_view name, uint64_t value);

// The names, meanings and current values, for --help.
std::string limitsHelp();

// Tests: sets limits for a scope and restores the previous ones.
class ScopedLimits {
public:
    explicit ScopedLimits(const Limits& l)
        : m_saved(limits())
    {
        setLimits(l);
    }
    ~ScopedLimits() { setLimits(m_saved); }
    ScopedLimits(const ScopedLimits&) = delete;
    ScopedLimits& operator=(const ScopedLimits&) = delete;

private:
    Limits m_saved;
};

} // namespace ps
