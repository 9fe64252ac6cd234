// Benchmark: a synthetic comparison of ~10^6 nodes per side in the real side-by-side view (offscreen).
// Reports: compare result -> first paint, expand of a node with 1,000 children, search keystroke -> hits,
// jump to a deep node. Targets: <= 1 s, <= 16 ms, <= 20 ms, <= 100 ms.
//   QT_QPA_PLATFORM=offscreen probescope_bench_tree
#include "models/graphtreemodel.h"
#include "models/nodefilterproxy.h"
#include "models/nodesearch.h"
#include "session/sessioncontroller.h"
#include "widgets/sidebysidetreeview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTreeView>

#include <cstdio>
#include <string>

namespace {

constexpr int kModules = 999;
constexpr int kLeaves = 1000;
constexpr int kDepth = 300;

// root -> kModules modules of kLeaves APIs each, plus one chain of kDepth modules.
std::shared_ptr<ps::Graph> makeGraph()
{
    auto g = std::make_shared<ps::Graph>();
    std::vector<std::vector<ps::NodeId>> children;
    auto add = [&](const std::string& name, ps::NodeType type, ps::NodeId parent) {
        const ps::NodeId id = ps::NodeId(g->name.size());
        g->name.push_back(g->strings.intern(name));
        g->type.push_back(type);
        g->parent.push_back(parent);
        children.emplace_back();
        if (parent != ps::kNoNode)
            children[parent].push_back(id);
        return id;
    };
    const ps::NodeId root = add("DefaultModel", ps::NodeType::Module, ps::kNoNode);
    for (int m = 0; m < kModules; ++m) {
        const std::string module = "Module.layers." + std::to_string(m) + ".Block.forward.0";
        const ps::NodeId mid = add(module, ps::NodeType::Module, root);
        for (int l = 0; l < kLeaves; ++l)
            add("Torch.matmul." + std::to_string(m * kLeaves + l) + ".forward", ps::NodeType::Api, mid);
    }
    ps::NodeId p = root;
    for (int d = 0; d < kDepth; ++d)
        p = add("Module.deep." + std::to_string(d) + ".Chain.forward.0", ps::NodeType::Module, p);
    const size_t n = g->name.size();
    g->root = root;
    g->childBegin.assign(n + 1, 0);
    g->rowInParent.assign(n, 0);
    for (size_t i = 0; i < n; ++i) {
        g->childBegin[i] = uint32_t(g->childIds.size());
        for (size_t r = 0; r < children[i].size(); ++r) {
            g->rowInParent[children[i][r]] = uint32_t(r);
            g->childIds.push_back(children[i][r]);
        }
    }
    g->childBegin[n] = uint32_t(g->childIds.size());
    g->record.assign(n, -1);
    g->stack.assign(n, 0);
    g->stacks.resize(1);
    g->items.assign(n, {});
    g->microStep.assign(n, -1);
    return g;
}

double ms(QElapsedTimer& t)
{
    return double(t.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    auto c = std::make_shared<ps::Comparison>();
    c->isCompare = true;
    c->graphs = { makeGraph(), makeGraph() };
    const size_t n = c->graphs[0]->size();
    for (auto& links : c->counterpart) {
        links.resize(n);
        for (size_t i = 0; i < n; ++i)
            links[i] = ps::NodeId(i);
    }
    c->precision.resize(n);
    for (size_t i = 0; i < n; ++i)
        c->precision[i] = ps::Precision::real(double(i % 1000) / 1000.0);
    std::printf("nodes per side: %zu\n", n);

    psui::SessionController session;
    psui::SideBySideTreeView view(&session);
    view.resize(1400, 900);
    view.show();

    // 1. compare result -> first paint (roll-ups, model reset, first level laid out and painted)
    QElapsedTimer t;
    t.start();
    auto snap = psui::makeSnapshot(c);
    for (psui::Side s : { psui::Side::Npu, psui::Side::Bench })
        session.model(s)->setSnapshot(snap);
    view.resetSession();
    view.grab();
    std::printf("result to first paint: %.1f ms (target 1000)\n", ms(t));

    // 2. expand a node with 1,000 children and paint
    QTreeView* npu = view.view(psui::Side::Npu);
    view.setMirrorExpansion(false);
    const QModelIndex module = view.proxy(psui::Side::Npu)->indexOfNode(1 + 500 * (kLeaves + 1));
    t.restart();
    npu->expand(module);
    npu->grab();
    std::printf("expand 1000 children: %.2f ms (target 16)\n", ms(t));

    // 3. search keystroke -> hits (the query as the worker runs it, plus the highlight hand-over)
    psui::SearchQuery q;
    q.text = QStringLiteral("matmul.77777.");
    t.restart();
    auto hits = std::make_shared<psui::NodeSet>(psui::searchNodes(*snap, psui::Side::Npu, q));
    view.setHitNodes(psui::Side::Npu, std::shared_ptr<const std::vector<bool>>(hits, &hits->isHit));
    std::printf("search keystroke to hits: %.2f ms, %zu hit(s) (target 20)\n", ms(t), hits->hits.size());

    // 4. jump to the deepest node: expand its path, centre it, select its counterpart, paint
    view.setMirrorExpansion(true);
    t.restart();
    view.selectNode(psui::Side::Npu, ps::NodeId(n - 1));
    view.grab();
    std::printf("jump to a node at depth %d: %.2f ms (target 100)\n", kDepth, ms(t));

    // 5. recolour after a bin change (the colour-ranges dialog's OK): bins and roll-ups again, models, paint
    const std::vector<ps::ColorBin> ranges { { "#FFFCF3", 0, 0.5, false, {} }, { "#FF4118", 0.5, 1, false, {} } };
    t.restart();
    auto recoloured
        = psui::recolourSnapshot(*snap, c, psui::legendFromBins(ps::legendFromRanges(c->mode, ranges), c->mode));
    for (psui::Side s : { psui::Side::Npu, psui::Side::Bench })
        session.model(s)->updateSnapshot(recoloured);
    view.grab();
    std::printf("recolour %zu nodes per side after a bin change: %.2f ms (target 50)\n", n, ms(t));
    return view.currentNode(psui::Side::Bench) == ps::NodeId(n - 1) ? 0 : 1;
}
