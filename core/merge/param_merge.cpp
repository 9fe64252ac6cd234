#include "merge/param_merge.h"

#include "graph/naming.h"
#include "util/pyformat.h"

#include <cmath>
#include <cstring>
#include <unordered_map>

namespace ps::merge {

bool isMergeableDtype(std::string_view dtype)
{
    static const std::string_view kDtypes[] = { "torch.int8", "torch.int32", "torch.int64", "torch.bfloat16",
        "torch.float16", "torch.float32", "torch.float64", "Float16", "Float32", "BFloat16" };
    for (std::string_view d : kDtypes)
        if (dtype == d)
            return true;
    return false;
}

std::optional<StatKey> exactStatKey(const Stat& s)
{
    StatKey key;
    double d = s.d;
    if (s.kind == Stat::Kind::Int) {
        d = double(s.i);
        // 2^63 itself is no int64: compare the range first
        if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0) || int64_t(d) != s.i) {
            key.bigInt = true;
            key.bits = uint64_t(s.i);
            return key;
        }
    }
    if (std::isnan(d))
        return std::nullopt;
    if (d == 0)
        d = 0; // -0.0 == 0.0
    std::memcpy(&key.bits, &d, sizeof d);
    return key;
}

bool sameStat(const Stat& a, const Stat& b, bool uncertain)
{
    if (!a.isNumber() || !b.isNumber())
        return true;
    if (a.kind == Stat::Kind::Int && b.kind == Stat::Kind::Int)
        return a.i == b.i;
    if (!uncertain) {
        const auto x = exactStatKey(a), y = exactStatKey(b);
        return x && y && *x == *y;
    }
    const double x = a.number(), y = b.number();
    const double diff = std::fabs(x - y);
    if (std::isnan(diff))
        return std::isnan(x) && std::isnan(y);
    if (std::isinf(diff))
        return std::isinf(x) && std::isinf(y);
    constexpr double kThreshold = 1e-6;
    return x == 0 ? diff < kThreshold : std::fabs(diff / x) < kThreshold;
}

bool sameParam(const Forest& f, ItemRef a, ItemRef b)
{
    for (int k = 0; k < 4; ++k)
        if (!sameStat(f.stat(a, k), f.stat(b, k), k == kMean || k == kNorm))
            return false;
    return true;
}

namespace {

// A node's parameters by key, as the dict lookup msprobe does on the other ranks' nodes.
class ParamIndex {
public:
    explicit ParamIndex(std::vector<Param> params)
        : m_params(std::move(params))
    {
        if (m_params.size() > 16)
            for (size_t i = 0; i < m_params.size(); ++i)
                m_index[m_params[i].key] = i; // a repeated key: the last wins, as in a dict
    }
    const Param* find(const std::string& key) const
    {
        if (!m_index.empty()) {
            auto it = m_index.find(key);
            return it == m_index.end() ? nullptr : &m_params[it->second];
        }
        for (size_t i = m_params.size(); i-- > 0;)
            if (m_params[i].key == key)
                return &m_params[i];
        return nullptr;
    }

private:
    std::vector<Param> m_params;
    std::unordered_map<std::string, size_t> m_index;
};

} // namespace

void diffParams(const Forest& f, MNodeId main, const std::vector<MNodeId>& others, bool compareData, ParamDiff& inputs,
    ParamDiff& outputs)
{
    inputs.clear();
    outputs.clear();
    if (others.empty())
        return;
    const std::string mainName(f.nameOf(main));
    for (int dir = 0; dir < 2; ++dir) {
        const bool output = dir == 1;
        std::vector<ParamIndex> otherParams;
        otherParams.reserve(others.size());
        for (MNodeId o : others)
            otherParams.emplace_back(f.params(output ? f.nodes[o].out : f.nodes[o].in));
        ParamDiff& diff = output ? outputs : inputs;
        for (const Param& p : f.params(output ? f.nodes[main].out : f.nodes[main].in)) {
            if (!isMergeableDtype(f.dtype(p.item)))
                continue;
            bool same = compareData;
            std::vector<ItemRef> items { p.item };
            for (size_t k = 0; k < others.size(); ++k) {
                std::string_view otherName = f.nameOf(others[k]);
                const Param* o
                    = otherParams[k].find(otherName == mainName ? p.key : replaceAll(p.key, mainName, otherName));
                if (!o || !isMergeableDtype(f.dtype(o->item)))
                    break;
                items.push_back(o->item);
                if (compareData && !sameParam(f, p.item, o->item))
                    same = false;
            }
            if (!same)
                diff.push_back({ replaceAll(p.key, mainName + ".", ""), std::move(items) });
        }
    }
}

