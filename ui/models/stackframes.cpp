#include "models/stackframes.h"

#include "analysis/call_site.h"

#include <QHash>

#include <algorithm>

namespace psui {

QString StackFrame::location() const
{
    return line > 0 ? file % QLatin1Char(':') % QString::number(line) : file;
}

// The parsing and the framework rule are the core's (analysis/call_site), which the CLI report uses too.
StackFrame parseFrame(const QString& text)
{
    const ps::CodeFrame core = ps::parseCodeFrame(text.toStdString());
    StackFrame f;
    f.file = QString::fromStdString(core.file);
    f.line = core.line;
    f.function = QString::fromStdString(core.function);
    f.code = QString::fromStdString(core.code);
    f.framework = core.framework;
    return f;
}

bool isFrameworkFile(const QString& file)
{
    return ps::isFrameworkFile(file.toStdString());
}

std::vector<StackFrame> framesOf(const ps::Graph& graph, NodeId node)
{
    std::vector<StackFrame> frames;
    if (node == ps::kNoNode || node >= graph.size())
        return frames;
    for (ps::StrId s : graph.stackOf(node))
        frames.push_back(parseFrame(QString::fromUtf8(graph.strings.view(s))));
    return frames;
}

std::vector<FoldedFrame> foldFrames(const std::vector<StackFrame>& frames)
{
    std::vector<FoldedFrame> out;
    for (const StackFrame& f : frames) {
        if (f.framework && !out.empty() && out.back().folded > 0)
            ++out.back().folded;
        else
            out.push_back({ f, f.framework ? 1 : 0 });
    }
    return out;
}

QString stackText(const std::vector<StackFrame>& frames)
{
    QString text;
    for (const StackFrame& f : frames)
        text
            += f.location() % QStringLiteral("  ") % f.function % QStringLiteral("\n    ") % f.code % QLatin1Char('\n');
    return text;
}

StackFrame callerFrame(const std::vector<StackFrame>& frames)
{
    for (const StackFrame& f : frames)
        if (!f.framework && !f.file.isEmpty())
            return f;
    return {};
}

std::vector<CallerGroup> groupByCaller(const Snapshot& snapshot, int minBin)
{
    std::vector<CallerGroup> groups;
    if (!snapshot.hasSide(Side::Npu) || minBin < 0)
        return groups;
    const ps::Graph& g = snapshot.graph(Side::Npu);
    const SideRollup& r = snapshot.rollup(Side::Npu);
    QHash<QString, size_t> byLocation;
    // Stacks are shared between nodes: parse each distinct stack once.
    QHash<uint32_t, StackFrame> callerOfStack;
    auto callerOfNode = [&](NodeId node) -> const StackFrame* {
        // msprobe keeps one stack line by default, often inside torch for an API: then the nearest ancestor
        // (the module that called it) tells the user-code line.
        for (NodeId n = node; n != ps::kNoNode && n < g.size(); n = g.parent[n]) {
            if (g.stack[n] == 0)
                continue;
            auto it = callerOfStack.find(g.stack[n]);
            if (it == callerOfStack.end())
                it = callerOfStack.insert(g.stack[n], callerFrame(framesOf(g, n)));
            if (!it->file.isEmpty())
                return &*it;
        }
        return nullptr;
    };
    for (NodeId n = 0; n < g.size(); ++n) {
        if (r.bin[n] < minBin || !snapshot.isValueBin(r.bin[n]))
            continue;
        const StackFrame* caller = callerOfNode(n);
        if (!caller)
            continue;
        const QString key = caller->location();
        auto pos = byLocation.find(key);
        if (pos == byLocation.end()) {
            pos = byLocation.insert(key, groups.size());
            groups.push_back({ *caller, {} });
        }
        groups[*pos].nodes.push_back(n);
    }
    std::stable_sort(groups.begin(), groups.end(),
        [](const CallerGroup& a, const CallerGroup& b) { return a.nodes.size() > b.nodes.size(); });
    return groups;
}

} // namespace psui
