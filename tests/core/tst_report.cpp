// `report` and `diff` in the core: the comparison sources, the ranked table of suspicious nodes against
// msprobe's own files, the CSV layout, --fail-on counts, the before/after diff on real cases, and the pieces
// (call-site lines, CSV cells, change rules).
#include "analysis/call_site.h"
#include "analysis/comparison_diff.h"
#include "analysis/divergence.h"
#include "analysis/graph_report.h"
#include "analysis/report_format.h"
#include "analysis/step_trends.h"
#include "batch/engine.h"
#include "commands/graph_command.h"
#include "source/source.h"
#include "test_dumps.h"
#include "util/error.h"
#include "vis/vis_reader.h"

#include <QtTest>

using namespace testdumps;

namespace {

const std::string kCases = PROBESCOPE_CASES;

ps::Source source(std::vector<std::string> paths, ps::RulesProfile profile)
{
    ps::EngineOptions engine;
    engine.profile = profile;
    return ps::Source::openComparison(paths, engine);
}

ps::Source compareJson(const std::string& name, ps::RulesProfile profile = ps::RulesProfile::Msprobe121)
{
    return source({ kCases + "/" + name + "/compare.json" }, profile);
}

// Splits RFC 4180 CSV (quoted cells may hold commas, quotes and line breaks) into rows of cells.
std::vector<std::vector<std::string>> parseCsv(const std::string& text)
{
    std::vector<std::vector<std::string>> rows(1, std::vector<std::string>(1));
    bool quoted = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char ch = text[i];
        std::string& cell = rows.back().back();
        if (quoted) {
            if (ch == '"' && i + 1 < text.size() && text[i + 1] == '"')
                cell += text[++i];
            else if (ch == '"')
                quoted = false;
            else
                cell += ch;
        } else if (ch == '"') {
            quoted = true;
        } else if (ch == ',') {
            rows.back().emplace_back();
        } else if (ch == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            ++i;
            rows.emplace_back(1);
        } else {
            cell += ch;
        }
    }
    if (rows.back().size() == 1 && rows.back()[0].empty())
        rows.pop_back();
    return rows;
}

size_t column(const std::vector<std::string>& header, const char* name)
{
    auto it = std::find(header.begin(), header.end(), name);
    if (it == header.end())
        qFatal("no column %s", name);
    return size_t(it - header.begin());
}

} // namespace

class TstReport : public QObject {
    Q_OBJECT
private slots:
    // The report of our comparison of gpt_mix_statistics (msprobe 1.2.1's rules) equals the report of msprobe
    // 1.2.1's own .vis of the same dumps: the same nodes per bin and the same ranked rows, worst metric included.
    void reportOfDumpsEqualsReportOfMsprobeVis()
    {
        ps::GraphReport ours = ps::reportSource(compareJson("gpt_mix_statistics"), { 0 });
        ps::GraphReport ref = ps::reportSource(
            source({ kCases + "/gpt_mix_statistics/ref_1.2.1/compare/compare.vis.gz" }, ps::RulesProfile::Msprobe121),
            { 0 });
        QCOMPARE(ours.format, std::string("compare.json"));
        QCOMPARE(ref.format, std::string("gzip'ed .vis"));
        QCOMPARE(ours.graphs.size(), size_t(1));
        QCOMPARE(ref.graphs.size(), size_t(1));
        const ps::GraphSummary& a = ours.graphs[0];
        const ps::GraphSummary& b = ref.graphs[0];
        QCOMPARE(a.nodesPerBin, b.nodesPerBin);
        QCOMPARE(a.nodesPerBin, (std::vector<size_t> { 199, 1, 2, 0, 19, 0 })); // the legend ends with "unmatched"
        QCOMPARE(a.errors, size_t(19));
        QCOMPARE(a.warnings, size_t(3));
        QCOMPARE(a.suspects.size(), size_t(22));
        QCOMPARE(ps::reportCsv(ours), ps::reportCsv(ref));
        // Ranked: bins never rise down the table; within a bin the worst metric never rises.
        for (size_t k = 1; k < a.suspects.size(); ++k) {
            QVERIFY(a.suspects[k - 1].bin >= a.suspects[k].bin);
            if (a.suspects[k - 1].bin == a.suspects[k].bin)
                QVERIFY(!a.suspects[k].worst.worseThan(a.suspects[k - 1].worst));
        }
        QCOMPARE(a.suspects[0].npuNode, std::string("Tensor.transpose.3.backward"));
        QCOMPARE(a.suspects[0].worst.name, std::string("MeanRelativeErr"));
        QCOMPARE(a.suspects[0].worst.value, std::string("8806300.0%"));
        QCOMPARE(a.suspects[0].caller, std::string("/home/user/train/models.py:79"));
        QCOMPARE(a.suspects[0].callerCode,
            std::string("att = torch.matmul(q, k.transpose(-2, -1)) * (1.0 / math.sqrt(hs))"));
    }

