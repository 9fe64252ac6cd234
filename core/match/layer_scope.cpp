#include "match/layer_scope.h"

#include "graph/naming.h"
#include "io/construct_stack.h"
#include "io/dump_data.h"
#include "io/file_io.h"
#include "util/error.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <limits>
#include <optional>
#include <unordered_map>

namespace ps {

namespace {

std::string joinSegments(std::span<const std::string_view> parts)
{
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) {
        if (i)
            out += '.';
        out += parts[i];
    }
    return out;
}

bool isPySpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// Python str.split() (no argument): whitespace runs separate, leading/trailing whitespace ignored.
std::vector<std::string_view> splitWhitespace(std::string_view s)
{
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && isPySpace(s[i]))
            ++i;
        size_t start = i;
        while (i < s.size() && !isPySpace(s[i]))
            ++i;
        if (i > start)
            out.push_back(s.substr(start, i - start));
    }
    return out;
}

std::vector<std::string_view> splitCommas(std::string_view s)
{
    std::vector<std::string_view> out;
    size_t start = 0;
    for (size_t comma; (comma = s.find(',', start)) != std::string_view::npos; start = comma + 1)
        out.push_back(s.substr(start, comma - start));
    out.push_back(s.substr(start));
    return out;
}

bool containsAny(std::string_view s, std::initializer_list<std::string_view> words)
{
    for (std::string_view w : words)
        if (s.find(w) != std::string_view::npos)
            return true;
    return false;
}

// The function names of stack lines (msprobe's get_stack_in_lines); throws on lines without a function field.
std::vector<std::string> functionNames(std::span<const std::string_view> lines, const std::string& file)
{
    std::vector<std::string> names;
    for (std::string_view line : lines) {
        if (line.empty())
            continue;
        auto fields = splitCommas(line);
        if (containsAny(fields[0], { "msprobe", "MindSpeed" }))
            continue;
        if (fields.size() < 3)
            throw Error(
                ErrorCode::BadContent, file, "the stack line \"" + std::string(line) + "\" has no function field");
        if (containsAny(fields[2], { "construct", "__call__" }))
            continue;
        auto tokens = splitWhitespace(fields[2]);
        if (tokens.size() < 2)
            throw Error(
                ErrorCode::BadContent, file, "the stack line \"" + std::string(line) + "\" has no function name");
        names.emplace_back(tokens[1]);
    }
    return { names.rbegin(), names.rend() };
}

bool isFrameworkEnd(std::string_view line, DumpFramework framework)
{
    if (framework == DumpFramework::MindSpore)
        return line.find("construct") != std::string_view::npos;
    return containsAny(line, { "in forward,", "in backward," });
}

struct ScopeFiles {
    std::string dump, construct, stack; // paths named in errors
};

// frameOf(): the framework function of the record's stack (step 3), "" without a stack; computed on demand.
LayerScopeItem makeItem(std::string_view name, std::string_view parent, const std::function<std::string()>& frameOf,
    const ScopeFiles& files)
{
    auto parts = splitDots(name);
    size_t n = parts.size();
    if (n < 4)
        throw Error(ErrorCode::BadName, files.dump,
            "the dump name \"" + std::string(name) + "\" has fewer than four dot-separated fields");
    LayerScopeItem item;
    item.name = std::string(name);
    std::string apiName, layerScope;
    std::string_view apiType = parts[0];
    bool isModule = false;
    if (parts[n - 1] == "parameters_grad") {
        apiType = "parameters_grad";
        apiName = parts[n - 3];
        item.typeName = parts[n - 2];
        item.state = "parameters_grad";
        layerScope = joinSegments(std::span(parts).first(n - 3));
    } else {
        item.typeName = parts[n - 3];
        isModule = apiType == "Module" || apiType == "Cell";
        if (isModule) {
            apiName = parts[n - 4];
            item.state = parts[n - 2];
            layerScope = joinSegments(std::span(parts).first(n - 4));
        } else {
            apiName = item.typeName;
            item.state = parts[n - 1];
            if (!parent.empty()) {
                auto parentParts = splitDots(parent);
                layerScope = joinSegments(
                    std::span(parentParts).first(parentParts.size() - std::min<size_t>(3, parentParts.size())));
            } else {
                layerScope = "TopLayer";
            }
        }
    }
    if (!parent.empty() && splitDots(parent).size() < 4)
        throw Error(ErrorCode::BadName, files.construct,
            "the parent \"" + std::string(parent) + "\" of \"" + item.name
                + "\" has fewer than four dot-separated fields");
    std::string frame;
    if (!isModule && apiType != "Primitive" && apiType != "Jit")
        frame = frameOf();
    item.fullScope = layerScope + (frame.empty() ? "" : "." + frame) + "." + apiName;
    return item;
}

} // namespace

