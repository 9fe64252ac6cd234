#include "util/limits.h"

#include "util/memory_budget.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <unistd.h>

namespace ps {

namespace detail {
Limits g_limits;
}

namespace {

struct LimitField {
    std::string_view name;
    uint64_t Limits::*field;
    const char* meaning;
    bool isSize;
};

constexpr LimitField kFields[] = {
    { "max_file_size", &Limits::maxFileBytes, "bytes of one input file", true },
    { "max_json_depth", &Limits::maxJsonDepth, "nesting levels of JSON arrays and objects", false },
    { "max_nodes", &Limits::maxNodes, "records of a dump.json or construct.json, nodes of a graph", false },
    { "max_string_length", &Limits::maxStringBytes, "bytes of one JSON string", true },
    { "max_tensor_elements", &Limits::maxTensorElements, "elements of one .pt or .npy tensor", false },
    { "max_depth", &Limits::maxDepth, "levels of a graph's hierarchy below its root", false },
    { "max_inflate_ratio", &Limits::maxInflateRatio, "decompressed bytes per compressed byte (.vis.gz, .pt)", false },
    { "max_memory", &Limits::maxMemoryBytes, "bytes of memory one run may hold (default: 3/4 of RAM)", true },
};

uint64_t parseValue(std::string_view name, std::string_view text)
{
    auto bad = [&] {
        return std::invalid_argument("limit " + std::string(name) + ": '" + std::string(text)
            + "' is not a positive number (sizes may end in K, M, G or T)");
    };
    if (text.empty())
        throw bad();
    uint64_t value = 0;
    size_t i = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
        if (value > (UINT64_MAX - 9) / 10)
            throw bad();
        value = value * 10 + uint64_t(text[i] - '0');
    }
    if (i == 0)
        throw bad();
    if (i < text.size()) {
        static constexpr std::string_view kSuffixes = "KMGT";
        size_t power = kSuffixes.find(char(text[i] & ~0x20));
        if (power == std::string_view::npos || i + 1 != text.size())
            throw bad();
        for (size_t p = 0; p <= power; ++p) {
            if (value > (UINT64_MAX >> 10))
                throw bad();
            value <<= 10;
        }
    }
    if (value == 0)
        throw bad();
    return value;
}

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

} // namespace

uint64_t Limits::defaultMemoryBudget()
{
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long pageSize = ::sysconf(_SC_PAGESIZE);
    const uint64_t physical = pages > 0 && pageSize > 0 ? uint64_t(pages) * uint64_t(pageSize) : 0;
    return std::max<uint64_t>(physical / 4 * 3, 1ull << 30);
}

void setLimits(const Limits& limits)
{
    detail::g_limits = limits;
    checkMemoryAtNextCall(); // a smaller budget applies at once
}

void applyLimitSettings(Limits& into, std::string_view settings)
{
    while (!settings.empty()) {
        size_t comma = settings.find(',');
        std::string_view one = trimmed(settings.substr(0, comma));
        settings = comma == std::string_view::npos ? std::string_view() : settings.substr(comma + 1);
        if (one.empty())
            continue;
        size_t eq = one.find('=');
        if (eq == std::string_view::npos)
            throw std::invalid_argument("limit '" + std::string(one) + "': expected NAME=VALUE");
        std::string_view name = trimmed(one.substr(0, eq));
        const LimitField* field = nullptr;
        for (const LimitField& f : kFields)
            if (f.name == name)
                field = &f;
        if (!field) {
            std::string known;
            for (const LimitField& f : kFields)
                known += (known.empty() ? "" : ", ") + std::string(f.name);
            throw std::invalid_argument("unknown limit '" + std::string(name) + "' (known: " + known + ")");
        }
        into.*(field->field) = parseValue(name, trimmed(one.substr(eq + 1)));
    }
}

Limits limitsFromEnvironment()
{
    Limits out;
    if (const char* env = std::getenv("PROBESCOPE_LIMITS")) {
        try {
            applyLimitSettings(out, env);
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(std::string("PROBESCOPE_LIMITS: ") + e.what());
        }
    }
    return out;
}

std::string overLimit(const std::string& what, std::string_view name, uint64_t value)
{
    return what + " (above the limit " + std::string(name) + "=" + std::to_string(value)
        + "; change it with probescope-cli --resource_limit or the environment variable PROBESCOPE_LIMITS)";
}

std::string limitsHelp()
{
    std::string out;
    const Limits& current = limits();
    for (const LimitField& f : kFields) {
        std::string line = "  " + std::string(f.name) + "=" + std::to_string(current.*(f.field));
        line.resize(std::max<size_t>(line.size() + 1, 34), ' ');
        out += line + f.meaning + "\n";
    }
    return out;
}

} // namespace ps
