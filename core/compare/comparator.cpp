#include "compare/comparator.h"

#include "compare/real_rows.h"
#include "compare/row_metrics.h"
#include "compare/verdict_rows.h"
#include "graph/naming.h"
#include "util/error.h"
#include "util/parallel.h"
#include "util/pyformat.h"

#include <algorithm>
#include <atomic>
#include <functional>
#include <unordered_map>

namespace ps {

namespace {

enum class RowGroup { Input, Params, Output };

// The state of an item name: the text after the first ".forward."/".backward.".
RowGroup rowGroupOf(std::string_view name, const std::string& file)
{
    size_t best = std::string_view::npos, len = 0;
    for (std::string_view sep : { std::string_view(".forward."), std::string_view(".backward.") }) {
        size_t p = name.find(sep);
        if (p != std::string_view::npos && p < best) {
            best = p;
            len = sep.size();
        }
    }
    auto invalid
        = [&]() -> Error { return Error(ErrorCode::BadName, file, "Invalid name string: " + std::string(name)); };
    if (best == std::string_view::npos)
        throw invalid();
    std::string_view rest = name.substr(best + len);
    size_t nextF = rest.find(".forward."), nextB = rest.find(".backward.");
    rest = rest.substr(0, std::min(nextF, nextB));
    size_t i = 0;
    while (i < rest.size() && rest[i] >= '0' && rest[i] <= '9')
        ++i;
    if (i > 0 && i < rest.size() && rest[i] == '.')
        rest = rest.substr(i + 1);
    for (auto [word, group] : { std::pair { "input.", RowGroup::Input }, std::pair { "kwargs.", RowGroup::Input },
             std::pair { "output.", RowGroup::Output }, std::pair { "parameters.", RowGroup::Params } }) {
        std::string_view w(word);
        if (rest.size() > w.size() && rest.substr(0, w.size()) == w)
            return group;
    }
    throw invalid();
}

// Python's max(m, x): keeps m unless x is strictly greater (NaN never wins).
void pyMax(Precision& m, double x, bool xIsInt)
{
    if (x > m.value) {
        m.value = x;
        m.isInt = xIsInt;
    }
}

class Comparator {
public:
    Comparator(Comparison& c, const CompareOptions& o)
        : m_c(c)
        , m_npu(*c.graphs[0])
        , m_bench(*c.graphs[1])
        , m_options(o)
    {
        // Rows are bound by NPU item; a comparison read back from a file has none until a pair is matched by hand.
        if (m_npu.dump && m_c.rows.size() < m_npu.dump->items.size())
            m_c.rows.resize(m_npu.dump->items.size());
        if (m_c.profile == RulesProfile::Msprobe26 && m_c.verdicts.size() < m_c.rows.size())
            m_c.verdicts.resize(m_c.rows.size());
    }

    // One pair matched after the engine ran (manual matching): rows, metrics and precision as for automatic
    // matches. Summary and md5 only (real mode reads tensors in bulk).
    void compareOnePair(NodeId n, NodeId b) { comparePair(n, b, m_scratch); }
    // What run() does once the pairs are known, before RunContext::matched shows them.
    void setAfterMatch(std::function<void()> step) { m_afterMatch = std::move(step); }
    void refreshGroupIndices() { groupIndices(); }

    void run()
    {
        // Matching first, then the pairs are compared in the same order msprobe compares them.
        std::vector<std::pair<NodeId, NodeId>> pairs;
        MatchOptions match = m_options.match;
        match.profile = m_c.profile;
        match.progress = m_options.progress;
        match.threads = m_options.threads;
        matchGraphs(m_npu, m_bench, match, [&](NodeId n, NodeId b) {
            m_c.counterpart[0][n] = b;
            m_c.counterpart[1][b] = n;
            pairs.emplace_back(n, b);
        });
        const ProgressPart progress { m_options.progress };
        progress.advance(Stage::Match, 1);
        if (m_afterMatch)
            m_afterMatch();
        if (m_options.progress && m_options.progress->matched)
            m_options.progress->matched(m_c);
        comparePairs(pairs, progress);
        progress.advance(Stage::Compare, 1);
        if (m_c.mode == CompareMode::Real) {
            // 1.2.1 computes API group indices before the real-data rows are evaluated: every group gets int 0.
            groupIndices();
            m_real.evaluate(m_c, m_options.threads, m_options.progress);
            for (NodeId n : m_realNodes) {
                if (m_c.profile == RulesProfile::Msprobe26)
                    judge26(n, pairRows26(m_npu, n, m_bench, m_c.counterpart[0][n]));
                else
                    realPrecision(n);
            }
        } else {
            groupIndices();
        }
    }

private:
    // One comparison row: an NPU item and its bench partner by position (kNoItem when none).
    struct Row {
        uint64_t key; // the NPU item's name (DumpItem::keyId), which binds the row to the node's item of that name
        uint32_t npuItem;
        uint32_t benchItem;
    };

