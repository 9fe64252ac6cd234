// The nested-box layout against the plugin's own numbers: its example files (loaded through the
// .vis reader) and its ResNet mock (its structure rebuilt here; the expected numbers are the plugin's own
// test expectations), plus the state machine, culling and the layout invariants on a real, fully expanded case.
#include "box_layout/hierarchy_layout.h"
#include "vis/vis_reader.h"

#include <QtTest>

#include <string>
#include <vector>

namespace {

const QString kCases = QStringLiteral(PROBESCOPE_CASES);

struct MockNode {
    std::string name;
    int type;
    std::string parent;
    std::vector<std::string> children;
};

// A build-mode .vis text from a node list (ids, types, parents and children are all the layout reads).
std::string buildVis(const std::vector<MockNode>& nodes)
{
    std::string s = "{\"root\": \"" + nodes.front().name + "\", \"node\": {";
    for (size_t i = 0; i < nodes.size(); ++i) {
        const MockNode& n = nodes[i];
        s += (i ? ", \"" : "\"") + n.name + "\": {\"id\": \"" + n.name + "\", \"node_type\": " + std::to_string(n.type)
            + ", \"upnode\": \"" + (n.parent.empty() ? std::string("None") : n.parent) + "\", \"subnodes\": [";
        for (size_t k = 0; k < n.children.size(); ++k)
            s += (k ? ", \"" : "\"") + n.children[k] + "\"";
        s += "]}";
    }
    return s + "}}";
}

// The first level of the plugin's ResNet mock (test_change_node_expand_state): leaves and collapsed modules in
// execution order, layer1's two BasicBlocks below it.
std::vector<MockNode> resnetMock()
{
    const std::vector<std::pair<std::string, int>> firstLevel = {
        { "Module.conv1.Conv2d.forward.0", 1 },
        { "Module.bn1.BatchNorm2d.forward.0", 1 },
        { "Module.relu.ReLU.forward.0", 1 },
        { "Module.maxpool.MaxPool2d.forward.0", 1 },
        { "Module.layer1.Sequential.forward.0", 0 },
        { "Module.layer2.Sequential.forward.0", 0 },
        { "Module.layer3.Sequential.forward.0", 0 },
        { "Module.layer4.Sequential.forward.0", 0 },
        { "Module.avgpool.AdaptiveAvgPool2d.forward.0", 1 },
        { "Module.fc.Linear.forward.0", 1 },
        { "Module.fc.Linear.backward.0", 1 },
        { "Module.avgpool.AdaptiveAvgPool2d.backward.0", 1 },
        { "Module.layer4.Sequential.backward.0", 0 },
        { "Module.layer3.Sequential.backward.0", 0 },
        { "Module.layer2.Sequential.backward.0", 0 },
        { "Module.layer1.Sequential.backward.0", 0 },
        { "Module.maxpool.MaxPool2d.backward.0", 1 },
        { "Module.relu.ReLU.backward.0", 1 },
        { "Module.bn1.BatchNorm2d.backward.0", 1 },
        { "Module.conv1.Conv2d.backward.0", 1 },
    };
    std::vector<MockNode> nodes { { "DefaultModel", 0, "", {} } };
    for (const auto& [name, type] : firstLevel) {
        nodes.front().children.push_back(name);
        MockNode n { name, 0, "DefaultModel", {} };
        if (type == 0) {
            // Every Sequential holds two BasicBlocks, each with one convolution.
            const std::string layer = name.substr(7, 6); // "layer1"
            const std::string pass = name.find("backward") != std::string::npos ? "backward" : "forward";
            for (int b = 0; b < 2; ++b) {
                const std::string block = "Module." + layer + "." + std::to_string(b) + ".BasicBlock." + pass + ".0";
                const std::string conv = "Module." + layer + "." + std::to_string(b) + ".conv1.Conv2d." + pass + ".0";
                n.children.push_back(block);
                nodes.push_back({ block, 0, name, { conv } });
                nodes.push_back({ conv, 0, block, {} });
            }
        }
        nodes.insert(nodes.end() - (type == 0 ? 4 : 0), n);
    }
    return nodes;
}

const ps::LayoutBox& boxNamed(const ps::HierarchyLayout& layout, std::string_view name)
{
    const ps::NodeId node = layout.graph().find(name);
    const uint32_t box = layout.boxOf(node);
    if (box == ps::kNoBox)
        qFatal("node %s is not visible", std::string(name).c_str());
    return layout.boxes()[box];
}

#define CHECK_BOX(layout, name, X, Y, W, H)                                                                            \
    do {                                                                                                               \
        const ps::LayoutBox& b_ = boxNamed(layout, name);                                                              \
        QCOMPARE(QList<int>({ b_.x, b_.y, b_.width, b_.height }), QList<int>({ X, Y, W, H }));                         \
    } while (0)

} // namespace