    // Every CSV row is a node of the comparison: its verdict is the bin of the node's precision in msprobe's own
    // .vis, its worst value the largest relative error among the node's rows there, its item columns that row's.
    void csvRowsAgainstTheComparison()
    {
        ps::GraphReport report = ps::reportSource(compareJson("gpt_mix_statistics"), { 5 });
        const auto rows = parseCsv(ps::reportCsv(report));
        const std::vector<std::string> expected { "Step", "Rank", "Order", "NPU Node", "Bench Node", "Verdict",
            "Precision Index", "Worst Metric", "Worst Value", "First Divergence", "Caller", "Caller Code", "NPU Name",
            "Bench Name", "NPU Dtype", "Bench Dtype", "NPU Tensor Shape", "Bench Tensor Shape", "NPU Requires_grad",
            "Bench Requires_grad", "Max diff", "Min diff", "Mean diff", "L2norm diff", "MaxRelativeErr",
            "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr", "NPU max", "NPU min", "NPU mean", "NPU l2norm",
            "Bench max", "Bench min", "Bench mean", "Bench l2norm", "Requires_grad Consistent", "Result", "Err_message",
            "NPU_Stack_Info" };
        QCOMPARE(rows.at(0), expected);
        QCOMPARE(rows.size(), size_t(1 + 5));
        ps::VisDocument ref = ps::readVisFile(kCases + "/gpt_mix_statistics/ref_1.2.1/compare/compare.vis.gz");
        const ps::Comparison& c = *ref.comparison;
        const ps::Graph& g = c.graph(ps::Side::Npu);
        const auto& h = rows[0];
        for (size_t r = 1; r < rows.size(); ++r) {
            const auto& row = rows[r];
            QCOMPARE(row.size(), h.size());
            QCOMPARE(row[column(h, "Order")], std::to_string(r));
            const ps::NodeId n = g.find(row[column(h, "NPU Node")]);
            QVERIFY(n != ps::kNoNode);
            const int bin = ps::colorBinOf(c.colorBins(), c.precision[n].value);
            QCOMPARE(row[column(h, "Verdict")], "bin " + std::to_string(bin));
            QCOMPARE(row[column(h, "Bench Node")], std::string(c.graph(ps::Side::Bench).nameOf(c.counterpart[0][n])));
            // The largest relative error of the node's rows, read from the .vis item fields.
            double worst = -1;
            std::string worstItem;
            for (auto items : { g.inputItems(n), g.outputItems(n) })
                for (uint32_t item : items)
                    for (const auto& [key, value] : ps::formattedItem(c, ps::Side::Npu, item)) {
                        if (!key.ends_with("RelativeErr") || !value.ends_with('%'))
                            continue;
                        const double v = std::stod(value.substr(0, value.size() - 1));
                        if (v > worst) {
                            worst = v;
                            worstItem = g.dump->itemKey(g.dump->items[item]);
                        }
                    }
            const std::string shown = row[column(h, "Worst Value")];
            QCOMPARE(std::stod(shown.substr(0, shown.size() - 1)), worst);
            QCOMPARE(row[column(h, "NPU Name")], worstItem);
            QVERIFY(!row[column(h, "NPU Dtype")].empty());
            QVERIFY(!row[column(h, "Bench Dtype")].empty());
            QCOMPARE(row[column(h, "NPU_Stack_Info")].rfind("File ", 0), size_t(0));
        }
    }

