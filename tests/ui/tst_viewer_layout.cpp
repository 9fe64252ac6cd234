// Offscreen tests of the viewer's layout: options that belong to the opened comparison, whole call stacks, export
// warnings and formats, the window's size and layout, near-zero relative errors and the smaller details.
#include "models/graphtreemodel.h"
#include "models/nodedetailsmodel.h"
#include "models/noisefloor.h"
#include "models/roles.h"
#include "session/analysiscontroller.h"
#include "session/comparisonoptions.h"
#include "session/openrequest.h"
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "testutil.h"
#include "widgets/centralview.h"
#include "widgets/detailspanel.h"
#include "widgets/graphchartdocks.h"
#include "widgets/mainwindow.h"
#include "widgets/sidebysidetreeview.h"
#include "widgets/stackpanel.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QScreen>
#include <QTest>
#include <QTimer>
#include <QTreeView>

#include <cmath>

using namespace psui;

namespace {

QString compareJson(const char* name)
{
    return test::caseDir(name) + QStringLiteral("/compare.json");
}

// Drags paths onto the window and drops them, as from a file manager.
void dropPaths(QWidget* window, const QStringList& paths)
{
    QMimeData mime;
    QList<QUrl> urls;
    for (const QString& p : paths)
        urls << QUrl::fromLocalFile(p);
    mime.setUrls(urls);
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(window, &enter); // a drop goes where the drag entered
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(window, &drop);
}

QAction* recentAction(const QWidget* window, const QString& entry)
{
    const auto* menu = test::part<QMenu>(window, QStringLiteral("recentMenu"));
    if (!menu)
        return nullptr;
    for (QAction* a : menu->actions())
        if (a->text() == QDir::toNativeSeparators(entry))
            return a;
    return nullptr;
}

} // namespace

class TestViewerLayout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void optionsTravelWithRecentEntries();
    void stackPanelShowsWholeStackWithoutCs();
    void exportWarnsBeforeAndFollowsTheFilter();
    void windowOpensLargeAndRestoresItsLayout();
    void detailsMarkRelativeErrorsBelowTheNoiseFloor();
    void md5AndStatisticsShowNoPlaceholders();
    void nameColumnTakesTheSpareWidth();
};

// -f/-oc belong to the comparison they were opened with: shown in the status bar, stored with its
// recent entry and back when it is reopened; a compare.json opened for the first time does not inherit them.
void TestViewerLayout::optionsTravelWithRecentEntries()
{
    test::WindowFixture f;
    QVERIFY(f.start(1200, 800));
    const QString a = compareJson("mlp_mix_statistics");
    const QString b = compareJson("gpt_mix_statistics");
    ps::EngineOptions flagged;
    flagged.fuzzy = true;
    flagged.overflowCheck = true;
    f.settings->setOpenOptions(flagged); // what the Open dialog remembers after the user ticked -f and -oc
    QString why;
    f.session->open(*OpenPaths::interpret({ a }, flagged, why));
    QVERIFY(test::waitForSession(f.session.get()));
    const auto* options = test::part<QLabel>(f.window.get(), QStringLiteral("optionsLabel"));
    QVERIFY(options && options->isVisibleTo(f.window.get()));
    QVERIFY2(options->text().contains(QLatin1String("-f -oc")), qPrintable(options->text()));

    // A new compare.json, dropped: none of the last comparison's options, and the status bar says so.
    dropPaths(f.window.get(), { b });
    QVERIFY(test::waitForSession(f.session.get()));
    QCOMPARE(f.session->request().compareJson, b);
    QVERIFY(!f.session->request().options.fuzzy);
    QVERIFY(!f.session->request().options.overflowCheck);
    QVERIFY2(!options->text().contains(QLatin1String("-f")), qPrintable(options->text()));

    // The first comparison's recent entry brings its options back.
    QAction* recentA = recentAction(f.window.get(), a);
    QVERIFY(recentA);
    recentA->trigger();
    QVERIFY(test::waitForSession(f.session.get()));
    QCOMPARE(f.session->request().compareJson, a);
    QVERIFY(f.session->request().options.fuzzy);
    QVERIFY(f.session->request().options.overflowCheck);
    QVERIFY2(options->text().contains(QLatin1String("-f -oc")), qPrintable(options->text()));

    // ...also after a restart (the options are in the settings file), and the other entry keeps its own.
    f.settings->sync();
    const Settings reread(f.tmp.filePath(QStringLiteral("settings.ini")));
    QVERIFY(reread.entryOptions(a).has_value() && reread.entryOptions(a)->engine.fuzzy);
    QVERIFY(reread.entryOptions(b).has_value() && !reread.entryOptions(b)->engine.fuzzy);
    QVERIFY(ComparisonOptions::forPaths(reread, { a }).engine.overflowCheck);
    QCOMPARE(ComparisonOptions::caseFolder(f.session->request()), QFileInfo(a).absolutePath());
}

