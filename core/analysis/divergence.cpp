#include "analysis/divergence.h"

#include "compare/manual_match.h"
#include "io/item_fields.h"
#include "util/error.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace ps {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::string normalDtype(std::string_view dtype)
{
    size_t dot = dtype.rfind('.');
    std::string out(dot == std::string_view::npos ? dtype : dtype.substr(dot + 1));
    for (char& ch : out)
        ch = char(std::tolower(static_cast<unsigned char>(ch)));
    return out;
}

// What the finder needs of one tensor item. Computed when needed and never kept: a cache of every item's view
// took 1 GB at 2 x 1.26 M nodes.
struct TensorView {
    bool tensor = false;
    std::string dtype; // "torch.float32" and md5 texts fit std::string's inline buffer
    double stats[4] = { NAN, NAN, NAN, NAN };
    bool hasStat[4] = { false, false, false, false };
    double numel = 1;
    std::string md5;
    // Identifies the tensor on its own side: a 64-bit hash of its dtype, shape, statistics and md5, so two
    // different tensors pass for one with a probability of about 2^-64 per pair. (msprobe dumps a tensor passed
    // from one module to the next twice with the same statistics text, hence the same values.)
    uint64_t signature = 0;
};

bool numberOf(const DumpData& d, const FieldValue* f, double& out)
{
    if (!f)
        return false;
    if (!f->isText && (f->json.type == JType::Float || f->json.type == JType::Int)) {
        out = f->json.type == JType::Float ? f->json.d : double(f->json.i);
        return true;
    }
    std::string text(f->isText
            ? std::string_view(f->text)
            : (f->json.isString() || f->json.type == JType::BigInt ? d.pool.view(f->json.n) : std::string_view()));
    if (text.empty())
        return false;
    char* end = nullptr;
    out = std::strtod(text.c_str(), &end);
    return end && *end == '\0';
}

// FNV-1a over the values' bytes, finished with splitmix64's mixing.
class SignatureHash {
public:
    void add(std::string_view bytes)
    {
        for (unsigned char c : bytes)
            m_h = (m_h ^ c) * 0x100000001b3ull;
        m_h = (m_h ^ 0xff) * 0x100000001b3ull; // a separator: ("ab", "c") differs from ("a", "bc")
    }
    void add(double v)
    {
        if (v == 0)
            v = 0; // -0.0 counts as 0.0
        char bytes[sizeof v];
        std::memcpy(bytes, &v, sizeof v);
        add(std::string_view(bytes, sizeof v));
    }
    uint64_t value() const
    {
        uint64_t z = m_h + 0x9e3779b97f4a7c15ull;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }

private:
    uint64_t m_h = 0xcbf29ce484222325ull;
};

class Finder {
public:
    Finder(const Comparison& c, const DiagnoseOptions& o)
        : m_c(c)
        , m_o(o)
    {
        if (!c.isCompare || !c.graphs[0] || !c.graphs[1])
            throw Error(ErrorCode::BadArgument, "", "the first-divergence finder needs a comparison (NPU and bench)");
    }

    std::vector<Divergence> run()
    {
        const Graph& g = m_c.graph(Side::Npu);
        const std::vector<NodeId> order = executionOrder();
        std::vector<Divergence> found;
        std::unordered_set<uint64_t> produced; // signatures of the NPU outputs seen so far
        for (uint32_t pos = 0; pos < order.size(); ++pos) {
            NodeId n = order[pos];
            Divergence d;
            if (judge(n, produced, d)) {
                d.order = pos;
                found.push_back(std::move(d));
            }
            for (uint32_t item : g.outputItems(n))
                produced.insert(view(Side::Npu, item).signature);
        }
        dropEnclosingNodes(found);
        std::stable_sort(found.begin(), found.end(), [](const Divergence& a, const Divergence& b) {
            if (a.added != b.added)
                return a.added > b.added;
            return a.order < b.order;
        });
        if (m_o.limit && found.size() > m_o.limit)
            found.resize(m_o.limit);
        return found;
    }

    // The NPU nodes with dump records, in execution order.
    std::vector<NodeId> executionOrder() const
    {
        const Graph& g = m_c.graph(Side::Npu);
        std::vector<NodeId> order;
        for (NodeId n = 0; n < g.size(); ++n)
            if (g.record[n] >= 0 && g.type[n] != NodeType::ApiCollection)
                order.push_back(n);
        std::stable_sort(order.begin(), order.end(), [&](NodeId a, NodeId b) { return g.record[a] < g.record[b]; });
        return order;
    }

