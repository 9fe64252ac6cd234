#pragma once
// The line of the user's code that called a node: msprobe's stack lines ("File F, line N, in FN, \n CODE") parsed
// without Qt, framework frames (torch, msprobe, site-packages, Python internals) skipped. Shared by the reports
// and the viewer's caller grouping.
#include "graph/graph.h"

#include <string>
#include <string_view>

namespace ps {

struct CodeFrame {
    std::string file; // empty when the line is no "File ..., line ..." frame
    int line = 0;
    std::string function;
    std::string code;
    bool framework = false;
    std::string location() const; // "file:line" ("file" without a line number, "" without a file)
};

CodeFrame parseCodeFrame(std::string_view text);
bool isFrameworkFile(std::string_view file);

// The innermost user frame of n's stack, else of its nearest ancestor's (msprobe keeps one line by default, often
// inside torch for an API; the module that called it then tells the line). Empty file when none; bounded by the
// graph's size, so a cycle of parents cannot loop.
CodeFrame userCallerOf(const Graph& g, NodeId n);

} // namespace ps
