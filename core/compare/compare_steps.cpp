#include "compare/comparator.h"

#include "util/error.h"

// The steps around the pair comparison: which mode the dumps ask for, micro-step paging of the root's children and
// the overflow levels of the nodes.
namespace ps {

CompareMode detectCompareMode(const DumpData& npu, const DumpData& bench)
{
    if (npu.task.empty() || bench.task.empty())
        throw Error(ErrorCode::BadTask, npu.task.empty() ? npu.path : bench.path,
            "Please check the dump task is correct, npu's task is " + (npu.task.empty() ? "None" : npu.task)
                + ", bench's task is " + (bench.task.empty() ? "None" : bench.task) + ".");
    if (npu.task != bench.task)
        throw Error(ErrorCode::BadTask, bench.path,
            "Please check the dump task is consistent: npu's task is " + npu.task + ", bench's task is " + bench.task
                + ".");
    if (npu.task == "tensor")
        return CompareMode::Real;
    if (npu.task != "statistics")
        throw Error(ErrorCode::BadTask, npu.path,
            "Compare applies only to task is tensor or statistics (the task is " + npu.task + ").");
    bool md5N = npu.anyMd5Field(), md5B = bench.anyMd5Field();
    if (md5N != md5B)
        throw Error(ErrorCode::BadTask, md5N ? bench.path : npu.path,
            "Please check the dump task is consistent, dump mode of npu and bench should both be statistics or md5.");
    return md5N ? CompareMode::Md5 : CompareMode::Summary;
}

void assignOverflow(Comparison& c)
{
    for (size_t s = 0; s < 2; ++s) {
        if (!c.graphs[s])
            continue;
        const Graph& g = *c.graphs[s];
        c.overflow[s].assign(g.size(), OverflowLevel::None);
        if (!c.overflowCheck || !g.dump)
            continue;
        for (NodeId n = 0; n < g.size(); ++n)
            if (g.record[n] >= 0 && g.type[n] != NodeType::ApiCollection)
                c.overflow[s][n] = g.dump->records[size_t(g.record[n])].overflow;
    }
}

uint32_t pageMicroSteps(Graph& npu, Graph* bench, const std::vector<NodeId>* npuCounterpart)
{
    uint32_t batch = 0;
    bool backwardSeen = false;
    for (NodeId c : npu.children(npu.root)) {
        if (npu.type[c] == NodeType::Module) {
            bool isForward = npu.nameOf(c).find(".forward.") != std::string_view::npos;
            if (isForward && backwardSeen) {
                ++batch;
                backwardSeen = false;
            } else if (!isForward) {
                backwardSeen = true;
            }
        }
        npu.microStep[c] = int32_t(batch);
        if (bench && npuCounterpart && (*npuCounterpart)[c] != kNoNode)
            bench->microStep[(*npuCounterpart)[c]] = int32_t(batch);
    }
    if (bench) {
        for (NodeId c : bench->children(bench->root)) {
            if (bench->microStep[c] >= 0)
                continue;
            std::string_view name = bench->nameOf(c);
            std::string_view last = name.substr(name.rfind('.') == std::string_view::npos ? 0 : name.rfind('.') + 1);
            int v = 0;
            bool ok = !last.empty() && last.size() < 10;
            for (char ch : last)
                ok = ok && ch >= '0' && ch <= '9';
            if (ok)
                v = std::stoi(std::string(last));
            bench->microStep[c] = v;
        }
    }
    return batch + 1;
}

} // namespace ps