    void csvHeaderPerMode()
    {
        ps::GraphReport md5 = ps::reportSource(compareJson("mlp_mix_md5"), { 3 });
        auto h = parseCsv(ps::reportCsv(md5)).at(0);
        QVERIFY(std::find(h.begin(), h.end(), "NPU MD5") != h.end());
        QVERIFY(std::find(h.begin(), h.end(), "BENCH MD5") != h.end());
        QVERIFY(std::find(h.begin(), h.end(), "Max diff") == h.end());
        ps::GraphReport real = ps::reportSource(compareJson("mlp_mix_tensor"), { 3 });
        h = parseCsv(ps::reportCsv(real)).at(0);
        const std::vector<std::string> metrics { "Cosine", "EucDist", "MaxAbsErr", "MaxRelativeErr",
            "One Thousandth Err Ratio", "Five Thousandths Err Ratio" };
        QCOMPARE(std::vector<std::string>(h.begin() + 20, h.begin() + 26), metrics);
    }

    // msprobe 26.0.0's verdicts: the report of two dump folders equals the report of the .vis.db that
    // graph_visualize writes from them, and the verdict counts add up to the matched nodes.
    void verdictReportOfDumpsEqualsItsVisDb()
    {
        const std::string npu = kCases + "/gpt_mix_statistics/npu/step0/rank";
        const std::string bench = kCases + "/gpt_mix_statistics/bench/step0/rank";
        QCOMPARE(ps::Source::defaultProfile(ps::SourceInputs::fromPaths({ npu, bench })), ps::RulesProfile::Msprobe26);
        ps::GraphReport ours = ps::reportSource(source({ npu, bench }, ps::RulesProfile::Msprobe26), { 0 });
        QTemporaryDir out;
        ps::EngineOptions engine;
        engine.profile = ps::RulesProfile::Msprobe26;
        ps::RunContext quiet;
        ps::RunResult run = ps::runGraphCommand({ npu, bench, false }, out.path().toStdString(), engine, quiet, "1");
        ps::GraphReport db = ps::reportSource(source(run.outputFiles, ps::RulesProfile::Msprobe121), { 0 });
        QCOMPARE(db.format, std::string(".vis.db"));
        const ps::GraphSummary& g = ours.graphs.at(0);
        QCOMPARE(g.profile, ps::RulesProfile::Msprobe26);
        QCOMPARE(binLabel(g.bins, 2), std::string("error"));
        QCOMPARE(g.nodesPerBin, db.graphs.at(0).nodesPerBin);
        QCOMPARE(g.errors, g.nodesPerBin[2]);
        QCOMPARE(g.warnings, g.nodesPerBin[1]);
        // Every matched NPU node with a precision index is in one bin (the root carries none).
        std::vector<std::string> warnings;
        auto c = source({ npu, bench }, ps::RulesProfile::Msprobe26).load(0, warnings);
        size_t rated = 0;
        for (ps::NodeId n = 0; n < c->graph(ps::Side::Npu).size(); ++n)
            rated += c->counterpart[0][n] != ps::kNoNode && c->precision[n].has;
        QCOMPARE(g.nodesPerBin[0] + g.nodesPerBin[1] + g.nodesPerBin[2], rated);
        QCOMPARE(rated, g.sides[0].matched - 1);
        // The first-divergence finder follows the dump's record order, which a file read back does not carry: the
        // column is empty for files (and, as it breaks ties, the order within a tie may differ); the rows are the
        // same.
        auto withoutDivergence = [](const ps::GraphReport& r) {
            auto rows = parseCsv(ps::reportCsv(r));
            for (const char* name : { "First Divergence", "Order" }) {
                const size_t col = column(rows.at(0), name);
                for (size_t k = 1; k < rows.size(); ++k)
                    rows[k][col].clear();
            }
            std::sort(rows.begin() + 1, rows.end());
            return rows;
        };
        QCOMPARE(withoutDivergence(ours), withoutDivergence(db));
        const std::vector<ps::Divergence> found = ps::findDivergences(*c, ps::DiagnoseOptions {});
        size_t ranked = 0;
        for (const ps::SuspectRow& r : g.suspects)
            if (r.divergenceRank) {
                ++ranked;
                QCOMPARE(std::string(c->graph(ps::Side::Npu).nameOf(found.at(r.divergenceRank - 1).npu)), r.npuNode);
            }
        QVERIFY(ranked > 0);
        // Row verdicts (Result) come first: an error node's worst row is an error row.
        for (const ps::SuspectRow& r : g.suspects)
            if (r.severity == ps::Severity::Error)
                QCOMPARE(r.worst.rowLevel, int(ps::Verdict::Error));
    }