DumpFramework detectDumpFramework(std::string_view text, const std::string& path)
{
    auto namesType = [](std::string_view line, std::string_view value) {
        for (size_t at = line.find("\"type\":"); at != std::string_view::npos; at = line.find("\"type\":", at + 1)) {
            size_t i = at + 7;
            while (i < line.size() && isPySpace(line[i]))
                ++i;
            if (line.substr(i, value.size()) == value)
                return true;
        }
        return false;
    };
    for (size_t start = 0; start < text.size();) {
        size_t end = text.find('\n', start);
        std::string_view line
            = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
        if (namesType(line, "\"mindspore"))
            return DumpFramework::MindSpore;
        if (namesType(line, "\"torch"))
            return DumpFramework::PyTorch;
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    throw Error(ErrorCode::BadContent, path, "the dump must be based on the MindSpore or PyTorch framework");
}

std::string frameStackScope(std::span<const std::string_view> lines, DumpFramework framework, const std::string& file)
{
    // The region between the last "Template" line and the next framework entry line.
    long start = -1;
    size_t end = lines.size();
    for (size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].find("Template") != std::string_view::npos) {
            start = long(i);
        } else if (start >= 0 && isFrameworkEnd(lines[i], framework)) {
            end = i;
            break;
        }
    }
    size_t begin = size_t(start + 1);
    std::span<const std::string_view> region = begin < end ? lines.subspan(begin, end - begin) : lines.first(0);
    // Framework lines until the first user line: the last one names the function. User lines are checked too,
    // because msprobe parses them (and fails on malformed ones) even though it does not use them by default.
    std::optional<std::string_view> frameworkLine;
    std::vector<std::string_view> userLines;
    bool entered = false;
    for (std::string_view line : region) {
        std::string_view fileField = line.substr(0, line.find(','));
        bool isFramework = containsAny(
            fileField, { "site-packages/torch", "package/torch", "site-packages/mindspore", "package/mindspore" });
        if (isFramework && !entered) {
            frameworkLine = line;
        } else {
            userLines.push_back(line);
            entered = true;
        }
    }
    std::vector<std::string_view> frameLines;
    if (frameworkLine)
        frameLines.push_back(*frameworkLine);
    auto names = functionNames(frameLines, file);
    functionNames(userLines, file);
    return names.empty() ? std::string() : names.front();
}

void applyBackwardScopes(std::vector<LayerScopeItem>& items)
{
    std::unordered_map<std::string_view, size_t> byName;
    for (size_t i = 0; i < items.size(); ++i)
        byName.emplace(items[i].name, i);
    for (LayerScopeItem& item : items) {
        auto parts = splitDots(item.name);
        size_t first = parts.size() >= 2 ? parts.size() - 2 : 0;
        bool backward = false;
        for (size_t i = first; i < parts.size(); ++i)
            backward = backward || parts[i] == "backward";
        if (!backward)
            continue;
        std::vector<std::string> rewritten(parts.begin(), parts.end());
        for (size_t i = first; i < parts.size(); ++i)
            rewritten[i] = replaceAll(parts[i], "backward", "forward");
        std::vector<std::string_view> views(rewritten.begin(), rewritten.end());
        auto forward = byName.find(joinSegments(views));
        if (forward != byName.end())
            item.fullScope = items[forward->second].fullScope;
    }
}

std::vector<LayerScopeItem> readLayerScopeItems(const std::string& dumpDir)
{
    ScopeFiles files { joinPath(dumpDir, "dump.json"), joinPath(dumpDir, "construct.json"),
        joinPath(dumpDir, "stack.json") };
    std::string text = readWholeFile(files.dump);
    DumpFramework framework = detectDumpFramework(text, files.dump);
    std::shared_ptr<DumpData> dump = parseDumpJson(text, files.dump);
    text.clear();
    StringPool& pool = dump->pool;
    StackData stack = readStackJson(files.stack, pool);
    ConstructData construct = readConstructJson(files.construct, pool);
    if (stack.empty() || construct.entries.empty())
        return {};
    std::vector<LayerScopeItem> items;
    items.reserve(dump->records.size());
    // Records sharing a stack group share its frame: a grouped stack.json lists one stack for many records.
    std::vector<std::optional<std::string>> frameOfGroup(stack.groups.size());
    std::vector<std::string_view> lines;
    for (const DumpRecord& record : dump->records) {
        const ConstructEntry* entry = construct.entry(record.name);
        std::string_view parentName = !entry || entry->parent == kNoStr ? "" : pool.view(entry->parent);
        auto frameOf = [&]() -> std::string {
            auto group = stack.groupOf.find(record.name);
            if (group == stack.groupOf.end() || stack.groups[group->second].empty())
                return {};
            std::optional<std::string>& frame = frameOfGroup[group->second];
            if (!frame) {
                lines.clear();
                for (StrId line : stack.groups[group->second])
                    lines.push_back(pool.view(line));
                frame = frameStackScope(lines, framework, files.stack);
            }
            return *frame;
        };
        items.push_back(makeItem(pool.view(record.name), parentName, frameOf, files));
    }
    applyBackwardScopes(items);
    renumberLayerIndices(items, "ParallelTransformer", "layers");
    return items;
}

} // namespace ps