    // What comparing one pair needs besides the comparison itself; one per thread.
    struct PairScratch {
        std::array<std::vector<uint32_t>, 3> npuGroups, benchGroups;
        std::vector<Row> rowsIn, rowsOut; // the pair being compared
        std::unordered_map<uint64_t, uint32_t> indexIn, indexOut; // their rows by name, for nodes with many items
        std::string keyBuffer;
    };

    // The record's items split by row group (input, params, output), each in flatten order.
    void itemsByGroup(const Graph& g, NodeId n, std::array<std::vector<uint32_t>, 3>& out, std::string& buffer)
    {
        for (auto& v : out)
            v.clear();
        if (!g.dump || g.record[n] < 0)
            return;
        const DumpData& d = *g.dump;
        const DumpRecord& r = d.records[size_t(g.record[n])];
        for (uint32_t k = r.firstItem; k < r.firstItem + r.itemCount; ++k)
            out[size_t(rowGroupOf(d.itemKey(d.items[k], buffer), d.path))].push_back(k);
    }

    // The last row named `key`: rows are kept by name, so a repeated name keeps its last row (a Python dict).
    const Row* lastRowWithKey(const std::vector<Row>& rows, uint64_t key, std::unordered_map<uint64_t, uint32_t>& index)
    {
        constexpr size_t kLinear = 16; // a scan beats hashing for the few rows of a typical node
        if (rows.size() <= kLinear) {
            for (size_t i = rows.size(); i-- > 0;)
                if (rows[i].key == key)
                    return &rows[i];
            return nullptr;
        }
        if (index.empty())
            for (uint32_t i = 0; i < rows.size(); ++i)
                index[rows[i].key] = i;
        auto it = index.find(key);
        return it == index.end() ? nullptr : &rows[it->second];
    }

    // Pairs touch disjoint nodes and items, so in summary and md5 modes they are compared on all cores in
    // contiguous chunks. Real mode registers its rows in order (they are evaluated in parallel afterwards).
    void comparePairs(const std::vector<std::pair<NodeId, NodeId>>& pairs, const ProgressPart& progress)
    {
        constexpr size_t kMinPairsPerThread = 4096; // below this a thread costs more than it saves
        const unsigned threads
            = m_c.mode == CompareMode::Real ? 1 : workerCount(m_options.threads, pairs.size(), kMinPairsPerThread);
        std::atomic<size_t> done { 0 };
        std::vector<PairScratch> scratch(threads - 1);
        // Each chunk stops at its first error; the earliest chunk's is thrown, as a serial run would throw it.
        parallelFor(pairs.size(), threads, [&](unsigned t, size_t begin, size_t end) {
            PairScratch& mine = t == 0 ? m_scratch : scratch[t - 1];
            for (size_t k = begin; k < end; ++k) {
                comparePair(pairs[k].first, pairs[k].second, mine);
                if (++done % 2048 == 0 && t == 0)
                    progress.advance(Stage::Compare, double(done) / double(pairs.size()));
            }
        });
    }

    // Real mode: the row's tensors are compared later, in bulk; `bound` gets the slot of its values.
    void addRealRow(BoundRow& bound, uint32_t npuItem, uint32_t benchItem)
    {
        bound.realSlot = uint32_t(m_c.realValues.size() / m_c.realMetricCount());
        std::vector<PyScalar> placeholder = m_real.addRow(m_c, npuItem, benchItem == kNoItem ? nullptr : &benchItem);
        m_c.realValues.insert(m_c.realValues.end(), placeholder.begin(), placeholder.end());
    }

    // msprobe 26.0.0: one row per NPU item (paired by state and position), rated by the verdict rules.
    void comparePair26(NodeId n, NodeId b)
    {
        const auto rows = pairRows26(m_npu, n, m_bench, b);
        if (rows.empty())
            return; // a matched node without data gets no precision_index
        for (auto [npuItem, benchItem] : rows) {
            BoundRow& bound = m_c.rows[npuItem];
            bound.npuItem = npuItem;
            bound.benchItem = benchItem;
            if (m_c.mode == CompareMode::Real)
                addRealRow(bound, npuItem, benchItem);
        }
        if (m_c.mode == CompareMode::Real)
            m_realNodes.push_back(n); // rated once the tensors are compared
        else
            judge26(n, rows);
    }