    void failOnCounts()
    {
        ps::GraphReport report = ps::reportSource(compareJson("mlp_steps_mix_statistics"), { 1 });
        QCOMPARE(report.graphs.size(), size_t(2));
        size_t errors = 0, warnings = 0, bin2 = 0;
        for (const ps::GraphSummary& g : report.graphs) {
            errors += g.nodesPerBin[4];
            warnings += g.nodesPerBin[1] + g.nodesPerBin[2] + g.nodesPerBin[3] + g.nodesPerBin[4];
            bin2 += g.nodesPerBin[2] + g.nodesPerBin[3] + g.nodesPerBin[4];
        }
        QCOMPARE(errors, size_t(12));
        QCOMPARE(ps::failOnFindings(report, ps::parseFailOn("error")), errors);
        QCOMPARE(ps::failOnFindings(report, ps::parseFailOn("warning")), warnings);
        QCOMPARE(ps::failOnFindings(report, ps::parseFailOn("bin=2")), bin2);
        QCOMPARE(ps::failOnFindings(report, ps::parseFailOn("bin=9")), size_t(0));
        QCOMPARE(ps::failOnFindings(report, ps::FailOn {}), size_t(0));
        for (const char* bad : { "bin=", "bin=-1", "bin=x", "errors", "", "bin=99999999999999" })
            QVERIFY_THROWS_EXCEPTION(ps::Error, ps::parseFailOn(bad));
    }

    void severityOfBins()
    {
        const auto v121 = ps::defaultColors(ps::CompareMode::Summary, ps::RulesProfile::Msprobe121);
        QCOMPARE(ps::severityOfBin(v121, 0), ps::Severity::None);
        QCOMPARE(ps::severityOfBin(v121, 1), ps::Severity::Warning);
        QCOMPARE(ps::severityOfBin(v121, 4), ps::Severity::Error);
        QCOMPARE(ps::severityOfBin(v121, -1), ps::Severity::None);
        const auto md5 = ps::defaultColors(ps::CompareMode::Md5, ps::RulesProfile::Msprobe121);
        QCOMPARE(ps::severityOfBin(md5, 1), ps::Severity::Error); // "md5 differs" is the last value bin
        const auto v26 = ps::defaultColors(ps::CompareMode::Summary, ps::RulesProfile::Msprobe26);
        QCOMPARE(ps::severityOfBin(v26, 0), ps::Severity::None);
        QCOMPARE(ps::severityOfBin(v26, 1), ps::Severity::Warning);
        QCOMPARE(ps::severityOfBin(v26, 2), ps::Severity::Error);
        QCOMPARE(ps::binLabel(v26, 1), std::string("warning"));
        QCOMPARE(ps::binLabel(v121, 3), std::string("bin 3"));
    }

    void diffOfACaseAgainstItselfIsEmpty()
    {
        ps::ComparisonDiff d = ps::diffSources(compareJson("gpt_mix_statistics"), compareJson("gpt_mix_statistics"));
        QVERIFY(d.changes.empty());
        QCOMPARE(d.unchanged, size_t(222));
        QVERIFY(d.onlyInA.empty() && d.onlyInB.empty());
        // The same comparison from msprobe's .vis: no change either.
        ps::ComparisonDiff viaVis = ps::diffSources(compareJson("gpt_mix_statistics"),
            source({ kCases + "/gpt_mix_statistics/ref_1.2.1/compare/compare.vis.gz" }, ps::RulesProfile::Msprobe121));
        QVERIFY(viaVis.changes.empty());
        QCOMPARE(viaVis.unchanged, size_t(222));
    }

