// Search and navigation at 1280x800 and 1920x1080:
// - viewer_search_<size>_<lang>.png: gpt_mix_statistics searched for "pow", the first match (Tensor.pow.0)
//   selected in both trees and every match listed in the Matches dock;
// - viewer_peer_rank_<size>_<lang>.png: msprobe 26.0.0's database of dist_tp_mix_statistics, a communication node's
//   context menu with its peer rank (the menu drawn into the picture); the jump is then made and checked.
//   probescope_screenshot_viewer_nav OUT_DIR CASES_DIR {en|zh_CN} DIST_VIS_DB
#include "models/nodefilterproxy.h"
#include "screenshot_window.h"
#include "widgets/analysistools.h"
#include "widgets/peerrankjump.h"
#include "widgets/searchbar.h"
#include "widgets/sidebysidetreeview.h"

#include <QApplication>
#include <QLineEdit>
#include <QMenu>
#include <QPainter>
#include <QTreeView>

#include <memory>

using namespace psui;

namespace {

bool searchShot(const ScreenshotArgs& args, QSize size, const QString& suffix)
{
    ScreenshotWindow ui(size.width(), size.height());
    ui.session.openPaths({ args.casesDir + QStringLiteral("/gpt_mix_statistics/compare.json") }, {});
    if (!waitForWholeSession(&ui.session))
        return false;
    auto* trees = ui.window.findChild<SideBySideTreeView*>();
    trees->selectNode(Side::Npu, ui.session.snapshot()->graph(Side::Npu).find("Tensor.__add__.0.forward"));
    QLineEdit* edit = ui.window.findChild<SearchBar*>()->lineEdit();
    edit->setFocus();
    edit->setText(QStringLiteral("pow"));
    if (!waitForSignal(&ui.session, &SessionController::searchFinished))
        return false;
    settle();
    return ui.window.grab().save(args.outDir + QStringLiteral("/viewer_search_%1.png").arg(suffix));
}

bool peerShots(const ScreenshotArgs& args, const QString& db, QSize size, const QString& suffix)
{
    ScreenshotWindow ui(size.width(), size.height());
    ui.session.openPaths({ db }, {});
    if (!waitForWholeSession(&ui.session))
        return false;
    const auto snap = ui.session.snapshot();
    NodeId node = ps::kNoNode;
    for (NodeId n : snap->rollup(Side::Npu).exec->nodes)
        if (node == ps::kNoNode && snap->comparison->distributed[0].contains(n))
            node = n;
    if (node == ps::kNoNode)
        return false;
    auto* trees = ui.window.findChild<SideBySideTreeView*>();
    trees->selectNode(Side::Npu, node);
    settle();
    // A popup menu is a window of its own: draw the menu and its peer sub-menu into the window's picture.
    // The trees' own context menu (manual matching), with the peers added as the main window adds them.
    std::unique_ptr<QMenu> owned(ui.window.findChild<AnalysisTools*>()->contextMenu(Side::Npu, node));
    QMenu& menu = *owned;
    ui.window.findChild<PeerRankJump*>()->addActions(&menu, Side::Npu, node);
    auto* peers = menu.findChild<QMenu*>(QStringLiteral("peerRankMenu"));
    if (!peers || peers->actions().isEmpty())
        return false;
    QTreeView* view = trees->view(Side::Npu);
    const QRect row = view->visualRect(trees->proxy(Side::Npu)->indexOfNode(node));
    const QPoint at = view->viewport()->mapTo(&ui.window, row.center());
    menu.setActiveAction(menu.actions().last());
    menu.adjustSize();
    peers->setActiveAction(peers->actions().first());
    peers->adjustSize();
    QPixmap picture = ui.window.grab();
    {
        QPainter p(&picture);
        const QPixmap m = menu.grab();
        p.drawPixmap(at, m);
        p.drawPixmap(at + QPoint(m.width() - 4, m.height() - menu.actionGeometry(menu.actions().last()).height() - 4),
            peers->grab());
    }
    if (!picture.save(args.outDir + QStringLiteral("/viewer_peer_rank_%1.png").arg(suffix)))
        return false;
    peers->actions().first()->trigger();
    if (!waitForWholeSession(&ui.session))
        return false;
    settle(800);
    return trees->currentNode(Side::Npu) != ps::kNoNode; // the peer rank opened with the peer node selected
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const auto args = ScreenshotArgs::parse("probescope_screenshot_viewer_nav");
    if (!args || QApplication::arguments().size() < 5)
        return 2;
    const ScreenshotLanguage language { QLocale(args->lang) };
    for (const QSize size : { QSize(1280, 800), QSize(1920, 1080) }) {
        const QString suffix = QStringLiteral("%1x%2_%3").arg(size.width()).arg(size.height()).arg(args->lang);
        if (!searchShot(*args, size, suffix) || !peerShots(*args, QApplication::arguments()[4], size, suffix)) {
            qWarning("screenshot %s failed", qPrintable(suffix));
            return 1;
        }
    }
    return 0;
}