    void judge26(NodeId n, const std::vector<std::pair<uint32_t, uint32_t>>& rows)
    {
        std::vector<VerdictRow> facts;
        facts.reserve(rows.size());
        for (auto [npuItem, benchItem] : rows)
            facts.push_back(verdictRowOf(m_c, npuItem, benchItem));
        Verdict node = Verdict::Pass;
        std::vector<RowVerdict> verdicts = judgeRows(m_c.mode, facts, node, m_c.parallelMerge);
        for (size_t k = 0; k < rows.size(); ++k) {
            verdicts[k].requiresGradConsistent = facts[k].requiresGradEqual;
            m_c.verdicts[rows[k].first] = verdicts[k];
        }
        m_c.precision[n] = precision26(m_c.mode, m_npu.nameOf(n), node);
    }

    void comparePair(NodeId n, NodeId b, PairScratch& scratch)
    {
        if (!m_npu.dump || m_npu.record[n] < 0)
            return;
        if (m_c.profile == RulesProfile::Msprobe26) {
            comparePair26(n, b);
            return;
        }
        const DumpData& nd = *m_npu.dump;
        std::vector<Row>& rowsIn = scratch.rowsIn;
        std::vector<Row>& rowsOut = scratch.rowsOut;
        rowsIn.clear();
        rowsOut.clear();
        scratch.indexIn.clear();
        scratch.indexOut.clear();
        itemsByGroup(m_npu, n, scratch.npuGroups, scratch.keyBuffer);
        itemsByGroup(m_bench, b, scratch.benchGroups, scratch.keyBuffer);
        for (RowGroup group : { RowGroup::Input, RowGroup::Params, RowGroup::Output }) {
            const std::vector<uint32_t>& ni = scratch.npuGroups[size_t(group)];
            const std::vector<uint32_t>& bi = scratch.benchGroups[size_t(group)];
            for (size_t i = 0; i < ni.size(); ++i) {
                const DumpItem& item = nd.items[ni[i]];
                const uint64_t key = item.keyId();
                bool isOutput = nd.itemKey(item, scratch.keyBuffer).find(".output.") != std::string_view::npos;
                (isOutput ? rowsOut : rowsIn).push_back({ key, ni[i], i < bi.size() ? bi[i] : kNoItem });
            }
        }
        if (rowsIn.empty() && rowsOut.empty())
            return;
        bool allPass = true;
        Precision summary = Precision::integer(0);
        auto bind = [&](std::span<const uint32_t> list, const std::vector<Row>& rows,
                        std::unordered_map<uint64_t, uint32_t>& index, bool isOutput) {
            for (uint32_t item : list) {
                const Row* row = lastRowWithKey(rows, nd.items[item].keyId(), index);
                if (!row)
                    continue;
                BoundRow& bound = m_c.rows[item];
                bound.npuItem = row->npuItem;
                bound.benchItem = row->benchItem;
                switch (m_c.mode) {
                case CompareMode::Md5: {
                    const PyScalar r = m_c.metricsOf(item)[0];
                    if (!(r.kind == PyScalar::Kind::Str && r.s == "pass"))
                        allPass = false;
                    break;
                }
                case CompareMode::Summary:
                    if (isOutput) {
                        MetricRow m = m_c.metricsOf(item);
                        for (size_t k = 4; k < 8; ++k)
                            pyMax(summary, str2float(m[k]), false);
                    }
                    break;
                case CompareMode::Real:
                    addRealRow(bound, row->npuItem, row->benchItem);
                    break;
                }
            }
        };
        bind(m_npu.inputItems(n), rowsIn, scratch.indexIn, false);
        bind(m_npu.outputItems(n), rowsOut, scratch.indexOut, true);
        switch (m_c.mode) {
        case CompareMode::Summary:
            if (summary.value > 1)
                summary = Precision::integer(1);
            m_c.precision[n] = summary;
            break;
        case CompareMode::Md5:
            m_c.precision[n] = Precision::integer(allPass ? 1 : 0);
            break;
        case CompareMode::Real:
            m_realNodes.push_back(n);
            break;
        }
    }

    // Real mode: min One Thousandth ratio of inputs minus that of outputs, clamped to [0, 1].
    void realPrecision(NodeId n)
    {
        const DumpData& nd = *m_npu.dump;
        auto minRatio = [&](std::span<const uint32_t> list, bool& found) {
            double best = 1.0;
            found = false;
            for (uint32_t item : list) {
                auto metrics = m_c.metricsOf(item);
                if (metrics.empty())
                    continue;
                collectItemFields(nd, nd.items[item], m_fn);
                const FieldValue* shape = findField(m_fn, "shape");
                bool truthy = shape
                    && (shape->isText ? !shape->text.empty()
                                      : (shape->json.isArray() ? shape->json.n > 0 : !shape->json.isNull()));
                if (!truthy)
                    continue;
                const PyScalar& ratio = metrics[3];
                double v = 0;
                if (ratio.kind == PyScalar::Kind::Float || ratio.kind == PyScalar::Kind::Int)
                    v = ratio.number();
                else if (ratio.kind != PyScalar::Kind::Str || !py::parseFloat(ratio.s, v))
                    continue;
                found = true;
                best = std::min(best, v);
            }
            return best;
        };
        bool haveIn = false, haveOut = false;
        double in = minRatio(m_npu.inputItems(n), haveIn);
        double out = minRatio(m_npu.outputItems(n), haveOut);
        if (!haveIn || !haveOut) {
            m_c.precision[n] = Precision::integer(0);
            return;
        }
        double delta = in - out;
        if (delta < 0)
            m_c.precision[n] = Precision::integer(0);
        else if (delta > 1)
            m_c.precision[n] = Precision::integer(1);
        else
            m_c.precision[n] = Precision::real(delta);
    }