    // gpt_mix_statistics against gpt_fuzzy_mix_statistics: every listed change agrees with the two comparisons.
    void diffAgainstFuzzyListsChanges()
    {
        ps::Source a = compareJson("gpt_mix_statistics");
        ps::Source b = compareJson("gpt_fuzzy_mix_statistics");
        ps::ComparisonDiff d = ps::diffSources(a, b);
        QVERIFY(d.count(ps::ChangeKind::Regressed) > 0);
        QVERIFY(d.count(ps::ChangeKind::Improved) > 0);
        QVERIFY(d.count(ps::ChangeKind::Appeared) > 0);
        std::vector<std::string> warnings;
        auto ca = a.load(0, warnings);
        auto cb = b.load(0, warnings);
        const auto binsA = ca->colorBins(), binsB = cb->colorBins();
        for (const ps::NodeChange& c : d.changes) {
            const ps::Graph& ga = ca->graph(c.side);
            const ps::Graph& gb = cb->graph(c.side);
            const ps::NodeId na = ga.find(c.node), nb = gb.find(c.node);
            switch (c.kind) {
            case ps::ChangeKind::Appeared:
                QVERIFY(na == ps::kNoNode && nb != ps::kNoNode);
                break;
            case ps::ChangeKind::Vanished:
                QVERIFY(na != ps::kNoNode && nb == ps::kNoNode);
                break;
            default: {
                QCOMPARE(c.side, ps::Side::Npu);
                QVERIFY(na != ps::kNoNode && nb != ps::kNoNode);
                const ps::NodeState before = ps::nodeState(*ca, binsA, na), after = ps::nodeState(*cb, binsB, nb);
                QCOMPARE(c.before, before.verdict);
                QCOMPARE(c.after, after.verdict);
                auto change = ps::compareStates(before, after);
                QVERIFY(change.has_value());
                QCOMPARE(change->kind, c.kind);
            }
            }
        }
        const size_t npuChanges = size_t(std::count_if(d.changes.begin(), d.changes.end(),
            [](const auto& c) { return c.side == ps::Side::Npu && c.kind != ps::ChangeKind::Vanished; }));
        QCOMPARE(npuChanges + d.unchanged, cb->graph(ps::Side::Npu).size());
        // The CSV lists every change, one per line after the header.
        QCOMPARE(parseCsv(ps::diffCsv(d)).size(), d.changes.size() + 1);
    }

    // msprobe 1.2.1's colour bins against 26.0.0's verdicts of the same dumps: compared by severity, so a node in
    // 1.2.1's last bin that 26.0.0 rates error is no change.
    void diffAcrossRuleSetsComparesSeverities()
    {
        const std::string npu = kCases + "/gpt_mix_statistics/npu/step0/rank";
        const std::string bench = kCases + "/gpt_mix_statistics/bench/step0/rank";
        ps::ComparisonDiff d
            = ps::diffSources(compareJson("gpt_mix_statistics"), source({ npu, bench }, ps::RulesProfile::Msprobe26));
        const auto v121 = ps::defaultColors(ps::CompareMode::Summary, ps::RulesProfile::Msprobe121);
        auto severity = [&](const std::string& label) {
            if (label == "unmatched")
                return -1;
            if (label.starts_with("bin "))
                return int(ps::severityOfBin(v121, std::stoi(label.substr(4))));
            return int(*ps::verdictOfName(label));
        };
        QVERIFY(d.count(ps::ChangeKind::Appeared) > 0); // 26.0.0's parameters_grad nodes, among others
        size_t verdictChanges = 0;
        for (const ps::NodeChange& c : d.changes) {
            if (c.kind != ps::ChangeKind::Regressed && c.kind != ps::ChangeKind::Improved)
                continue;
            if (!c.metric.empty()) {
                QCOMPARE(severity(c.before), severity(c.after));
                continue;
            }
            ++verdictChanges;
            const int before = severity(c.before), after = severity(c.after);
            QVERIFY2(before != after, (c.node + ": " + c.before + " -> " + c.after).c_str());
            const int b = before < 0 ? INT32_MAX : before, a = after < 0 ? INT32_MAX : after;
            QCOMPARE(c.kind, a > b ? ps::ChangeKind::Regressed : ps::ChangeKind::Improved);
        }
        QVERIFY(verdictChanges > 0);
    }

