#include "compare/truth_verdict.h"

#include "io/item_fields.h"
#include "util/error.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace ps {

const char* truthVerdictName(TruthVerdict verdict)
{
    switch (verdict) {
    case TruthVerdict::None:
        return "";
    case TruthVerdict::Fine:
        return "fine";
    case TruthVerdict::BothOff:
        return "both-off";
    case TruthVerdict::Follows:
        return "follows";
    case TruthVerdict::NpuWorse:
        return "npu-worse";
    }
    return "";
}

double dtypeRounding(std::string_view dtype)
{
    if (dtype.starts_with("torch."))
        dtype.remove_prefix(6);
    if (dtype == "bfloat16")
        return 3.9e-3; // 2^-8
    if (dtype == "float16" || dtype == "half")
        return 4.9e-4; // 2^-11
    if (dtype == "float64" || dtype == "double")
        return 1e-15;
    if (dtype == "bool" || dtype.starts_with("int") || dtype.starts_with("uint"))
        return 0;
    return 1e-6; // float32 (2^-24, and what a few ops in a row add), and anything else
}

std::vector<ColorBin> truthColorBins()
{
    const auto& palette = colorPalette();
    return {
        { palette[0], 0, 1, false, "fine: within rounding of the truth", "" },
        { palette[1], 1, 2, false, "follows: NPU worse because of its inputs or a node inside", "" },
        { palette[3], 2, 3, false, "both off: NPU and bench beyond their rounding", "" },
        { palette[6], 3, 4, false, "npu worse: the NPU went wrong here", "" },
        { kUnmatchedColor, 0, 0, true, "unmatched", "" },
    };
}

std::vector<double> truthColorValues(const TruthJudgement& judgement)
{
    std::vector<double> values(judgement.nodes.size(), std::nan(""));
    for (size_t n = 0; n < values.size(); ++n)
        switch (judgement.nodes[n].verdict) {
        case TruthVerdict::None:
            break;
        case TruthVerdict::Fine:
            values[n] = 0.5;
            break;
        case TruthVerdict::Follows:
            values[n] = 1.5;
            break;
        case TruthVerdict::BothOff:
            values[n] = 2.5;
            break;
        case TruthVerdict::NpuWorse:
            values[n] = 3.5;
            break;
        }
    return values;
}

size_t TruthJudgement::count(TruthVerdict verdict) const
{
    return size_t(
        std::count_if(nodes.begin(), nodes.end(), [verdict](const TruthNode& n) { return n.verdict == verdict; }));
}

namespace {

// Max, Min, Mean, Norm of one item; has[k] false where the dump has no number.
struct Stats {
    double v[4] = {};
    bool has[4] = {};
};

Stats statsOf(const DumpData& dump, const DumpItem& item, ItemStats& buffer)
{
    itemStats(dump, item, buffer);
    Stats s;
    for (int k = 0; k < 4; ++k) {
        const FieldValue& f = buffer.stats[k];
        if (f.isText || (f.json.type != JType::Int && f.json.type != JType::Float))
            continue;
        s.v[k] = f.json.type == JType::Int ? double(f.json.i) : f.json.d;
        s.has[k] = std::isfinite(s.v[k]);
    }
    return s;
}

// The relative error of `x` against the truth `t` over the statistics in `use`; -1 when the truth has no scale.
double errorAgainst(const Stats& x, const Stats& t, const bool use[4])
{
    if (!use[0] || !use[1])
        return -1;
    const double scale = std::max(std::fabs(t.v[0]), std::fabs(t.v[1]));
    const double norm = std::fabs(t.v[3]);
    double e = 0;
    for (int k = 0; k < 4; ++k) {
        if (!use[k])
            continue;
        const double over = k == 3 ? norm : scale; // a tensor of zeros: the absolute difference
        e = std::max(e, std::fabs(x.v[k] - t.v[k]) / (over > 0 ? over : 1));
    }
    return e;
}

class Judge {
public:
    Judge(const Comparison& c, const DumpData& truth, const TruthOptions& options)
        : m_c(c)
        , m_truth(truth)
        , m_options(options)
    {
        std::string buffer;
        for (uint32_t i = 0; i < truth.items.size(); ++i)
            m_truthItems.emplace(std::string(truth.itemKey(truth.items[i], buffer)), i);
    }