    InputError inputsOf(NodeId n)
    {
        const NodeId b = n < m_c.counterpart[0].size() ? m_c.counterpart[0][n] : kNoNode;
        if (b == kNoNode)
            return {};
        SideError in
            = errors(m_c.graph(Side::Npu).inputItems(n), m_c.graph(Side::Bench).inputItems(b), nullptr, nullptr);
        return { in.worst, in.exceeds };
    }

    // Signatures of n's NPU inputs beyond their tolerance against its bench counterpart's (none without one).
    std::vector<uint64_t> exceedingInputs(NodeId n)
    {
        std::vector<uint64_t> out;
        const NodeId b = m_c.counterpart[0][n];
        if (b == kNoNode)
            return out;
        std::span<const uint32_t> ni = m_c.graph(Side::Npu).inputItems(n);
        std::span<const uint32_t> bi = m_c.graph(Side::Bench).inputItems(b);
        for (size_t i = 0; i < ni.size() && i < bi.size(); ++i) {
            const TensorView v = view(Side::Npu, ni[i]);
            const double err = itemError(ni[i], v, view(Side::Bench, bi[i]));
            if (err >= 0 && (m_c.mode == CompareMode::Md5 ? err > 0 : !(err <= tolerance(v.dtype))))
                out.push_back(v.signature);
        }
        return out;
    }

    std::vector<uint64_t> outputSignatures(NodeId n)
    {
        std::vector<uint64_t> out;
        for (uint32_t item : m_c.graph(Side::Npu).outputItems(n))
            out.push_back(view(Side::Npu, item).signature);
        return out;
    }

private:
    TensorView view(Side s, uint32_t item)
    {
        const DumpData& d = *m_c.graph(s).dump;
        TensorView v;
        collectItemFields(d, d.items[item], m_fields);
        std::string_view type = fieldText(d, findField(m_fields, "type"));
        v.dtype = std::string(fieldText(d, findField(m_fields, "dtype")));
        v.tensor = type.find("Tensor") != std::string_view::npos || (!v.dtype.empty() && type.empty());
        static const char* const kStats[] = { "Max", "Min", "Mean", "Norm" };
        for (int k = 0; k < 4; ++k)
            v.hasStat[k] = numberOf(d, findField(m_fields, kStats[k]), v.stats[k]);
        v.md5 = std::string(fieldText(d, findField(m_fields, "md5")));
        SignatureHash h;
        h.add(v.dtype);
        if (const FieldValue* shape = findField(m_fields, "shape"); shape && !shape->isText && shape->json.isArray()) {
            for (const JValue& e : d.arena.elements(shape->json)) {
                double dim = e.type == JType::Int ? double(e.i) : 0;
                v.numel *= dim;
                h.add(dim);
            }
        }
        h.add(std::string_view("|")); // the shape's end
        for (int k = 0; k < 4; ++k)
            h.add(v.hasStat[k] ? v.stats[k] : 0.0);
        h.add(v.md5);
        v.signature = h.value();
        return v;
    }

    // The tolerance of a dtype text, computed once per distinct text.
    double tolerance(const std::string& dtype)
    {
        auto it = m_tolerances.find(dtype);
        if (it == m_tolerances.end())
            it = m_tolerances.emplace(dtype, toleranceFor(m_o, dtype)).first;
        return it->second;
    }

    // The mode's error of NPU item `ni` (viewed as `a`) against a bench item (viewed as `b`); -1 when the pair
    // cannot be judged.
    double itemError(uint32_t ni, const TensorView& a, const TensorView& b)
    {
        if (!a.tensor || !b.tensor)
            return -1;
        if (m_c.mode == CompareMode::Md5)
            return a.md5.empty() || b.md5.empty() ? -1 : (a.md5 == b.md5 ? 0.0 : 1.0);
        double rms = b.hasStat[3] && b.numel > 0 ? std::fabs(b.stats[3]) / std::sqrt(b.numel) : 0;
        double err = -1;
        for (int k = 0; k < 4; ++k)
            if (a.hasStat[k] && b.hasStat[k])
                err = std::max(err, statisticError(a.stats[k], b.stats[k], rms));
        if (m_c.mode == CompareMode::Real) {
            auto metrics = m_c.metricsOf(ni);
            if (!metrics.empty() && metrics[0].isNumber()) {
                double cosine = metrics[0].number();
                err = std::max(err, std::isfinite(cosine) ? std::sqrt(std::max(0.0, 2 * (1 - cosine))) : kInf);
            }
        }
        return err;
    }

