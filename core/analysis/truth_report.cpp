#include "analysis/truth_report.h"

#include "io/json_writer.h"

#include <algorithm>
#include <cstdio>

namespace ps {

std::string truthNumber(double value)
{
    if (value < 0)
        return {};
    char text[32];
    std::snprintf(text, sizeof text, "%.1e", value);
    return text;
}

TruthSummary summarizeTruth(const Comparison& c, const TruthJudgement& judgement, size_t rows)
{
    TruthSummary out;
    out.reference = judgement.reference;
    out.options = judgement.options;
    const Graph& g = c.graph(Side::Npu);
    const DumpData* dump = g.dump.get();
    out.npuWorse = judgement.count(TruthVerdict::NpuWorse);
    out.follows = judgement.count(TruthVerdict::Follows);
    out.bothOff = judgement.count(TruthVerdict::BothOff);
    out.fine = judgement.count(TruthVerdict::Fine);
    std::vector<NodeId> worse;
    for (NodeId n = 0; n < judgement.nodes.size() && n < g.size(); ++n)
        if (judgement.nodes[n].verdict == TruthVerdict::NpuWorse)
            worse.push_back(n);
    std::stable_sort(worse.begin(), worse.end(),
        [&](NodeId a, NodeId b) { return judgement.nodes[a].npuError > judgement.nodes[b].npuError; });
    if (rows && worse.size() > rows)
        worse.resize(rows);
    for (NodeId n : worse) {
        const TruthNode& t = judgement.nodes[n];
        TruthRow row;
        row.node = std::string(g.nameOf(n));
        if (dump && t.npuItem < dump->items.size())
            row.item = dump->itemKey(dump->items[t.npuItem]);
        row.npuError = t.npuError;
        row.benchError = t.benchError;
        row.npuFloor = t.npuFloor;
        out.npuWorseNodes.push_back(std::move(row));
    }
    return out;
}

void appendTruthText(std::string& out, const TruthSummary& truth)
{
    char line[160];
    std::snprintf(line, sizeof line, " (k %g, floor x%g): npu-worse %zu, follows %zu, both-off %zu, fine %zu\n",
        truth.options.k, truth.options.floorFactor, truth.npuWorse, truth.follows, truth.bothOff, truth.fine);
    out += "  against the truth run " + truth.reference + line;
    if (truth.npuWorseNodes.empty())
        return;
    std::snprintf(line, sizeof line, "  %-10s %-10s %-10s %s\n", "NPU error", "bench err", "NPU floor",
        "node where the NPU went wrong / output judged");
    out += line;
    for (const TruthRow& r : truth.npuWorseNodes) {
        std::snprintf(line, sizeof line, "  %-10s %-10s %-10s ", truthNumber(r.npuError).c_str(),
            truthNumber(r.benchError).c_str(), truthNumber(r.npuFloor).c_str());
        out += line + r.node + "\n" + std::string(35, ' ') + r.item + "\n";
    }
}

void writeTruthNumber(PyJsonWriter& w, const char* key, double value)
{
    w.key(key);
    if (value < 0)
        w.null();
    else
        w.real(value);
}

void writeTruthJson(PyJsonWriter& w, const TruthSummary& truth)
{
    auto count = [&](const char* key, size_t value) {
        w.key(key);
        w.integer((long long)value);
    };
    auto number = [&](const char* key, double value) { writeTruthNumber(w, key, value); };
    w.beginObject();
    w.key("reference");
    w.string(truth.reference);
    number("k", truth.options.k);
    number("floor_factor", truth.options.floorFactor);
    count("npu_worse", truth.npuWorse);
    count("follows", truth.follows);
    count("both_off", truth.bothOff);
    count("fine", truth.fine);
    w.key("npu_worse_nodes");
    w.beginArray();
    for (const TruthRow& r : truth.npuWorseNodes) {
        w.beginObject();
        w.key("node");
        w.string(r.node);
        w.key("item");
        w.string(r.item);
        number("npu_error", r.npuError);
        number("bench_error", r.benchError);
        number("npu_floor", r.npuFloor);
        w.endObject();
    }
    w.endArray();
    w.endObject();
}

} // namespace ps
