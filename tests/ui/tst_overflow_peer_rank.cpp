// Two views that tb_graph_ascend's users know: overflow mode (the rows are filled by overflow
// level, grey without one, instead of a small dot drowned in precision red) and the jump from a communication
// node to its peer rank's node (item 9, matched_distributed) in msprobe 26.0.0's multi-rank database.
#include "models/nodefilterproxy.h"
#include "models/roles.h"
#include "testutil.h"
#include "theme/palette.h"
#include "vis/vis_reader.h"
#include "widgets/peerrankjump.h"
#include "widgets/sidebysidetreeview.h"

#include <QCheckBox>
#include <QMenu>
#include <QTreeView>
#include <QtTest>

#include <map>

using namespace psui;

class TestOverflowPeerRank : public QObject {
    Q_OBJECT
private:
    test::WindowFixture m_ui;

    SideBySideTreeView* trees() const { return test::part<SideBySideTreeView>(m_ui.window.get()); }

    // The fill of a node's row, sampled at the left of its Type cell (no text there).
    QColor rowFill(Side side, NodeId node) const
    {
        QTreeView* view = trees()->view(side);
        const QRect cell = view->visualRect(trees()->proxy(side)->indexOfNode(node, TypeColumn));
        if (!cell.isValid())
            return {};
        const QImage image = view->viewport()->grab().toImage();
        const qreal dpr = image.devicePixelRatio();
        return image.pixelColor(QPoint(int((cell.left() + 1) * dpr), int(cell.center().y() * dpr)));
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_ui.start(1400, 900)); }

    // Overflow mode fills an overflowing node with its level's colour and a node without overflow grey; off, the
    // precision colours come back.
    void overflowModeFillsRowsByLevel()
    {
        ps::EngineOptions options;
        options.overflowCheck = true;
        QVERIFY(m_ui.session->openPaths(
            { test::caseDir("mlp_nan_mix_statistics") + QStringLiteral("/compare.json") }, options));
        QVERIFY(test::waitForSession(m_ui.session.get()));
        const auto snap = m_ui.session->snapshot();
        const ps::Graph& g = snap->graph(Side::Npu);
        NodeId hot = ps::kNoNode, calm = ps::kNoNode;
        for (NodeId n = 0; n < g.size(); ++n) {
            if (!g.children(n).empty() || g.parent[n] == ps::kNoNode)
                continue;
            if (hot == ps::kNoNode && snap->overflow(Side::Npu, n) != ps::OverflowLevel::None)
                hot = n;
            if (calm == ps::kNoNode && snap->overflow(Side::Npu, n) == ps::OverflowLevel::None
                && snap->isValueBin(snap->rollup(Side::Npu).bin[n]))
                calm = n;
        }
        QVERIFY(hot != ps::kNoNode && calm != ps::kNoNode);
        auto* mode = test::part<QCheckBox>(m_ui.window.get(), QStringLiteral("overflowColours"));
        QVERIFY(mode && mode->isEnabled() && !mode->isChecked());
        const QColor hotLevel = Palette::overflowColor(int(snap->overflow(Side::Npu, hot)));
        const QColor calmPrecision = Palette::nodeFill(*snap, Side::Npu, snap->rollup(Side::Npu).bin[calm]);

        // Both rows revealed, neither selected (the selection outline would tint the sample).
        m_ui.window->jumpTo(Side::Npu, hot);
        m_ui.window->jumpTo(Side::Npu, calm);
        m_ui.window->jumpTo(Side::Npu, g.root);
        QCOMPARE(rowFill(Side::Npu, calm), calmPrecision);
        mode->setChecked(true);
        QCOMPARE(rowFill(Side::Npu, hot), hotLevel);
        QCOMPARE(rowFill(Side::Npu, calm), Palette::unmatched());
        mode->setChecked(false);
        QCOMPARE(rowFill(Side::Npu, calm), calmPrecision);
    }

    // A communication node of msprobe 26.0.0's database of dist_tp_mix_statistics (step 0, ranks 0 and 1) offers
    // its peers in the context menu; choosing one opens the peer rank and selects the peer node.
    void peerRankJumpOpensTheRankAndSelectsTheNode()
    {
        const QString db = m_ui.tmp.filePath(QStringLiteral("dist/compare.vis.db"));
        QVERIFY(test::unpackXz(
            test::caseDir("dist_tp_mix_statistics") + QStringLiteral("/ref_26.0.0/compare/compare.vis.db.xz"), db));
        QVERIFY(m_ui.session->openPaths({ db }, {}));
        QVERIFY(test::waitForSession(m_ui.session.get()));
        QVERIFY(m_ui.session->jobs().size() >= 2);
        const int startRank = m_ui.session->jobs()[size_t(m_ui.session->currentJob())].rank;
        const auto snap = m_ui.session->snapshot();
        // The first communication node with a peer on another rank.
        NodeId node = ps::kNoNode;
        ps::DistributedPeer peer {};
        for (NodeId n : snap->rollup(Side::Npu).exec->nodes) {
            const auto it = snap->comparison->distributed[0].find(n);
            if (node != ps::kNoNode || it == snap->comparison->distributed[0].end())
                continue;
            for (const ps::DistributedPeer& p : it->second.peers)
                if (node == ps::kNoNode && p.rank != startRank) {
                    node = n;
                    peer = p;
                }
        }
        QVERIFY2(node != ps::kNoNode, "the database records matched_distributed peers");
        m_ui.window->jumpTo(Side::Npu, node);

        auto* jump = m_ui.window->findChild<PeerRankJump*>();
        QVERIFY(jump);
        QMenu menu;
        jump->addActions(&menu, Side::Npu, node);
        auto* peers = menu.findChild<QMenu*>(QStringLiteral("peerRankMenu"));
        QVERIFY(peers);
        QAction* action = nullptr;
        const QString wanted = QStringLiteral("rank %1: %2").arg(peer.rank).arg(QString::fromStdString(peer.node));
        for (QAction* a : peers->actions())
            if (a->text() == wanted)
                action = a;
        QVERIFY2(action && action->isEnabled(), qPrintable(wanted));

        QSignalSpy changed(m_ui.session.get(), &SessionController::sessionChanged);
        action->trigger();
        QVERIFY(test::waitForSignal(changed));
        QVERIFY(test::waitUntilIdle());
        QCOMPARE(m_ui.session->jobs()[size_t(m_ui.session->currentJob())].rank, peer.rank);
        const NodeId selected = trees()->currentNode(Side::Npu);
        QVERIFY(selected != ps::kNoNode);
        QCOMPARE(m_ui.session->snapshot()->graph(Side::Npu).nameOf(selected), std::string_view(peer.node));
        // A node without peers gets no sub-menu.
        QMenu plain;
        jump->addActions(&plain, Side::Npu, m_ui.session->snapshot()->graph(Side::Npu).root);
        QVERIFY(!plain.findChild<QMenu*>(QStringLiteral("peerRankMenu")));
    }
    // Dump folders of two ranks (dist_tp_mix_statistics, msprobe 1.2.1's rules): the viewer compares one rank, and
    // the step's communication peers arrive in the background, equal to the matched_distributed msprobe wrote for
    // that rank; the jump opens the peer rank, whose own peers are known at once.
    void peersOfDumpFoldersArriveAfterTheLoad()
    {
        QVERIFY(m_ui.session->openPaths(
            { test::caseDir("dist_tp_mix_statistics") + QStringLiteral("/compare.json") }, ps::EngineOptions {}));
        QVERIFY(test::waitForSession(m_ui.session.get()));
        QVERIFY(m_ui.session->jobs().size() >= 2);
        const auto linked = [this]() { return !m_ui.session->snapshot()->comparison->distributed[0].empty(); };
        QTRY_VERIFY_WITH_TIMEOUT(linked(), 120000);

        const ps::GraphJob shown = m_ui.session->jobs()[size_t(m_ui.session->currentJob())];
        const QString ref = test::caseDir("dist_tp_mix_statistics")
            + QStringLiteral("/ref_1.2.1/compare/compare_step%1_rank%2.vis.gz").arg(shown.step).arg(shown.rank);
        const ps::VisDocument msprobe = ps::readVisFile(ref.toStdString());
        const auto byName = [](const ps::Comparison& c) {
            std::map<std::string, std::vector<std::pair<int, std::string>>> out;
            for (const auto& [node, link] : c.distributed[0])
                for (const ps::DistributedPeer& p : link.peers)
                    out[std::string(c.graphs[0]->nameOf(node)) + " " + link.type].emplace_back(p.rank, p.node);
            return out;
        };
        const auto expected = byName(*msprobe.comparison);
        QVERIFY(!expected.empty());
        QCOMPARE(byName(*m_ui.session->snapshot()->comparison), expected);

        // The jump to a peer: that rank's comparison arrives with its links, without another background run.
        const auto snap = m_ui.session->snapshot();
        const auto& shownLinks = snap->comparison->distributed[0];
        NodeId node = ps::kNoNode;
        ps::DistributedPeer peer {};
        for (NodeId n : snap->rollup(Side::Npu).exec->nodes)
            if (const auto it = shownLinks.find(n); node == ps::kNoNode && it != shownLinks.end())
                for (const ps::DistributedPeer& p : it->second.peers)
                    if (node == ps::kNoNode && p.rank != shown.rank) {
                        node = n;
                        peer = p;
                    }
        QVERIFY(node != ps::kNoNode);
        auto* jump = m_ui.window->findChild<PeerRankJump*>();
        QSignalSpy changed(m_ui.session.get(), &SessionController::sessionChanged);
        QVERIFY(jump->jumpTo(peer.rank, QString::fromStdString(peer.node)));
        QVERIFY(test::waitForSignal(changed));
        QCOMPARE(m_ui.session->jobs()[size_t(m_ui.session->currentJob())].rank, peer.rank);
        QVERIFY(!m_ui.session->isBusy(Channel::Peers));
        QVERIFY(linked());
        QVERIFY(test::waitUntilIdle());
        QCOMPARE(m_ui.session->snapshot()->graph(Side::Npu).nameOf(trees()->currentNode(Side::Npu)),
            std::string_view(peer.node));
    }
};

QTEST_MAIN(TestOverflowPeerRank)
#include "tst_overflow_peer_rank.moc"