    struct SideError {
        double worst = 0;
        bool exceeds = false;
        uint32_t item = 0;
        bool any = false;
    };

    // Errors of n's items against b's, pairing by position. With `produced`, only the items some earlier node
    // produced count; the first diverging one no node produced is named in `source`.
    SideError errors(std::span<const uint32_t> ni, std::span<const uint32_t> bi,
        const std::unordered_set<uint64_t>* produced, std::string* source)
    {
        SideError out;
        for (size_t i = 0; i < ni.size() && i < bi.size(); ++i) {
            const TensorView v = view(Side::Npu, ni[i]);
            double err = itemError(ni[i], v, view(Side::Bench, bi[i]));
            if (err < 0)
                continue;
            bool exceeds = m_c.mode == CompareMode::Md5 ? err > 0 : !(err <= tolerance(v.dtype));
            if (produced && !produced->count(v.signature)) {
                if (exceeds && source && source->empty())
                    *source = std::string(m_c.graph(Side::Npu).dump->itemKey(m_c.graph(Side::Npu).dump->items[ni[i]]));
                continue;
            }
            // The worst item, preferring items beyond their tolerance (dtypes differ in tolerance).
            if (std::isnan(err))
                err = kInf;
            if (!out.any || (exceeds && !out.exceeds) || (exceeds == out.exceeds && err > out.worst)) {
                out.worst = err;
                out.item = ni[i];
            }
            out.exceeds = out.exceeds || exceeds;
            out.any = true;
        }
        return out;
    }

    bool judge(NodeId n, const std::unordered_set<uint64_t>& produced, Divergence& d)
    {
        NodeId b = m_c.counterpart[0][n];
        const Graph& g = m_c.graph(Side::Npu);
        const Graph& bg = m_c.graph(Side::Bench);
        if (b == kNoNode || bg.record[b] < 0)
            return false;
        std::string_view name = g.nameOf(n);
        for (const std::string& pattern : m_o.ignore)
            if (matchesPattern(name, pattern))
                return false;
        SideError out = errors(g.outputItems(n), bg.outputItems(b), nullptr, nullptr);
        if (!out.any || !out.exceeds)
            return false;
        std::string source;
        SideError in = errors(g.inputItems(n), bg.inputItems(b), &produced, &source);
        if (in.exceeds)
            return false;
        // A backward node also reads what its forward node saved: the forward's inputs and outputs.
        std::string forward = name.find("backward") != std::string_view::npos ? mirroredName(name) : std::string();
        NodeId fn = forward.empty() ? kNoNode : g.find(forward);
        if (fn != kNoNode && m_c.counterpart[0][fn] != kNoNode) {
            NodeId fb = m_c.counterpart[0][fn];
            for (auto [ni, bi] : { std::pair { g.inputItems(fn), bg.inputItems(fb) },
                     std::pair { g.outputItems(fn), bg.outputItems(fb) } }) {
                SideError saved = errors(ni, bi, nullptr, nullptr);
                if (saved.exceeds)
                    return false;
                in.worst = std::max(in.worst, saved.worst);
            }
        }
        d.npu = n;
        d.bench = b;
        d.inError = in.worst;
        d.outError = out.worst;
        d.added = out.worst - in.worst;
        const DumpData& dump = *g.dump;
        d.worstOutput = dump.itemKey(dump.items[out.item]);
        d.dtype = view(Side::Npu, out.item).dtype;
        d.tolerance = m_c.mode == CompareMode::Md5 ? 0 : tolerance(d.dtype);
        d.sourceInput = source;
        return true;
    }

    // A module whose error comes from a reported node inside it adds nothing: keep the innermost node.
    void dropEnclosingNodes(std::vector<Divergence>& found) const
    {
        const Graph& g = m_c.graph(Side::Npu);
        std::unordered_set<NodeId> enclosing;
        for (const Divergence& d : found)
            for (NodeId p = g.parent[d.npu]; p != kNoNode && enclosing.insert(p).second; p = g.parent[p]) { }
        std::erase_if(found, [&](const Divergence& d) { return enclosing.count(d.npu) > 0; });
    }

    const Comparison& m_c;
    const DiagnoseOptions& m_o;
    ItemFields m_fields;
    std::unordered_map<std::string, double> m_tolerances;
};

} // namespace

