#include "graph/stack_simplify.h"

#include "graph/naming.h"

#include <regex>
#include <string>

namespace ps {

namespace {

bool isWordChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

bool isLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// re.search(r"\b[A-Z][a-zA-Z]*Template\(", line)
bool hasTemplateCall(std::string_view line)
{
    size_t pos = 0;
    while ((pos = line.find("Template(", pos)) != std::string_view::npos) {
        size_t start = pos;
        while (start > 0 && isLetter(line[start - 1]))
            --start;
        if (start < pos && line[start] >= 'A' && line[start] <= 'Z' && (start == 0 || !isWordChar(line[start - 1])))
            return true;
        ++pos;
    }
    return false;
}

// re.search(m + r"\(", line) where m is used as a regex without escaping.
class CallSiteMatcher {
public:
    explicit CallSiteMatcher(std::string_view m)
        : m_literal(std::string(m) + "(")
    {
        for (char c : m)
            if (!isWordChar(c)) {
                try {
                    m_regex.emplace(std::string(m) + "\\(");
                } catch (const std::regex_error&) {
                    m_invalid = true;
                }
                break;
            }
    }
    bool matches(std::string_view line) const
    {
        if (m_invalid)
            return false;
        if (m_regex)
            return std::regex_search(line.begin(), line.end(), *m_regex);
        return line.find(m_literal) != std::string_view::npos;
    }

private:
    std::string m_literal;
    std::optional<std::regex> m_regex;
    bool m_invalid = false;
};

} // namespace

int simplifiedStackLine(std::string_view nodeName, const std::vector<std::string_view>& lines)
{
    if (nodeTypeOfName(nodeName) == NodeType::Module) {
        auto parts = splitDots(nodeName);
        if (parts.size() < 4)
            return -1;
        CallSiteMatcher matcher(parts[parts.size() - 4]);
        for (size_t i = 0; i < lines.size(); ++i)
            if (matcher.matches(lines[i]))
                return int(i);
        return -1;
    }
    for (size_t i = 0; i < lines.size(); ++i)
        if (hasTemplateCall(lines[i]))
            return i + 1 < lines.size() ? int(i + 1) : -1;
    return -1;
}

} // namespace ps