    TruthNode judge(NodeId n, bool& inputsWorse)
    {
        TruthNode out;
        const NodeId b = m_c.counterpart[size_t(Side::Npu)][n];
        if (b == kNoNode)
            return out;
        out.npuFloor = m_options.floorFactor * floorOf(Side::Npu, n, &m_npuTensors);
        out.benchFloor = m_options.floorFactor * floorOf(Side::Bench, b, nullptr);
        inputsWorse = false;
        for (uint32_t item : m_c.graph(Side::Npu).inputItems(n)) {
            double ne = -1, be = -1;
            inputsWorse = inputsWorse || verdictOf(item, out, ne, be) == TruthVerdict::NpuWorse;
        }
        for (uint32_t item : m_c.graph(Side::Npu).outputItems(n)) {
            double ne = -1, be = -1;
            const TruthVerdict v = verdictOf(item, out, ne, be);
            if (v == TruthVerdict::None)
                continue;
            if (out.verdict == TruthVerdict::None || v > out.verdict || (v == out.verdict && ne > out.npuError)) {
                out.verdict = v;
                out.npuError = ne;
                out.benchError = be;
                out.npuItem = item;
            }
        }
        return out;
    }

private:
    // The verdict of NPU item `item` against the truth with the node's floors in `node`; None for what is no
    // tensor (a scalar argument such as an epsilon is configuration, not data that carries an error along).
    TruthVerdict verdictOf(uint32_t item, const TruthNode& node, double& npuError, double& benchError)
    {
        if (!m_c.isBound(item) || m_c.rows[item].benchItem == kNoItem)
            return TruthVerdict::None;
        if (std::find(m_npuTensors.begin(), m_npuTensors.end(), item) == m_npuTensors.end())
            return TruthVerdict::None;
        const DumpData& npu = *m_c.graph(Side::Npu).dump;
        const DumpData& bench = *m_c.graph(Side::Bench).dump;
        const auto t = m_truthItems.find(std::string(npu.itemKey(npu.items[item], m_key)));
        if (t == m_truthItems.end())
            return TruthVerdict::None;
        const Stats ns = statsOf(npu, npu.items[item], m_stats);
        const Stats bs = statsOf(bench, bench.items[m_c.rows[item].benchItem], m_stats);
        const Stats ts = statsOf(m_truth, m_truth.items[t->second], m_stats);
        bool use[4];
        for (int k = 0; k < 4; ++k)
            use[k] = ns.has[k] && bs.has[k] && ts.has[k];
        npuError = errorAgainst(ns, ts, use);
        benchError = errorAgainst(bs, ts, use);
        if (npuError < 0)
            return TruthVerdict::None;
        const bool npuOff = npuError > node.npuFloor;
        if (npuOff && npuError > m_options.k * benchError)
            return TruthVerdict::NpuWorse;
        return npuOff && benchError > node.benchFloor ? TruthVerdict::BothOff : TruthVerdict::Fine;
    }

    // The rounding of the least precise dtype among the node's tensors; `tensors` (if given) receives their items,
    // the ones verdictOf judges.
    double floorOf(Side side, NodeId n, std::vector<uint32_t>* tensors)
    {
        const Graph& g = m_c.graph(side);
        double floor = 0;
        if (tensors)
            tensors->clear();
        for (auto items : { g.inputItems(n), g.outputItems(n) })
            for (uint32_t item : items)
                if (const std::string_view dtype = tensorDtype(*g.dump, item); !dtype.empty()) {
                    floor = std::max(floor, dtypeRounding(dtype));
                    if (tensors)
                        tensors->push_back(item);
                }
        return floor;
    }

    // The dtype of a tensor item; "" for anything else (the item fields give scalars a dtype too: their type).
    std::string_view tensorDtype(const DumpData& dump, uint32_t item)
    {
        collectItemFields(dump, dump.items[item], m_fields);
        const FieldValue* type = findField(m_fields, "type");
        const FieldValue* dtype = findField(m_fields, "dtype");
        if (!type || !dtype || !fieldText(dump, type).ends_with("Tensor"))
            return {};
        return fieldText(dump, dtype);
    }

    const Comparison& m_c;
    const DumpData& m_truth;
    TruthOptions m_options;
    std::unordered_map<std::string, uint32_t> m_truthItems; // item name -> truth item
    std::vector<uint32_t> m_npuTensors; // of the node being judged
    std::string m_key;
    ItemStats m_stats;
    ItemFields m_fields;
};

} // namespace

std::shared_ptr<const TruthJudgement> judgeAgainstTruth(
    const Comparison& c, const DumpData& truth, const TruthOptions& options)
{
    if (!c.isCompare || c.mode != CompareMode::Summary || !c.graphs[0] || !c.graphs[1] || !c.graph(Side::Npu).dump
        || !c.graph(Side::Bench).dump || c.nodeDataOmitted)
        throw Error(ErrorCode::BadArgument, truth.path,
            "a truth run judges a statistics comparison of dumps (this comparison is another kind)");
    auto out = std::make_shared<TruthJudgement>();
    out->options = options;
    out->reference = truth.path;
    const Graph& g = c.graph(Side::Npu);
    out->nodes.resize(g.size());
    std::vector<uint8_t> inputsWorse(g.size(), 0);
    Judge judge(c, truth, options);
    for (NodeId n = 0; n < g.size(); ++n) {
        bool worse = false;
        out->nodes[n] = judge.judge(n, worse);
        inputsWorse[n] = worse;
    }
    // Where it started: children before parents (reverse pre-order of an iterative walk; `seen` ends cycles), a
    // node npu-worse because its inputs already were, or because a node inside is, follows.
    std::vector<NodeId> order;
    std::vector<uint8_t> seen(g.size(), 0);
    std::vector<NodeId> stack { g.root };
    while (!stack.empty()) {
        const NodeId n = stack.back();
        stack.pop_back();
        if (n >= g.size() || seen[n])
            continue;
        seen[n] = 1;
        order.push_back(n);
        for (NodeId child : g.children(n))
            stack.push_back(child);
    }
    std::vector<uint8_t> worseInside(g.size(), 0);
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        const NodeId n = *it;
        for (NodeId child : g.children(n))
            if (child < g.size() && (worseInside[child] || out->nodes[child].verdict == TruthVerdict::NpuWorse))
                worseInside[n] = 1;
        if (out->nodes[n].verdict == TruthVerdict::NpuWorse && (inputsWorse[n] || worseInside[n]))
            out->nodes[n].verdict = TruthVerdict::Follows;
    }
    return out;
}

} // namespace ps