    void changeRules()
    {
        ps::NodeState pass { 0, "pass", {} }, error { 2, "error", {} }, unmatched { -1, "unmatched", {} };
        QCOMPARE(ps::compareStates(pass, error)->kind, ps::ChangeKind::Regressed);
        QCOMPARE(ps::compareStates(error, pass)->kind, ps::ChangeKind::Improved);
        QCOMPARE(ps::compareStates(pass, unmatched)->kind, ps::ChangeKind::Regressed);
        QCOMPARE(ps::compareStates(unmatched, error)->kind, ps::ChangeKind::Improved);
        QVERIFY(!ps::compareStates(pass, pass));
        ps::NodeState x = pass, y = pass;
        x.worst = { "NormRelativeErr", "1.0%", -1, 0.010, 0 };
        y.worst = { "NormRelativeErr", "1.005%", -1, 0.01005, 0 };
        QVERIFY(!ps::compareStates(x, y)); // within 1 %
        y.worst = { "NormRelativeErr", "2.0%", -1, 0.02, 0 };
        QCOMPARE(ps::compareStates(x, y)->kind, ps::ChangeKind::Regressed);
        QCOMPARE(ps::compareStates(x, y)->metric, std::string("NormRelativeErr"));
        QCOMPARE(ps::compareStates(y, x)->kind, ps::ChangeKind::Improved);
        y.worst = { "NormRelativeErr", "1.0%", 1, 0.010, 0 }; // same value, the row is now rated a warning
        QVERIFY(!ps::compareStates(x, y)); // a verdict on one side only: the metric alone decides
        x.worst.rowLevel = 0; // the row was a pass
        const auto change = ps::compareStates(x, y);
        QVERIFY(change.has_value());
        QCOMPARE(change->kind, ps::ChangeKind::Regressed);
    }

    // inf against inf and NaN against NaN are no change (their difference is NaN); inf against a number is.
    void changeRulesWithInfAndNan()
    {
        const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
        ps::NodeState x { 4, "bin 4", {} }, y = x;
        x.worst = y.worst = { "MaxRelativeErr", "inf%", -1, inf, 0 };
        QVERIFY(!ps::compareStates(x, y));
        x.worst = y.worst = { "MaxRelativeErr", "nan%", -1, nan, 0 };
        QVERIFY(!ps::compareStates(x, y));
        x.worst.badness = -inf;
        y.worst.badness = -inf;
        QVERIFY(!ps::compareStates(x, y));
        x.worst = { "MaxRelativeErr", "50.0%", -1, 0.5, 0 };
        y.worst = { "MaxRelativeErr", "inf%", -1, inf, 0 };
        QCOMPARE(ps::compareStates(x, y)->kind, ps::ChangeKind::Regressed);
        QCOMPARE(ps::compareStates(y, x)->kind, ps::ChangeKind::Improved);
        QVERIFY(ps::sameMeasure(inf, inf) && ps::sameMeasure(nan, nan) && ps::sameMeasure(1.0, 1.005));
        QVERIFY(!ps::sameMeasure(inf, -inf) && !ps::sameMeasure(nan, 0.0) && !ps::sameMeasure(inf, 1e308));
    }

    // A dump whose worst metric is inf (an NPU Max of Infinity: MaxRelativeErr "inf%") diffed with itself under
    // both rule sets: no change.
    void diffOfInfiniteMetricsWithItselfIsEmpty()
    {
        QTemporaryDir tmp;
        for (const char* side : { "npu", "bench" }) {
            const QString from = QString::fromStdString(kCases) + "/mlp_mix_statistics/" + side + "/step0/rank/";
            const QString to = tmp.path() + "/" + side;
            QVERIFY(QDir().mkpath(to));
            for (const char* file : { "construct.json", "dump.json", "stack.json" }) {
                QFile in(from + file);
                QVERIFY(in.open(QIODevice::ReadOnly));
                QByteArray text = in.readAll();
                if (std::string(side) == "npu" && std::string(file) == "dump.json")
                    text.replace("\"Max\": 1.5784584283828735", "\"Max\": Infinity");
                QFile out(to + "/" + file);
                QVERIFY(out.open(QIODevice::WriteOnly) && out.write(text) == text.size());
            }
        }
        const std::vector<std::string> folders { (tmp.path() + "/npu").toStdString(),
            (tmp.path() + "/bench").toStdString() };
        for (ps::RulesProfile profile : { ps::RulesProfile::Msprobe121, ps::RulesProfile::Msprobe26 }) {
            const ps::Source a = source(folders, profile);
            std::vector<std::string> warnings;
            auto c = a.load(0, warnings);
            const auto bins = c->colorBins();
            size_t infinite = 0;
            for (ps::NodeId n = 0; n < c->graph(ps::Side::Npu).size(); ++n)
                infinite += std::isinf(ps::nodeState(*c, bins, n).worst.badness);
            QVERIFY(infinite > 0); // the case does reach the inf - inf of the old rule
            const ps::ComparisonDiff d = ps::diffSources(a, source(folders, profile));
            QVERIFY2(d.changes.empty(), ps::diffText(d, 3).c_str());
            QCOMPARE(d.unchanged, c->graph(ps::Side::Npu).size());
        }
    }