class TestHierarchyLayout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void textWidthCountsCharacters()
    {
        QCOMPARE(ps::layoutTextWidth("DefaultModel"), 72);
        QCOMPARE(ps::layoutTextWidth("\xe5\xb1\x82"), 6); // one CJK character, three UTF-8 bytes
    }

    void smallestFileIsOneBox()
    {
        const auto doc = ps::parseVisJson(
            R"({"root": "M", "node": {"M": {"id": "M", "node_type": 0, "upnode": "None", "subnodes": []}}})", "m.vis");
        ps::HierarchyLayout layout(doc.comparison->graph(ps::Side::Npu));
        QCOMPARE(layout.boxes().size(), size_t(1));
        QCOMPARE(layout.rootBox().label, std::string_view("M"));
    }

    // The plugin's build example with overflow marking.
    void buildExampleCheckValues()
    {
        const auto doc
            = ps::parseVisJson(buildVis({
                                   { "DefaultModel", 0, "", { "Module.fc.Linear.forward.0" } },
                                   { "Module.fc.Linear.forward.0", 0, "DefaultModel", { "Torch.matmul.0.forward" } },
                                   { "Torch.matmul.0.forward", 1, "Module.fc.Linear.forward.0", {} },
                               }),
                "build.vis");
        ps::HierarchyLayout layout(doc.comparison->graph(ps::Side::Npu));
        CHECK_BOX(layout, "DefaultModel", 0, 0, 176, 50);
        CHECK_BOX(layout, "Module.fc.Linear.forward.0", 5, 25, 166, 15);
        QCOMPARE(layout.boxes().size(), size_t(2));

        QVERIFY(layout.toggle(layout.graph().find("Module.fc.Linear.forward.0")));
        CHECK_BOX(layout, "DefaultModel", 0, 0, 176, 85);
        CHECK_BOX(layout, "Module.fc.Linear.forward.0", 5, 25, 166, 50);
        CHECK_BOX(layout, "Torch.matmul.0.forward", 63, 50, 50, 15);
        QCOMPARE(boxNamed(layout, "Torch.matmul.0.forward").label, std::string_view("matmul.0.forward"));
        QVERIFY(boxNamed(layout, "Torch.matmul.0.forward").isLeaf());
    }

    // The plugin's compare example: both roots 115x50, children at (5,25) and (60,25).
    void compareExampleCheckValues()
    {
        const std::string node = R"(, "micro_step_id": 0, "matched_node_link": [], "data": {}, "input_data": {},
            "output_data": {}, "stack_info": []})";
        const std::string text = R"({"task": "summary", "MicroSteps": 1, "NPU": {"root": "M", "node": {
            "M": {"id": "M", "node_type": 0, "upnode": "None", "subnodes": ["M.fc", "M.act"])"
            + node + R"(, "M.fc": {"id": "M.fc", "node_type": 0, "upnode": "M", "subnodes": [])" + node
            + R"(, "M.act": {"id": "M.act", "node_type": 0, "upnode": "M", "subnodes": [])" + node
            + R"(}}, "Bench": {"root": "M", "node": {
            "M": {"id": "M", "node_type": 0, "upnode": "None", "subnodes": ["M.fc", "M.act2"])"
            + node + R"(, "M.fc": {"id": "M.fc", "node_type": 0, "upnode": "M", "subnodes": [])" + node
            + R"(, "M.act2": {"id": "M.act2", "node_type": 0, "upnode": "M", "subnodes": [])" + node + "}}}";
        const auto doc = ps::parseVisJson(text, "compare.vis");
        QVERIFY(doc.comparison->isCompare);
        for (ps::Side side : { ps::Side::Npu, ps::Side::Bench }) {
            ps::HierarchyLayout layout(doc.comparison->graph(side));
            CHECK_BOX(layout, "M", 0, 0, 115, 50);
            CHECK_BOX(layout, "M.fc", 5, 25, 50, 15);
            CHECK_BOX(layout, side == ps::Side::Npu ? "M.act" : "M.act2", 60, 25, 50, 15);
        }
    }

    // The plugin's ResNet mock, NPU root expanded, then Module.layer1.Sequential.forward.0 expanded.
    void resnetMockCheckValues()
    {
        const auto doc = ps::parseVisJson(buildVis(resnetMock()), "mock_compare_resnet_data.vis");
        ps::HierarchyLayout layout(doc.comparison->graph(ps::Side::Npu));
        CHECK_BOX(layout, "DefaultModel", 0, 0, 230, 300);
        CHECK_BOX(layout, "Module.conv1.Conv2d.forward.0", 7, 25, 50, 15);
        CHECK_BOX(layout, "Module.bn1.BatchNorm2d.forward.0", 62, 25, 50, 15);
        CHECK_BOX(layout, "Module.relu.ReLU.forward.0", 117, 25, 50, 15);
        CHECK_BOX(layout, "Module.maxpool.MaxPool2d.forward.0", 172, 25, 50, 15);
        CHECK_BOX(layout, "Module.layer1.Sequential.forward.0", 8, 50, 214, 15);
        CHECK_BOX(layout, "Module.layer4.Sequential.forward.0", 8, 125, 214, 15);
        CHECK_BOX(layout, "Module.avgpool.AdaptiveAvgPool2d.forward.0", 7, 150, 50, 15);
        CHECK_BOX(layout, "Module.avgpool.AdaptiveAvgPool2d.backward.0", 172, 150, 50, 15);
        CHECK_BOX(layout, "Module.layer4.Sequential.backward.0", 5, 175, 220, 15);
        CHECK_BOX(layout, "Module.layer1.Sequential.backward.0", 5, 250, 220, 15);
        CHECK_BOX(layout, "Module.maxpool.MaxPool2d.backward.0", 7, 275, 50, 15);
        CHECK_BOX(layout, "Module.conv1.Conv2d.backward.0", 172, 275, 50, 15);
        QCOMPARE(layout.boxes().size(), size_t(21));
        // First-level nodes keep their full names.
        QCOMPARE(boxNamed(layout, "Module.layer1.Sequential.forward.0").label,
            std::string_view("Module.layer1.Sequential.forward.0"));

        QVERIFY(layout.toggle(layout.graph().find("Module.layer1.Sequential.forward.0")));
        CHECK_BOX(layout, "DefaultModel", 0, 0, 230, 360);
        CHECK_BOX(layout, "Module.layer1.Sequential.forward.0", 8, 50, 214, 75);
        CHECK_BOX(layout, "Module.layer1.0.BasicBlock.forward.0", 23, 75, 184, 15);
        CHECK_BOX(layout, "Module.layer1.1.BasicBlock.forward.0", 23, 100, 184, 15);
        CHECK_BOX(layout, "Module.layer2.Sequential.forward.0", 8, 135, 214, 15);
        CHECK_BOX(layout, "Module.avgpool.AdaptiveAvgPool2d.forward.0", 7, 210, 50, 15);
        CHECK_BOX(layout, "Module.layer4.Sequential.backward.0", 5, 235, 220, 15);
        CHECK_BOX(layout, "Module.maxpool.MaxPool2d.backward.0", 7, 335, 50, 15);
        QCOMPARE(boxNamed(layout, "Module.layer1.0.BasicBlock.forward.0").label,
            std::string_view("layer1.0.BasicBlock.forward.0"));
        QCOMPARE(layout.boxes().size(), size_t(23));
    }

    // More than PER_ROW leaves wrap into rows of five; the container is 5*50+4*5 wide inside.
    void leafRowsWrap()
    {
        std::vector<MockNode> nodes { { "R", 0, "", {} } };
        for (int i = 0; i < 12; ++i) {
            const std::string name = "Torch.add." + std::to_string(i) + ".forward";
            nodes.front().children.push_back(name);
            nodes.push_back({ name, 1, "R", {} });
        }
        const auto doc = ps::parseVisJson(buildVis(nodes), "rows.vis");
        ps::HierarchyLayout layout(doc.comparison->graph(ps::Side::Npu));
        CHECK_BOX(layout, "R", 0, 0, 280, 15 + 3 * 25 + 10);
        CHECK_BOX(layout, "Torch.add.0.forward", 5, 25, 50, 15);
        CHECK_BOX(layout, "Torch.add.4.forward", 225, 25, 50, 15);
        CHECK_BOX(layout, "Torch.add.5.forward", 5, 50, 50, 15);
        // The last row of two is centred on its own width: (280 - 105) // 2 = 87.
        CHECK_BOX(layout, "Torch.add.10.forward", 87, 75, 50, 15);
        CHECK_BOX(layout, "Torch.add.11.forward", 142, 75, 50, 15);
    }

    void collapseForgetsDeeperExpansion()
    {
        const auto doc = ps::parseVisJson(buildVis(resnetMock()), "mock.vis");
        ps::HierarchyLayout layout(doc.comparison->graph(ps::Side::Npu));
        const ps::Graph& g = layout.graph();
        const ps::NodeId layer1 = g.find("Module.layer1.Sequential.forward.0");
        const ps::NodeId block = g.find("Module.layer1.0.BasicBlock.forward.0");
        const ps::NodeId conv = g.find("Module.layer1.0.conv1.Conv2d.forward.0");
        QVERIFY(!layout.toggle(g.root)); // the root never collapses
        QVERIFY(!layout.toggle(block)); // not visible yet
        QVERIFY(layout.toggle(layer1));
        QVERIFY(layout.toggle(block));
        QVERIFY(layout.boxOf(conv) != ps::kNoBox);
        QVERIFY(!layout.toggle(conv)); // a leaf
        QVERIFY(layout.toggle(layer1)); // collapse
        QCOMPARE(layout.boxOf(block), ps::kNoBox);
        QVERIFY(layout.toggle(layer1)); // re-expand: the block is collapsed again
        QVERIFY(!layout.isExpanded(block));
        QCOMPARE(layout.boxOf(conv), ps::kNoBox);
        QCOMPARE(boxNamed(layout, "DefaultModel").height, 360);
    }

    void revealExpandsAncestors()
    {
        const auto doc = ps::parseVisJson(buildVis(resnetMock()), "mock.vis");
        ps::HierarchyLayout layout(doc.comparison->graph(ps::Side::Npu));
        const ps::Graph& g = layout.graph();
        const ps::NodeId conv = g.find("Module.layer3.1.conv1.Conv2d.backward.0");
        QVERIFY(layout.reveal(conv));
        QVERIFY(layout.isExpanded(g.find("Module.layer3.Sequential.backward.0")));
        QVERIFY(layout.isExpanded(g.find("Module.layer3.1.BasicBlock.backward.0")));
        QVERIFY(!layout.isExpanded(g.find("Module.layer3.0.BasicBlock.backward.0")));
        const ps::LayoutBox& b = layout.boxes()[layout.boxOf(conv)];
        QCOMPARE(b.depth, uint16_t(3));
        QCOMPARE(b.label, std::string_view("conv1.Conv2d.backward.0"));
        QCOMPARE(layout.boxAt(b.x + 1, b.y + 1), layout.boxOf(conv));
    }

    void microStepFiltersFirstLevelOnly()
    {
        std::string text = buildVis(
            { { "R", 0, "", { "A", "B" } }, { "A", 0, "R", { "A.x" } }, { "A.x", 1, "A", {} }, { "B", 0, "R", {} } });
        // micro_step_id on A (0) and B (1); A.x carries step 1 but deeper levels are not filtered.
        text.replace(text.find("\"A\": {") + 6, 0, "\"micro_step_id\": 0, ");
        text.replace(text.find("\"A.x\": {") + 8, 0, "\"micro_step_id\": 1, ");
        text.replace(text.find("\"B\": {") + 6, 0, "\"micro_step_id\": 1, ");
        const auto doc = ps::parseVisJson(text, "steps.vis");
        ps::HierarchyLayout layout(doc.comparison->graph(ps::Side::Npu), 0);
        const ps::Graph& g = layout.graph();
        QVERIFY(layout.boxOf(g.find("A")) != ps::kNoBox);
        QCOMPARE(layout.boxOf(g.find("B")), ps::kNoBox);
        QVERIFY(layout.toggle(g.find("A")));
        QVERIFY(layout.boxOf(g.find("A.x")) != ps::kNoBox);
        QVERIFY(!layout.reveal(g.find("B")));
        layout.reset(-1);
        QCOMPARE(layout.boxes().size(), size_t(3));
    }

    void cullingSkipsSubtreesOutsideTheView()
    {
        const auto doc = ps::parseVisJson(buildVis(resnetMock()), "mock.vis");
        ps::HierarchyLayout layout(doc.comparison->graph(ps::Side::Npu));
        layout.toggle(layout.graph().find("Module.layer1.Sequential.forward.0"));
        std::vector<uint32_t> hits;
        layout.boxesIn(0, 70, 230, 95, hits); // only the first BasicBlock row and its containers
        std::vector<std::string_view> names;
        for (uint32_t i : hits)
            names.push_back(layout.graph().nameOf(layout.boxes()[i].node));
        QCOMPARE(names,
            std::vector<std::string_view>(
                { "DefaultModel", "Module.layer1.Sequential.forward.0", "Module.layer1.0.BasicBlock.forward.0" }));
        layout.boxesIn(1000, 0, 2000, 100, hits);
        QVERIFY(hits.empty());
        QCOMPARE(layout.boxAt(-1, -1), ps::kNoBox);
        QCOMPARE(layout.boxAt(1, 1), 0u);
    }

    // A real msprobe output with every node expanded: children inside their parent below the title strip,
    // siblings never overlap, and the pre-order subtree ranges match the parent links.
    void realCaseFullyExpandedInvariants()
    {
        const QString path = kCases + QStringLiteral("/gpt_mix_statistics/ref_1.2.1/compare/compare.vis.gz");
        QVERIFY2(QFile::exists(path), qPrintable(path));
        const auto doc
            = ps::readVisFile(QFile::exists(path) ? path.toStdString() : (path + QStringLiteral(".gz")).toStdString());
        for (ps::Side side : { ps::Side::Npu, ps::Side::Bench }) {
            const ps::Graph& g = doc.comparison->graph(side);
            ps::HierarchyLayout layout(g);
            for (ps::NodeId n = 0; n < g.size(); ++n)
                if (!g.children(n).empty() && n != g.root && layout.reveal(n))
                    layout.setExpanded(n, true);
            size_t reachable = 0;
            for (ps::NodeId n = 0; n < g.size(); ++n) {
                const auto chain = g.ancestors(n);
                reachable += n == g.root || (!chain.empty() && chain.front() == g.root);
            }
            QCOMPARE(layout.boxes().size(), reachable);
            const auto& boxes = layout.boxes();
            for (uint32_t i = 1; i < boxes.size(); ++i) {
                const ps::LayoutBox& b = boxes[i];
                const ps::LayoutBox& p = boxes[b.parent];
                QVERIFY(b.parent < i && i < p.subtreeEnd);
                QVERIFY2(b.x >= p.x + 5 && b.x + b.width <= p.x + p.width - 5 && b.y >= p.y + 25
                        && b.y + b.height <= p.y + p.height - 10,
                    g.nameOf(b.node).data());
                const uint32_t nextSibling = b.subtreeEnd;
                if (nextSibling < boxes.size() && boxes[nextSibling].parent == b.parent) {
                    const ps::LayoutBox& next = boxes[nextSibling];
                    QVERIFY(next.y >= b.y + b.height || next.x >= b.x + b.width);
                }
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestHierarchyLayout)
#include "tst_hierarchy_layout.moc"