// without -cs the stack panel still shows the whole stack of stack.json (folding works on it);
// -cs only decides what an export writes, as in msprobe 1.2.1 (one kept line per node).
void TestViewerLayout::stackPanelShowsWholeStackWithoutCs()
{
    test::WindowFixture f;
    QVERIFY(f.start(1200, 800));
    ps::EngineOptions options;
    options.profile = ps::RulesProfile::Msprobe121; // the rules that cut stacks without -cs
    QString why;
    f.session->open(*OpenPaths::interpret({ compareJson("mlp_mix_statistics") }, options, why));
    QVERIFY(test::waitForSession(f.session.get()));
    const auto snap = f.session->snapshot();
    const NodeId linear = snap->graph(Side::Npu).find("Functional.linear.0.forward");
    QVERIFY(linear != ps::kNoNode);
    f.window->jumpTo(Side::Npu, linear);
    auto* stacks = test::part<StackPanel>(f.window.get());
    QVERIFY(stacks);
    QTRY_VERIFY(!stacks->text(Side::Npu).isEmpty());
    stacks->setFolded(false);
    const QString whole = stacks->text(Side::Npu);
    // stack.json holds seven frames, from the hook down to the user's script.
    QVERIFY2(whole.contains(QLatin1String("linear.py")) && whole.contains(QLatin1String("dump_case.py:152")),
        qPrintable(whole));
    stacks->setFolded(true);
    const QString folded = stacks->text(Side::Npu);
    QVERIFY2(folded != whole && folded.contains(QLatin1String("models.py:38")), qPrintable(folded));

    // The export still writes msprobe 1.2.1's one kept line.
    const QString path = f.tmp.filePath(QStringLiteral("out/compare.vis"));
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSignalSpy exported(f.session->analysis(), &AnalysisController::exportFinished);
    f.session->analysis()->exportVis(path);
    QVERIFY(test::waitForSignal(exported));
    QCOMPARE(exported[0][1].toString(), QString());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject node = QJsonDocument::fromJson(file.readAll())
                                 .object()[QStringLiteral("NPU")]
                                 .toObject()[QStringLiteral("node")]
                                 .toObject()[QStringLiteral("Functional.linear.0.forward")]
                                 .toObject();
    const QJsonArray written = node[QStringLiteral("stack_info")].toArray();
    QCOMPARE(written.size(), 1);
    QVERIFY(written[0].toString().contains(QLatin1String("linear.py, line 114")));
}

