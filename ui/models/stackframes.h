#pragma once
// Call stacks of nodes as frames: parsing msprobe's "File F, line N, in FN, \n CODE" lines, folding framework
// frames (torch, msprobe, Python internals) and grouping suspicious nodes by the user-code line that called them.
#include "models/snapshot.h"

#include <QString>

#include <vector>

namespace psui {

struct StackFrame {
    QString file;
    int line = 0;
    QString function;
    QString code;
    bool framework = false;
    QString location() const; // file:line
};

StackFrame parseFrame(const QString& text);
bool isFrameworkFile(const QString& file);
std::vector<StackFrame> framesOf(const ps::Graph& graph, NodeId node); // innermost first, as dumped

struct FoldedFrame {
    StackFrame frame; // the user frame, or the first framework frame of a run
    int folded = 0; // > 0: a run of this many framework frames shown as one line
};
std::vector<FoldedFrame> foldFrames(const std::vector<StackFrame>& frames);

QString stackText(const std::vector<StackFrame>& frames); // one "file:line  function\n    code" per frame

// The innermost user frame: the line of the user's code that caused the node. Empty file if none.
StackFrame callerFrame(const std::vector<StackFrame>& frames);

struct CallerGroup {
    StackFrame caller;
    std::vector<NodeId> nodes; // NPU nodes, execution order
};
// NPU nodes whose bin is >= minBin (value bins only), grouped by caller (the node's own innermost user frame,
// else its nearest ancestor's), most nodes first.
std::vector<CallerGroup> groupByCaller(const Snapshot& snapshot, int minBin);

} // namespace psui
