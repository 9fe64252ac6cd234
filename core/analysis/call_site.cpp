#include "analysis/call_site.h"

#include <charconv>

namespace ps {

std::string CodeFrame::location() const
{
    return line > 0 ? file + ":" + std::to_string(line) : file;
}

namespace {

std::string_view trimmed(std::string_view s)
{
    const char* space = " \t\r\n";
    size_t b = s.find_first_not_of(space);
    if (b == std::string_view::npos)
        return {};
    return s.substr(b, s.find_last_not_of(space) - b + 1);
}

} // namespace

CodeFrame parseCodeFrame(std::string_view text)
{
    // "File F, line N, in FN, CODE": F may hold ", " itself, so the last ", line <digits>, in " splits it.
    CodeFrame f;
    const std::string_view head = "File ";
    const std::string_view lineMark = ", line ";
    size_t at = text.starts_with(head) ? text.rfind(lineMark) : std::string_view::npos;
    if (at != std::string_view::npos) {
        size_t digits = at + lineMark.size();
        int number = 0;
        auto [end, ec] = std::from_chars(text.data() + digits, text.data() + text.size(), number);
        size_t after = size_t(end - text.data());
        if (ec == std::errc() && text.substr(after).starts_with(", in ")) {
            std::string_view rest = text.substr(after + 5);
            size_t comma = rest.find(',');
            f.file = std::string(text.substr(head.size(), at - head.size()));
            f.line = number;
            f.function = std::string(trimmed(rest.substr(0, comma)));
            f.code = comma == std::string_view::npos ? std::string() : std::string(trimmed(rest.substr(comma + 1)));
            f.framework = isFrameworkFile(f.file);
            return f;
        }
    }
    f.code = std::string(trimmed(text));
    return f;
}

bool isFrameworkFile(std::string_view file)
{
    if (file.empty())
        return false;
    static const char* const kMarkers[] = { "/site-packages/", "/dist-packages/", "/torch/", "/msprobe/", "/torch_npu/",
        "/megatron/core/", "/lib/python3", "<frozen", "<string>" };
    for (const char* m : kMarkers)
        if (file.find(m) != std::string_view::npos)
            return true;
    return false;
}

CodeFrame userCallerOf(const Graph& g, NodeId node)
{
    size_t steps = 0;
    for (NodeId n = node; n != kNoNode && n < g.size() && steps <= g.size(); n = g.parent[n], ++steps) {
        // The line an export keeps (msprobe 1.2.1 without -cs): a report of the dumps equals one of their .vis.
        if (g.exportStackIndex(n) == 0)
            continue;
        for (StrId s : g.exportStackOf(n)) {
            CodeFrame f = parseCodeFrame(g.strings.view(s));
            if (!f.framework && !f.file.empty())
                return f;
        }
    }
    return {};
}

} // namespace ps
