// Dumps of msprobe's newest summary mode "xor" (tests/data/golden/mlp_mix_xor, made from mlp_mix_md5 by
// tests/scripts/make_xor_case.py): each tensor has an XOR checksum in its "md5" field ("0x%016x", the value itself
// for a 0-d tensor) and no statistics. They are compared like md5 dumps: equal or different. The viewer loads dumps
// as these tests do (planJobs, runPair); graph_visualize's database is scored against msprobe 26.0.0's by the
// golden_visdb test.
#include "analysis/graph_report.h"
#include "analysis/node_assessment.h"
#include "batch/dump_layout.h"
#include "batch/engine.h"
#include "io/item_fields.h"
#include "source/source.h"

#include <QtTest>

namespace {

const std::string kCases = PROBESCOPE_CASES;

std::shared_ptr<const ps::Comparison> compare(const std::string& name, ps::RulesProfile profile)
{
    ps::EngineOptions options;
    options.profile = profile;
    const std::vector<ps::GraphJob> jobs
        = ps::planJobs(kCases + "/" + name + "/npu", kCases + "/" + name + "/bench", std::string());
    if (jobs.size() != 1)
        throw std::runtime_error(name + ": not one graph");
    std::vector<std::string> warnings;
    return ps::runPair(jobs[0].npuDir, jobs[0].benchDir, options, warnings);
}

// The NPU item named `item` of node `node`, or nullptr.
const ps::DumpItem* npuItem(const ps::Comparison& c, const std::string& node, const std::string& item, uint32_t* index)
{
    const ps::Graph& g = c.graph(ps::Side::Npu);
    const ps::NodeId n = g.find(node);
    if (n == ps::kNoNode)
        return nullptr;
    for (auto items : { g.inputItems(n), g.outputItems(n) })
        for (uint32_t i : items) {
            std::string buffer;
            if (g.dump->itemKey(g.dump->items[i], buffer) == item) {
                *index = i;
                return &g.dump->items[i];
            }
        }
    return nullptr;
}

// The checksum as the comparison reads it (the md5 field), and the item's fields as the graph shows them.
std::pair<std::string, ps::FormattedItem> checksumAndFields(
    const ps::Comparison& c, const std::string& node, const std::string& item)
{
    uint32_t index = 0;
    const ps::DumpItem* found = npuItem(c, node, item, &index);
    if (!found)
        return { "(no item)", {} };
    const ps::DumpData& dump = *c.graph(ps::Side::Npu).dump;
    ps::ItemStats stats;
    ps::itemStats(dump, *found, stats, c.profile);
    std::string text(ps::fieldText(dump, &stats.md5));
    if (!stats.md5.isText && (stats.md5.json.type == ps::JType::Float))
        text = "float " + std::to_string(stats.md5.json.d);
    return { text, ps::formattedItem(c, ps::Side::Npu, index) };
}

} // namespace

class TestXorMode : public QObject {
    Q_OBJECT

private slots:
    void comparedLikeMd5_data()
    {
        QTest::addColumn<int>("profile");
        QTest::newRow("graph (msprobe 1.2.1 rules)") << int(ps::RulesProfile::Msprobe121);
        QTest::newRow("graph_visualize (msprobe 26.0.0 rules)") << int(ps::RulesProfile::Msprobe26);
    }
    // Every NPU node has the md5 case's match and verdict; each item's md5 field holds the checksum.
    void comparedLikeMd5()
    {
        QFETCH(int, profile);
        const auto rules = ps::RulesProfile(profile);
        const auto xorCase = compare("mlp_mix_xor", rules);
        const auto md5Case = compare("mlp_mix_md5", rules);
        QCOMPARE(xorCase->mode, ps::CompareMode::Md5);
        const ps::Graph& x = xorCase->graph(ps::Side::Npu);
        const ps::Graph& m = md5Case->graph(ps::Side::Npu);
        QCOMPARE(x.size(), m.size());
        size_t differ = 0, equal = 0;
        for (ps::NodeId n = 0; n < x.size(); ++n) {
            const ps::NodeId same = m.find(x.nameOf(n));
            QVERIFY(same != ps::kNoNode);
            const std::string name(x.nameOf(n));
            QCOMPARE(xorCase->counterpart[0][n] == ps::kNoNode, md5Case->counterpart[0][same] == ps::kNoNode);
            QCOMPARE(xorCase->precision[n].has, md5Case->precision[same].has);
            QVERIFY2(xorCase->precision[n].value == md5Case->precision[same].value, name.c_str());
            if (xorCase->precision[n].has)
                (xorCase->precision[n].value == (rules == ps::RulesProfile::Msprobe26 ? 0 : 1) ? equal : differ)++;
        }
        QVERIFY(equal > 0 && differ > 0);
        const auto [checksum, fields]
            = checksumAndFields(*xorCase, "Functional.linear.0.forward", "Functional.linear.0.forward.input.0");
        QCOMPARE(checksum, std::string("0xc54394540d090e9b"));
        // No statistics: msprobe's graph shows the tensor as {"value": "null"} (its Max is None), in both versions.
        QCOMPARE(fields, (ps::FormattedItem { { "value", "null" } }));
        const auto scalar
            = checksumAndFields(*xorCase, "Tensor.__truediv__.0.forward", "Tensor.__truediv__.0.forward.input.0");
        QCOMPARE(scalar.first, std::string("float 2.518384")); // a 0-d tensor's checksum is its value
    }

    // report's counts per bin are the md5 case's.
    void reportLikeMd5()
    {
        for (ps::RulesProfile rules : { ps::RulesProfile::Msprobe121, ps::RulesProfile::Msprobe26 }) {
            ps::EngineOptions engine;
            engine.profile = rules;
            auto report = [&](const std::string& name) {
                std::string json = kCases;
                json += "/" + name + "/compare.json";
                return ps::reportSource(ps::Source::open({ json }, engine), ps::ReportOptions {});
            };
            const ps::GraphReport x = report("mlp_mix_xor"), m = report("mlp_mix_md5");
            QCOMPARE(x.graphs.size(), size_t(1));
            QCOMPARE(x.graphs[0].nodesPerBin, m.graphs[0].nodesPerBin);
            QVERIFY(x.graphs[0].nodesPerBin.size() >= 2);
        }
    }
};

QTEST_GUILESS_MAIN(TestXorMode)
#include "tst_xor_mode.moc"