    // The trends model on step and rank folders: every cell equals what the per-graph comparison says of that
    // module, and the per-graph counts equal the per-graph reports.
    void trendsEqualThePerStepComparisons_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("graphs");
        QTest::addColumn<int>("profile");
        QTest::addColumn<int>("firstError"); // the graph, or `graphs` when none has an error
        QTest::newRow("mlp_steps 1.2.1") << "mlp_steps_mix_statistics" << 2 << int(ps::RulesProfile::Msprobe121) << 0;
        QTest::newRow("dist_tp 1.2.1") << "dist_tp_mix_statistics" << 4 << int(ps::RulesProfile::Msprobe121) << 0;
        QTest::newRow("dist_tp 26.0.0") << "dist_tp_mix_statistics" << 4 << int(ps::RulesProfile::Msprobe26) << 4;
    }
    void trendsEqualThePerStepComparisons()
    {
        QFETCH(QString, name);
        QFETCH(int, graphs);
        QFETCH(int, profile);
        QFETCH(int, firstError);
        const ps::Source s = compareJson(name.toStdString(), ps::RulesProfile(profile));
        const ps::StepTrends t = ps::computeTrends(s);
        QCOMPARE(t.graphs.size(), size_t(graphs));
        QVERIFY(!t.modules.empty());
        QCOMPARE(t.cells.size(), t.modules.size());
        size_t present = 0;
        for (size_t i = 0; i < s.jobs().size(); ++i) {
            QCOMPARE(t.graphs[i].step, s.jobs()[i].step);
            QCOMPARE(t.graphs[i].rank, s.jobs()[i].rank);
            std::vector<std::string> warnings;
            auto c = s.load(i, warnings);
            const auto bins = c->colorBins();
            const ps::GraphSummary summary = ps::summarizeComparison(*c, { 1 });
            QCOMPARE(t.graphs[i].errors, summary.errors);
            QCOMPARE(t.graphs[i].warnings, summary.warnings);
            QCOMPARE(t.graphs[i].worst.npuNode, summary.suspects.empty() ? std::string() : summary.suspects[0].npuNode);
            const ps::Graph& g = c->graph(ps::Side::Npu);
            for (size_t m = 0; m < t.modules.size(); ++m) {
                const ps::NodeId n = g.find(t.modules[m]);
                const ps::TrendCell& cell = t.cells[m][i];
                if (n == ps::kNoNode) {
                    QVERIFY(!cell.present());
                    continue;
                }
                QCOMPARE(cell.bin, ps::nodeBin(*c, bins, n));
                if (cell.present()) {
                    ++present;
                    QCOMPARE(cell.badness, ps::worstMetricOf(*c, n).badness);
                }
            }
            if (t.graphs[i].errors) {
                const ps::NodeId first = g.find(t.graphs[i].firstError);
                QVERIFY(first != ps::kNoNode);
                QCOMPARE(ps::severityOfBin(bins, ps::nodeBin(*c, bins, first)), ps::Severity::Error);
            }
        }
        QVERIFY(present > t.modules.size());
        QCOMPARE(t.firstErrorGraph(), size_t(firstError));
        const std::string text = ps::trendsText(t);
        const std::string expected = firstError == graphs
            ? std::string("no error in any step")
            : "the first error appears at step 0, rank 0: " + t.graphs[0].firstError;
        QVERIFY2(text.find(expected) != std::string::npos, text.c_str());
        QCOMPARE(parseCsv(ps::trendsCsv(t)).size(), t.modules.size() + 1);
    }

    // What the GUI's job needs of the trends: a call after every graph, a cancel flag that stops the run with
    // ErrorCode::Cancelled, the legend the cells' bins index, and a source over the jobs the GUI planned whose
    // graphs are those jobs, in their order.
    void trendsReportProgressAndCancel()
    {
        const ps::Source s = compareJson("mlp_steps_mix_statistics");
        std::vector<size_t> done;
        ps::TrendsProgress progress;
        progress.graphDone = [&](size_t d, size_t total) {
            QCOMPARE(total, s.jobs().size());
            done.push_back(d);
        };
        const ps::StepTrends t = ps::computeTrends(s, progress);
        QCOMPARE(done, (std::vector<size_t> { 1, 2 }));
        QVERIFY(!t.bins.empty());
        for (const auto& row : t.cells)
            for (const ps::TrendCell& cell : row)
                QVERIFY(cell.bin < int(t.bins.size()));

        std::atomic<bool> cancel { false };
        progress.cancel = &cancel;
        progress.graphDone = [&](size_t, size_t) { cancel = true; }; // stops before the second graph
        try {
            ps::computeTrends(s, progress);
            QFAIL("a cancelled run returned");
        } catch (const ps::Error& e) {
            QCOMPARE(e.code(), ps::ErrorCode::Cancelled);
        }
    }

    void callSiteLines()
    {
        ps::CodeFrame f = ps::parseCodeFrame("File /home/u/a, b/train.py, line 42, in forward, \n y = self.fc(x)");
        QCOMPARE(f.file, std::string("/home/u/a, b/train.py"));
        QCOMPARE(f.line, 42);
        QCOMPARE(f.function, std::string("forward"));
        QCOMPARE(f.code, std::string("y = self.fc(x)"));
        QVERIFY(!f.framework);
        QCOMPARE(f.location(), std::string("/home/u/a, b/train.py:42"));
        f = ps::parseCodeFrame(
            "File /usr/lib/python3/site-packages/torch/nn/modules/module.py, line 1501, in _call_impl, "
            "\n return forward_call(*args)");
        QVERIFY(f.framework);
        f = ps::parseCodeFrame("File x.py, line many, in f, y");
        QVERIFY(f.file.empty());
        QCOMPARE(f.code, std::string("File x.py, line many, in f, y"));
        QVERIFY(ps::parseCodeFrame("").file.empty());
        QVERIFY(ps::isFrameworkFile("<frozen runpy>"));
        QVERIFY(!ps::isFrameworkFile("/home/user/model.py"));
    }

    void csvCells()
    {
        QCOMPARE(ps::csvCell("plain"), std::string("plain"));
        QCOMPARE(ps::csvCell("a,b"), std::string("\"a,b\""));
        QCOMPARE(ps::csvCell("say \"hi\""), std::string("\"say \"\"hi\"\"\""));
        QCOMPARE(ps::csvCell("two\nlines"), std::string("\"two\nlines\""));
        QCOMPARE(ps::csvCell("=HYPERLINK(1)"), std::string("'=HYPERLINK(1)"));
        QCOMPARE(ps::csvCell("@cmd"), std::string("'@cmd"));
        QCOMPARE(ps::csvCell("-0.5"), std::string("-0.5")); // numbers stay numbers
        QCOMPARE(ps::csvCell("-1e-05"), std::string("-1e-05"));
    }

    void sourceErrorsNameTheFile()
    {
        QTemporaryDir dir;
        const std::string folder = dir.path().toStdString();
        auto message = [](auto&& f) -> std::string {
            try {
                f();
            } catch (const ps::Error& e) {
                return e.what();
            }
            return "no error";
        };
        QVERIFY(
            message([&] { source({ folder }, ps::RulesProfile::Msprobe121); }).starts_with(folder + ": a dump folder"));
        writeFile(dir.filePath(QStringLiteral("c.json")), "{\"npu_path\": \"" + dir.path().toUtf8() + "\"}");
        const std::string noBench = folder + "/c.json";
        QCOMPARE(message([&] { source({ noBench }, ps::RulesProfile::Msprobe121); }),
            noBench + ": compare.json has no bench_path: there is nothing to compare");
        writeFile(dir.filePath(QStringLiteral("junk.vis")), "not json");
        const std::string junk = folder + "/junk.vis";
        auto s = source({ junk }, ps::RulesProfile::Msprobe121);
        std::vector<std::string> warnings;
        QVERIFY(message([&] { s.load(0, warnings); }).starts_with(junk + ": "));
        QVERIFY(message([&] { source({ folder, junk }, ps::RulesProfile::Msprobe26); }).starts_with(junk + ": "));
        QVERIFY(message([&] {
            source({ folder + "/gone.vis" }, ps::RulesProfile::Msprobe121);
        }).starts_with(folder + "/gone.vis"));
    }
};

QTEST_GUILESS_MAIN(TstReport)
#include "tst_report.moc"