// File ▸ Export into a folder holding a .vis, with the .vis.db filter chosen and "mine.vis" typed:
// the format is the filter's (.vis.db), and before anything is written a box offers a sub-folder, which takes
// the file; the .vis stays alone in its folder.
void TestViewerLayout::exportWarnsBeforeAndFollowsTheFilter()
{
    test::WindowFixture f;
    QVERIFY(f.start(1200, 800));
    QVERIFY(f.open(compareJson("mlp_mix_statistics")));
    const QString folder = f.tmp.filePath(QStringLiteral("exports"));
    QVERIFY(QDir().mkpath(folder));
    QFile old(folder + QStringLiteral("/old.vis"));
    QVERIFY(old.open(QIODevice::WriteOnly));
    old.close();

    bool dialogSeen = false;
    QTimer::singleShot(0, this, [&]() {
        auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        dialogSeen = true;
        const QStringList filters = dialog->nameFilters();
        for (const QString& filter : filters)
            if (filter.contains(QLatin1String("*.vis.db")))
                dialog->selectNameFilter(filter);
        dialog->setDirectory(folder);
        dialog->selectFile(folder + QStringLiteral("/mine.vis"));
        static_cast<QDialog*>(dialog)->accept(); // QFileDialog::accept, protected there
    });
    QSignalSpy exported(f.session->analysis(), &AnalysisController::exportFinished);
    QAction* exportAction = nullptr;
    for (QAction* a : f.window->findChildren<QAction*>())
        if (a->shortcut() == QKeySequence(QStringLiteral("Ctrl+E")))
            exportAction = a;
    QVERIFY(exportAction);
    exportAction->trigger();
    QVERIFY(dialogSeen);
    QMessageBox* box = nullptr;
    QTRY_VERIFY((box = test::part<QMessageBox>(f.window.get(), QStringLiteral("exportConflictBox"))));
    QVERIFY(box->text().contains(QLatin1String("old.vis")));
    QVERIFY(exported.isEmpty()); // warned before: nothing written yet
    auto* useSubfolder = test::part<QPushButton>(box, QStringLiteral("useSubfolder"));
    QVERIFY(useSubfolder);
    useSubfolder->click();
    QVERIFY(test::waitForSignal(exported));
    QCOMPARE(exported[0][1].toString(), QString());
    const QString written = exported[0][0].toString();
    QCOMPARE(written, folder + QStringLiteral("/mine/mine.vis.db"));
    QVERIFY(QFileInfo(written).isFile());
    QCOMPARE(
        QDir(folder).entryList({ QStringLiteral("*.vis*") }, QDir::Files), QStringList { QStringLiteral("old.vis") });
}

// the first window takes most of the screen; the graph is a central view (Trees | Graph | both);
// a dock opens at a readable size; the layout (mode, split, docks) comes back with the next window.
void TestViewerLayout::windowOpensLargeAndRestoresItsLayout()
{
    QTemporaryDir tmp;
    const QString ini = tmp.filePath(QStringLiteral("settings.ini"));
    const QRect screen = QGuiApplication::primaryScreen()->availableGeometry();
    QList<int> split;
    {
        Settings settings(ini);
        SessionController session;
        MainWindow window(&settings, &session);
        window.show();
        QVERIFY(window.width() >= screen.width() * 8 / 10 && window.height() >= screen.height() * 8 / 10);
        window.resize(1280, 800); // the sizes below are checked at the laptop size of the screenshots
        QVERIFY(session.openPaths({ compareJson("mlp_mix_statistics") }, {}) && test::waitForSession(&session));

        auto* central = test::part<CentralView>(&window);
        auto* graph = test::part<GraphChartDocks>(&window)->graphView();
        auto* trees = test::part<SideBySideTreeView>(&window);
        QVERIFY(central && !graph->isVisible() && trees->isVisible());
        test::part<QAction>(&window, QStringLiteral("centralGraph"))->trigger();
        QVERIFY(graph->isVisible() && !trees->isVisible());
        QVERIFY(graph->width() >= window.width() / 2); // the canvases get the central area, not a sliver
        test::part<QAction>(&window, QStringLiteral("centralBoth"))->trigger();
        QVERIFY(graph->isVisible() && trees->isVisible());
        QTRY_VERIFY(graph->height() > 150 && trees->height() > 150);

        // The charts open as a tab of the node band: its whole width, at least 280 px high on a laptop screen.
        QDockWidget* charts = test::part<GraphChartDocks>(&window)->chartsDock();
        charts->toggleViewAction()->trigger();
        QTRY_VERIFY2(charts->height() >= 280, qPrintable(QString::number(charts->height())));
        QVERIFY2(charts->width() >= 600, qPrintable(QString::number(charts->width())));
        split = central->sizes();
        window.close(); // saves the layout
    }
    Settings settings(ini);
    SessionController session;
    MainWindow window(&settings, &session);
    window.show();
    QCOMPARE(window.size(), QSize(1280, 800));
    QVERIFY(session.openPaths({ compareJson("mlp_mix_statistics") }, {}) && test::waitForSession(&session));
    auto* central = test::part<CentralView>(&window);
    QCOMPARE(central->mode(), CentralView::Mode::Both);
    QVERIFY(test::part<QAction>(&window, QStringLiteral("centralBoth"))->isChecked());
    // The split comes back (within a few pixels: the docks around it are laid out again).
    QCOMPARE(central->sizes().size(), 2);
    const auto share = [](const QList<int>& sizes) { return double(sizes[0]) / double(sizes[0] + sizes[1]); };
    QVERIFY2(std::abs(share(central->sizes()) - share(split)) < 0.05,
        qPrintable(QStringLiteral("%1 vs %2").arg(share(central->sizes())).arg(share(split))));
    QVERIFY(test::part<GraphChartDocks>(&window)->chartsDock()->isVisible());
}