    void groupIndices()
    {
        for (NodeId g : m_npu.children(m_npu.root)) {
            if (m_npu.type[g] != NodeType::ApiCollection)
                continue;
            // 26.0.0: a merged run's Apis_Between_Modules_All_Ranks holds one collection per rank, rated first.
            if (m_c.profile == RulesProfile::Msprobe26 && m_npu.nameOf(g).starts_with("Apis_Between_Modules_All_Ranks"))
                for (NodeId member : m_npu.children(g))
                    groupIndex(member);
            groupIndex(g);
        }
    }

    void groupIndex(NodeId g)
    {
        // 1.2.1 takes the worst member (md5: the lowest index); 26.0.0 always the highest index.
        bool md5 = m_c.mode == CompareMode::Md5 && m_c.profile == RulesProfile::Msprobe121;
        Precision p = Precision::integer(md5 ? 1 : 0);
        for (NodeId member : m_npu.children(g)) {
            Precision x = m_c.precision[member].has ? m_c.precision[member] : Precision::integer(md5 ? 1 : 0);
            if (md5 ? x.value < p.value : x.value > p.value)
                p = x;
        }
        p.has = true;
        m_c.precision[g] = p;
    }

    Comparison& m_c;
    std::function<void()> m_afterMatch;
    const Graph& m_npu;
    const Graph& m_bench;
    const CompareOptions& m_options;
    ItemFields m_fn;
    PairScratch m_scratch; // for pairs compared on this thread
    RealRows m_real;
    std::vector<NodeId> m_realNodes;
};

} // namespace

void compareMatchedPair(Comparison& c, NodeId npu, NodeId bench)
{
    if (c.mode == CompareMode::Real)
        throw Error(ErrorCode::BadTask, "", "real-data comparisons cannot be recomputed for one pair");
    CompareOptions options;
    Comparator(c, options).compareOnePair(npu, bench);
}

void recomputeGroupIndices(Comparison& c)
{
    CompareOptions options;
    Comparator(c, options).refreshGroupIndices();
}

std::shared_ptr<Comparison> compareGraphs(
    std::shared_ptr<Graph> npu, std::shared_ptr<Graph> bench, CompareMode mode, const CompareOptions& options)
{
    auto c = std::make_shared<Comparison>();
    c->isCompare = true;
    c->mode = mode;
    c->overflowCheck = options.overflowCheck;
    c->parallelMerge = options.parallelMerge;
    c->graphs = { npu, bench };
    c->counterpart[0].assign(npu->size(), kNoNode);
    c->counterpart[1].assign(bench->size(), kNoNode);
    c->precision.assign(npu->size(), Precision {});
    c->rows.assign(npu->dump ? npu->dump->items.size() : 0, BoundRow {});
    c->profile = options.profile;
    if (options.profile == RulesProfile::Msprobe26)
        c->verdicts.assign(c->rows.size(), RowVerdict {});
    Comparator comparator(*c, options);
    // Paging reads only the matches, and a viewer shows the graphs from then on (RunContext::matched): the graphs
    // change no more once the pairs are known.
    comparator.setAfterMatch([&] {
        if (!npu->microStepsFromDump)
            npu->microSteps = pageMicroSteps(*npu, bench.get(), &c->counterpart[0]);
    });
    comparator.run();
    assignOverflow(*c);
    return c;
}

std::shared_ptr<Comparison> buildOnly(std::shared_ptr<Graph> graph, bool overflowCheck, RulesProfile profile)
{
    auto c = std::make_shared<Comparison>();
    c->profile = profile;
    c->isCompare = false;
    c->overflowCheck = overflowCheck;
    c->graphs = { graph, nullptr };
    c->counterpart[0].assign(graph->size(), kNoNode);
    c->precision.assign(graph->size(), Precision {});
    if (!graph->microStepsFromDump)
        graph->microSteps = pageMicroSteps(*graph, nullptr, nullptr);
    assignOverflow(*c);
    return c;
}

} // namespace ps