double defaultTolerance(std::string_view dtype)
{
    std::string t = normalDtype(dtype);
    if (t == "float16" || t == "half")
        return 1e-2;
    if (t == "bfloat16")
        return 4e-2;
    if (t == "float32" || t == "float")
        return 1e-3;
    if (t == "float64" || t == "double")
        return 1e-6;
    if (t.find("int") != std::string::npos || t == "bool")
        return 0;
    return 1e-3;
}

double toleranceFor(const DiagnoseOptions& options, std::string_view dtype)
{
    std::string t = normalDtype(dtype);
    for (const auto& [key, value] : options.tolerances)
        if (normalDtype(key) == t)
            return value;
    return defaultTolerance(dtype);
}

void addToleranceSpec(DiagnoseOptions& options, std::string_view spec)
{
    size_t eq = spec.find('=');
    std::string value(eq == std::string_view::npos ? std::string_view() : spec.substr(eq + 1));
    char* end = nullptr;
    double v = value.empty() ? -1 : std::strtod(value.c_str(), &end);
    if (eq == 0 || eq == std::string_view::npos || !end || *end != '\0' || !(v >= 0))
        throw Error(ErrorCode::BadArgument, "",
            "a tolerance is DTYPE=VALUE with VALUE >= 0, e.g. float16=0.01 (got '" + std::string(spec) + "')");
    options.tolerances[std::string(spec.substr(0, eq))] = v;
}

bool matchesPattern(std::string_view name, std::string_view pattern)
{
    if (pattern.find_first_of("*?") == std::string_view::npos)
        return !pattern.empty() && name.find(pattern) != std::string_view::npos;
    // Iterative glob with backtracking to the last '*'.
    size_t n = 0, p = 0, star = std::string_view::npos, mark = 0;
    while (n < name.size()) {
        if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == name[n])) {
            ++n;
            ++p;
        } else if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            mark = n;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            n = ++mark;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

double statisticError(double npu, double bench, double scale)
{
    if (std::isnan(npu) && std::isnan(bench))
        return 0;
    if (std::isinf(npu) && std::isinf(bench) && (npu > 0) == (bench > 0))
        return 0;
    if (!std::isfinite(npu) || !std::isfinite(bench))
        return kInf;
    double denominator = std::max(std::fabs(bench), scale);
    if (denominator == 0)
        return npu == bench ? 0 : 1;
    return std::fabs(npu - bench) / denominator;
}

std::vector<Divergence> findDivergences(const Comparison& c, const DiagnoseOptions& options)
{
    return Finder(c, options).run();
}

struct InputTracer::Impl {
    Impl(const Comparison& c, const DiagnoseOptions& o)
        : finder(c, o)
    {
    }
    Finder finder;
    std::vector<NodeId> inputCause; // per NPU node: the divergence its inputs' error comes from
};

InputTracer::InputTracer(const Comparison& c, const std::vector<Divergence>& found, const DiagnoseOptions& options)
    : m(std::make_unique<Impl>(c, options))
{
    const Graph& g = c.graph(Side::Npu);
    m->inputCause.assign(g.size(), kNoNode);
    std::vector<bool> divergent(g.size(), false);
    for (const Divergence& d : found)
        if (d.npu < g.size())
            divergent[d.npu] = true;
    // Signature of an output -> the divergence it carries (kNoNode: a correct tensor), for the latest producer so
    // far. Modules only re-emit their last API's outputs and count only when reported themselves.
    std::unordered_map<uint64_t, NodeId> carried;
    for (NodeId n : m->finder.executionOrder()) {
        for (uint64_t signature : m->finder.exceedingInputs(n)) {
            auto it = carried.find(signature);
            if (it != carried.end() && it->second != kNoNode) {
                m->inputCause[n] = it->second;
                break;
            }
        }
        if (g.type[n] == NodeType::Module && !divergent[n])
            continue;
        const NodeId carries = divergent[n] ? n : m->inputCause[n];
        for (uint64_t signature : m->finder.outputSignatures(n))
            carried[signature] = carries;
    }
}

InputTracer::~InputTracer() = default;

InputError InputTracer::inputError(NodeId npu)
{
    return m->finder.inputsOf(npu);
}

NodeId InputTracer::causeOfInputs(NodeId npu) const
{
    return npu < m->inputCause.size() ? m->inputCause[npu] : kNoNode;
}

} // namespace ps