// mlp_mix_statistics' LayerNorm output has a bench Mean of 9.3e-9 on values up to 2.4: its
// MeanRelativeErr is marked as below the noise floor (msprobe's number and colour kept), its MaxRelativeErr is
// not, and the panel says which relative error coloured the node.
void TestViewerLayout::detailsMarkRelativeErrorsBelowTheNoiseFloor()
{
    QVERIFY(belowNoiseFloor(9.3e-9, 2.41));
    QVERIFY(!belowNoiseFloor(1e-3, 2.41));
    QVERIFY(belowNoiseFloor(0.0, 0.0)); // an all-zero tensor: the absolute floor
    QVERIFY(!belowNoiseFloor(2e-12, 0.0));
    QCOMPARE(benchStatisticOf(QStringLiteral("MeanRelativeErr")), QStringLiteral("Mean"));
    QCOMPARE(benchStatisticOf(QStringLiteral("Mean diff")), QString());

    test::WindowFixture f;
    QVERIFY(f.start(1280, 800));
    QVERIFY(f.open(compareJson("mlp_mix_statistics")));
    const NodeId norm = f.session->snapshot()->graph(Side::Npu).find("Module.norm1.LayerNorm.forward.0");
    QVERIFY(norm != ps::kNoNode);
    f.window->jumpTo(Side::Npu, norm);
    auto* details = test::part<DetailsPanel>(f.window.get());
    NodeDetailsModel* model = details->model();
    QTRY_VERIFY(model->rowCount() > 0);
    int meanColumn = -1, maxColumn = -1;
    for (int c = 0; c < model->columnCount(); ++c) {
        const QString key = model->headerData(c, Qt::Horizontal).toString();
        meanColumn = key == QLatin1String("MeanRelativeErr") ? c : meanColumn;
        maxColumn = key == QLatin1String("MaxRelativeErr") ? c : maxColumn;
    }
    QVERIFY(meanColumn >= 0 && maxColumn >= 0);
    int outputRow = -1;
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->index(r, 0).data(SideRole).toInt() == int(Side::Npu)
            && model->index(r, 1).data().toString() == QLatin1String("output.0"))
            outputRow = r;
    QVERIFY(outputRow >= 0);
    QVERIFY(model->index(outputRow, meanColumn).data(NearZeroRole).toBool());
    QVERIFY(!model->index(outputRow, maxColumn).data(NearZeroRole).toBool());
    QVERIFY(
        model->index(outputRow, meanColumn).data(Qt::ToolTipRole).toString().contains(QLatin1String("noise floor")));
    QVERIFY(!model->index(outputRow + 1, meanColumn).data(NearZeroRole).toBool()); // the bench row itself
    QVERIFY(!model->index(outputRow, meanColumn).data().toString().contains(QStringLiteral("≈"))); // text as msprobe's
    auto* note = test::part<QLabel>(f.window.get(), QStringLiteral("colourNote"));
    QVERIFY(note && note->isVisibleTo(f.window.get()));
    QVERIFY2(note->text().startsWith(QLatin1String("Colour from ")) && note->text().contains(QLatin1String("output.0")),
        qPrintable(note->text()));
    QVERIFY(note->text().contains(QStringLiteral("≈0")));
}

