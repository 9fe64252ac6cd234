// Notes on nodes: gpt_mix_statistics with three tagged nodes — checked, suspicious, and the
// cause with a note — the cause selected: its flag in the trees, its note above the details table.
//   probescope_screenshot_notes OUT_DIR CASES_DIR {en|zh_CN}
#include "screenshot_window.h"
#include "session/usersession.h"
#include "widgets/mainwindow.h"
#include "widgets/sidebysidetreeview.h"

#include <QApplication>
#include <QTimer>

using namespace psui;

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const auto args = ScreenshotArgs::parse("probescope_screenshot_notes");
    if (!args)
        return 2;
    const QString lang = args->lang;
    const ScreenshotLanguage language { QLocale(lang) };
    ScreenshotWindow ui(1280, 800);
    MainWindow& window = ui.window;
    onWholeSession(&ui.session, &window, [&]() {
        const ps::Graph& g = ui.session.snapshot()->graph(Side::Npu);
        const auto top = g.children(g.root);
        if (top.size() < 3)
            QApplication::exit(1);
        // The cause: the first leaf of the third top-level node, so that the trees show all three flags.
        NodeId cause = top[2];
        while (!g.children(cause).empty())
            cause = g.children(cause)[0];
        UserSession* notes = ui.session.userSession();
        const auto name = [&](NodeId n) { return std::string(g.nameOf(n)); };
        const bool zh = lang.startsWith(QLatin1String("zh"));
        notes->setNote(Side::Npu, name(top[0]), ps::NoteTag::Checked,
            zh ? QStringLiteral("输入一致，已核对") : QStringLiteral("Inputs identical, checked"));
        notes->setTag(Side::Npu, name(top[1]), ps::NoteTag::Suspicious);
        notes->setNote(Side::Npu, name(cause), ps::NoteTag::Cause,
            zh ? QStringLiteral("误差从这里开始：NPU 侧 bias 以 fp16 累加")
               : QStringLiteral("The error starts here: the NPU accumulates the bias in fp16"));
        window.findChild<SideBySideTreeView*>()->selectNode(Side::Npu, cause);
        QTimer::singleShot(500, &window, [&]() {
            const bool ok = window.grab().save(args->outDir + QStringLiteral("/notes_%1.png").arg(lang));
            QApplication::exit(ok ? 0 : 1);
        });
    });
    ui.session.openPaths({ args->casesDir + QStringLiteral("/gpt_mix_statistics/compare.json") }, {});
    return QApplication::exec();
}