namespace {

std::string pyStr(const Stat& v)
{
    switch (v.kind) {
    case Stat::Kind::None:
        return "None";
    case Stat::Kind::Int:
        return std::to_string(v.i);
    case Stat::Kind::Float:
        return py::repr(v.d);
    case Stat::Kind::Str:
        return v.s;
    }
    return "None";
}

// Python's max(a, b) / min(a, b): the second only when strictly greater / smaller, so NaN never wins.
Stat pyExtreme(const Stat& a, const Stat& b, bool maximum)
{
    if (a.kind == Stat::Kind::Int && b.kind == Stat::Kind::Int)
        return (maximum ? b.i > a.i : b.i < a.i) ? b : a;
    return (maximum ? b.number() > a.number() : b.number() < a.number()) ? b : a;
}

Stat pyAdd(const Stat& a, const Stat& b)
{
    int64_t sum = 0;
    if (a.kind == Stat::Kind::Int && b.kind == Stat::Kind::Int && !__builtin_add_overflow(a.i, b.i, &sum))
        return Stat::integer(sum);
    return Stat::real(a.number() + b.number());
}

std::string joined(const std::vector<Stat>& values, const char* separator, const char* suffix)
{
    std::string s;
    for (size_t i = 0; i < values.size(); ++i)
        s += (i ? separator : "") + pyStr(values[i]) + suffix;
    return s;
}

} // namespace

std::vector<std::string> mergeParams(Forest& f, const ParamDiff& groups)
{
    std::vector<std::string> lines;
    for (const ParamGroup& g : groups) {
        if (g.items.size() < 2)
            continue;
        for (int k = 0; k < 4; ++k) {
            std::vector<Stat> values;
            for (ItemRef item : g.items)
                values.push_back(f.stat(item, k));
            // msprobe 26.1.0 skips a statistic some rank has no number for (26.0.0 stops with a TypeError).
            bool numbers = true;
            for (const Stat& v : values)
                numbers = numbers && v.isNumber();
            if (!numbers)
                continue;
            Stat result = values[0];
            std::string formula;
            switch (k) {
            case kMax:
            case kMin:
                for (size_t i = 1; i < values.size(); ++i)
                    result = pyExtreme(result, values[i], k == kMax);
                formula = std::string(k == kMax ? "max(" : "min(") + joined(values, ", ", "") + ")";
                break;
            case kMean:
                for (size_t i = 1; i < values.size(); ++i)
                    result = pyAdd(result, values[i]);
                result = Stat::real(result.number() / double(values.size()));
                formula = "(" + joined(values, " + ", "") + ") / " + std::to_string(values.size());
                break;
            case kNorm: {
                double squares = std::pow(values[0].number(), 2.0);
                for (size_t i = 1; i < values.size(); ++i)
                    squares += std::pow(values[i].number(), 2.0);
                result = Stat::real(std::pow(squares, 0.5));
                formula = "(" + joined(values, " + ", " ** 2") + ") ** 0.5";
                break;
            }
            }
            f.setStat(g.items[0], k, result);
            lines.push_back(std::string("The ") + kStatNames[k] + " value merging method for " + g.key
                + " is: " + formula + " = " + pyStr(result));
        }
    }
    return lines;
}

std::string tpMergedLine(const std::vector<int>& ranks)
{
    std::string list = "[";
    for (size_t i = 0; i < ranks.size(); ++i)
        list += (i ? ", " : "") + std::to_string(ranks[i]);
    return "This data is the merged data after tensor parallelism(TP), and the data is merged from rank " + list + "].";
}

} // namespace ps::merge