// md5 mode says "md5 equal / differs" instead of "0.0000" and "[0, 0]"; statistics mode drops
// msprobe 1.2.1's all-zero md5 placeholder column; long names elide in the middle; the micro-step combo follows
// its (translated) contents.
void TestViewerLayout::md5AndStatisticsShowNoPlaceholders()
{
    test::WindowFixture f;
    QVERIFY(f.start(1280, 800));
    QVERIFY(f.open(compareJson("mlp_mix_md5")));
    const auto snap = f.session->snapshot();
    GraphTreeModel* tree = f.session->model(Side::Npu);
    int equal = 0, differs = 0;
    const ps::Graph& g = snap->graph(Side::Npu);
    for (NodeId n = 0; n < g.size(); ++n) {
        if (std::isnan(snap->precision(Side::Npu, n)))
            continue;
        const QModelIndex i = tree->indexOfNode(n, PrecisionColumn);
        const QString precision = i.data().toString();
        const QString worst = i.siblingAtColumn(WorstColumn).data().toString();
        QVERIFY2(precision == QLatin1String("md5 equal") || precision == QLatin1String("md5 differs"),
            qPrintable(precision));
        QVERIFY2(!worst.contains(QLatin1Char('[')), qPrintable(worst));
        (precision == QLatin1String("md5 equal") ? equal : differs)++;
    }
    QVERIFY(equal > 0 && differs > 0);

    QVERIFY(f.open(compareJson("mlp_mix_statistics")));
    f.window->jumpTo(Side::Npu, f.session->snapshot()->graph(Side::Npu).find("Module.fc1.Linear.forward.0"));
    NodeDetailsModel* details = test::part<DetailsPanel>(f.window.get())->model();
    QTRY_VERIFY(details->rowCount() > 0);
    for (int c = 0; c < details->columnCount(); ++c)
        QVERIFY(details->headerData(c, Qt::Horizontal).toString() != QLatin1String("md5"));

    QCOMPARE(test::part<QTreeView>(f.window.get(), QStringLiteral("npuTree"))->textElideMode(), Qt::ElideRight);
    QCOMPARE(test::part<QComboBox>(f.window.get(), QStringLiteral("microStepSelector"))->sizeAdjustPolicy(),
        QComboBox::AdjustToContents);
}

// On a wide window the trees' name columns take the width the other columns leave (no blank band right of the
// last column); on a narrow one they keep their own width (300, or where the user dragged them) and the tree
// scrolls sideways.
void TestViewerLayout::nameColumnTakesTheSpareWidth()
{
    test::WindowFixture ui;
    QVERIFY(ui.start(1920, 1080));
    QVERIFY(ui.open(compareJson("mlp_mix_statistics")));
    QTreeView* npu = test::part<SideBySideTreeView>(ui.window.get())->view(Side::Npu);
    QHeaderView* header = npu->header();
    QTRY_COMPARE(header->length(), npu->viewport()->width());
    QVERIFY2(header->sectionSize(NameColumn) > 350, qPrintable(QString::number(header->sectionSize(NameColumn))));
    // A wider Precision column takes its width from the name column while there is spare width.
    const int name = header->sectionSize(NameColumn);
    header->resizeSection(PrecisionColumn, header->sectionSize(PrecisionColumn) + 50);
    QCOMPARE(header->sectionSize(NameColumn), name - 50);
    QCOMPARE(header->length(), npu->viewport()->width());

    // Narrow: the name gives up its width (elided) so that the Verdict / Precision column stays in view, down to
    // its readable width.
    ui.window->resize(900, 700);
    QTRY_VERIFY(
        header->sectionPosition(PrecisionColumn) + header->sectionSize(PrecisionColumn) <= npu->viewport()->width());
    QVERIFY(header->sectionSize(NameColumn) >= 160);
    QVERIFY(header->sectionSize(NameColumn) < name);

    // A width the user drags the name column to holds until the window is resized.
    header->resizeSection(NameColumn, 400);
    QCOMPARE(header->sectionSize(NameColumn), 400);
    ui.window->resize(1920, 1080);
    QTRY_COMPARE(header->length(), npu->viewport()->width());
}

QTEST_MAIN(TestViewerLayout)
#include "tst_viewer_layout.moc"
